import DrawerRows

/// rofi 1.7's command line, read as rofi reads it, for `drawer-x11 rofi`
/// and a link named `rofi`: its `-dmenu` as a pick.
///
/// The rule: an option is one dash and a name; a valued option takes the
/// next argument whatever it looks like. What this program does is said
/// in its own flags (`arguments`) or in `RofiPick`; an option it does not
/// do is named in `unsupported`, which the caller prints as one line, and
/// the run goes on (rofi itself passes over an option it does not know).
/// An unknown option takes the next argument as its value unless that
/// starts with a dash.
public struct RofiCommand: Equatable, Sendable {
  /// drawer-x11's flags for the pick.
  public var arguments: [String] = []
  /// What the pick does besides them.
  public var pick = RofiPick()
  /// `-sep`: the byte that ends a row; nil for a newline.
  public var separator: UInt8?
  /// Options given that this program does not do, each as typed.
  public var unsupported: [String] = []
  /// Values this program cannot read, each a sentence.
  public var problems: [String] = []
  /// Why there is nothing to run (neither `-dmenu` nor a mode); nil
  /// when something runs.
  public var failure: String?
  /// `-show`: the mode shown first; nil for `-dmenu`.
  public var show: String?
  /// `-modi`: the modes to switch between, as given.
  public var modi: [String] = []
  /// `-sort`: matches best first rather than in the list's order; each
  /// mode's page takes it too.
  public var sorts = false
  /// `-combi-modi`: combi's modes.
  public var combiModi = ["window", "run"]
  /// `-terminal`, `-run-command`, `-run-shell-command`.
  public var terminal = "x-terminal-emulator"
  /// `-run-command`: the line `run` runs, `{cmd}` the command; nil for rofi's `{cmd}`.
  public var runCommand: String?
  /// `-run-shell-command`: the line Shift+Return runs; nil for rofi's `{terminal} -e {cmd}`.
  public var runShellCommand: String?

  /// Nothing given: no pick, no mode, rofi's defaults.
  public init() {}
}

/// Reads rofi's command line into a `RofiCommand` (`parse`).
public enum RofiArguments {
  /// rofi's switches this program takes.
  static let switches: Set<String> = [
    "dmenu", "i", "multi-select", "no-custom", "password", "only-match", "case-sensitive", "auto-select",
    "no-case-sensitive", "markup-rows", "sync", "normal-window", "no-fixed-num-lines", "fixed-num-lines",
    "no-config", "steal-focus", "replace", "no-lazy-grab", "show-icons", "no-show-icons", "no-auto-select",
    "sort", "no-sort",
  ]
  /// Switches taken without any effect here: how rofi draws or grabs.
  static let harmless: Set<String> = [
    "markup-rows", "sync", "normal-window", "no-fixed-num-lines", "fixed-num-lines", "no-config", "steal-focus",
    "replace", "no-lazy-grab", "no-auto-select", "no-case-sensitive",
  ]
  /// rofi's valued options this program reads.
  static let valued: Set<String> = [
    "p", "mesg", "format", "selected-row", "sep", "a", "u", "l", "lines", "filter", "select", "window-title",
    "show", "modi", "combi-modi", "terminal", "run-command", "run-shell-command", "icon-theme",
  ]

  /// The pick for rofi's `arguments` (without the program's name).
  public static func parse(_ arguments: [String]) -> RofiCommand {
    var c = RofiCommand()
    var out = [
      "--pick", "--class", "Rofi", "--name", "rofi",
    ]
    var dmenu = false
    var prompt = "dmenu"
    var ignoresCase = true
    var title = "rofi"
    var i = 0
    while i < arguments.count {
      let arg = arguments[i]
      i += 1
      guard arg.count > 1, arg.hasPrefix("-") else {
        c.unsupported.append(arg)
        continue
      }
      let name = String(arg.drop { $0 == "-" })
      if switches.contains(name) {
        switch name {
        case "dmenu": dmenu = true
        case "i": ignoresCase = true
        case "case-sensitive": ignoresCase = false
        case "multi-select": out.append("--multi")
        case "no-custom", "only-match": if !out.contains("--no-custom") { out.append("--no-custom") }
        case "password": out.append("--password")
        case "auto-select": out.append("--auto-select")
        case "sort": c.sorts = true
        case "no-sort": c.sorts = false
        case "show-icons": c.pick.showsIcons = true
        case "no-show-icons": c.pick.showsIcons = false
        default: if !harmless.contains(name) { c.unsupported.append(arg) }
        }
        continue
      }
      let custom = name.hasPrefix("kb-custom-") ? Int(name.dropFirst("kb-custom-".count)) : nil
      guard valued.contains(name) || custom != nil else {
        // Unknown: its value, if it has one, goes with it.
        if i < arguments.count && !arguments[i].hasPrefix("-") {
          c.unsupported.append("\(arg) \(arguments[i])")
          i += 1
        } else {
          c.unsupported.append(arg)
        }
        continue
      }
      guard i < arguments.count else {
        c.problems.append("\(arg) needs a value")
        continue
      }
      let value = arguments[i]
      i += 1
      if let n = custom {
        guard (1...19).contains(n) else {
          c.unsupported.append("\(arg) \(value)")
          continue
        }
        let chords = value.split(separator: ",").map { KeyChord(String($0)) }
        if chords.contains(where: { $0 == nil }) {
          c.problems.append("\(arg) \(value): not a key this program reads")
        }
        c.pick.customKeys[n - 1] = chords.compactMap { $0 }
        continue
      }
      switch name {
      case "p": prompt = value
      case "mesg": out += ["--mesg", value]
      case "format": c.pick.format = PickFormat(value)
      case "filter": out += ["--query", value]
      case "select": out += ["--select", value]
      case "window-title": title = value
      case "selected-row":
        if let n = Int(value), n >= 0 { c.pick.selectedRow = n } else { c.problems.append("-selected-row \(value): not a row's number") }
      case "sep":
        if let byte = separator(value) { c.separator = byte } else { c.problems.append("-sep \(value): not one character") }
      case "a", "u":
        guard let ranges = RowRanges(value) else {
          c.problems.append("-\(name) \(value): not a list of rows such as 0,2,4-6")
          continue
        }
        if name == "a" { c.pick.active = ranges } else { c.pick.urgent = ranges }
      // The list shows as many rows as its window holds.
      case "l", "lines": break
      case "show": c.show = value
      case "modi": c.modi = value.split(separator: ",").map(String.init)
      case "combi-modi": c.combiModi = value.split(separator: ",").map(String.init)
      case "terminal": c.terminal = value
      case "run-command": c.runCommand = value
      case "run-shell-command": c.runShellCommand = value
      case "icon-theme": c.pick.iconTheme = value
      default: break
      }
    }
    if dmenu {
      c.show = nil
    } else if c.show == nil, let first = c.modi.first {
      c.show = first.split(separator: ":").first.map(String.init)
    } else if c.show == nil {
      c.failure = "rofi: nothing to show: give -dmenu, or -show MODE (drun, run, window, combi, or -modi's name:script)"
    }
    // Centred on the focused window's monitor, as rofi's window is.
    out += ["--title", title, "--prompt", prompt, "--monitor", "focus"]
    if ignoresCase { out.append("--ignore-case") }
    // rofi's filtering keeps the list's order (drun's history, then names)
    // unless -sort: `xterm` then picks what rofi picks.
    if !c.sorts { out.append("--no-sort") }
    c.arguments = out
    return c
  }

  /// `-sep`'s byte: one ASCII character, or `\n`, `\t`, `\0` or `\x1f`.
  static func separator(_ text: String) -> UInt8? {
    switch text {
    case "\\n": return 0x0A
    case "\\t": return 0x09
    case "\\0": return 0
    case "\\x1f": return 0x1F
    default:
      let bytes = Array(text.utf8)
      return bytes.count == 1 ? bytes[0] : nil
    }
  }
}
