import DrawerEngine
import DrawerHost
import Glibc

// drawer-replay FILE [FLAGS]: replays a trace written by `drawer-x11
// --record FILE` without X, and prints the panel's events as drawer-x11
// printed them with --events (the panel's and the map's; not ready,
// resized or exit, which come from the window). FLAGS are added after the
// recorded ones, so a later flag wins. A FILE of - reads standard input.
//
// Exit status: 0 when the trace replayed; 64 for a bad flag; 65 when a
// line is not a trace step; 66 when FILE cannot be read.

/// EX_DATAERR: a line of the trace is not one.
let dataError: Int32 = 65

func fail(_ status: Int32, _ message: String) -> Never {
  Diagnostics.print(message)
  EventLog.flush()
  exit(status)
}

/// Every line of `path` (standard input for -), without line ends.
func readLines(_ path: String) -> [String] {
  let file: UnsafeMutablePointer<FILE>? = path == "-" ? fdopen(dup(0), "r") : fopen(path, "re")
  guard let file else {
    fail(ExitStatus.noInput, "cannot read \(terminalSafe(path)): \(String(cString: strerror(errno)))")
  }
  defer { fclose(file) }
  var lines: [String] = []
  var buffer: UnsafeMutablePointer<CChar>?
  var capacity = 0
  while true {
    let n = getline(&buffer, &capacity, file)
    if n < 0 { break }
    var bytes = UnsafeBufferPointer(start: UnsafeRawPointer(buffer!).assumingMemoryBound(to: UInt8.self), count: n)
    if bytes.last == 10 { bytes = UnsafeBufferPointer(rebasing: bytes.dropLast()) }
    lines.append(String(decoding: bytes, as: UTF8.self))
  }
  free(buffer)
  return lines
}

func replay() -> Never {
  Diagnostics.programName = "drawer-replay"
  reopenClosedStandardDescriptors()
  var arguments = Array(CommandLine.arguments.dropFirst())
  if arguments.first == "--help" || arguments.first == "-h" {
    print(
      """
      USAGE: drawer-replay FILE [FLAGS]

      Replays a trace written by drawer-x11 --record FILE, without X, and prints the \
      panel's events as JSON lines, as drawer-x11 --events printed them (not ready, \
      resized or exit, which come from the window). FLAGS follow the recorded ones, \
      so a later flag wins. FILE - reads standard input.

      Exit status: 0 when the trace replayed; 64 for a bad flag; 65 when a line is not \
      a trace step; 66 when FILE cannot be read.
      """)
    exit(ExitStatus.ok)
  }
  guard !arguments.isEmpty else { fail(ExitStatus.usage, "usage: drawer-replay FILE [FLAGS] (see --help)") }
  let path = arguments.removeFirst()
  let lines = readLines(path)
  guard let first = lines.first, let header = Trace.header(first) else {
    fail(dataError, "\(terminalSafe(path)): line 1 is not a drawer-x11 trace header")
  }
  let settings: LaunchSettings
  switch parseCommandLine(header.arguments + arguments) {
  case .run(let parsed): settings = parsed
  case .print(let text):
    print(text)
    exit(ExitStatus.ok)
  case .fail(let failure): fail(failure.status, failure.message ?? "")
  }
  EventLog.enable(bufferLimit: 1 << 30)
  let rows: RowTexts
  do throws(Failure) {
    if let items = settings.itemsPath {
      guard !(items == "-" && path == "-") else {
        fail(ExitStatus.usage, "the trace and --items cannot both come from standard input; give --items FILE")
      }
      rows = try RowTexts.load(path: items)
    } else {
      rows = RowTexts.generated(count: settings.configuration.rowCount)
    }
  } catch {
    fail(error.status, error.message ?? "")
  }
  var configuration = settings.configuration
  configuration.rowCount = rows.count
  let drawer: Drawer
  do {
    drawer = try Drawer(
      configuration: configuration, containerSize: Size(width: header.width, height: header.height),
      textMetrics: FixedTextMetrics(titleLineHeight: header.titleLineHeight, rowLineHeight: header.rowLineHeight),
      time: header.time)
  } catch {
    fail(ExitStatus.usage, "\(error.field) must be \(error.allowed) (got \(error.value))")
  }
  let host = PanelHost(drawer: drawer, header: nil, record: nil)
  for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
    guard let step = Trace.step(line) else {
      fail(dataError, "\(terminalSafe(path)): line \(index + 1) is not a trace step")
    }
    let mapLine = host.replay(step)
    while let event = drawer.nextEvent() {
      EventLog.emit(eventLine(event, position: PanelPosition(drawer), rowText: rows.text(ofRow:)))
    }
    if let mapLine { EventLog.emit(mapLine) }
  }
  EventLog.flush()
  exit(ExitStatus.ok)
}

replay()
