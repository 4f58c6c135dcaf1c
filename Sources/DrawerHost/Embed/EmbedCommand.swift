import DrawerEngine
import DrawerProcess

/// --embed's command: a shell command line in which each `%w` stands for
/// the id of the window the client is to put its own window in (st's `-w`,
/// surf's `-e`, mpv's `--wid`), and `%%` for a percent sign.
public struct EmbedCommand: Equatable, Sendable {
  /// The command as given.
  public var template: String
  /// --embed-resize: the client is sized to the body at each detent the
  /// panel comes to rest at, instead of once at the most expanded one.
  public var resizesAtDetents = false

  /// The longest command taken, bytes: a command line, not a script.
  public static let maximumLength = 4096

  /// `text`, checked: not empty, within `maximumLength`, without NUL, and
  /// with at least one `%w` (a client never told where to go embeds
  /// nowhere); status 64 naming --embed otherwise.
  public init(_ text: String) throws(Failure) {
    let allowed = "a shell command with %w where the window's id goes, such as 'stterm -w %w', at most \(EmbedCommand.maximumLength) bytes"
    guard !text.isEmpty, text.utf8.count <= EmbedCommand.maximumLength, !text.utf8.contains(0),
      EmbedCommand.substituted(text, window: 0).sawWindow
    else { throw .usage("--embed", allowed, text) }
    template = text
  }

  /// The name of the program the command runs, for the panel's header:
  /// the base name of its first word (`stterm` for `stterm -w %w`).
  public var programName: String {
    let first = template.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? template
    return first.split(separator: "/").last.map(String.init) ?? first
  }

  /// The command line for the shell, the window's id in decimal in place
  /// of each `%w`.
  public func commandLine(window: UInt) -> String { EmbedCommand.substituted(template, window: window).text }

  private static func substituted(_ text: String, window: UInt) -> (text: String, sawWindow: Bool) {
    var out = ""
    var saw = false
    var rest = Substring(text)
    while let c = rest.first {
      rest.removeFirst()
      guard c == "%", let next = rest.first, next == "w" || next == "%" else {
        out.append(c)
        continue
      }
      rest.removeFirst()
      if next == "w" {
        out += String(window)
        saw = true
      } else {
        out.append("%")
      }
    }
    return (out, saw)
  }
}
