import TestSupport
import XCTest

@testable import DrawerEngine

/// The app's own scrolling content driving the panel (`track(_:)`): the
/// same hand-off, pull-to-dismiss and coasting as the built-in list. At full
/// the list's viewport starts at y = 48 and holds 552 px.
final class TrackedScrollTests: XCTestCase {
  /// A panel without rows of its own, tracking 2000 px of the app's content.
  private func tracking(
    pinned: Double = 0, _ configure: @escaping (inout DrawerConfiguration) -> Void = { _ in }
  ) -> Driver {
    let d = Driver {
      $0.initialState = .fullyExpanded
      $0.rowCount = 0
      configure(&$0)
    }
    d.engine.track(TrackedScroll(contentLength: 2000, offset: pinned, pinnedOffset: pinned))
    return d
  }

  private func offset(_ d: Driver) -> Double { d.engine.trackedScroll?.offset ?? .nan }

  // Happy path.

  func testPullingTheAppsContentAtItsStartMovesThePanel() {
    let d = tracking()
    d.press(400, 200)
    d.move(400, 250)
    XCTAssertEqual(d.top, 50)
    XCTAssertEqual(offset(d), 0)
    XCTAssertTrue(d.log.contains(.dragBegan(state: .fullyExpanded)))
  }

  func testAFastPullOnTheAppsContentDismisses() {
    let d = tracking()
    d.drag(from: Point(x: 400, y: 200), to: Point(x: 400, y: 320), duration: 0.04, steps: 4)
    XCTAssertEqual(d.lastDragEnd?.rule, .flickDown)
    d.settle()
    XCTAssertEqual(d.state, .dismissed)
    XCTAssertTrue(d.log.contains(.dismissed))
  }

  func testScrolledContentScrollsBackFirstThenMovesThePanel() {
    let d = tracking()
    d.engine.track(TrackedScroll(contentLength: 2000, offset: 144))
    d.press(400, 100)
    var pointer = 100.0
    for _ in 0..<30 {
      pointer += 10
      d.move(400, pointer, after: 0.02)
      let travelled = pointer - 100
      XCTAssertEqual(offset(d), max(0, 144 - travelled), accuracy: 1e-9)
      XCTAssertEqual(d.top, max(0, travelled - 144), accuracy: 1e-9)
    }
  }

  func testAtHalfTheContentRaisesThePanelThenScrolls() {
    let d = tracking { $0.initialState = .partiallyExpanded }
    d.press(400, 450)
    d.move(400, 100)  // up 350: 300 to the panel, then at full 50 to the content
    XCTAssertEqual(d.top, 0)
    XCTAssertEqual(offset(d), 50)
  }

  /// FloatingPanel's `contentOffsetForPinning`: the app's offsets start
  /// below zero (a content inset), and the content is held there.
  func testThePinnedOffsetIsWhereTheContentIsHeldWhileThePanelMoves() {
    let d = tracking(pinned: -20)
    XCTAssertEqual(offset(d), -20)
    d.press(400, 200)
    d.move(400, 150)  // up 50 at full: the content scrolls
    XCTAssertEqual(offset(d), 30)
    d.move(400, 300)  // down 150: 50 back to the pin, 100 to the panel
    XCTAssertEqual(offset(d), -20)
    XCTAssertEqual(d.top, 100)
    // Past the end: the content's last px stay in the 552 px viewport.
    d.release(400, 300, after: 0.3)
    d.settle()
    d.send(.wheel(steps: 100, at: Point(x: 400, y: 450), time: d.time))
    XCTAssertEqual(offset(d), -20 + 2000 - 552)
  }

  func testTheWheelAndAFlickScrollTheAppsContent() {
    let d = tracking()
    d.send(.wheel(steps: 2, at: Point(x: 400, y: 450), time: d.time))
    XCTAssertEqual(offset(d), 96)
    d.drag(from: Point(x: 400, y: 500), to: Point(x: 400, y: 300), duration: 0.1, steps: 10)
    XCTAssertEqual(offset(d), 296, accuracy: 1e-9)
    XCTAssertTrue(d.engine.isAnimating, "it coasts")
    d.wait(0.2)
    XCTAssertGreaterThan(offset(d), 296)
    XCTAssertTrue(d.settle())
    XCTAssertEqual(d.state, .fullyExpanded)
  }

  /// The app's own scrolling is taken; its echo of the engine's offset is
  /// not news and leaves a coast alone.
  func testTheAppReportsItsOwnScrollingAndItsEchoChangesNothing() {
    let d = tracking()
    d.drag(from: Point(x: 400, y: 500), to: Point(x: 400, y: 300), duration: 0.1, steps: 10)
    d.wait(0.05)
    let coasting = d.engine.trackedScroll!
    d.engine.track(coasting)
    XCTAssertNotNil(d.engine.momentum, "an echo keeps the coast")
    d.engine.track(TrackedScroll(contentLength: 2000, offset: 700))
    XCTAssertNil(d.engine.momentum, "the app scrolled: the coast stops")
    XCTAssertEqual(offset(d), 700)
    // Shorter content clamps the offset into what it can scroll.
    d.engine.track(TrackedScroll(contentLength: 800, offset: 700))
    XCTAssertEqual(offset(d), 800 - 552)
  }

  /// A click on the app's content is the app's: no row, no tap-to-expand.
  func testAClickOnTheAppsContentIsNoEventOfTheEngine() {
    let d = tracking { $0.initialState = .partiallyExpanded }
    let before = d.log.count
    d.click(400, 450)
    d.settle()
    XCTAssertEqual(Array(d.log[before...]), [])
    XCTAssertEqual(d.state, .partiallyExpanded)
  }

  func testUntrackingGivesTheListBack() {
    let d = tracking { $0.rowCount = 50 }
    d.engine.track(TrackedScroll(contentLength: 2000, offset: 300))
    d.engine.untrack()
    XCTAssertNil(d.engine.trackedScroll)
    XCTAssertEqual(d.model.list.contentOffset, 0)
    d.click(400, 100)
    XCTAssertTrue(d.log.contains(.rowSelected(1)))
  }

  func testANewConfigurationKeepsTrackingAndTheOffset() throws {
    let d = tracking()
    d.engine.track(TrackedScroll(contentLength: 2000, offset: 300))
    var c = d.engine.configuration
    c.heightOfPartiallyExpandedDrawer = 250
    try d.reconfigure(c, textMetrics: FixedTextMetrics(), samePixels: true)
    XCTAssertEqual(d.engine.trackedScroll, TrackedScroll(contentLength: 2000, offset: 300))
  }

  // Edge cases.

  func testNonFiniteNumbersAreIgnored() {
    let d = tracking()
    d.engine.track(TrackedScroll(contentLength: .nan, offset: 10))
    d.engine.track(TrackedScroll(contentLength: 2000, offset: .infinity))
    XCTAssertEqual(d.engine.trackedScroll, TrackedScroll(contentLength: 2000))
  }

  func testContentShorterThanTheViewportNeverScrolls() {
    let d = tracking()
    d.engine.track(TrackedScroll(contentLength: 100, offset: 50))
    XCTAssertEqual(offset(d), 0)
    d.press(400, 300)
    d.move(400, 200)
    XCTAssertEqual(offset(d), 0)
  }

  // Sweep: the app's content and the built-in rows are one behaviour.

  /// Seeded gestures (drags past the slop, flicks, wheel steps, pauses)
  /// on a panel tracking 40 × 44 px of the app's content and on one with
  /// 40 built-in rows of 44 px: the same events, extents and offsets.
  func testTheAppsContentBehavesAsTheBuiltInList() {
    var rng = SplitMix64(seed: 0x7EAC)
    for round in 0..<150 {
      let edge: Edge = [.bottom, .top][Int(rng.next() % 2)]
      let initial: DetentName = rng.next() % 2 == 0 ? .fullyExpanded : .partiallyExpanded
      let builtIn = Driver {
        $0.edge = edge
        $0.initialState = initial
        $0.rowCount = 40
        $0.selectsRows = false
        $0.reportsMoves = true
      }
      let app = Driver {
        $0.edge = edge
        $0.initialState = initial
        $0.rowCount = 0
        $0.selectsRows = false
        $0.reportsMoves = true
      }
      app.engine.track(TrackedScroll(contentLength: 40 * 44))
      for _ in 0..<6 {
        let x = 400.0
        let y = 60 + Double(rng.next() % 480)
        switch rng.next() % 4 {
        case 0:
          let steps = Double(Int(rng.next() % 7) - 3)
          for d in [builtIn, app] { d.send(.wheel(steps: steps, at: Point(x: x, y: y), time: d.time)) }
        case 1:
          let pause = Double(rng.next() % 40) / 100
          for d in [builtIn, app] { d.wait(pause) }
        default:
          let dy = (20 + Double(rng.next() % 300)) * (rng.next() % 2 == 0 ? 1 : -1)
          let duration = 0.03 + Double(rng.next() % 50) / 100
          for d in [builtIn, app] {
            d.drag(from: Point(x: x, y: y), to: Point(x: x, y: y + dy), duration: duration, steps: 8)
          }
        }
        for _ in 0..<5 { for d in [builtIn, app] { d.wait(1.0 / 30) } }
        XCTAssertEqual(app.log, builtIn.log, "round \(round)")
        XCTAssertEqual(app.engine.currentExtent, builtIn.engine.currentExtent, "round \(round)")
        XCTAssertEqual(offset(app), builtIn.model.list.contentOffset, "round \(round)")
      }
    }
  }
}
