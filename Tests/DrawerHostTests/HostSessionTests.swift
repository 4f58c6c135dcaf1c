import DrawerEngine
import TestSupport
import XCTest

final class HostSessionTests: XCTestCase {
  func testReadyComesFirstThenTheHeldStartUpEventsThenTheRows() throws {
    let outputs = SessionOutputs()
    let path = temporaryFile(Array("one\ntwo\n".utf8), in: self)
    let session = try makeSession(["--items", path, "--initial", "partiallyExpanded"], outputs: outputs)
    session.settle()
    XCTAssertEqual(outputs.events, [], "nothing is said before the first frame is on screen")
    session.reportReady(window: 42, width: 800, height: 600)
    XCTAssertEqual(outputs.events.first?.hasPrefix(#"{"event":"ready","panel":"list","window":42,"width":800,"height":600,"state":"partiallyExpanded""#), true, outputs.events.first ?? "")
    XCTAssertEqual(outputs.events.last, #"{"event":"rows","count":2,"total":2,"loading":false}"#)
    XCTAssertTrue(outputs.events.dropFirst().dropLast().allSatisfy { $0.contains(#""panel":"list""#) })
    XCTAssertFalse(outputs.lines("didTransition").isEmpty, "the presentation's events were held")
  }

  func testResizedAndScaleChangedReportLogicalPixels() throws {
    let outputs = SessionOutputs()
    let session = try makeSession(["--rows", "5"], outputs: outputs)
    session.windowResized(width: 640, height: 480, container: nil, now: 0)
    XCTAssertEqual(outputs.events, [], "not before ready")
    session.reportReady(window: 1, width: 640, height: 480)
    session.windowResized(width: 1000, height: 800, container: Size(width: 1000, height: 800), now: 0.1)
    XCTAssertEqual(session.drawer.layout.containerSize.height, 800, "the panel took the new size")
    let resized = try XCTUnwrap(outputs.lines("resized").first)
    XCTAssertTrue(resized.hasPrefix(#"{"event":"resized","panel":"list","width":1000,"height":800"#), resized)
    try session.host.rescale(to: 2, textMetrics: FixedTextMetrics(), time: 0.2)
    session.scaleChanged(width: 1000, height: 800)
    let line = try XCTUnwrap(outputs.lines("scaleChanged").first)
    XCTAssertTrue(line.hasPrefix(#"{"event":"scaleChanged","panel":"list","scale":2.00,"width":500,"height":400"#), line)
  }

  /// A row activated outside a pick opens its detail as the activation is
  /// drained, and the detail's own events follow it.
  func testAnActivationOpensTheDetailWhenDrainedAndItsEventsFollow() throws {
    let outputs = SessionOutputs()
    // At full the list holds the arrows.
    let session = try makeSession(["--rows", "20", "--initial", "fullyExpanded"], outputs: outputs)
    session.host.detailLineCount = { _, _ in 2 }
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    outputs.events = []
    session.press(.down)
    session.press(.enter)
    XCTAssertEqual(session.host.stack.detailRow, 0)
    let activated = try XCTUnwrap(outputs.events.firstIndex { $0.hasPrefix(#"{"event":"activated""#) })
    let detail = try XCTUnwrap(outputs.events.firstIndex { $0.contains(#""panel":"detail""#) })
    XCTAssertLessThan(activated, detail)
  }

  /// An application's observer (`DrawerPanel.onEvent`) gets the list's
  /// events in order, only when they are delivered, with or without event
  /// lines; a request it makes has its events in the same delivery.
  func testTheObserverTakesTheListsEventsWhenDelivered() throws {
    let outputs = SessionOutputs()
    let session = try makeSession(["--rows", "20"], outputs: outputs, events: false)
    var seen: [DrawerEvent] = []
    session.observer = { event in
      seen.append(event)
      if event == .dismissed { session.feed(.request(.present(animated: false), time: session.time)) }
    }
    session.reportReady(window: 1, width: 800, height: 600)
    session.press(.escape)
    session.settle()
    XCTAssertEqual(seen, [], "nothing before the delivery")
    session.deliverObservedEvents()
    XCTAssertEqual(seen.first, .willTransition(from: .partiallyExpanded, to: .dismissed))
    let dismissed = try XCTUnwrap(seen.firstIndex(of: .dismissed))
    XCTAssertEqual(
      seen[..<dismissed].last, .didTransition(from: .partiallyExpanded, to: .dismissed, interrupted: false))
    XCTAssertTrue(seen[dismissed...].contains(.presented), "the observer's own request, in the same delivery")
    XCTAssertEqual(session.drawer.state, .partiallyExpanded)
    let count = seen.count
    session.deliverObservedEvents()
    XCTAssertEqual(seen.count, count, "each event once")
  }

  func testInputsSeeWhatTheFrontEndAppliesFirst() throws {
    let outputs = SessionOutputs()
    let session = try makeSession(["--rows", "5"], outputs: outputs)
    var applied = 0
    session.willFeed = { applied += 1 }
    session.feed(.pointerMove(Point(x: 10, y: 10), time: 0.5))
    XCTAssertEqual(applied, 1)
    XCTAssertEqual(session.time, 0.5)
    XCTAssertTrue(session.inputSinceFrame)
    session.advance(to: 0.4)
    XCTAssertEqual(session.time, 0.5, "time never goes back")
    XCTAssertFalse(session.inputSinceFrame)
  }
}
