import XCTest

@testable import DrawerEngine

/// The engine's keys, and what cancels or finishes a move: the same
/// 800 × 600 container as `DrawerEngineTests`.
extension DrawerEngineTests {
  // Keys.

  func testKeysStepThroughStates() {
    // No rows: where the list has rows and scrolls (at full), the same
    // keys move the selection instead (SelectionTests).
    let d = Driver {
      $0.heightOfCollapsedDrawer = 80
      $0.rowCount = 0
    }
    d.key(.up)
    d.settle()
    XCTAssertEqual(d.state, .fullyExpanded)
    d.key(.up)
    d.settle()
    XCTAssertEqual(d.state, .fullyExpanded)
    d.key(.pageDown)
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded)
    d.key(.down)
    d.settle()
    XCTAssertEqual(d.state, .collapsed)
    d.key(.down)
    d.settle()
    XCTAssertEqual(d.state, .collapsed, "a downward step stops where a flick would")
    d.key(.home)
    d.settle()
    XCTAssertEqual(d.state, .fullyExpanded)
    d.key(.end)
    d.settle()
    XCTAssertEqual(d.state, .collapsed)
    d.key(.escape)
    d.settle()
    XCTAssertEqual(d.state, .dismissed)
    d.key(.space)
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded)
    d.key(.escape)
    d.settle()
    d.key(.enter)
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded)
  }

  func testDownFromPartialDismissesWithoutACollapsedState() {
    let d = Driver()
    d.key(.down)
    d.settle()
    XCTAssertEqual(d.state, .dismissed)
  }

  func testEscapeDuringADragPutsTheDrawerBack() {
    let d = Driver()
    let presentation = d.log.count
    d.press(400, 310)
    d.move(400, 100)
    d.key(.escape)
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded)
    d.move(400, 50)
    XCTAssertEqual(d.top, 300, "the rest of that press does nothing")
    d.release(400, 50)
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertEqual(
      Array(d.log[presentation...]),
      [
        .dragBegan(state: .partiallyExpanded), .dragCancelled(state: .partiallyExpanded),
        .willTransition(from: .partiallyExpanded, to: .partiallyExpanded),
        .didTransition(from: .partiallyExpanded, to: .partiallyExpanded, interrupted: false),
      ])
  }

  func testEscapeDuringAListDragThatMovedTheDrawerCancelsIt() {
    let d = Driver()
    d.key(.home)
    d.settle()
    d.press(400, 300)
    d.move(400, 420)
    d.key(.escape)
    d.settle()
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertTrue(d.log.contains(.dragCancelled(state: .fullyExpanded)), "\(d.log)")
    XCTAssertFalse(d.log.contains { if case .dragEnded = $0 { true } else { false } })
  }

  func testARequestDuringADragCancelsIt() {
    let d = Driver()
    d.press(400, 310)
    d.move(400, 200)
    d.send(.request(.dismiss(animated: true), time: d.time))
    d.release(400, 200)
    d.settle()
    XCTAssertEqual(d.state, .dismissed)
    XCTAssertEqual(d.log.filter { if case .dragCancelled = $0 { true } else { false } }.count, 1)
    XCTAssertFalse(d.log.contains { if case .dragEnded = $0 { true } else { false } })
  }

  func testAClickThatNeverDraggedIsNotCancelled() {
    let d = Driver()
    d.press(400, 310)
    d.key(.escape)
    d.release(400, 310)
    d.settle()
    XCTAssertFalse(d.log.contains { if case .dragCancelled = $0 { true } else { false } })
  }

  // Finishing.

  func testFinishCancelsTheRunningMove() {
    let d = Driver()
    d.key(.home)
    d.wait(0.1)
    let top = d.top
    d.engine.finish(at: d.time + 0.001)
    d.drain()
    XCTAssertEqual(d.log.last, .transitionCancelled(from: .partiallyExpanded, to: .fullyExpanded))
    XCTAssertFalse(d.engine.isAnimating)
    XCTAssertLessThan(d.top, 300)
    XCTAssertLessThanOrEqual(d.top, top)
  }

  func testFinishCancelsADragAndStopsTheList() {
    let d = Driver()
    d.press(400, 310)
    d.move(400, 200)
    d.engine.finish(at: d.time)
    d.drain()
    XCTAssertEqual(d.log.last, .dragCancelled(state: .partiallyExpanded))
    d.release(400, 200)
    XCTAssertFalse(d.engine.isAnimating, "the release after finishing does nothing")
    XCTAssertEqual(d.log.last, .dragCancelled(state: .partiallyExpanded))
  }

  func testFinishAtRestReportsNothing() {
    let d = Driver()
    let before = d.log.count
    d.engine.finish(at: d.time + 1)
    d.drain()
    XCTAssertEqual(d.log.count, before)
  }

  func testAKeyDuringAMoveRetargetsAndPairsTheEvents() {
    let d = Driver()
    d.key(.home)
    d.wait(0.1)
    d.key(.escape)
    d.settle()
    XCTAssertEqual(d.state, .dismissed)
    XCTAssertEqual(d.didTransitions.map(\.2), [false, true, false])
  }
}
