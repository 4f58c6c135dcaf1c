import DrawerCommandLine
import DrawerProcess
import DrawerRows
import DrawerScripting

/// One run as rofi: the program run through a link named `rofi`, or as
/// `drawer-x11 rofi ARGS…`, with rofi's command line (`RofiArguments`).
///
/// The rule: what the command line cannot do is said on standard error,
/// one line for the options passed over and one for each value that
/// cannot be read, and the run goes on; only a run with nothing to show
/// (no `-dmenu`) ends, with status 64. The rows are read through
/// `RowProtocolPipe`, so rofi's row protocol and `-sep` hold for them.
public final class RofiLaunch {
  /// The rofi command line the run follows, read.
  public let command: RofiCommand
  /// The X layer's managed windows and their activation, for `window`.
  public var windows: (list: () -> [WindowMode.Client]?, activate: (UInt, Int?) -> Bool)?

  /// The run as rofi, when `arguments` (the program's, its name first)
  /// ask for one; nil otherwise.
  public init?(programArguments arguments: [String]) {
    let name = arguments.first.flatMap { $0.split(separator: "/").last }.map(String.init)
    if name == "rofi" {
      command = RofiArguments.parse(Array(arguments.dropFirst()))
    } else if arguments.dropFirst().first == "rofi" {
      command = RofiArguments.parse(Array(arguments.dropFirst(2)))
    } else {
      return nil
    }
  }

  /// The lines for standard error, before anything runs.
  public var diagnostics: [String] {
    var lines: [String] = []
    if !command.unsupported.isEmpty {
      lines.append("rofi options not supported, passed over: " + command.unsupported.joined(separator: ", "))
    }
    return lines + command.problems.map { "rofi: \($0); passed over" }
  }

  /// Why the run cannot go on, when it cannot.
  public var failure: Failure? {
    command.failure.map { Failure(status: ExitStatus.usage, message: $0) }
  }

  /// Makes `settings` (parsed from `command.arguments`) rofi's pick: its
  /// rows come through the row protocol from standard input.
  public func apply(to settings: inout LaunchSettings) throws(Failure) {
    let pipe = try RowProtocolPipe(input: 0, separator: command.separator ?? 0x0A)
    var rofi = command.pick
    rofi.options = pipe.table
    settings.itemsPath = pipe.path
    settings.pick?.rofi = rofi
  }

  /// Whether the run shows modes (`-show`) rather than a pick.
  public var showsModes: Bool { command.show != nil }

  /// The modes `-show`, `-modi` and `-combi-modi` name, built for `env`;
  /// a name that is no mode gets a line on stderr and is left out.
  public func modes(_ env: Environment) -> (modes: [LaunchMode], first: Int) {
    var names = command.modi
    if let show = command.show, !names.contains(where: { $0 == show || $0.hasPrefix(show + ":") }) {
      names.insert(show, at: 0)
    }
    var built: [LaunchMode] = []
    var first = 0
    for spec in names {
      guard let mode = mode(spec, env) else { continue }
      if mode.name == command.show { first = built.count }
      built.append(mode)
    }
    return (built, first)
  }

  private func mode(_ spec: String, _ env: Environment, inCombi: Bool = false) -> LaunchMode? {
    if let colon = spec.firstIndex(of: ":") {
      return ScriptMode(name: String(spec[..<colon]), script: String(spec[spec.index(after: colon)...]))
    }
    switch spec {
    case "drun": return DrunMode(env: env, terminal: command.terminal)
    case "run":
      return RunMode(env: env, terminal: command.terminal, runCommand: command.runCommand, shellCommand: command.runShellCommand)
    case "window":
      guard let windows, let clients = windows.list() else {
        Diagnostics.print("rofi mode window: no display to list windows on; left out")
        return nil
      }
      return WindowMode(clients: clients, activate: windows.activate)
    case "combi" where !inCombi:
      return CombiMode(modes: command.combiModi.compactMap { mode($0, env, inCombi: true) })
    default:
      Diagnostics.print("rofi mode \(spec) is not supported here; left out")
      return nil
    }
  }

  /// Runs the modes to the end, with `program` (this program's path)
  /// showing each page; the run's status.
  public func runModes(program: String) -> Int32 {
    let (modes, first) = self.modes(Environment.current())
    guard !modes.isEmpty else {
      Diagnostics.print("rofi: no mode to show")
      return ExitStatus.usage
    }
    return ModeRunner(modes: modes, showing: first, program: program, extraArguments: pageArguments).run()
  }

  /// What each mode's page takes from the command line: the icons the
  /// modes' rows name, and the order of the matches.
  var pageArguments: [String] {
    var out = command.pick.showsIcons ? ["-show-icons"] : []
    if let theme = command.pick.iconTheme { out += ["-icon-theme", theme] }
    if command.sorts { out.append("-sort") }
    return out
  }

  /// Hands `-a` and `-u` to the rows that draw them.
  public func apply(to rows: RowTexts) {
    rows.showsUpToNul = true
    rows.active = command.pick.active
    rows.urgent = command.pick.urgent
  }
}
