import TestSupport
import XCTest

@testable import DrawerEngine

/// The list inside the drawer and its hand-off with the drawer. At full the
/// list's viewport starts at y = 48 and holds 552 px of 44 px rows.
final class PullToDismissTests: XCTestCase {
  func full(_ configure: @escaping (inout DrawerConfiguration) -> Void = { _ in }) -> Driver {
    Driver {
      $0.initialState = .fullyExpanded
      configure(&$0)
    }
  }

  func offset(_ d: Driver) -> Double { d.model.list.contentOffset }

  // Edge cases.

  func testWheelScrollsOnlyAtFull() {
    let d = Driver()
    d.send(.wheel(steps: 3, at: Point(x: 400, y: 450), time: d.time))
    XCTAssertEqual(offset(d), 0)
    d.key(.home)
    d.settle()
    d.send(.wheel(steps: 3, at: Point(x: 400, y: 450), time: d.time))
    XCTAssertEqual(offset(d), 3 * wheelStep)
    d.send(.wheel(steps: -10, at: Point(x: 400, y: 450), time: d.time))
    XCTAssertEqual(offset(d), 0, "clamped at the top")
  }

  func testWheelScrollsInEveryStateWhenAllowed() {
    let d = Driver { $0.listScrollsInAllStates = true }
    d.send(.wheel(steps: 2, at: Point(x: 400, y: 450), time: d.time))
    XCTAssertEqual(offset(d), 2 * wheelStep)
  }

  func testWheelIsClampedAtTheEnd() {
    let d = full { $0.rowCount = 20 }
    d.send(.wheel(steps: 100, at: Point(x: 400, y: 450), time: d.time))
    XCTAssertEqual(offset(d), 20 * 44 - 552)
  }

  func testWheelOutsideTheListDoesNothing() {
    let d = full()
    d.send(.wheel(steps: 3, at: Point(x: 400, y: 20), time: d.time))
    XCTAssertEqual(offset(d), 0)
  }

  // Pull to dismiss.

  func testPullingTheListAtItsTopMovesTheDrawer() {
    let d = full()
    d.press(400, 200)
    d.move(400, 250)
    XCTAssertEqual(d.top, 50)
    XCTAssertEqual(offset(d), 0)
    XCTAssertTrue(d.log.contains(.dragBegan(state: .fullyExpanded)))
  }

  func testScrolledListScrollsBackFirstThenMovesTheDrawerWithoutAJump() {
    let d = full()
    d.send(.wheel(steps: 3, at: Point(x: 400, y: 450), time: d.time))
    XCTAssertEqual(offset(d), 144)
    d.press(400, 100)
    var pointer = 100.0
    for _ in 0..<30 {
      pointer += 10
      d.move(400, pointer, after: 0.02)
      let travelled = pointer - 100
      // Together they follow the pointer exactly: list first, then drawer.
      XCTAssertEqual(offset(d), max(0, 144 - travelled), accuracy: 1e-9)
      XCTAssertEqual(d.top, max(0, travelled - 144), accuracy: 1e-9)
    }
  }

  func testOneGestureHandsOffBothWays() {
    let d = full()
    d.send(.wheel(steps: 1, at: Point(x: 400, y: 450), time: d.time))
    d.press(400, 100)
    d.move(400, 248)  // 48 to the list, 100 to the drawer
    XCTAssertEqual(offset(d), 0)
    XCTAssertEqual(d.top, 100)
    d.move(400, 78)  // up 170: the drawer rises 100 to full, the list takes 70
    XCTAssertEqual(d.top, 0)
    XCTAssertEqual(offset(d), 70)
    d.move(400, 178)  // down 100: list back 70, drawer 30
    XCTAssertEqual(offset(d), 0)
    XCTAssertEqual(d.top, 30)
  }

  func testFastPullFromTheListIsAFlickInPixelsPerSecond() {
    // DrawerKit's list path reads velocity in px/ms and almost never flicks.
    let d = full()
    d.drag(from: Point(x: 400, y: 200), to: Point(x: 400, y: 320), duration: 0.04, steps: 4)
    XCTAssertEqual(d.lastDragEnd?.rule, .flickDown)
    XCTAssertGreaterThan(d.lastDragEnd!.velocity, 1800)
    d.settle()
    XCTAssertEqual(d.state, .dismissed)
  }

  func testSlowPullFromTheListDecidesByTheMarks() {
    let d = full()
    d.drag(from: Point(x: 400, y: 100), to: Point(x: 400, y: 400), duration: 1.5, steps: 30, hold: 0.2)
    XCTAssertEqual(d.lastDragEnd?.rule, .partialBand)
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded)
  }

  func testInPartialTheListRaisesTheDrawerThenScrolls() {
    let d = Driver()
    d.press(400, 450)
    d.move(400, 100)  // up 350: 300 to the drawer, then at full 50 to the list
    XCTAssertEqual(d.top, 0)
    XCTAssertEqual(offset(d), 50)
    d.release(400, 100, after: 0.2)
    XCTAssertEqual(d.state, .fullyExpanded)
  }

  func testInPartialADownwardListDragMovesTheDrawerEvenWhenScrolled() {
    // Scrolling is off in partial, so the drawer owns downward motion.
    let d = full()
    d.send(.wheel(steps: 2, at: Point(x: 400, y: 450), time: d.time))
    d.send(.request(.move(to: .partiallyExpanded, animated: false), time: d.time))
    d.press(400, 450)
    d.move(400, 500)
    XCTAssertEqual(d.top, 350)
    XCTAssertEqual(offset(d), 96)
  }

  func testNotDraggableListNeverMovesTheDrawer() {
    let d = full { $0.isDrawerDraggable = false }
    d.press(400, 200)
    d.move(400, 400)
    XCTAssertEqual(d.top, 0)
    d.move(400, 100)
    XCTAssertEqual(offset(d), 300)
  }

  /// A motion the list takes whole never begins a drag of the panel, even
  /// where the offset's sum rounds: 509.856… + 18 − 509.856… is 18 − 6e-14
  /// in doubles, and that crumb once moved a top panel and sent dragBegan.
  func testAMotionTheListTakesWholeNeverMovesThePanel() {
    let d = Driver {
      $0.edge = .top
      $0.initialState = .fullyExpanded
    }
    d.engine.contentOffset = 509.8563085407073
    d.press(400, 300)
    d.move(400, 282)
    XCTAssertEqual(offset(d), 509.8563085407073 + 18)
    XCTAssertEqual(d.engine.currentExtent, 600, "not a crumb of a px")
    XCTAssertFalse(d.log.contains { if case .dragBegan = $0 { true } else { false } })
  }

  // Momentum.

  func testAFlickOfTheListCoastsAndStops() {
    let d = full()
    d.drag(from: Point(x: 400, y: 500), to: Point(x: 400, y: 300), duration: 0.1, steps: 10)
    let released = offset(d)
    XCTAssertEqual(released, 200, accuracy: 1e-9)
    XCTAssertTrue(d.engine.isAnimating)
    d.wait(0.2)
    XCTAssertGreaterThan(offset(d), released)
    XCTAssertTrue(d.settle())
    XCTAssertEqual(d.state, .fullyExpanded, "coasting never moves the drawer")
  }

  func testAFlingThatHitsTheTopWhileCoastingLeavesTheDrawer() {
    let d = full()
    d.send(.wheel(steps: 2, at: Point(x: 400, y: 450), time: d.time))
    d.drag(from: Point(x: 400, y: 100), to: Point(x: 400, y: 180), duration: 0.04, steps: 4)
    XCTAssertEqual(offset(d), 16, accuracy: 1e-9)
    XCTAssertTrue(d.settle())
    XCTAssertEqual(offset(d), 0)
    XCTAssertEqual(d.top, 0)
    XCTAssertFalse(d.log.contains { if case .dragBegan = $0 { true } else { false } })
  }

  func testAPressStopsTheCoasting() {
    let d = full()
    d.drag(from: Point(x: 400, y: 500), to: Point(x: 400, y: 300), duration: 0.1, steps: 10)
    d.wait(0.05)
    d.press(400, 300)
    let caught = offset(d)
    d.wait(0.3)
    XCTAssertEqual(offset(d), caught)
    XCTAssertNil(d.engine.momentum)
  }

  func testReleasingAtFullAfterRaisingHandsTheSpeedToTheList() {
    let d = Driver()
    d.press(400, 450)
    for i in 1...20 { d.move(400, 450 - Double(i) * 25, after: 0.01) }
    d.release(400, -50, after: 0.001)
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertTrue(d.engine.isAnimating, "the list coasts on")
    let before = offset(d)
    d.wait(0.1)
    XCTAssertGreaterThan(offset(d), before)
  }

  // Sweep: the shared motion never outruns the pointer.

  func testDrawerNeverMovesMoreThanThePointer() {
    // Measured from the press: the step that crosses the click slop catches
    // up on the motion before it, so single steps may exceed their own delta.
    var rng = SplitMix64(seed: 0xD4A3)
    for _ in 0..<200 {
      let d = Driver { $0.initialState = Bool.random(using: &rng) ? .fullyExpanded : .partiallyExpanded }
      d.send(.wheel(steps: Double(Int.random(in: 0...5, using: &rng)), at: Point(x: 400, y: 500), time: d.time))
      var pointer = 500.0
      var pointerPath = 0.0, drawerPath = 0.0, listPath = 0.0
      d.press(400, pointer)
      for _ in 0..<15 {
        let dy = Double.random(in: -120...120, using: &rng)
        let before = (top: d.top, offset: offset(d))
        pointer += dy
        pointerPath += abs(dy)
        d.move(400, pointer, after: 0.016)
        drawerPath += abs(d.top - before.top)
        listPath += abs(offset(d) - before.offset)
        XCTAssertLessThanOrEqual(drawerPath, pointerPath + 1e-9)
        XCTAssertLessThanOrEqual(drawerPath + listPath, pointerPath + 1e-9)
      }
      d.release(400, pointer)
      XCTAssertTrue(d.settle())
    }
  }
}
