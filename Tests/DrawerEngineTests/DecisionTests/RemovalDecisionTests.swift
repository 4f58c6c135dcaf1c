import XCTest

@testable import DrawerEngine

/// `shouldRemoveFor`: the app allows or refuses a release's removal.
/// (600 px window: collapsed at y 520, partial at 300, full at 0.)
final class RemovalDecisionTests: XCTestCase {
  func projection() -> Driver {
    Driver {
      $0.heightOfCollapsedDrawer = 80
      $0.releasePolicy = .projection(allowsSkipping: false, removalRate: 5.5)
    }
  }

  func testARefusedRemovalSettlesAtTheLowestDetent() {
    let d = projection()
    let decider = Decider()
    var proposals: [Bool] = []
    decider.remove = { _, proposed in proposals.append(proposed); return false }
    d.engine.delegate = decider
    // 2000 px/s at 200 px from hidden: the policy removes.
    d.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 410), duration: 0.05)
    d.settle()
    XCTAssertEqual(proposals, [true])
    XCTAssertEqual(d.state, .collapsed)
    XCTAssertEqual(d.lastDragEnd?.target, .collapsed)
    XCTAssertEqual(d.lastDragEnd?.rule, .delegated)
    XCTAssertFalse(d.log.contains(.dismissed))
  }

  func testAnAllowedRemovalRemovesWhereThePolicyWouldNot() {
    let d = projection()
    let decider = Decider()
    decider.remove = { r, _ in r.velocity < 0 }
    d.engine.delegate = decider
    // Slow: the policy alone returns to partial.
    d.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 330), duration: 0.5)
    d.settle()
    XCTAssertEqual(d.state, .dismissed)
    XCTAssertEqual(d.lastDragEnd?.rule, .removal)
    XCTAssertTrue(d.log.contains(.dismissed))
  }

  func testWithoutRemovalTheDecisionIsNeverAsked() {
    let d = Driver { $0.allowsRemoval = false }
    let decider = Decider()
    decider.remove = { _, _ in true }
    d.engine.delegate = decider
    d.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 410), duration: 0.05)
    d.settle()
    XCTAssertNil(decider.calls["remove"])
    XCTAssertEqual(d.state, .partiallyExpanded)
  }
}
