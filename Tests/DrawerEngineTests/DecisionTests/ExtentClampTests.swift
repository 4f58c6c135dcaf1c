import XCTest

@testable import DrawerEngine

/// `clampedExtent`: the app limits the panel's position at every change.
final class ExtentClampTests: XCTestCase {
  func testAClampHoldsThePanelAndTheEventsReportIt() {
    let d = Driver { $0.reportsMoves = true }
    let decider = Decider()
    decider.clamp = { min($0, 400) }
    d.engine.delegate = decider
    // A drag up from partial (300) toward y 50 (extent 550).
    d.press(400, 310)
    for y in stride(from: 290.0, through: 50, by: -20) {
      d.move(400, y)
      d.wait(0)
      XCTAssertLessThanOrEqual(d.engine.currentExtent, 400)
    }
    XCTAssertEqual(d.engine.currentExtent, 400)
    d.release(400, 50, after: 0.2)
    while d.engine.isAnimating {
      d.wait(1.0 / 60)
      XCTAssertLessThanOrEqual(d.engine.currentExtent, 400)
    }
    let reported = d.log.compactMap { if case let .moved(e, _) = $0 { e } else { nil } }
    XCTAssertFalse(reported.isEmpty)
    XCTAssertLessThanOrEqual(reported.max() ?? 0, 400)
    XCTAssertEqual(reported.last, 400)
    XCTAssertEqual(d.model.drawerTop, 200, accuracy: 1e-9)
  }
}
