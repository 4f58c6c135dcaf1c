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
  /// `move DETENT`: moves the panel to that enabled detent.
  case move(DetentName)
  /// `present`: shows the panel.
  case present
  /// `dismiss`: hides the panel.
  case dismiss
  /// `toggle`: shows the panel when hidden or on its way out, else hides it.
  case toggle
  /// `enable DETENT`: lets releases and keys reach that detent again.
  case enable(DetentName)
  /// `disable DETENT`: keeps releases and keys from resting at that detent.
  case disable(DetentName)
  /// The new detents as written, NAME=ANCHOR,...
  case detents(String)
  /// `select N`: selects row N, its number in the input from 0, and scrolls it into view.
  case select(Int)
  /// `append TEXT`: adds a row at the end, the text after one space as written.
  case append(String)
  /// `clear`: removes every row.
  case clear
  /// `quit`: ends the program, status 0, or 1 (cancelled) in a pick.
  case quit

  /// The longest line taken, bytes; past it a line is rejected whole.
  public static let maximumLineLength = 1 << 20

  /// The words, for messages.
  static let words = "move, present, dismiss, toggle, enable, disable, detents, select, append, clear or quit"

  /// What a line says: nil for a blank line or a comment, else the
  /// command, or why it is not one (a message without the line itself).
  public static func parse(_ line: String) -> Result<ControlCommand, ControlError>? {
    // Spaces, tabs and the line's ending are ASCII: the cuts are found in
    // its UTF-8 bytes, one pass, whatever the line's length (a `detents`
    // line may be nearly 1 MiB).
    func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
    var text = Substring(line)
    if text.utf8.last == 0x0D { text = text[..<text.utf8.index(before: text.endIndex)] }
    let trimmed = text[(text.utf8.firstIndex { !blank($0) } ?? text.endIndex)...]
    if trimmed.isEmpty || trimmed.first == "#" { return nil }
    let word = trimmed[..<(trimmed.utf8.firstIndex(where: blank) ?? trimmed.endIndex)]
    let rest = trimmed[word.endIndex...]
    let start = rest.utf8.firstIndex { !blank($0) } ?? rest.endIndex
    let end = rest.utf8.lastIndex { !blank($0) }.map { rest.utf8.index(after: $0) } ?? start
    let argument = String(rest[start..<max(start, end)])

    func detent(_ make: (DetentName) -> ControlCommand) -> Result<ControlCommand, ControlError> {
      guard !argument.isEmpty else { return .failure(ControlError("\(word) needs a detent's name")) }
      guard !argument.utf8.contains(where: blank) else {
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
      guard !argument.utf8.contains(where: blank) else {
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
      let after = trimmed[word.endIndex...]
      let body = after.utf8.first.map(blank) == true ? after.dropFirst() : after
      return .success(.append(String(body)))
    default:
      return .failure(ControlError("unknown command \"\(word)\"; the commands are \(words)"))
    }
  }
}

/// Why a control line was refused.
public struct ControlError: Error, Equatable, Sendable {
  /// What is wrong with the line, one sentence without the line itself.
  public var message: String
  /// A refusal saying `message`.
  public init(_ message: String) { self.message = message }
}
