import DrawerEngine
import XCTest

@testable import DrawerHost

/// `HostSession.replaceLayout(time:_:)` (and `PanelHost`'s): an
/// application's layout replaced in one step, drawn and truly reported.
final class HostSessionLayoutTests: XCTestCase {
  private func session(_ outputs: SessionOutputs) throws -> HostSession {
    let session = try makeSession(["--rows", "20", "--detents", "tip=100,half=50%,full=-0"], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    return session
  }

  func testANewEdgeIsDrawnAndReportedAsARefit() throws {
    let outputs = SessionOutputs()
    let session = try session(outputs)
    XCTAssertEqual(session.drawer.state, "half")
    session.inputSinceFrame = false
    try session.replaceLayout(time: session.time + 0.1) {
      $0.edge = .right
      $0.margins = Insets(top: 10, right: 10, bottom: 10, left: 10)
    }
    XCTAssertTrue(session.inputSinceFrame, "the next frame draws it")
    XCTAssertEqual(session.drawer.layout.edge, .right)
    XCTAssertEqual(session.drawer.state, "half")
    XCTAssertEqual(session.drawer.currentExtent, 390, "half of the 780 px between the margins")
    XCTAssertEqual(outputs.lines("refitted").count, 1)
    XCTAssertTrue(outputs.lines("refitted").last?.contains(#""state":"half""#) == true)
    // The new layout is the one a later step keeps.
    session.press(.home)
    session.settle()
    XCTAssertEqual(session.drawer.state, "full")
    XCTAssertEqual(session.drawer.layout.edge, .right)
  }

  func testNewDetentsGoToTheNearestAndABadLayoutChangesNothing() throws {
    let outputs = SessionOutputs()
    let session = try session(outputs)
    try session.replaceLayout(time: session.time + 0.1) {
      $0.detents = [Detent("low", .fromHome(120)), Detent("high", .fromFar(40))]
    }
    XCTAssertEqual(session.drawer.state, "low")
    let before = session.drawer
    XCTAssertThrowsError(try session.replaceLayout(time: session.time + 0.1) { $0.detents = [] })
    XCTAssertTrue(session.drawer === before)
    XCTAssertEqual(session.host.logicalConfiguration.detents?.map(\.name), ["low", "high"])
  }

  func testAHostRecordingATraceRefusesIt() throws {
    var lines: [String] = []
    let host = try PanelHost(
      configuration: DrawerConfiguration(), scale: 1, containerSize: Size(width: 800, height: 600),
      textMetrics: FixedTextMetrics(), time: 0, recording: (["drawer-x11"], { lines.append($0) }))
    XCTAssertThrowsError(try host.replaceLayout(time: 1) { $0.edge = .top })
    XCTAssertEqual(host.stack.list.configuration.edge, .bottom)
  }
}
