import ArgumentParser
import DrawerEngine
import DrawerHost
import DrawerProcess
import DrawerRows
import DrawerScripting
import DrawerVersion

/// drawer-replay's work: a `--record` trace replayed without X.
///
/// The panel's events are handed on as they come. It lives here rather than
/// in the executable so that the suite can run it as the program does,
/// statuses and messages included.
public enum Replay {
  /// What `--help` prints.
  public static let help = "USAGE: drawer-replay FILE [FLAGS]\n\n" + description

  /// What `--version` prints: drawer-x11's version.
  public static let version = "drawer-replay \(programVersion)"

  /// What the program does, its flags and its exit statuses: --help after
  /// the usage line.
  static let description = """
    Replays a trace written by drawer-x11 --record FILE, without X, and prints
    the panel's events as JSON lines, as drawer-x11 --events printed them (not
    ready, resized, scaleChanged or exit, which come from the window). FLAGS follow the
    recorded ones, so a later flag wins, and --events is implied: --report-moves
    adds the moved events. The flags are converted at the scale the session
    ran at, which the trace keeps with its changes, so --scale changes nothing
    here. FILE - reads standard input. The trace is read a line at a time, and
    a line may hold at most \(limit).

    A replay opens no file but FILE unless told to: \(readItemsFlag) reads the
    session's --items file (or the one FLAGS give) for the rows' texts in
    selected and activated events. Without it the texts are empty, as for a
    session that read its rows from standard input: a trace from elsewhere
    cannot make the replay read, or wait on, a file it names.

    Exit status: 0 when the trace replayed; 64 for a bad flag or value; 65 when
    the first line is not a trace header, a later line is not a trace step, or a
    line is longer than \(limit); 66 when FILE, or with \(readItemsFlag) the
    --items file, cannot be read.
    """
  /// The flag that lets a replay read the rows' file the trace names.
  public static let readItemsFlag = "--read-items"
  private static let limit = describeBytes(TraceReader.lineLimit)

  /// What a replay came to, when it did not fail.
  public enum Outcome: Equatable {
    /// Every step was replayed.
    case replayed
    /// Print this text on standard output and exit 0 (--help).
    case print(String)
  }

  /// Replays the trace that `arguments` (`FILE [FLAGS]`) names.
  ///
  /// `arguments` leave out the program's name. Each event line goes to
  /// `emit` as soon as its step is replayed. Throws the first failure, with
  /// its status: 64 for the command line, 65 for the trace's content, 66 for
  /// a file that cannot be read. Events of the steps before a bad line have
  /// been emitted by then, as a reader of a live session would have seen
  /// them.
  public static func run(
    _ arguments: [String], lineLimit: Int = TraceReader.lineLimit, emit: (JSONLine) -> Void
  ) throws(Failure) -> Outcome {
    var arguments = arguments
    if arguments.first == "--help" || arguments.first == "-h" { return .print(help) }
    if arguments.first == "--version" { return .print(version) }
    if arguments.first == "--experimental-dump-help" { return .print(ReplayCommandLine.dumpedHelp) }
    // drawer-replay's own flag, wherever it is; the rest are drawer-x11's.
    let readsItems = arguments.contains(readItemsFlag)
    arguments.removeAll { $0 == readItemsFlag }
    guard !arguments.isEmpty else {
      throw Failure(status: ExitStatus.usage, message: "usage: drawer-replay FILE [FLAGS] (see --help)")
    }
    let path = arguments.removeFirst()
    let trace = try TraceReader(path: path, lineLimit: lineLimit)
    guard let first = try trace.next(), let header = Trace.header(first) else {
      throw Failure(status: ExitStatus.dataError, message: "\(trace.name): line 1 is not a drawer-x11 trace header")
    }
    let settings: LaunchSettings
    // Replay prints events whatever the session did, so the flags that
    // shape the stream (--report-moves) work without --events.
    switch parseCommandLine(header.arguments + arguments, eventsImplied: true) {
    case .run(let parsed): settings = parsed
    case .print(let text): return .print(text)
    case .fail(let failure): throw failure
    }
    let rows: RowTexts
    var configuration = settings.configuration
    if let items = settings.itemsPath {
      // The session read its rows as they came, starting from none; the
      // trace's `rows` steps say how many the list held when. The texts
      // come from the file only when asked: the trace may come from
      // anyone, and its path may be a FIFO (open would wait for ever) or
      // a file not meant to be printed. Standard input was the session's.
      rows = !readsItems || items == "-" ? RowTexts.live(name: items) : try RowTexts.load(path: items)
      configuration.rowCount = 0
    } else {
      // As the session made them: an embedded client's panel has none.
      rows =
        settings.embed.map { RowTexts.titled($0.programName) }
        ?? RowTexts.generated(count: settings.configuration.rowCount)
      configuration.rowCount = rows.count
    }
    let host: PanelHost
    do {
      // The session's scale, not --scale: auto was the desktop's then.
      host = try PanelHost(
        configuration: configuration, scale: header.scale, containerSize: Size(width: header.width, height: header.height),
        textMetrics: FixedTextMetrics(titleLineHeight: header.titleLineHeight, rowLineHeight: header.rowLineHeight),
        time: header.time)
    } catch {
      throw Failure(status: ExitStatus.usage, message: "\(error.field) must be \(error.allowed) (got \(error.value))")
    }
    while let line = try trace.next() {
      if line.isEmpty { continue }
      guard let step = Trace.step(line) else {
        throw Failure(status: ExitStatus.dataError, message: "\(trace.name): line \(trace.lineNumber) is not a trace step")
      }
      let mapLine: JSONLine?
      do {
        mapLine = try host.replay(step)
      } catch {
        throw Failure(
          status: ExitStatus.dataError,
          message: "\(trace.name): line \(trace.lineNumber): at its scale \(error.field) must be \(error.allowed) (got \(error.value))")
      }
      while let event = host.nextEvent() { emit(host.line(for: event, rows: rows)) }
      if let mapLine { emit(mapLine) }
    }
    return .replayed
  }
}

/// drawer-replay's command line as argument-parser describes one, for the
/// tools that run a program with `--experimental-dump-help`: the manual
/// plugin (`swift package plugin generate-manual`) asks every executable of
/// the package. `Replay.run` reads the command line itself.
struct ReplayCommandLine: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "drawer-replay",
    abstract: "Replays a drawer-x11 --record trace without X and prints the panel's events.",
    discussion: Replay.description,
    version: Replay.version)

  @Argument(help: ArgumentHelp("The trace drawer-x11 --record wrote; - reads standard input.", valueName: "FILE"))
  var file: String

  @Flag(
    name: .customLong("read-items"),
    help: "Read the session's --items file for the rows' texts in selected and activated events.")
  var readItems = false

  @Argument(
    parsing: .captureForPassthrough,
    help: ArgumentHelp("drawer-x11 flags, after the recorded ones.", valueName: "FLAGS"))
  var flags: [String] = []

  /// argument-parser's JSON description of this command line.
  static var dumpedHelp: String {
    do {
      _ = try parseAsRoot(["--experimental-dump-help"])
      return ""
    } catch {
      return fullMessage(for: error)
    }
  }
}
