import DrawerHost

/// One run as rofi: the program run through a link named `rofi`, or as
/// `drawer-x11 rofi ARGS…`, with rofi's command line (`RofiArguments`).
///
/// The rule: what the command line cannot do is said on standard error,
/// one line for the options passed over and one for each value that
/// cannot be read, and the run goes on; only a run with nothing to show
/// (no `-dmenu`) ends, with status 64. The rows are read through
/// `RowProtocolPipe`, so rofi's row protocol and `-sep` hold for them.
public final class RofiLaunch {
  public let command: RofiCommand

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

  /// Hands `-a` and `-u` to the rows that draw them.
  public func apply(to rows: RowTexts) {
    rows.showsUpToNul = true
    rows.active = command.pick.active
    rows.urgent = command.pick.urgent
  }
}
