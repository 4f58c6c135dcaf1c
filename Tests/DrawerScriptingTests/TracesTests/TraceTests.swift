import DrawerEngine
import Foundation
import XCTest

@testable import DrawerCommandLine
@testable import DrawerHost
@testable import DrawerRows
@testable import DrawerScripting

final class TraceTests: XCTestCase {
  // Edge cases.

  func testLinesThatAreNotStepsAreRefused() {
    for line in ["", "{}", "not json", "{\"t\":1}", "{\"t\":1,\"in\":\"key\",\"key\":\"nope\"}",
      "{\"t\":1,\"in\":\"down\",\"x\":1}", "{\"t\":1,\"in\":\"hwheel\",\"x\":1,\"y\":1}",
      "{\"t\":1,\"in\":\"hwheel\",\"steps\":1001,\"x\":1,\"y\":1}", "{\"t\":1,\"in\":\"frame\"} trailing", "{\"in\":\"frame\"}"]
    {
      XCTAssertNil(Trace.step(line), line)
    }
    XCTAssertNil(Trace.header("{\"trace\":2,\"args\":[],\"width\":1,\"height\":1,\"time\":0,\"titleLine\":1,\"rowLine\":1}"))
  }

  func testEveryStepReadsBackAsWritten() {
    let p = Point(x: 12.25, y: 1e-7)
    let steps: [Trace.Step] = [
      .input(.pointerDown(p, button: .primary, time: 0.1)), .input(.pointerDown(p, button: .other, time: 0.2)),
      .input(.pointerMove(p, time: 1.0 / 3)), .input(.pointerUp(p, button: .primary, time: 2)),
      .input(.wheel(steps: -1, at: p, time: 3)), .input(.wheel(steps: 0.125, at: p, time: 3.1)),
      .input(.horizontalWheel(steps: -0.25, at: p, time: 3.2)), .input(.resize(Size(width: 800, height: 601.5), time: 4)),
      .input(.request(.present(animated: false), time: 5)), .input(.request(.dismiss(animated: true), time: 6)),
      .frame(7.000001), .finish(8), .rescale(scale: 1.5, titleLineHeight: 30, rowLineHeight: 26.5, time: 8.5),
      .stack(.pushDetail(row: 12, lines: 340), time: 8.75), .stack(.setDetailLines(12), time: 8.8),
      .stack(.popDetail(animated: true), time: 8.9), .stack(.popDetail(animated: false), time: 8.95),
      .detents("tip=64,half=50%,full=-0", time: 8.97),
    ] + Trace.keyNames.map { .input(.key($0.0, time: 9)) }
    for step in steps {
      let line = Trace.line(step)!
      XCTAssertEqual(Trace.step(line), step, line)
    }
  }

  func testTheHorizontalWheelHasItsOwnLineAndTheOldWheelLineStillReads() {
    let p = Point(x: 10, y: 20)
    XCTAssertEqual(
      Trace.line(.input(.horizontalWheel(steps: 1, at: p, time: 2))),
      "{\"t\":2.0,\"in\":\"hwheel\",\"steps\":1.0,\"x\":10.0,\"y\":20.0}")
    // A line as traces before the horizontal wheel wrote it.
    XCTAssertEqual(
      Trace.step("{\"t\":2,\"in\":\"wheel\",\"steps\":-1,\"x\":10,\"y\":20}"),
      .input(.wheel(steps: -1, at: p, time: 2)))
  }

  func testTheHeaderKeepsArgumentsExactly() {
    let header = Trace.Header(
      arguments: ["--items", "a \"quoted\" file\\\n\u{1}é😀"], width: 800, height: 600, time: 12345.678901234,
      titleLineHeight: 17, rowLineHeight: 15)
    XCTAssertEqual(Trace.header(Trace.line(header)), header)
  }

  func testTheHeaderKeepsTheScaleAndOlderTracesAre1x() {
    let header = Trace.Header(
      arguments: [], width: 1600, height: 1200, time: 1, titleLineHeight: 40, rowLineHeight: 35, scale: 2)
    XCTAssertEqual(Trace.header(Trace.line(header))?.scale, 2)
    let old = "{\"trace\":1,\"args\":[],\"width\":800,\"height\":600,\"time\":0,\"titleLine\":21,\"rowLine\":18}"
    XCTAssertEqual(Trace.header(old)?.scale, 1)
    for bad in ["0.25", "5", "-1"] {
      XCTAssertNil(Trace.header(old.replacingOccurrences(of: "}", with: ",\"scale\":\(bad)}")), bad)
    }
    XCTAssertNil(Trace.step("{\"t\":1,\"in\":\"scale\",\"scale\":9,\"titleLine\":1,\"rowLine\":1}"))
    XCTAssertNil(Trace.step("{\"t\":1,\"in\":\"scale\",\"scale\":2,\"titleLine\":1}"))
    XCTAssertNil(Trace.step("{\"t\":1,\"in\":\"push\",\"row\":1.5,\"lines\":3}"))
    XCTAssertNil(Trace.step("{\"t\":1,\"in\":\"push\",\"row\":-1,\"lines\":3}"))
    XCTAssertNil(Trace.step("{\"t\":1,\"in\":\"lines\"}"))
  }

  // Recorded sessions.

  /// Each trace in Traces/ (recorded with `drawer-x11 --record`) replays to
  /// the events the program printed in that session.
  func testRecordedTracesReplayToTheSameEvents() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Traces")
    let traces = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }
    XCTAssertFalse(traces.isEmpty)
    for name in traces.sorted() {
      let lines = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        .split(separator: "\n").map(String.init)
      let expected = try String(
        contentsOf: folder.appendingPathComponent(name.replacingOccurrences(of: ".jsonl", with: ".events")),
        encoding: .utf8
      ).split(separator: "\n").map(String.init)
      let header = try XCTUnwrap(Trace.header(lines[0]), name)
      guard case .run(let settings) = parseCommandLine(header.arguments) else { return XCTFail(name) }
      let rows = RowTexts.generated(count: settings.configuration.rowCount)
      let host = try PanelHost(
        configuration: settings.configuration, scale: header.scale,
        containerSize: Size(width: header.width, height: header.height),
        textMetrics: FixedTextMetrics(titleLineHeight: header.titleLineHeight, rowLineHeight: header.rowLineHeight),
        time: header.time)
      var printed: [String] = []
      for line in lines.dropFirst() {
        let map = try host.replay(try XCTUnwrap(Trace.step(line), line))
        while let e = host.nextEvent() {
          printed.append(host.line(for: e, rows: rows).json)
        }
        if let map { printed.append(map.json) }
      }
      XCTAssertEqual(printed, expected, name)
    }
  }

  func testRecordingWritesWhatReplays() {
    var recorded: [String] = []
    var c = DrawerConfiguration()
    c.detents = [Detent("a", .fromHome(100)), Detent("b", .fraction(0.8))]
    let host = try! PanelHost(
      configuration: c, scale: 1.5, containerSize: Size(width: 400, height: 500), textMetrics: FixedTextMetrics(),
      time: 1, recording: (["--detents", "a=100,b=80%"], { recorded.append($0) }))
    _ = host.feed(.request(.present(animated: true), time: 1))
    host.advance(to: 1.5)
    _ = host.feed(.key(.up, time: 1.6))
    try! host.rescale(to: 2, textMetrics: FixedTextMetrics(titleLineHeight: 20, rowLineHeight: 18), time: 1.65)
    XCTAssertThrowsError(try host.replaceDetents("a=100,b=nowhere", time: 1.66), "a refused layout is not recorded")
    try! host.replaceDetents("a=100,c=50%", time: 1.68)
    host.finish(at: 1.7)
    XCTAssertEqual(
      Trace.header(recorded[0]),
      Trace.Header(
        arguments: ["--detents", "a=100,b=80%"], width: 400, height: 500, time: 1, titleLineHeight: 16,
        rowLineHeight: 14, scale: 1.5))
    XCTAssertEqual(
      recorded.dropFirst().map { Trace.step($0) },
      [
        .input(.request(.present(animated: true), time: 1)), .frame(1.5), .input(.key(.up, time: 1.6)),
        .rescale(scale: 2, titleLineHeight: 20, rowLineHeight: 18, time: 1.65), .detents("a=100,c=50%", time: 1.68),
        .finish(1.7),
      ])
    // The replay of those steps ends where the session did.
    var c2 = DrawerConfiguration()
    c2.detents = [Detent("a", .fromHome(100)), Detent("b", .fraction(0.8))]
    let replay = try! PanelHost(
      configuration: c2, scale: 1.5, containerSize: Size(width: 400, height: 500), textMetrics: FixedTextMetrics(),
      time: 1)
    for line in recorded.dropFirst() { _ = try! replay.replay(Trace.step(line)!) }
    XCTAssertEqual(replay.drawer.layout.detents.all.map(\.name), ["dismissed", "a", "c"])
    XCTAssertEqual(replay.drawer.state, "c", "b, at 80 %, is nearest 50 %")
    XCTAssertEqual(replay.drawer.currentExtent, host.drawer.currentExtent)
  }
}
