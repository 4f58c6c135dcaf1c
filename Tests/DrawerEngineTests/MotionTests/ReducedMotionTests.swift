import XCTest

@testable import DrawerEngine

/// Reduced motion: every move lands in the frame it starts, with the same
/// events a slide has; drags still follow the pointer.
final class ReducedMotionTests: XCTestCase {
  func testAFlickLandsAtOnceAndReportsBothEnds() {
    let d = Driver { $0.reducesMotion = true }
    let top = d.top
    d.drag(from: Point(x: 400, y: top + 20), to: Point(x: 400, y: top - 80), duration: 0.05, steps: 5)
    XCTAssertFalse(d.engine.isAnimating, "no slide after the release")
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertEqual(d.model.extent, d.layout.fullExtent, accuracy: 0.5, "at the detent in the same frame")
    let names = d.log.map { "\($0)" }
    XCTAssertTrue(names.contains { $0.hasPrefix("willTransition") }, "\(names)")
    XCTAssertTrue(names.contains { $0.hasPrefix("didTransition") && $0.contains("interrupted: false") }, "\(names)")
  }

  func testTheSameFlickSlidesWithoutIt() {
    let d = Driver()
    let top = d.top
    d.drag(from: Point(x: 400, y: top + 20), to: Point(x: 400, y: top - 80), duration: 0.05, steps: 5)
    XCTAssertTrue(d.engine.isAnimating, "the release slides to its detent")
  }

  func testRequestsAndKeysLandAtOnce() {
    let d = Driver({ $0.reducesMotion = true }, present: false)
    d.send(.request(.present(animated: true), time: d.time))
    XCTAssertFalse(d.engine.isAnimating)
    XCTAssertNotEqual(d.state, .dismissed)
    d.send(.key(.expandStage, time: d.time + 0.1))
    XCTAssertFalse(d.engine.isAnimating)
    d.send(.request(.dismiss(animated: true), time: d.time + 0.2))
    XCTAssertFalse(d.engine.isAnimating)
    XCTAssertEqual(d.state, .dismissed)
  }

  func testADragStillFollowsThePointer() {
    let reduced = Driver { $0.reducesMotion = true }
    let plain = Driver()
    let start = reduced.top
    for d in [reduced, plain] {
      d.press(400, start + 20)
      d.move(400, start - 10)
      d.move(400, start - 40)
    }
    XCTAssertLessThan(reduced.top, start - 20, "the panel came up with the pointer")
    XCTAssertEqual(reduced.top, plain.top, "as far as without reduced motion")
  }
}
