import XCTest

@testable import DrawerEngine

/// Clicks and presses outside the panel that reach the windows beneath,
/// in the states the configuration names.
final class PassthroughTests: XCTestCase {
  func testOutsideClicksPassThroughInTheChosenStatesOnly() {
    let d = Driver { $0.passthroughTouchesInStates = [.partiallyExpanded] }
    d.click(400, 100)
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertFalse(d.log.contains(.exteriorTap))
    let gap = Driver {
      $0.passthroughTouchesInStates = [.partiallyExpanded]
      $0.initialState = .fullyExpanded
      $0.fullExpansionBehaviour = .leavesCustomGap(80)
    }
    gap.click(400, 40)
    gap.settle()
    XCTAssertEqual(gap.state, .dismissed, "full is not a passthrough state")
  }

  /// In a passthrough state a press outside belongs to the content behind
  /// (`passesThrough`), as with `passthrough` at every detent; in any
  /// other state, and while hidden, the panel keeps it.
  func testPressesPassThroughInTheChosenStatesOnly() {
    let outside = Point(x: 400, y: 40)
    let d = Driver {
      $0.passthroughTouchesInStates = [.partiallyExpanded]
      $0.fullExpansionBehaviour = .leavesCustomGap(80)
    }
    XCTAssertTrue(d.engine.passesThrough(outside))
    XCTAssertFalse(d.engine.passesThrough(Point(x: 400, y: 500)), "inside the panel")
    d.engine.move(to: .fullyExpanded, animated: true)
    XCTAssertFalse(d.engine.passesThrough(outside), "heading for full, which is modal")
    d.settle()
    XCTAssertFalse(d.engine.passesThrough(outside))
    d.engine.dismiss(animated: false)
    XCTAssertFalse(d.engine.passesThrough(outside), "hidden: a click presents it")
  }
}
