import XCTest

@testable import DrawerEngine

/// `surfaceLocation(for:)`, `isAttracting`, `headingState`, `nearbyState`,
/// `isDragged` and `moveProgress`.
final class PanelQueriesTests: XCTestCase {
  func testSurfaceLocationIsWhereTheSheetRestsAtTheDetent() {
    let d = Driver()
    XCTAssertEqual(d.engine.surfaceLocation(for: .partiallyExpanded), Point(x: 0, y: 300))
    XCTAssertEqual(d.engine.surfaceLocation(for: .fullyExpanded), Point(x: 0, y: 0))
    XCTAssertEqual(d.engine.surfaceLocation(for: .dismissed), Point(x: 0, y: 600))
    XCTAssertNil(d.engine.surfaceLocation(for: "nowhere"))
    d.key(.home)
    d.settle()
    XCTAssertEqual(Point(x: d.model.drawerFrame.minX, y: d.model.drawerFrame.minY), d.engine.surfaceLocation(for: .fullyExpanded))
  }

  func testSurfaceLocationFollowsAnEdgeAndMargins() {
    let d = Driver {
      $0.edge = .left
      $0.margins = Insets(top: 10, right: 20, bottom: 10, left: 20)
    }
    let resting = Point(x: d.model.drawerFrame.minX, y: d.model.drawerFrame.minY)
    XCTAssertEqual(d.engine.surfaceLocation(for: d.engine.nominalState), resting)
  }

  func testAReleaseAttractsAndAKeyMoveDoesNot() {
    let d = Driver()
    XCTAssertFalse(d.engine.isAttracting)
    XCTAssertNil(d.engine.headingState)
    d.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 250), duration: 0.05)
    XCTAssertTrue(d.engine.isAttracting)
    XCTAssertEqual(d.engine.headingState, .fullyExpanded)
    d.settle()
    XCTAssertFalse(d.engine.isAttracting)
    XCTAssertNil(d.engine.headingState)

    d.send(.request(.dismiss(animated: true), time: d.time))
    d.wait(0.05)
    XCTAssertFalse(d.engine.isAttracting)
    XCTAssertNotNil(d.engine.headingState)
    XCTAssertEqual(d.engine.headingState, d.engine.nominalState)
  }

  /// Partial rests at 300 px, full at 600; DrawerKit's marks lie 40 px
  /// either side of partial.
  func testNearbyStateIsWhereAStillReleaseWouldGo() {
    let d = Driver()
    XCTAssertEqual(d.engine.nearbyState, .partiallyExpanded)
    d.press(400, 310)
    d.move(400, 280)
    XCTAssertTrue(d.engine.isDragged)
    XCTAssertEqual(d.engine.nearbyState, .partiallyExpanded, "within the band")
    d.move(400, 200)
    XCTAssertEqual(d.engine.nearbyState, .fullyExpanded, "above the upper mark")
    d.move(400, 420)
    XCTAssertEqual(d.engine.nearbyState, .dismissed, "below the lower mark")
    // Asked, it decides nothing: no event, and the drag goes on.
    let before = d.log.count
    _ = d.engine.nearbyState
    XCTAssertEqual(d.log.count, before)
    d.release(400, 420, after: 0.3)
    XCTAssertFalse(d.engine.isDragged)
  }

  func testNearbyStateUsesTheDelegatesPolicy() {
    let d = Driver()
    let decider = Decider()
    decider.policy = CustomPolicyTests.AlwaysMostExpanded()
    d.engine.delegate = decider
    XCTAssertEqual(d.engine.nearbyState, .fullyExpanded)
  }

  func testMoveProgressRunsFromZeroToOne() {
    let d = Driver()
    let decider = Decider()
    decider.timing = { _ in CustomTimingTests.Linear(duration: 0.5) }
    d.engine.delegate = decider
    XCTAssertNil(d.engine.moveProgress)
    d.key(.home)
    XCTAssertEqual(d.engine.moveProgress ?? -1, 0, accuracy: 1e-9)
    d.wait(0.125)
    XCTAssertEqual(d.engine.moveProgress ?? -1, 0.25, accuracy: 1e-9)
    d.settle()
    XCTAssertNil(d.engine.moveProgress)
  }
}
