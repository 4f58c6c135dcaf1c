import XCTest

@testable import DrawerEngine

/// The engine's behaviour through its frame contract: inputs in, render
/// model and events out. The container is 800 × 600; partial is at y = 300,
/// the marks at 260 and 340; the header is 48 px tall.
final class DrawerEngineTests: XCTestCase {
  // Presenting and dismissing.

  func testStartsDismissedAndPresentsToItsInitialState() {
    let d = Driver(present: false)
    XCTAssertEqual(d.state, .dismissed)
    XCTAssertEqual(d.top, 600)
    d.send(.request(.present(animated: false), time: 0))
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertEqual(d.top, 300)
    XCTAssertEqual(d.log, [.willTransition(from: .dismissed, to: .partiallyExpanded),
                           .didTransition(from: .dismissed, to: .partiallyExpanded, interrupted: false), .presented])
  }

  func testInitialStateWithoutPartialIsFull() {
    let d = Driver { $0.supportsPartialExpansion = false }
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertEqual(d.top, 0)
  }

  func testAnimatedPresentMovesThenArrives() {
    let d = Driver(present: false)
    d.send(.request(.present(animated: true), time: 0))
    XCTAssertNil(d.state)
    XCTAssertTrue(d.engine.isAnimating)
    d.wait(0.1)
    XCTAssertLessThan(d.top, 600)
    XCTAssertGreaterThan(d.top, 300)
    XCTAssertTrue(d.settle())
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertEqual(d.log.last, .presented)
  }

  func testAnimationLastsTheConfiguredDuration() {
    let d = Driver {
      $0.timingCurve = .linear
      $0.totalDurationInSeconds = 1
    }
    d.key(.home)
    d.wait(0.5)
    XCTAssertEqual(d.top, 150, accuracy: 1e-9)
    d.wait(0.499)
    XCTAssertNil(d.state)
    d.wait(0.002)
    XCTAssertEqual(d.state, .fullyExpanded)
  }

  func testProportionalDurationScalesWithDistance() {
    let d = Driver {
      $0.timingCurve = .linear
      $0.totalDurationInSeconds = 1.2
      $0.durationIsProportionalToDistanceTraveled = true
    }
    d.key(.home)  // 300 of 600 px: half the total, 0.6 s.
    d.wait(0.59)
    XCTAssertNil(d.state)
    d.wait(0.02)
    XCTAssertEqual(d.state, .fullyExpanded)
  }

  func testZeroDurationMovesAtOnce() {
    let d = Driver { $0.totalDurationInSeconds = 0 }
    d.key(.home)
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertFalse(d.engine.isAnimating)
  }

  // Taps.

  func testClickOnTheHeaderExpandsFully() {
    let d = Driver()
    d.click(500, 320)
    XCTAssertTrue(d.log.contains(.interiorTap))
    XCTAssertTrue(d.settle())
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertEqual(d.top, 0)
  }

  func testTapsToExpandCountsClicks() {
    let d = Driver { $0.numberOfTapsForFullDrawerPresentation = 2 }
    d.click(500, 320)
    XCTAssertFalse(d.engine.isAnimating)
    d.click(500, 320, after: 0.1)
    XCTAssertTrue(d.log.contains(.interiorTap))
    d.settle()
    XCTAssertEqual(d.state, .fullyExpanded)
  }

  func testTwoSlowClicksAreNotADoubleClick() {
    let d = Driver { $0.numberOfTapsForFullDrawerPresentation = 2 }
    d.click(500, 320)
    d.click(500, 320, after: 0.6)
    XCTAssertFalse(d.log.contains(.interiorTap))
    XCTAssertEqual(d.state, .partiallyExpanded)
  }

  func testTapsToExpandZeroNeverExpands() {
    let d = Driver { $0.numberOfTapsForFullDrawerPresentation = 0 }
    for _ in 0..<4 { d.click(500, 320, after: 0.1) }
    XCTAssertEqual(d.state, .partiallyExpanded)
  }

  func testClickOutsideDismissesInEveryVisibleState() {
    for target in [DetentName.collapsed, .partiallyExpanded, .fullyExpanded] {
      let d = Driver {
        $0.heightOfCollapsedDrawer = 80
        $0.fullExpansionBehaviour = .leavesCustomGap(60)
      }
      d.send(.request(.move(to: target, animated: false), time: d.time))
      d.click(400, 30)
      XCTAssertTrue(d.log.contains(.exteriorTap), "\(target)")
      d.settle()
      XCTAssertEqual(d.state, .dismissed, "\(target)")
      XCTAssertEqual(d.log.last, .dismissed)
    }
  }

  func testTapsToDismissTwoNeedsADoubleClick() {
    let d = Driver { $0.numberOfTapsForOutsideDrawerDismissal = 2 }
    d.click(400, 100)
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded)
    d.click(400, 100, after: 0.2)
    d.settle()
    XCTAssertEqual(d.state, .dismissed)
  }

  func testTapsToDismissZeroNeverDismisses() {
    let d = Driver { $0.numberOfTapsForOutsideDrawerDismissal = 0 }
    for _ in 0..<4 { d.click(400, 100, after: 0.1) }
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertFalse(d.log.contains(.exteriorTap))
  }

  func testClickOnTheContentWhenDismissedPresentsAgain() {
    let d = Driver()
    d.key(.escape)
    d.settle()
    d.click(400, 400)
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertEqual(d.log.last, .presented)
  }

  func testClickOnARowSelectsItAndDoesNotExpand() {
    let d = Driver()
    // Rows start at 300 + 46; row 2 spans 434..478.
    d.click(300, 450)
    XCTAssertEqual(d.log.last, .rowSelected(2))
    XCTAssertEqual(d.model.list.selectedRow, 2)
    XCTAssertEqual(d.state, .partiallyExpanded)
  }

  func testJitterWithinTheSlopIsStillAClick() {
    let d = Driver()
    d.press(500, 320)
    d.move(503, 324)
    d.release(503, 324)
    XCTAssertTrue(d.log.contains(.interiorTap))
  }

  func testOtherButtonsAreIgnored() {
    let d = Driver()
    d.send(.pointerDown(Point(x: 400, y: 100), button: .other, time: 0))
    d.send(.pointerUp(Point(x: 400, y: 100), button: .other, time: 0.05))
    XCTAssertEqual(d.state, .partiallyExpanded)
  }

  // Drags of the drawer.

  func testDragMovesTheDrawerOneToOne() {
    let d = Driver()
    d.press(400, 310)
    d.move(400, 290)
    XCTAssertEqual(d.top, 280)
    d.move(400, 150)
    XCTAssertEqual(d.top, 140)
    XCTAssertNil(d.state)
    XCTAssertEqual(d.log.last, .dragBegan(state: .partiallyExpanded))
  }

  func testDragIsClampedBetweenFullAndDismissed() {
    let d = Driver { $0.fullExpansionBehaviour = .leavesCustomGap(50) }
    d.press(400, 310)
    d.move(400, -500)
    XCTAssertEqual(d.top, 50)
    d.move(400, 5000)
    XCTAssertEqual(d.top, 600)
  }

  func testSlowDragHeldInTheBandSettlesAtPartial() {
    let d = Driver()
    d.drag(from: Point(x: 400, y: 320), to: Point(x: 400, y: 345), duration: 0.4, hold: 0.15)
    XCTAssertEqual(d.lastDragEnd?.velocity, 0)
    XCTAssertEqual(d.lastDragEnd?.rule, .partialBand)
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded)
  }

  func testSlowDragAboveTheUpperMarkSettlesFull() {
    let d = Driver()
    d.drag(from: Point(x: 400, y: 320), to: Point(x: 400, y: 220), duration: 0.6, hold: 0.15)
    XCTAssertEqual(d.lastDragEnd?.target, .fullyExpanded)
    d.settle()
    XCTAssertEqual(d.state, .fullyExpanded)
  }

  func testFastFlickDownFromFullDismisses() {
    let d = Driver { $0.initialState = .fullyExpanded }
    d.drag(from: Point(x: 400, y: 20), to: Point(x: 400, y: 220), duration: 0.05, steps: 5)
    XCTAssertEqual(d.lastDragEnd?.rule, .flickDown)
    XCTAssertGreaterThan(d.lastDragEnd!.velocity, 1800)
    d.settle()
    XCTAssertEqual(d.state, .dismissed)
  }

  func testSlowDownwardReleaseFromFullStopsAtPartialOnlyInStages() {
    for stages in [true, false] {
      let d = Driver {
        $0.initialState = .fullyExpanded
        $0.dismissesInStages = stages
      }
      d.drag(from: Point(x: 400, y: 20), to: Point(x: 400, y: 170), duration: 1.5, steps: 30)
      XCTAssertGreaterThan(d.lastDragEnd!.velocity, 0)
      d.settle()
      XCTAssertEqual(d.state, stages ? .partiallyExpanded : .dismissed)
    }
  }

  func testFlickVelocityComesFromTheLastMoments() {
    // A long slow drag ending in a quick flick is a flick (Qt would average it away).
    let d = Driver()
    d.press(400, 310)
    var y = 310.0
    for _ in 0..<60 {
      y -= 1
      d.move(400, y, after: 0.02)
    }
    for _ in 0..<5 {
      y -= 30
      d.move(400, y, after: 0.01)
    }
    d.release(400, y, after: 0.001)
    XCTAssertEqual(d.lastDragEnd?.rule, .flickUp)
  }

  func testReleaseVelocityCarriesIntoTheSpring() {
    let d = Driver { $0.timingCurve = .spring(dampingRatio: 1, response: 0.5) }
    d.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 250), duration: 0.03, steps: 3)
    let v = d.lastDragEnd!.velocity
    XCTAssertLessThan(v, -1800)
    let y0 = d.top
    d.wait(0.001)
    // The drawer keeps going the way the hand went, at about its speed.
    XCTAssertEqual((d.top - y0) / 0.001, v, accuracy: abs(v) * 0.1)
  }

  func testDragEndingExactlyOnAStateStillReports() {
    let d = Driver()
    d.drag(from: Point(x: 400, y: 320), to: Point(x: 400, y: 320 - 300), duration: 1, hold: 0.2)
    XCTAssertEqual(d.top, 0)
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertEqual(d.log.suffix(2), [.willTransition(from: .partiallyExpanded, to: .fullyExpanded),
                                     .didTransition(from: .partiallyExpanded, to: .fullyExpanded, interrupted: false)])
  }

  func testNoDragWhenNotDraggable() {
    let d = Driver { $0.isDrawerDraggable = false }
    d.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 100), duration: 0.5)
    XCTAssertEqual(d.top, 300)
    XCTAssertFalse(d.log.contains { if case .dragBegan = $0 { true } else { false } })
  }

  func testAPressOnAMovingDrawerCatchesIt() {
    let d = Driver {
      $0.timingCurve = .linear
      $0.totalDurationInSeconds = 2
    }
    d.key(.home)
    d.wait(1)
    XCTAssertEqual(d.top, 150, accuracy: 1e-9)
    d.press(400, 170)
    XCTAssertEqual(d.log.last, .dragBegan(state: .partiallyExpanded))
    XCTAssertTrue(d.log.contains(.didTransition(from: .partiallyExpanded, to: .fullyExpanded, interrupted: true)))
    d.wait(0.5)
    XCTAssertEqual(d.top, 150, "caught: it stays under the pointer")
    d.move(400, 180)
    XCTAssertEqual(d.top, 160)
    d.release(400, 180, after: 0.2)
    d.settle()
    XCTAssertEqual(d.state, .fullyExpanded, "still above the upper mark")
  }

  // Resize and requests.

  func testResizeKeepsTheStateAndRelayouts() {
    let d = Driver()
    d.send(.resize(Size(width: 700, height: 500), time: d.time))
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertEqual(d.top, 200)
    XCTAssertEqual(d.model.drawerFrame.width, 700)
    d.key(.home)
    d.settle()
    d.send(.resize(Size(width: 700, height: 900), time: d.time))
    XCTAssertEqual(d.top, 0)
  }

  func testResizeDuringAMoveArrivesAtTheNewPlace() {
    let d = Driver()
    d.key(.escape)
    d.wait(0.1)
    d.send(.resize(Size(width: 800, height: 400), time: d.time))
    d.settle()
    XCTAssertEqual(d.state, .dismissed)
    XCTAssertEqual(d.top, 400)
  }

  func testMoveRequestIgnoresAStateTheConfigurationLacks() {
    let d = Driver()
    d.send(.request(.move(to: .collapsed, animated: true), time: d.time))
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertFalse(d.engine.isAnimating)
  }

  func testUnanimatedRequestsReportBothEnds() {
    let d = Driver()
    d.send(.request(.dismiss(animated: false), time: d.time))
    XCTAssertEqual(d.state, .dismissed)
    XCTAssertEqual(d.log.suffix(3), [.willTransition(from: .partiallyExpanded, to: .dismissed),
                                     .didTransition(from: .partiallyExpanded, to: .dismissed, interrupted: false), .dismissed])
  }

  func testSelectRowScrollsItIntoView() {
    let d = Driver { $0.initialState = .fullyExpanded }
    d.send(.request(.selectRow(100), time: d.time))
    let list = d.model.list
    XCTAssertEqual(list.selectedRow, 100)
    XCTAssertTrue((list.firstVisibleRow..<(list.firstVisibleRow + list.visibleRowCount)).contains(100))
    XCTAssertEqual(list.rowTop(100) + 44, 600, accuracy: 1e-9)
  }

  // Render model.

  /// The dim where a move ends is told while the panel animates, so that a
  /// front end can make it ready; at rest and under the pointer it is not.
  func testTheRestingDimIsToldOnlyWhileThePanelAnimates() throws {
    let d = Driver()
    XCTAssertNil(d.model.restingBackdropAlpha, "at rest")
    d.send(.request(.move(to: .fullyExpanded, animated: true), time: d.time))
    d.wait(0.05)
    XCTAssertTrue(d.model.isAnimating)
    let resting = try XCTUnwrap(d.model.restingBackdropAlpha)
    XCTAssertNotEqual(d.model.backdropAlpha, resting, "still on its way")
    XCTAssertTrue(d.settle())
    XCTAssertEqual(d.model.backdropAlpha, resting, accuracy: 1e-12, "where it came to rest")
    XCTAssertNil(d.model.restingBackdropAlpha)
    d.press(400, 80)
    d.move(400, 200)
    XCTAssertNil(d.model.restingBackdropAlpha, "under the pointer")
  }

  func testRenderModelAtPartial() throws {
    let d = Driver()
    let m = d.model
    XCTAssertEqual(m.stateIndex.map(d.engine.name(ofDetent:)), .partiallyExpanded)
    XCTAssertEqual(d.engine.name(ofDetent: m.nominalStateIndex), .partiallyExpanded)
    XCTAssertEqual(m.drawerTop, 300)
    XCTAssertEqual(m.drawerFrame, Rect(x: 0, y: 300, width: 800, height: 600))
    XCTAssertEqual(m.cornerRadius, 15)
    XCTAssertEqual(m.backdropAlpha, 0.25)
    let handle = try XCTUnwrap(m.handle)
    XCTAssertEqual(handle.frame, Rect(x: 380, y: 308, width: 40, height: 6))
    XCTAssertEqual(handle.cornerRadius, 3)
    XCTAssertEqual(handle.alpha, 1)
    XCTAssertEqual(m.headerFrame, Rect(x: 0, y: 300, width: 800, height: 48))
    XCTAssertEqual(m.list.viewport, Rect(x: 0, y: 348, width: 800, height: 252))
    XCTAssertEqual(m.list.firstVisibleRow, 0)
    XCTAssertEqual(m.list.visibleRowCount, 6)
    XCTAssertNil(m.debugMarks)
    XCTAssertFalse(m.isAnimating)
  }

  func testOnlyVisibleRowsAreListedEvenForAMillion() {
    let d = Driver {
      $0.rowCount = 1_000_000
      $0.initialState = .fullyExpanded
    }
    XCTAssertLessThanOrEqual(d.model.list.visibleRowCount, 14)
    d.send(.request(.selectRow(999_999), time: d.time))
    let list = d.model.list
    XCTAssertEqual(list.firstVisibleRow + list.visibleRowCount, 1_000_000)
  }

  func testHandleAndCornersFollowTheDrawerDuringADrag() {
    // DrawerKit updates the handle only at the ends of animations.
    let d = Driver()
    d.press(400, 310)
    d.move(400, 160)
    XCTAssertEqual(d.model.handle?.alpha ?? -1, 0.5, accuracy: 1e-9)
    XCTAssertEqual(d.model.cornerRadius, 7.5, accuracy: 1e-9)
  }

  func testDebugMarks() {
    let m = Driver { $0.debugMode = true; $0.lowerMarkGap = 0 }.model
    // Extents in a 600 px container: y 260 and 300.
    XCTAssertEqual(m.debugMarks, DebugMarks(upperMark: 340, mark: 300, lowerMark: nil))
  }

  func testEventsDrainInOrderAndThenStop() {
    let d = Driver(present: false)
    d.engine.handle(.request(.present(animated: false), time: 0))
    XCTAssertEqual(d.engine.nextEvent(), .willTransition(from: .dismissed, to: .partiallyExpanded))
    XCTAssertNotNil(d.engine.nextEvent())
    XCTAssertEqual(d.engine.nextEvent(), .presented)
    XCTAssertNil(d.engine.nextEvent())
    XCTAssertNil(d.engine.nextEvent())
  }
}
