import XCTest

@testable import DrawerEngine

/// The one-extent panel model through real pointer input, on every edge.
/// Container 800 × 600; default metrics: a bottom or top header 48 px deep
/// (handle 8 + 6, title 8 + 16 + 10), a left or right grip 22 px wide and
/// title strip 34 px deep, rows 44 px.
final class PanelModelTests: XCTestCase {
  /// tip 100 px, half 50 % and full 0 px from the far edge: on a 600 px
  /// axis 100 / 300 / 600, on an 800 px axis 100 / 400 / 800. With custom
  /// detents the initial detent is the middle one (half) and DrawerKit's
  /// marks hang from the one below the most expanded (half again).
  static let detents = [Detent("tip", .fromHome(100)), Detent("half", .fraction(0.5)), Detent("full", .fromFar(0))]
  static let size = Size(width: 800, height: 600)
  static let policies: [ReleasePolicyChoice] = [
    .drawerKit, .projection(allowsSkipping: false, removalRate: 5.5), .nearest,
  ]

  func center(_ r: Rect) -> Point { Point(x: r.x + r.width / 2, y: r.y + r.height / 2) }

  /// The pointer motion of one px of growth, from the edge's own mapping.
  func growthVector(_ edge: Edge) -> Point {
    let a = edge.point(extent: 0, cross: 0, in: Self.size), b = edge.point(extent: 1, cross: 0, in: Self.size)
    return Point(x: b.x - a.x, y: b.y - a.y)
  }

  func step(_ p: Point, _ v: Point, by k: Double) -> Point { Point(x: p.x + v.x * k, y: p.y + v.y * k) }

  func hasDragBegan(_ log: [DrawerEvent]) -> Bool { log.contains { if case .dragBegan = $0 { true } else { false } } }

  /// Every edge with every release policy.
  ///
  /// Slow: from half, 0.4 L of growth on the header (L the axis length),
  /// then held still past the 0.1 s velocity window: released at 0.9 L
  /// with velocity exactly 0, and every policy sends it to full:
  /// - DrawerKit: beyond the upper mark (0.5 L + 40) and not shrinking: full.
  /// - Projection: still, so it goes on the way it was dragged; it covered
  ///   0.4 L of the 0.5 L from half to full, more than half: full (projected).
  /// - Nearest: 0.9 L is nearer full (0.1 L) than half (0.4 L): full.
  /// Flick: from full, 0.1 L toward home in 25 ms, about 4 L/s, released
  /// at 0.9 L:
  /// - DrawerKit: faster than 3 L/s shrinking: the final detent, which with
  ///   staging is the lowest visible one that is neither full nor the mark:
  ///   tip (flickDown; it skips half).
  /// - Projection: 4 L/s over 0.9 L is below the removal rate 5.5; adjacent
  ///   only, the projection is far past half way to half: half (projected).
  /// - Nearest: projection 0.9 L − 0.1 s · 4 L/s ≈ 0.5 L, nearest half, then
  ///   tip (0.4 L away against full's 0.5 L); above 400 px/s the less
  ///   expanded of the two wins: tip (rushedForward).
  func testSlowGrowthAndFastShrinkOnEveryEdgeWithEveryPolicy() {
    let slowRules: [ReleaseRule] = [.aboveUpperMark, .projected, .nearest]
    let flicks: [(DetentName, ReleaseRule)] = [("tip", .flickDown), ("half", .projected), ("tip", .rushedForward)]
    for edge in Edge.allCases {
      let length = edge.length(of: Self.size)
      let extents: [DetentName: Double] = ["tip": 100, "half": length / 2, "full": length]
      let grow = growthVector(edge)
      for (i, policy) in Self.policies.enumerated() {
        let what = "\(edge) \(policy)"
        let d = Driver({ c in
          c.edge = edge
          c.detents = Self.detents
          c.releasePolicy = policy
        }, size: Self.size)
        XCTAssertEqual(d.state, "half", what)
        XCTAssertEqual(d.model.extent, length / 2, what)

        let from = center(d.model.headerFrame)
        let to = step(from, grow, by: 0.4 * length)
        XCTAssertEqual(edge.growth(from: from, to: to), 0.4 * length, what)
        d.drag(from: from, to: to, duration: 1, steps: 20, hold: 0.15)
        XCTAssertEqual(d.lastDragEnd?.velocity, 0, what)
        XCTAssertEqual(d.lastDragEnd?.target, "full", what)
        XCTAssertEqual(d.lastDragEnd?.rule, slowRules[i], what)
        XCTAssertTrue(d.settle(), what)
        XCTAssertEqual(d.state, "full", what)
        XCTAssertEqual(d.model.extent, extents["full"], what)

        // The grip on a side panel, the header on a bottom or top one.
        let g = d.model.gripFrame
        let start = center(g.width > 0 ? g : d.model.headerFrame)
        d.drag(from: start, to: step(start, grow, by: -0.1 * length), duration: 0.025, steps: 5)
        let (target, rule) = flicks[i]
        XCTAssertGreaterThan(d.lastDragEnd?.velocity ?? 0, 3 * length, "toward home, beyond 3 L/s: \(what)")
        XCTAssertEqual(d.lastDragEnd?.target, target, what)
        XCTAssertEqual(d.lastDragEnd?.rule, rule, what)
        XCTAssertTrue(d.settle(), what)
        XCTAssertEqual(d.state, target, what)
        XCTAssertEqual(d.model.extent, extents[target], what)
      }
    }
  }

  /// A `.content` detent fits the panel to its content: for a bottom panel
  /// the header plus the rows (48 + 3 × 44 = 180 px), at most the container.
  /// The panel rests there and its list shows every row without scrolling.
  func testAContentDetentFitsTheHeaderAndRows() {
    let d = Driver { c in
      c.detents = [Detent("fit", .content), Detent("full", .fromFar(0))]
      c.rowCount = 3
    }
    XCTAssertEqual(d.layout.headerDepth, 48)
    XCTAssertEqual(d.layout.rowHeight, 44)
    XCTAssertEqual(d.layout.extent(of: "fit"), d.layout.headerDepth + 3 * d.layout.rowHeight)
    XCTAssertEqual(d.state, "fit")
    XCTAssertEqual(d.model.extent, 180)
    XCTAssertEqual(d.model.list.viewport.height, 3 * 44)
    XCTAssertEqual(d.model.list.visibleRowCount, 3)
    XCTAssertEqual(d.layout.maximumContentOffset(at: 180), 0)

    let long = Driver { c in
      c.detents = [Detent("fit", .content), Detent("full", .fromFar(0))]
      c.rowCount = 50
    }
    XCTAssertEqual(long.model.extent, 600, "48 + 50 × 44 is more than the container")
  }

  /// Rows that come or go under a `.content` detent move the panel resting
  /// there, and `refitted` says so with the detent's name; a count that
  /// changes nothing says nothing.
  func testARestingPanelWhoseContentDetentRefitsReportsIt() {
    let d = Driver { c in
      c.detents = [Detent("fit", .content), Detent("full", .fromFar(0))]
      c.rowCount = 3
    }
    d.settle()
    var before = d.log.count
    d.send(.request(.setRowCount(5), time: d.time))
    XCTAssertEqual(Array(d.log[before...]), [.refitted(state: "fit")])
    XCTAssertEqual(d.model.extent, 48 + 5 * 44)
    before = d.log.count
    d.send(.request(.setRowCount(5), time: d.time))
    XCTAssertEqual(Array(d.log[before...]), [])
    // At full, where no row count moves the panel, nothing is reported.
    d.key(.home)
    d.settle()
    before = d.log.count
    d.send(.request(.setRowCount(2), time: d.time))
    XCTAssertFalse(d.log[before...].contains(.refitted(state: "full")))
  }

  /// With reportsMoves, a move's last `moved` (at the target's extent)
  /// comes before its `didTransition`, so a script that stops reading at
  /// `didTransition` has seen where the panel ended.
  func testTheLastMovedOfAMoveComesBeforeItsDidTransition() {
    let d = Driver { $0.reportsMoves = true }
    d.wait(0.001)
    let start = d.log.count
    d.key(.home)
    d.settle()
    let events = Array(d.log[start...])
    guard let done = events.lastIndex(where: { if case .didTransition = $0 { true } else { false } }) else {
      return XCTFail("no didTransition: \(events)")
    }
    let after = events[(done + 1)...].filter { if case .moved = $0 { true } else { false } }
    XCTAssertEqual(after, [], "no moved after the move ended")
    XCTAssertEqual(events[done - 1], .moved(extent: 600, progress: 1))
  }

  /// Releases and keys skip a disabled detent; re-enabling restores it; a
  /// panel resting on a detent when it is disabled stays there.
  ///
  /// Keys: Up goes to the next enabled detent above; Down to the next
  /// enabled one below, never past where a shrinking flick would go (tip).
  func testADisabledDetentIsSkippedByKeysAndRestoredWhenEnabled() {
    let d = Driver { $0.detents = Self.detents }
    XCTAssertEqual(d.state, "half")
    d.engine.setEnabled(false, for: "half")
    d.drain()
    XCTAssertEqual(d.state, "half", "resting there, it stays")
    XCTAssertEqual(d.model.extent, 300)
    XCTAssertFalse(d.engine.isAnimating)

    d.key(.up)
    d.settle()
    XCTAssertEqual(d.state, "full")
    d.key(.down)
    d.settle()
    XCTAssertEqual(d.state, "tip", "Down skips the disabled half")
    XCTAssertEqual(d.model.extent, 100)
    d.key(.up)
    d.settle()
    XCTAssertEqual(d.state, "full", "Up skips the disabled half")

    d.send(.request(.setEnabled(true, for: "half"), time: d.time))
    d.key(.down)
    d.settle()
    XCTAssertEqual(d.state, "half", "enabled again, Down stops there")
    XCTAssertEqual(d.model.extent, 300)
  }

  /// A release exactly on a disabled detent ends elsewhere, by each rule
  /// (from full, dragged 300 px down to extent 300, held still):
  /// - DrawerKit: in the band around the mark, still: the mark detent, or
  ///   full when it is not reachable (partialBand).
  /// - Projection: still and below its origin, so shrinking; from full
  ///   toward tip (the next enabled detent down) it covered 300 of 500 px,
  ///   more than half: tip (projected).
  /// - Nearest: tip is 200 px away, full and hidden 300: tip (nearest).
  /// Enabled again, the same release ends at half with every policy.
  func testAReleaseNeverEndsOnADisabledDetent() {
    let disabled: [(DetentName, ReleaseRule)] = [("full", .partialBand), ("tip", .projected), ("tip", .nearest)]
    let enabled: [ReleaseRule] = [.partialBand, .returned, .nearest]
    for (i, policy) in Self.policies.enumerated() {
      let d = Driver { c in
        c.detents = Self.detents
        c.releasePolicy = policy
      }
      func dragFromFullToHalf() {
        d.key(.home)
        XCTAssertTrue(d.settle())
        let from = center(d.model.headerFrame)
        d.drag(from: from, to: Point(x: from.x, y: from.y + 300), duration: 1, hold: 0.15)
      }
      d.send(.request(.setEnabled(false, for: "half"), time: d.time))
      dragFromFullToHalf()
      XCTAssertEqual(d.lastDragEnd?.target, disabled[i].0, "\(policy)")
      XCTAssertEqual(d.lastDragEnd?.rule, disabled[i].1, "\(policy)")
      d.settle()
      XCTAssertEqual(d.state, disabled[i].0, "\(policy)")

      d.send(.request(.setEnabled(true, for: "half"), time: d.time))
      dragFromFullToHalf()
      XCTAssertEqual(d.lastDragEnd?.target, "half", "\(policy)")
      XCTAssertEqual(d.lastDragEnd?.rule, enabled[i], "\(policy)")
      d.settle()
      XCTAssertEqual(d.state, "half", "\(policy)")
      XCTAssertEqual(d.model.extent, 300, "\(policy)")
    }
  }

  /// Passthrough (non-modal): a press outside the panel belongs to the
  /// content behind, one inside does not, and never while the panel has a
  /// gesture under way; a modal panel keeps every press. A click outside a
  /// passthrough panel never dismisses; on a modal one it does.
  func testPassthroughGivesOutsidePressesToTheContent() {
    let outside = Point(x: 400, y: 100), inside = Point(x: 400, y: 400)
    let d = Driver { $0.passthrough = true }
    XCTAssertTrue(d.engine.passesThrough(outside))
    XCTAssertFalse(d.engine.passesThrough(inside))
    d.press(400, 320)
    d.move(400, 290)
    XCTAssertFalse(d.engine.passesThrough(outside), "a drag is under way")
    d.release(400, 290, after: 0.2)
    d.settle()
    XCTAssertTrue(d.engine.passesThrough(outside))
    d.click(outside.x, outside.y)
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertFalse(d.log.contains(.exteriorTap))

    let modal = Driver()
    XCTAssertFalse(modal.engine.passesThrough(outside))
    XCTAssertFalse(modal.engine.passesThrough(inside))
    modal.click(outside.x, outside.y)
    modal.settle()
    XCTAssertTrue(modal.log.contains(.exteriorTap))
    XCTAssertEqual(modal.state, .dismissed)
  }

  /// A hidden non-modal panel takes the press again: a click on the map
  /// presents it, as for a modal one, instead of going to the map.
  func testAHiddenPassthroughPanelIsPresentedByAClick() {
    let d = Driver { $0.passthrough = true }
    d.key(.escape)
    d.settle()
    XCTAssertEqual(d.state, .dismissed)
    XCTAssertFalse(d.engine.passesThrough(Point(x: 400, y: 100)))
    d.click(400, 100)
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertTrue(d.log.contains(.presented))
  }

  /// Collisions: a detent never lies beyond the next one, so in a 200 px
  /// container partial (300 px) is cut to full's 200. The panel keeps its
  /// detent by name and goes to that detent's new extent; back at 600 px
  /// it is at 300 again.
  func testResizeCutsPartialToFullButKeepsItsName() {
    let d = Driver()
    XCTAssertEqual(d.state, .partiallyExpanded)
    d.send(.resize(Size(width: 800, height: 200), time: d.time))
    XCTAssertEqual(d.layout.extent(of: .partiallyExpanded), 200)
    XCTAssertEqual(d.layout.extent(of: .fullyExpanded), 200)
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertEqual(d.model.extent, 200)
    XCTAssertFalse(d.engine.isAnimating)
    d.send(.resize(Size(width: 800, height: 600), time: d.time))
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertEqual(d.model.extent, 300)

    // Within the container but beyond full: 100 px short of the far edge of
    // a 350 px container puts full at 250, and partial is cut to it.
    let gap = Driver { $0.fullExpansionBehaviour = .leavesCustomGap(100) }
    gap.send(.resize(Size(width: 800, height: 350), time: gap.time))
    XCTAssertEqual(gap.layout.extent(of: .fullyExpanded), 250)
    XCTAssertEqual(gap.state, .partiallyExpanded)
    XCTAssertEqual(gap.model.extent, 250)
  }

  /// A resize during a move keeps it heading for its target by name, to the
  /// target's new extent, as the same transition (no new willTransition).
  func testAResizeDuringAMoveKeepsItsTarget() {
    let d = Driver()
    let before = d.log.count
    d.key(.home)
    d.wait(0.1)
    XCTAssertNil(d.state)
    d.send(.resize(Size(width: 800, height: 500), time: d.time))
    XCTAssertEqual(d.engine.nominalState, .fullyExpanded)
    XCTAssertTrue(d.engine.isAnimating)
    XCTAssertTrue(d.settle())
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertEqual(d.model.extent, 500)
    XCTAssertEqual(
      Array(d.log[before...]),
      [
        .willTransition(from: .partiallyExpanded, to: .fullyExpanded),
        .didTransition(from: .partiallyExpanded, to: .fullyExpanded, interrupted: false),
      ])
  }

  /// A left or right panel's list scrolls across the axis: the first motion
  /// past the slop locks the gesture. Mostly vertical scrolls the list and
  /// leaves the panel; mostly horizontal moves the panel (dragBegan) and
  /// leaves the list.
  func testSidePanelsLockTheListDragToOneDirection() {
    for edge in [Edge.left, .right] {
      let grow = growthVector(edge)
      func driver() -> Driver {
        Driver { c in
          c.edge = edge
          c.detents = Self.detents
          c.scrollingDetents = ["half", "full"]
        }
      }
      let v = driver()
      XCTAssertEqual(v.model.extent, 400, "\(edge)")
      let p = center(v.model.list.viewport)
      v.drag(from: p, to: Point(x: p.x, y: p.y - 100), duration: 0.5, steps: 10, hold: 0.15)
      XCTAssertEqual(v.model.list.contentOffset, 100, "\(edge): content follows the pointer up")
      XCTAssertEqual(v.model.extent, 400, "\(edge)")
      XCTAssertEqual(v.state, "half", "\(edge)")
      XCTAssertFalse(hasDragBegan(v.log), "\(edge)")

      let h = driver()
      h.press(p.x, p.y)
      h.move(step(p, grow, by: 10).x, p.y)
      h.move(step(p, grow, by: 100).x, p.y)
      XCTAssertEqual(h.model.extent, 500, "\(edge)")
      XCTAssertEqual(h.model.list.contentOffset, 0, "\(edge)")
      XCTAssertEqual(h.log.last, .dragBegan(state: "half"), "\(edge)")
      // Still at 500, beyond the upper mark (400 + 40): DrawerKit goes full.
      h.release(step(p, grow, by: 100).x, p.y, after: 0.15)
      XCTAssertTrue(h.settle())
      XCTAssertEqual(h.state, "full", "\(edge)")
      XCTAssertEqual(h.model.extent, 800, "\(edge)")
    }
  }

  /// Across the axis, a side panel's list scrolls only at a detent whose
  /// list scrolls: at one that does not, the vertical drag does nothing.
  func testSidePanelsScrollAcrossOnlyWhereTheListScrolls() {
    for edge in [Edge.left, .right] {
      let d = Driver { c in
        c.edge = edge
        c.detents = Self.detents
        c.scrollingDetents = ["full"]
      }
      XCTAssertEqual(d.state, "half", "\(edge)")
      let p = center(d.model.list.viewport)
      d.drag(from: p, to: Point(x: p.x, y: p.y - 100), duration: 0.5, steps: 10, hold: 0.15)
      XCTAssertEqual(d.model.list.contentOffset, 0, "\(edge): half does not scroll")
      XCTAssertEqual(d.model.extent, 400, "\(edge)")
      XCTAssertFalse(hasDragBegan(d.log), "\(edge)")
      d.engine.move(to: "full", animated: false)
      d.drag(from: p, to: Point(x: p.x, y: p.y - 100), duration: 0.5, steps: 10, hold: 0.15)
      XCTAssertEqual(d.model.list.contentOffset, 100, "\(edge): full does")
    }
  }

  /// `moved`: with reportsMoves, at most one per `advance(to:)`, reporting
  /// the extent of that frame, the last one the target's extent with
  /// progress 1; without it, none at all.
  func testMovedIsReportedOncePerFrameOnlyWhenAsked() {
    func moves(_ events: ArraySlice<DrawerEvent>) -> [(Double, Double)] {
      events.compactMap { if case let .moved(e, p) = $0 { (e, p) } else { nil } }
    }
    let d = Driver { $0.reportsMoves = true }
    d.wait(0.001)
    XCTAssertEqual(moves(d.log[...]).last?.0, 300, "the unanimated present is reported on the next frame")
    d.key(.home)
    var reported: [(Double, Double)] = []
    var frames = 0
    while d.engine.isAnimating && frames < 600 {
      let before = d.log.count
      d.wait(1.0 / 60)
      let frame = moves(d.log[before...])
      XCTAssertLessThanOrEqual(frame.count, 1)
      if let m = frame.first { XCTAssertEqual(m.0, d.model.extent) }
      reported += frame
      frames += 1
    }
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertGreaterThan(reported.count, 2)
    XCTAssertEqual(reported.last?.0, 600)
    XCTAssertEqual(reported.last?.1, 1)

    let quiet = Driver()
    quiet.key(.home)
    quiet.settle()
    XCTAssertEqual(quiet.state, .fullyExpanded)
    XCTAssertTrue(moves(quiet.log[...]).isEmpty)
  }

  /// A top panel's moving edge is its bottom, nearest the list's end. At
  /// full, dragging up on the list (shrinking) first scrolls the list toward
  /// its end (the offset grows with the pointer), and only the motion left
  /// once it is there moves the panel. At the end, the panel moves at once.
  /// 15 rows: 660 px of content in a 552 px viewport, 108 px of range.
  func testTopPanelScrollsTheListToItsEndBeforeShrinking() {
    let d = Driver { c in
      c.edge = .top
      c.initialState = .fullyExpanded
      c.rowCount = 15
    }
    XCTAssertEqual(d.model.extent, 600)
    XCTAssertEqual(d.model.list.viewport, Rect(x: 0, y: 0, width: 800, height: 552))
    d.press(400, 300)
    d.move(400, 250)
    XCTAssertEqual(d.model.list.contentOffset, 50)
    XCTAssertEqual(d.model.extent, 600)
    XCTAssertFalse(hasDragBegan(d.log))
    d.move(400, 150)
    XCTAssertEqual(d.model.list.contentOffset, 108, "the list reached its end")
    XCTAssertEqual(d.model.extent, 600 - (100 - 58), "the rest moved the panel")
    XCTAssertTrue(hasDragBegan(d.log))
    d.release(400, 150, after: 0.15)
    XCTAssertTrue(d.settle())
    XCTAssertEqual(d.state, .fullyExpanded, "still beyond the upper mark")

    d.press(400, 300)
    d.move(400, 270)
    XCTAssertEqual(d.model.list.contentOffset, 108)
    XCTAssertEqual(d.model.extent, 570, "at the end, the panel shrinks at once")
  }
}
