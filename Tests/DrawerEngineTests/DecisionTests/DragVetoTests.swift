import XCTest

@testable import DrawerEngine

/// `shouldBeginDragAt`: a refused press moves nothing and reports no drag.
/// (600 px window: partial at y 300, full at 0; the header is just below
/// the sheet's top, the list lower down.)
final class DragVetoTests: XCTestCase {
  func testARefusedHeaderDragMovesNothingAndSendsNoDragEvents() {
    let d = Driver()
    let decider = Decider()
    var asked: [Point] = []
    decider.beginDrag = { asked.append($0); return false }
    d.engine.delegate = decider
    let top = d.top
    let before = d.log.count
    d.press(400, 310)
    for y in stride(from: 300.0, through: 100, by: -20) {
      d.move(400, y)
      XCTAssertEqual(d.top, top)
    }
    d.release(400, 100)
    d.settle()
    XCTAssertEqual(d.top, top)
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertEqual(d.dragEvents, [])
    XCTAssertFalse(d.log[before...].contains { if case .willTransition = $0 { true } else { false } })
    // Asked once, with the press's point in window px.
    XCTAssertEqual(asked, [Point(x: 400, y: 310)])
  }

  func testAnAllowedHeaderDragMoves() {
    let d = Driver()
    let decider = Decider()
    decider.beginDrag = { _ in true }
    d.engine.delegate = decider
    d.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 200), duration: 0.5, hold: 0.2)
    XCTAssertEqual(decider.calls["beginDrag"], 1)
    XCTAssertEqual(d.dragEvents.count, 2)
  }

  func testARefusedListDragLeavesThePanelWhereItIs() {
    let d = Driver()
    let decider = Decider()
    decider.beginDrag = { _ in false }
    d.engine.delegate = decider
    let top = d.top
    d.drag(from: Point(x: 400, y: 500), to: Point(x: 400, y: 300), duration: 0.5)
    d.settle()
    XCTAssertEqual(d.top, top)
    XCTAssertEqual(d.dragEvents, [])
    // Asked at the first motion the list would hand over, not at every one.
    XCTAssertEqual(decider.calls["beginDrag"], 1)
  }

  func testARefusedCatchLetsTheMoveGoOn() {
    let d = Driver()
    let decider = Decider()
    decider.beginDrag = { _ in false }
    d.engine.delegate = decider
    d.key(.home)
    d.wait(0.1)
    XCTAssertNotNil(d.engine.headingState)
    d.press(400, d.top + 10)
    d.release(400, d.top + 10, after: 0.02)
    d.settle()
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertEqual(d.dragEvents, [])
    // The present's, then the move's, neither interrupted.
    XCTAssertEqual(d.didTransitions.map(\.2), [false, false])
  }
}
