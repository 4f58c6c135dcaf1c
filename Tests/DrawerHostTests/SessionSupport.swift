import DrawerEngine
import XCTest

@testable import DrawerCommandLine
@testable import DrawerHost
@testable import DrawerProcess
@testable import DrawerRows
@testable import DrawerScripting

/// What a session wrote: its event lines, standard output's bytes (the
/// pick) and the lines for standard error.
final class SessionOutputs {
  var events: [String] = []
  var stdout: [UInt8] = []
  var diagnostics: [String] = []

  /// Where the session writes; `events: false` is a run without --events.
  func output(events on: Bool = true) -> SessionOutput {
    SessionOutput(
      events: on ? { [unowned self] in events.append($0.json) } : nil,
      result: { [unowned self] in
        stdout += Array($0)
        stdout.append(UInt8(ascii: "\n"))
      },
      diagnostic: { [unowned self] in diagnostics.append($0) })
  }

  /// The event lines named `name`.
  func lines(_ name: String) -> [String] { events.filter { $0.hasPrefix("{\"event\":\"\(name)\"") } }
}

/// A session as drawer-x11 makes one from `arguments`, in an 800 × 600
/// window at scale 1 with fixed line heights, started at time 0 and its
/// source read to the end (unless `readToEnd` is false): everything but
/// the window.
func makeSession(
  _ arguments: [String], outputs: SessionOutputs, events: Bool = true, readToEnd: Bool = true,
  file: StaticString = #filePath, line: UInt = #line
) throws -> HostSession {
  guard case .run(let settings) = parseCommandLine(arguments) else {
    XCTFail("\(arguments) did not parse", file: file, line: line)
    throw CancellationError()
  }
  return try makeSession(settings: settings, outputs: outputs, events: events, readToEnd: readToEnd)
}

/// A session as `makeSession` makes one, from settings already parsed
/// (and changed, as a front end's own command line changes them).
func makeSession(
  settings: LaunchSettings, outputs: SessionOutputs, events: Bool = true, readToEnd: Bool = true
) throws -> HostSession {
  let reader = try settings.itemsPath.map { path throws(Failure) in try RowReader(path: path) }
  let rows =
    settings.itemsPath.map {
      RowTexts.live(
        name: $0, filter: settings.filter, sorts: settings.sortsMatches, ignoresCase: settings.ignoresCase,
        prompt: settings.prompt)
    }
    ?? RowTexts.generated(count: settings.configuration.rowCount)
  let control = try settings.controlPath.map { path throws(Failure) in try ControlReader(path: path) }
  var configuration = settings.themed(.light).configuration
  configuration.rowCount = reader == nil ? rows.count : 0
  let host = try PanelHost(
    configuration: configuration, scale: 1, containerSize: Size(width: 800, height: 600),
    textMetrics: FixedTextMetrics(), time: 0)
  let session = HostSession(
    host: host, rows: rows, reader: reader, control: control, pick: settings.pick, filters: settings.filter != nil,
    lifecycle: settings.lifecycle, time: 0, output: outputs.output(events: events))
  try session.start(at: 0)
  while readToEnd && session.reader != nil { try session.readRows(now: 0, force: true) }
  return session
}

extension HostSession {
  /// Runs frames of 1/60 s from `time` until nothing moves (5 s at most),
  /// each drained as a front end drains it once the frame is on screen.
  func settle() {
    let end = time + 5
    repeat {
      advance(to: time + HostSession.frameInterval)
      drainEvents()
      reportShownRows()
    } while host.stack.isAnimating && time < end
  }

  /// Presses `name` (typing `text`) a frame after the last input.
  func press(_ name: KeyPress.Name?, text: String? = nil, control: Bool = false, shift: Bool = false) {
    key(KeyPress(name, text: text, control: control, shift: shift), time: time + HostSession.frameInterval)
  }

  /// Types `text` a key at a time, as keys that name no key do.
  func type(_ text: String) {
    for c in text { press(c == " " ? .space : .character(c), text: String(c)) }
  }
}
