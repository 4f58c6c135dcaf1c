import XCTest

@testable import DrawerEngine

/// `shouldAllowScrollAt`: the app decides where the list scrolls.
/// (600 px window: partial at y 300; the list lies below the header.)
final class ScrollDecisionTests: XCTestCase {
  /// A drag up on the list at partial, where every detent scrolls.
  func dragUpOnTheList(_ decider: Decider?) -> Driver {
    let d = Driver { $0.listScrollsInAllStates = true }
    d.engine.delegate = decider
    d.drag(from: Point(x: 400, y: 500), to: Point(x: 400, y: 400), duration: 0.5, hold: 0.2)
    return d
  }

  func testARefusalAtADetentKeepsTheListFromScrollingThere() {
    let decider = Decider()
    var asked: Set<DetentName> = []
    decider.scroll = { detent, proposed in
      asked.insert(detent)
      return detent == .partiallyExpanded ? false : proposed
    }
    let d = dragUpOnTheList(decider)
    XCTAssertEqual(d.model.list.contentOffset, 0)
    XCTAssertTrue(asked.contains(.partiallyExpanded))
    // The motion went to the panel instead.
    XCTAssertTrue(d.dragEvents.contains(.dragBegan(state: .partiallyExpanded)))
  }

  func testWithoutARefusalTheListScrolls() {
    let d = dragUpOnTheList(Decider())
    XCTAssertEqual(d.model.list.contentOffset, 100, accuracy: 1e-9)
    XCTAssertEqual(d.dragEvents, [])
  }

  func testAnAllowanceMakesTheListScrollWhereItWouldNot() {
    let decider = Decider()
    decider.scroll = { _, _ in true }
    let d = Driver()
    d.engine.delegate = decider
    d.drag(from: Point(x: 400, y: 500), to: Point(x: 400, y: 400), duration: 0.5, hold: 0.2)
    XCTAssertEqual(d.model.list.contentOffset, 100, accuracy: 1e-9)
  }
}
