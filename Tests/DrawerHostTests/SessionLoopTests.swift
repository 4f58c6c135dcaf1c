import DrawerEngine
import Foundation
import XCTest

@testable import DrawerCommandLine
@testable import DrawerHost
@testable import DrawerRows
@testable import DrawerScripting

/// The program's loop (`SessionLoop`, which drawer-x11 and the widget run)
/// against the path the rest of the suite tests (`Replay`, `PanelHost`'s
/// own steps): a recorded session gives the same events through both.
final class SessionLoopTests: XCTestCase {
  /// The recorded traces live beside the tests of traces (DrawerScriptingTests).
  private let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("DrawerScriptingTests/Traces")

  /// The event lines of the trace `name` run as the program runs it: each
  /// input fed to the session, each frame a `SessionLoop.frame` drawn and
  /// then drained, as the X front end drains it once the frame is on screen.
  private func loopEvents(_ name: String) throws -> [String] {
    let text = try String(contentsOf: traces.appendingPathComponent(name + ".jsonl"), encoding: .utf8)
    var lines = text.split(separator: "\n").map(String.init)
    let header = try XCTUnwrap(Trace.header(lines.removeFirst()))
    guard case .run(let settings) = parseCommandLine(header.arguments, eventsImplied: true) else {
      throw XCTSkip("the trace's flags do not parse")
    }
    var configuration = settings.configuration
    let rows = RowTexts.generated(count: configuration.rowCount)
    configuration.rowCount = rows.count
    let host = try PanelHost(
      configuration: configuration, scale: header.scale, containerSize: Size(width: header.width, height: header.height),
      textMetrics: FixedTextMetrics(titleLineHeight: header.titleLineHeight, rowLineHeight: header.rowLineHeight),
      time: header.time)
    let outputs = SessionOutputs()
    let session = HostSession(
      host: host, rows: rows, reader: nil, control: nil, pick: nil, filters: false, time: header.time,
      output: outputs.output())
    let loop = SessionLoop(session: session)
    // Events are written once the first frame is on screen; the replay
    // prints no `ready` and no `rows`, which come from the window.
    session.reportReady(window: 0, width: Int(header.width), height: Int(header.height))
    outputs.events.removeAll()
    for line in lines where !line.isEmpty {
      let step = try XCTUnwrap(Trace.step(line), line)
      switch step {
      case .input(let input):
        session.feed(input)
      case .frame(let t):
        if let picture = loop.frame(now: t, catchingUp: false) { loop.drawn(picture) }
        session.drainEvents()
      default:
        _ = try host.replay(step)
        session.drainEvents()
      }
    }
    return outputs.events
  }

  /// The same trace through drawer-replay's work.
  private func replayEvents(_ name: String) throws -> [String] {
    var events: [String] = []
    _ = try Replay.run([traces.appendingPathComponent(name + ".jsonl").path]) { events.append($0.json) }
    return events
  }

  func testTheProgramsLoopGivesTheReplaysEventsForEveryRecordedTrace() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: traces.path)
      .filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
    XCTAssertFalse(names.isEmpty)
    for name in names {
      let loop = try loopEvents(name)
      let replay = try replayEvents(name)
      XCTAssertFalse(loop.isEmpty, name)
      // The first line that differs, rather than two long lists.
      let first = Array(zip(loop, replay)).firstIndex { $0 != $1 } ?? min(loop.count, replay.count)
      XCTAssertEqual(loop.count, replay.count, "\(name): event count")
      if first < max(loop.count, replay.count) {
        XCTFail("\(name): event \(first): loop \(loop.dropFirst(first).first ?? "none"), replay \(replay.dropFirst(first).first ?? "none")")
      }
    }
  }

  func testAFrameIsDueForAnInputAndNotAgainUntilTheNextChange() throws {
    let outputs = SessionOutputs()
    let session = try makeSession([], outputs: outputs)
    let loop = SessionLoop(session: session)
    XCTAssertTrue(loop.isDue(now: 0, catchingUp: false), "the first frame")
    let first = try XCTUnwrap(loop.frame(now: 0, catchingUp: false))
    loop.drawn(first)
    XCTAssertFalse(loop.isDue(now: 0.5, catchingUp: false))
    XCTAssertNil(loop.frame(now: 0.5, catchingUp: false), "nothing changed")
    XCTAssertEqual(loop.sleepDeadline(now: 0.5, catchingUp: false), .infinity, "an idle loop sleeps for ever")
    let top = session.drawer.name(ofDetent: session.drawer.layout.detents.all.count - 1)
    XCTAssertNotEqual(session.drawer.state, top, "the panel starts elsewhere")
    session.feed(.request(.move(to: top, animated: true), time: 1))
    XCTAssertTrue(loop.isDue(now: 1, catchingUp: false))
    let moving = try XCTUnwrap(loop.frame(now: 1.1, catchingUp: false), "the panel moved")
    loop.drawn(moving)
    XCTAssertEqual(loop.sleepDeadline(now: 1.1, catchingUp: false), 1.1 + SessionLoop.frameInterval, accuracy: 1e-9)
  }

  func testABurstOfResizesComesToItsLastSizeOnce() {
    let loop = SessionLoop(session: (try? makeSession([], outputs: SessionOutputs()))!)
    loop.configured(width: 300, height: 200)
    loop.configured(width: 500, height: 400)
    XCTAssertEqual(loop.takeResize(current: (800, 600)).map { [$0.width, $0.height] }, [500, 400])
    XCTAssertNil(loop.takeResize(current: (500, 400)).map { [$0.width, $0.height] })
    loop.configured(width: 500, height: 400)
    XCTAssertNil(loop.takeResize(current: (500, 400)).map { [$0.width, $0.height] }, "the size it has")
    loop.configured(width: 0, height: 400)
    XCTAssertNil(loop.takeResize(current: (500, 400)).map { [$0.width, $0.height] }, "an empty window")
  }

  func testTimeoutsAreWholeMillisecondsRoundedUp() {
    XCTAssertEqual(SessionLoop.timeout(until: .infinity, now: 0), -1)
    XCTAssertEqual(SessionLoop.timeout(until: 1.0101, now: 1), 11)
    XCTAssertEqual(SessionLoop.timeout(until: 0.5, now: 1), 0)
  }
}
