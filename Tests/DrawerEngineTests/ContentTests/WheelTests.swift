import TestSupport
import XCTest

@testable import DrawerEngine

/// The wheel on every edge: it scrolls the list where the list scrolls and
/// elsewhere moves the panel one detent per whole notch, never dismissing.
/// Container 800 × 600; detents tip 100 px, half 50 % and full (where the
/// list scrolls), so on a 600 px axis 100 / 300 / 600 and on an 800 px one
/// 100 / 400 / 800; the panel starts at half.
final class WheelTests: XCTestCase {
  static let detents = [
    Detent("tip", .fromHome(100)), Detent("half", .fraction(0.5)), Detent("full", .fromFar(0), scrollsList: true),
  ]

  func panel(_ edge: Edge, _ configure: @escaping (inout DrawerConfiguration) -> Void = { _ in }) -> Driver {
    Driver { c in
      c.edge = edge
      c.detents = Self.detents
      configure(&c)
    }
  }

  func center(_ r: Rect) -> Point { Point(x: r.x + r.width / 2, y: r.y + r.height / 2) }

  /// The middle of the list's viewport, where the wheel scrolls it.
  func overList(_ d: Driver) -> Point { center(d.model.list.viewport) }

  /// The middle of the header (the title strip of a side panel).
  func overHeader(_ d: Driver) -> Point { center(d.model.headerFrame) }

  /// The wheel that moves `edge`'s panel between detents, given growth in
  /// notches: the vertical wheel for bottom and top panels (up expands),
  /// the horizontal one for left and right panels (toward the moving
  /// edge's outside expands).
  func detentWheel(_ d: Driver, _ edge: Edge, growth: Double, at p: Point? = nil) {
    let at = p ?? overList(d)
    switch edge {
    case .bottom, .top: d.send(.wheel(steps: -growth, at: at, time: d.time))
    case .left: d.send(.horizontalWheel(steps: growth, at: at, time: d.time))
    case .right: d.send(.horizontalWheel(steps: -growth, at: at, time: d.time))
    }
  }

  func transitions(_ d: Driver) -> [DrawerEvent] {
    d.log.filter { if case .willTransition = $0 { true } else { false } }
  }

  // Edge cases.

  func testTheWheelNeverDismissesOnAnyEdge() {
    for edge in Edge.allCases {
      let d = panel(edge)
      d.key(.end)
      XCTAssertTrue(d.settle())
      XCTAssertEqual(d.state, "tip", "\(edge)")
      for _ in 0..<5 {
        detentWheel(d, edge, growth: -1)
        detentWheel(d, edge, growth: -1, at: overHeader(d))
        XCTAssertTrue(d.settle())
      }
      XCTAssertEqual(d.state, "tip", "\(edge)")
      XCTAssertFalse(d.log.contains(.dismissed), "\(edge)")
      XCTAssertFalse(d.log.contains(.willTransition(from: "tip", to: .dismissed)), "\(edge)")
    }
  }

  func testTheWheelStopsAtTheLeastExpandedVisibleDetentWhenTheLowerOneIsDisabled() {
    let d = panel(.bottom)
    d.engine.setEnabled(false, for: "tip")
    d.drain()
    detentWheel(d, .bottom, growth: -1)
    XCTAssertTrue(d.settle())
    XCTAssertEqual(d.state, "half")
    XCTAssertEqual(transitions(d), [.willTransition(from: .dismissed, to: "half")])
  }

  func testDrawerKitsPartialIsTheLowestTheWheelGoes() {
    let d = Driver()
    d.send(.wheel(steps: 3, at: Point(x: 400, y: 450), time: d.time))
    XCTAssertTrue(d.settle())
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertEqual(d.model.list.contentOffset, 0)
  }

  func testQuarterNotchesGatherToOneDetentOnEveryEdge() {
    for edge in Edge.allCases {
      let d = panel(edge)
      for _ in 0..<3 { detentWheel(d, edge, growth: 0.25) }
      XCTAssertEqual(d.state, "half", "\(edge): three quarters of a notch do not move it")
      detentWheel(d, edge, growth: 0.25)
      XCTAssertEqual(d.engine.nominalState, "full", "\(edge)")
      XCTAssertTrue(d.settle())
      XCTAssertEqual(d.state, "full", "\(edge)")
      // And down again, from the header (the list scrolls at full).
      for _ in 0..<4 { detentWheel(d, edge, growth: -0.25, at: overHeader(d)) }
      XCTAssertTrue(d.settle())
      XCTAssertEqual(
        d.state, edge.isVertical ? "full" : "half",
        "\(edge): where the list scrolls, the vertical wheel only scrolls")
    }
  }

  func testTenthsAddUpToAWholeNotchDespiteRounding() {
    let d = panel(.bottom)
    for _ in 0..<10 { detentWheel(d, .bottom, growth: 0.1) }
    XCTAssertEqual(d.engine.nominalState, "full")
  }

  func testTheWheelIsSwallowedWhileAMoveAnimatesOnEveryEdge() {
    for edge in Edge.allCases {
      let d = panel(edge)
      d.key(.end)
      XCTAssertTrue(d.settle())
      let before = transitions(d).count
      detentWheel(d, edge, growth: 1)
      XCTAssertEqual(d.engine.nominalState, "half", "\(edge)")
      // Fast notches mid-move: none stacks a second move.
      detentWheel(d, edge, growth: 1)
      d.wait(0.1)
      detentWheel(d, edge, growth: 0.5)
      XCTAssertEqual(d.engine.nominalState, "half", "\(edge)")
      XCTAssertTrue(d.settle())
      XCTAssertEqual(d.state, "half", "\(edge)")
      XCTAssertEqual(transitions(d).count, before + 1, "\(edge)")
      // The half notch sent mid-move was dropped, not kept.
      detentWheel(d, edge, growth: 0.5)
      XCTAssertEqual(d.state, "half", "\(edge)")
      detentWheel(d, edge, growth: 0.5)
      XCTAssertEqual(d.engine.nominalState, "full", "\(edge)")
    }
  }

  func testReversingTheWheelStartsTheCountAgainOnEveryEdge() {
    for edge in Edge.allCases {
      let d = panel(edge)
      detentWheel(d, edge, growth: 0.75)
      detentWheel(d, edge, growth: -0.5)
      detentWheel(d, edge, growth: -0.25)
      XCTAssertEqual(d.state, "half", "\(edge): 0.75 up then 0.75 down is no notch either way")
      detentWheel(d, edge, growth: 0.5)
      detentWheel(d, edge, growth: 0.5)
      XCTAssertEqual(d.engine.nominalState, "full", "\(edge)")
      XCTAssertFalse(transitions(d).contains(.willTransition(from: "half", to: "tip")), "\(edge)")
    }
  }

  func testABigStepMovesOneDetent() {
    let d = panel(.bottom)
    d.key(.end)
    XCTAssertTrue(d.settle())
    detentWheel(d, .bottom, growth: 5)
    XCTAssertEqual(d.engine.nominalState, "half")
  }

  func testNothingHappensOutsideThePanelOrWithABrokenStep() {
    for edge in Edge.allCases {
      let d = panel(edge)
      let far = edge.point(extent: 580, cross: 300, in: Size(width: 800, height: 600))
      detentWheel(d, edge, growth: 1, at: far)
      d.send(.wheel(steps: .nan, at: overList(d), time: d.time))
      d.send(.wheel(steps: -.infinity, at: overList(d), time: d.time))
      d.send(.horizontalWheel(steps: .nan, at: overList(d), time: d.time))
      d.send(.wheel(steps: 0, at: overList(d), time: d.time))
      XCTAssertTrue(d.settle())
      XCTAssertEqual(d.state, "half", "\(edge)")
      XCTAssertEqual(d.model.list.contentOffset, 0, "\(edge)")
    }
  }

  func testTheWheelWaitsWhileThePanelIsHeld() {
    // No click expansion: the release must not move the panel itself.
    let d = panel(.bottom) { $0.numberOfTapsForFullDrawerPresentation = 0 }
    let p = overHeader(d)
    d.press(p.x, p.y)
    detentWheel(d, .bottom, growth: 1)
    d.release(p.x, p.y, after: 0.5)
    XCTAssertFalse(transitions(d).contains(.willTransition(from: "half", to: "full")))
  }

  // Vertical panels.

  func testWheelUpExpandsLikeTheUpKeyOverHeaderAndList() {
    for edge in [Edge.bottom, .top] {
      let d = panel(edge)
      d.key(.end)
      XCTAssertTrue(d.settle())
      d.send(.wheel(steps: -1, at: overHeader(d), time: d.time))
      XCTAssertTrue(d.settle())
      XCTAssertEqual(d.state, "half", "\(edge)")
      d.send(.wheel(steps: -1, at: overList(d), time: d.time))
      XCTAssertTrue(d.settle())
      XCTAssertEqual(d.state, "full", "\(edge)")
      d.send(.wheel(steps: 1, at: overList(d), time: d.time))
      XCTAssertEqual(d.state, "full", "\(edge): at full the wheel scrolls")
      XCTAssertEqual(d.model.list.contentOffset, wheelStep, "\(edge)")
      d.send(.wheel(steps: 0.25, at: overList(d), time: d.time))
      XCTAssertEqual(d.model.list.contentOffset, 1.25 * wheelStep, "\(edge): a fraction scrolls its share")
    }
  }

  func testWheelSkipsADisabledDetentAndStopsAtTheTop() {
    let d = panel(.bottom)
    d.key(.end)
    XCTAssertTrue(d.settle())
    d.engine.setEnabled(false, for: "half")
    d.drain()
    detentWheel(d, .bottom, growth: 1)
    XCTAssertTrue(d.settle())
    XCTAssertEqual(d.state, "full")
    d.send(.wheel(steps: -1, at: overHeader(d), time: d.time))
    XCTAssertTrue(d.settle())
    XCTAssertEqual(d.state, "full")
  }

  func testHorizontalWheelDoesNothingToBottomAndTopPanels() {
    for edge in [Edge.bottom, .top] {
      let d = panel(edge)
      for steps in [1.0, -1, 3, -3] {
        d.send(.horizontalWheel(steps: steps, at: overList(d), time: d.time))
        d.send(.horizontalWheel(steps: steps, at: overHeader(d), time: d.time))
      }
      XCTAssertTrue(d.settle())
      XCTAssertEqual(d.state, "half", "\(edge)")
      XCTAssertEqual(transitions(d).count, 1, "\(edge): only the presentation")
    }
  }

  // Side panels.

  func testHorizontalWheelMovesSidePanelsTowardTheScroll() {
    for (edge, outward) in [(Edge.left, 1.0), (.right, -1)] {
      let d = panel(edge)
      d.send(.horizontalWheel(steps: outward, at: overHeader(d), time: d.time))
      XCTAssertTrue(d.settle())
      XCTAssertEqual(d.state, "full", "\(edge): scrolled outward, it expands")
      for expected in ["half", "tip", "tip"] {
        d.send(.horizontalWheel(steps: -outward, at: overList(d), time: d.time))
        XCTAssertTrue(d.settle())
        XCTAssertEqual(d.state, DetentName(expected), "\(edge)")
      }
    }
  }

  func testVerticalWheelOnSidePanelsOnlyScrollsTheList() {
    for edge in [Edge.left, .right] {
      let d = panel(edge)
      for steps in [-1.0, 1, -3, 3] { d.send(.wheel(steps: steps, at: overList(d), time: d.time)) }
      XCTAssertTrue(d.settle())
      XCTAssertEqual(d.state, "half", "\(edge)")
      XCTAssertEqual(d.model.list.contentOffset, 0, "\(edge): the list does not scroll at half")
      d.key(.home)
      XCTAssertTrue(d.settle())
      d.send(.wheel(steps: 2, at: overList(d), time: d.time))
      XCTAssertEqual(d.model.list.contentOffset, 2 * wheelStep, "\(edge)")
      d.send(.wheel(steps: -1, at: overHeader(d), time: d.time))
      XCTAssertEqual(d.state, "full", "\(edge)")
    }
  }

  // Properties.

  /// Random wheel input on both axes, whole and fractional, at random
  /// times: the panel never leaves its detents for the hidden position,
  /// and every move it starts ends at a detent.
  func testRandomWheelsNeverDismissAndAlwaysSettleAtADetent() {
    var rng = SplitMix64(seed: 0x5CA1_AB1E)
    let fractions = [0.1, 0.25, 0.5, 1, 2, 3]
    for edge in Edge.allCases {
      let d = panel(edge)
      for _ in 0..<300 {
        let steps = fractions.randomElement(using: &rng)! * (Bool.random(using: &rng) ? 1 : -1)
        let at = Bool.random(using: &rng) ? overList(d) : overHeader(d)
        if Bool.random(using: &rng) {
          d.send(.wheel(steps: steps, at: at, time: d.time))
        } else {
          d.send(.horizontalWheel(steps: steps, at: at, time: d.time))
        }
        d.wait(Double(Int.random(in: 0...30, using: &rng)) / 60)
      }
      XCTAssertTrue(d.settle())
      XCTAssertNotNil(d.state, "\(edge)")
      XCTAssertFalse(d.log.contains(.dismissed), "\(edge)")
      XCTAssertTrue(["tip", "half", "full"].contains(d.state), "\(edge)")
    }
  }
}
