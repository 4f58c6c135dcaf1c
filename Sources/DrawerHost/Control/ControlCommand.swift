import DrawerEngine

/// One line of the control channel (`--control`), parsed.
///
/// The words, one command a line: `move DETENT`, `present`, `dismiss`,
/// `toggle` (present when hidden or leaving, else dismiss), `enable DETENT`,
/// `disable DETENT`, `detents NAME=ANCHOR,...` (the detents replaced, as
/// --detents gives them), `select N` (N the row's number in its
/// source, from 0, as events report it), `append TEXT` (the rest of the
/// line, spaces kept), `clear` and `quit`. Blank lines and lines starting
/// with `#` are skipped.
public enum ControlCommand: Equatable, Sendable {
  case move(DetentName)
  case present
  case dismiss
  case toggle
  case enable(DetentName)
  case disable(DetentName)
  /// The new detents as written, NAME=ANCHOR,...
  case detents(String)
  case select(Int)
  case append(String)
  case clear
  case quit

  /// The longest line taken, bytes; past it a line is rejected whole.
  public static let maximumLineLength = 1 << 20

  /// The words, for messages.
  static let words = "move, present, dismiss, toggle, enable, disable, detents, select, append, clear or quit"

  /// What a line says: nil for a blank line or a comment, else the
  /// command, or why it is not one (a message without the line itself).
  public static func parse(_ line: String) -> Result<ControlCommand, ControlError>? {
    var text = Substring(line)
    if text.last == "\r" { text.removeLast() }
    let trimmed = text.drop { $0 == " " || $0 == "\t" }
    if trimmed.isEmpty || trimmed.first == "#" { return nil }
    let word = trimmed.prefix { $0 != " " && $0 != "\t" }
    let rest = trimmed.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
    let argument = String(rest.reversed().drop { $0 == " " || $0 == "\t" }.reversed())

    func detent(_ make: (DetentName) -> ControlCommand) -> Result<ControlCommand, ControlError> {
      guard !argument.isEmpty else { return .failure(ControlError("\(word) needs a detent's name")) }
      guard !argument.contains(where: { $0 == " " || $0 == "\t" }) else {
        return .failure(ControlError("\(word) takes one detent's name, got \"\(argument)\""))
      }
      return .success(make(DetentName(argument)))
    }
    func alone(_ command: ControlCommand) -> Result<ControlCommand, ControlError> {
      argument.isEmpty ? .success(command) : .failure(ControlError("\(word) takes nothing after it"))
    }

    switch word {
    case "move": return detent(ControlCommand.move)
    case "enable": return detent(ControlCommand.enable)
    case "disable": return detent(ControlCommand.disable)
    case "present": return alone(.present)
    case "dismiss": return alone(.dismiss)
    case "toggle": return alone(.toggle)
    case "detents":
      guard !argument.isEmpty else { return .failure(ControlError("detents needs NAME=ANCHOR,...")) }
      guard !argument.contains(where: { $0 == " " || $0 == "\t" }) else {
        return .failure(ControlError("detents takes one NAME=ANCHOR,... list without spaces, got \"\(argument)\""))
      }
      return .success(.detents(argument))
    case "clear": return alone(.clear)
    case "quit": return alone(.quit)
    case "select":
      guard let n = Int(argument), n >= 0 else {
        return .failure(ControlError("select needs a row number from 0, got \"\(argument)\""))
      }
      return .success(.select(n))
    case "append":
      // The text after one separating space, as given: leading spaces of
      // the row itself stay.
      let after = trimmed.dropFirst(word.count)
      let body = after.first == " " || after.first == "\t" ? after.dropFirst() : after
      return .success(.append(String(body)))
    default:
      return .failure(ControlError("unknown command \"\(word)\"; the commands are \(words)"))
    }
  }
}

/// Why a control line was refused.
public struct ControlError: Error, Equatable, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
}
