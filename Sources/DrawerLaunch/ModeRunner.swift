import DrawerProcess
import DrawerRows
import DrawerScripting
import Glibc

/// Runs rofi's modes (`-show MODE`, `-modi A,B`): each page is shown by a
/// pick of this same program (`drawer-x11 rofi -dmenu`, the rows in rofi's
/// row protocol on its standard input), and the pick's answer is handed
/// to the mode, until a mode ends the run.
///
/// rofi's keys switch modes: Control+Tab to the next, Control+Shift+Tab
/// to the one before (the pick's `-kb-custom-18` and `-19`); Shift+Return
/// is the mode's alternate accept (`-kb-custom-17`: `run`'s
/// `-run-shell-command`). Custom keys 1 to 16 go to script modes.
public final class ModeRunner {
  let modes: [LaunchMode]
  var current: Int
  let program: String
  let extraArguments: [String]

  static let alternateKey = 16
  static let nextModeKey = 17
  static let previousModeKey = 18

  /// `program` is this program's path; `extraArguments` go to each pick.
  public init(modes: [LaunchMode], showing first: Int, program: String, extraArguments: [String] = []) {
    self.modes = modes
    current = max(0, min(first, modes.count - 1))
    self.program = program
    self.extraArguments = extraArguments
  }

  /// Shows pages until a mode ends the run; returns its status.
  public func run() -> Int32 {
    while true {
      let mode = modes[current]
      let page = mode.page()
      guard let (status, index, query) = pick(page, mode: mode.name) else { return ExitStatus.software }
      let choice: ModeChoice
      switch status {
      case 0: choice = index >= 0 ? .row(index, alternate: false) : .custom(query, alternate: false)
      case 1: return ExitStatus.cancelled
      case RofiPick.customStatus(ModeRunner.nextModeKey):
        current = (current + 1) % modes.count
        continue
      case RofiPick.customStatus(ModeRunner.previousModeKey):
        current = (current + modes.count - 1) % modes.count
        continue
      case RofiPick.customStatus(ModeRunner.alternateKey):
        choice = index >= 0 ? .row(index, alternate: true) : .custom(query, alternate: true)
      case 10...25: choice = .customKey(Int(status) - 10, row: index >= 0 ? index : nil)
      default: return status
      }
      switch mode.choose(choice) {
      case .exit(let s): return s
      case .again: continue
      }
    }
  }

  /// The pick's status, the chosen row's place (-1 for typed text) and
  /// the query; nil when the pick could not start.
  func pick(_ page: ModePage, mode: String) -> (Int32, Int, String)? {
    var argv = [program, "rofi", "-dmenu", "-format", "i\tf", "-p", page.prompt.isEmpty ? mode : page.prompt]
    if let m = page.message { argv += ["-mesg", m] }
    if page.noCustom { argv.append("-no-custom") }
    if !page.active.isEmpty { argv += ["-a", page.active] }
    if !page.urgent.isEmpty { argv += ["-u", page.urgent] }
    argv += [
      "-kb-custom-\(ModeRunner.alternateKey + 1)", "Shift+Return",
      "-kb-custom-\(ModeRunner.nextModeKey + 1)", "Control+Tab",
      "-kb-custom-\(ModeRunner.previousModeKey + 1)", "Control+Shift+Tab",
    ]
    argv += extraArguments
    guard let child = Spawn.piped(argv) else {
      Diagnostics.print("cannot start the pick (\(program))")
      return nil
    }
    Spawn.writeAndClose(child.input, page.rows.flatMap(\.protocolLine))
    // The pick waits for its user: no bound but theirs.
    let (bytes, _) = Spawn.readAll(child.output, seconds: nil)
    let status = Spawn.wait(child.pid)
    let line = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
    let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
    let index = parts.first.flatMap { Int($0) } ?? -1
    let query = parts.count > 1 ? String(parts[1]) : ""
    return (status, index, query)
  }
}
