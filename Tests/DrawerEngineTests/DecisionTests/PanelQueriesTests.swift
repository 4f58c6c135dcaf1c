import XCTest

@testable import DrawerEngine

/// `surfaceLocation(for:)`, `isAttracting` and `headingState`.
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
}
