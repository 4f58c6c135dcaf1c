import XCTest

@testable import DrawerEngine

/// The engine with each release policy, overdrag and removal setting:
/// DrawerKit's three states driven by FloatingPanel's and OverlayContainer's
/// rules. (600 px window: collapsed at y 520, partial at 300, full at 0.)
final class ReleaseChoiceTests: XCTestCase {
  func driver(_ configure: (inout DrawerConfiguration) -> Void) -> Driver {
    Driver { c in
      c.heightOfCollapsedDrawer = 80
      configure(&c)
    }
  }

  // Policies.

  func testProjectionMovesOnPastHalfTheWayAndOnlyToTheNextState() {
    // From partial (extent 300) toward full (600): 150 px of projection
    // is the redirection point, about 301 px/s.
    let slow = driver { $0.releasePolicy = .projection(allowsSkipping: false, removalRate: 5.5) }
    slow.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 290), duration: 0.2)
    slow.settle()
    XCTAssertEqual(slow.state, .partiallyExpanded)
    XCTAssertEqual(slow.lastDragEnd?.rule, .returned)

    let fast = driver { $0.releasePolicy = .projection(allowsSkipping: false, removalRate: 5.5) }
    fast.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 250), duration: 0.1)
    fast.settle()
    XCTAssertEqual(fast.state, .fullyExpanded)
    XCTAssertEqual(fast.lastDragEnd?.rule, .projected)

    // A hard flick down from full stops at partial: adjacent only.
    let flick = driver { $0.releasePolicy = .projection(allowsSkipping: false, removalRate: 1000) }
    flick.key(.home)
    flick.settle()
    flick.drag(from: Point(x: 400, y: 30), to: Point(x: 400, y: 200), duration: 0.05)
    flick.settle()
    XCTAssertEqual(flick.state, .partiallyExpanded)
  }

  func testProjectionRemovesAtFiveAndAHalfTimesTheDistance() {
    let d = driver { $0.releasePolicy = .projection(allowsSkipping: false, removalRate: 5.5) }
    // From partial down 100 px in 0.05 s: 2000 px/s at 200 px from dismissed.
    d.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 410), duration: 0.05)
    d.settle()
    XCTAssertEqual(d.state, .dismissed)
    XCTAssertEqual(d.lastDragEnd?.rule, .removal)
  }

  func testNearestTakesTheClosestStateWhenSlow() {
    let d = driver { $0.releasePolicy = .nearest }
    d.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 160), duration: 1, hold: 0.2)
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded, "y 160 is nearer partial (300) than full (0)")
    XCTAssertEqual(d.lastDragEnd?.rule, .nearest)
    let e = driver { $0.releasePolicy = .nearest }
    e.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 140), duration: 1, hold: 0.2)
    e.settle()
    XCTAssertEqual(e.state, .fullyExpanded)
  }

  // Removal.

  func testWithoutRemovalNoReleaseDismissesButEscapeStillDoes() {
    let d = driver { $0.allowsRemoval = false }
    d.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 590), duration: 0.05)
    d.settle()
    XCTAssertEqual(d.state, .collapsed, "a hard flick down stops at the lowest state")
    XCTAssertEqual(d.top, 520)
    // Dragging down stops at the lowest state too.
    d.press(400, 530)
    d.move(400, 600)
    XCTAssertEqual(d.top, 520)
    d.release(400, 600)
    d.key(.escape)
    d.settle()
    XCTAssertEqual(d.state, .dismissed)
  }

  // Overdrag.

  func testARubberBandStretchesPastFullAndSettlesBack() {
    let d = driver {
      $0.overdrag = .rubberBand(.floatingPanel)
      $0.fullExpansionBehaviour = .leavesCustomGap(100)
    }
    d.key(.home)
    d.settle()
    XCTAssertEqual(d.top, 100)
    d.press(400, 120)
    d.move(400, 220, after: 0.5)
    d.move(400, 20, after: 0.5)  // 100 px past full
    let stretched = 100 - RubberBand.floatingPanel(overshoot: 100, dimension: 600)
    XCTAssertEqual(d.top, stretched, accuracy: 1e-9)
    XCTAssertEqual(d.model.drawerFrame.maxY, 600, "the sheet grows: no gap below it")
    d.release(400, 20, after: 0.3)
    var frames = 0
    while d.engine.isAnimating && frames < 600 {
      d.wait(1.0 / 60)
      XCTAssertGreaterThanOrEqual(d.top, stretched - 1e-9, "never snaps past where it was let go")
      frames += 1
    }
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertEqual(d.top, 100)
    // At a full that covers the window there is nothing beyond to show.
    let covering = driver { $0.overdrag = .rubberBand(.floatingPanel) }
    covering.key(.home)
    covering.settle()
    covering.press(400, 20)
    covering.move(400, 120)
    covering.move(400, -80)
    XCTAssertEqual(covering.top, 0)
  }

  func testClampIsDrawerKitsDefault() {
    let d = driver { _ in }
    d.key(.home)
    d.settle()
    d.press(400, 20)
    d.move(400, -100)
    XCTAssertEqual(d.top, 0)
  }

  func testAnOverlayContainerBandBelowTheLowestStateWithoutRemoval() {
    let d = driver {
      $0.overdrag = .rubberBand(.overlayContainer(factor: 0.5))
      $0.allowsRemoval = false
    }
    d.key(.end)
    d.settle()
    XCTAssertEqual(d.top, 520)
    d.press(400, 530)
    d.move(400, 580)  // 50 px below collapsed (extent 80 → 30)
    let shown = 600 - (2 * 80 - RubberBand.overlayContainer(target: 130, limit: 80, factor: 0.5))
    XCTAssertEqual(d.top, shown, accuracy: 1e-9)
    XCTAssertLessThan(d.top, 570, "resisted")
    d.release(400, 580, after: 0.3)
    d.settle()
    XCTAssertEqual(d.state, .collapsed)
  }

  func testBadChoicesAreRefusedByValidation() {
    var c = DrawerConfiguration()
    c.releasePolicy = .projection(allowsSkipping: false, removalRate: .nan)
    XCTAssertThrowsError(try c.validate())
    c = DrawerConfiguration()
    c.overdrag = .rubberBand(.overlayContainer(factor: 0))
    XCTAssertThrowsError(try c.validate())
  }
}
