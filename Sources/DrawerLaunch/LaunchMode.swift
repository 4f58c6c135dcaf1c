import DrawerRows

/// One row a mode shows: its text, its protocol options, and the key its
/// launches are counted under.
public struct ModeRow: Equatable, Sendable {
  /// The text shown and matched.
  public var text: String
  /// The row's protocol options (`icon`, `meta`, `nonselectable`, `info`).
  public var options = RowOptions()
  /// What `LaunchHistory` counts its launches under: a desktop ID, a command.
  public var key: String

  /// A row showing `text`, with `options`, counted under `key`.
  public init(text: String, options: RowOptions = RowOptions(), key: String) {
    self.text = text
    self.options = options
    self.key = key
  }

  /// The row as rofi's row protocol writes it, one line.
  var protocolLine: [UInt8] {
    var out = Array(text.utf8.map { $0 == 0x0A || $0 == 0 ? 0x20 : $0 })
    var fields: [(String, String)] = []
    if let icon = options.icon { fields.append(("icon", icon)) }
    if let meta = options.meta { fields.append(("meta", meta)) }
    if options.nonselectable { fields.append(("nonselectable", "true")) }
    if let info = options.info { fields.append(("info", info)) }
    if !fields.isEmpty {
      out.append(0)
      for (k, v) in fields {
        out += Array(k.utf8) + [0x1F] + Array(v.utf8.map { $0 == 0x0A || $0 == 0x1F || $0 == 0 ? 0x20 : $0 }) + [0x1F]
      }
    }
    out.append(0x0A)
    return out
  }
}

/// What a mode shows at one step: its rows and how the pick is set up.
public struct ModePage: Equatable, Sendable {
  /// The rows, in the order shown.
  public var rows: [ModeRow] = []
  /// The prompt, `-p`; the mode's name when empty.
  public var prompt: String
  /// A line under the prompt, `-mesg`; nil for none.
  public var message: String?
  /// Whether typed text cannot be chosen, `-no-custom`.
  public var noCustom = false
  /// The rows drawn as active, as `-a` lists them (`0,2-4`); empty for none.
  public var active = ""
  /// The rows drawn as urgent, as `-u` lists them; empty for none.
  public var urgent = ""

  /// A page of `rows` under `prompt`, with no message or marked rows, typed text allowed.
  public init(rows: [ModeRow] = [], prompt: String) {
    self.rows = rows
    self.prompt = prompt
  }
}

/// What was chosen in a mode's pick.
public enum ModeChoice: Equatable, Sendable {
  /// A row, by its place in the page; `alternate` for Shift+Return.
  case row(Int, alternate: Bool)
  /// Typed text that matched no row (or Control+Return).
  case custom(String, alternate: Bool)
  /// A custom key (`-kb-custom-N`, from 0) on a row, or on none.
  case customKey(Int, row: Int?)
}

/// What a mode does after a choice.
public enum ModeOutcome: Equatable, Sendable {
  /// The run ends with this status.
  case exit(Int32)
  /// The mode shows its (new) page again.
  case again
}

/// A mode of the launcher (rofi's `-show MODE`): rows, and what choosing
/// one does.
public protocol LaunchMode: AnyObject {
  /// The mode's name, as `-modi` and the prompt say it.
  var name: String { get }
  /// The page to show now.
  func page() -> ModePage
  /// Does what `choice` asks of the page last shown.
  func choose(_ choice: ModeChoice) -> ModeOutcome
}
