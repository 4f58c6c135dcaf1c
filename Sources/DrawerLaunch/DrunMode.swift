import DrawerProcess
import DrawerRows
import DrawerScripting
import Glibc

/// rofi's `drun`: the desktop's applications (`DesktopEntries`), each
/// shown as its name and, in parentheses, its generic name; matched also
/// by its generic name, keywords, categories and command; launched by its
/// `Exec` line (`ExecLine`), in its `Path`, in `-terminal` when it asks
/// for a terminal, detached, with a startup notification id when it says
/// it notifies; the launches ranked by `LaunchHistory`.
public final class DrunMode: LaunchMode {
  /// The mode's name, `drun`, as `-show` and the prompt say it.
  public let name = "drun"
  let env: Environment
  let terminal: String
  var history: LaunchHistory
  var entries: [DesktopEntry] = []
  /// What a launch did, for tests: the argument vector and directory.
  public private(set) var launched: (argv: [String], directory: String?, startupID: String?)?
  /// Whether choosing starts the application (tests read `launched` instead).
  public var startsPrograms = true

  /// The mode over the applications `env`'s data directories show, most launched first.
  public init(env: Environment, terminal: String) {
    self.env = env
    self.terminal = terminal
    history = LaunchHistory(mode: "drun", cacheHome: env.cacheHome)
    entries = history.ranked(DesktopEntries.load(env)) { $0.id }
  }

  /// One row an application: its name and generic name, its icon, and its keywords and categories to match.
  public func page() -> ModePage {
    var page = ModePage(prompt: name)
    page.rows = entries.map { e in
      let shown = e.genericName.map { "\(e.name) (\($0))" } ?? e.name
      var words = e.keywords + e.categories
      if let exec = e.exec?.split(separator: " ").first { words.append(String(exec)) }
      return ModeRow(text: shown, options: RowOptions(icon: e.icon, meta: words.joined(separator: " "), info: e.id), key: e.id)
    }
    return page
  }

  /// Starts the chosen application and counts the launch; typed text starts nothing and exits 0.
  public func choose(_ choice: ModeChoice) -> ModeOutcome {
    guard case .row(let i, _) = choice, i >= 0 && i < entries.count else {
      // Typed text that names no application runs nothing, as rofi's drun.
      return .exit(ExitStatus.ok)
    }
    let e = entries[i]
    guard var argv = ExecLine.arguments(e.exec ?? "", name: e.name, icon: e.icon, path: e.path) else {
      Diagnostics.print("\(e.id): its Exec line cannot be read; nothing started")
      return .exit(ExitStatus.dataError)
    }
    if e.terminal { argv = [terminal, "-e"] + argv }
    let startupID = e.startupNotify ? "drawer-x11-\(getpid())-\(e.id)_TIME\(Int(monotonicSeconds() * 1000))" : nil
    launched = (argv, e.workingDirectory, startupID)
    history.record(e.id, time: LaunchHistory.now())
    history.save()
    guard startsPrograms else { return .exit(ExitStatus.ok) }
    if let problem = Spawn.detached(argv, directory: e.workingDirectory, extra: startupID.map { ["DESKTOP_STARTUP_ID": $0] } ?? [:]) {
      Diagnostics.print(problem)
      return .exit(ExitStatus.unavailable)
    }
    return .exit(ExitStatus.ok)
  }
}
