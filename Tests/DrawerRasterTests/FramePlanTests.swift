import DrawerEngine
import DrawerRaster
import TestSupport
import XCTest

final class FramePlanTests: XCTestCase {
  func testPxRoundsAndKeepsWithinSixteenBitCoordinates() {
    XCTAssertEqual([px(2.5), px(-2.5), px(2.4), px(-0.4)], [3, -3, 2, 0])
    XCTAssertEqual([px(1e9), px(-1e9), px(.infinity), px(-.infinity)], [32_000, -32_000, 32_000, -32_000])
  }

  // Edge cases.

  func testTheFirstFrameRedrawsEverything() {
    var plan = FramePlan<Int>()
    XCTAssertEqual(plan.depth(backdrop: 0, reach: 10, length: 600), 600)
  }

  func testAnEmptyWindowHasNothingToRedraw() {
    var plan = FramePlan<Int>()
    XCTAssertEqual(plan.depth(backdrop: 0, reach: 10, length: 0), 0)
    XCTAssertEqual(plan.depth(backdrop: 0, reach: 10, length: -5), 0)
  }

  func testAChangedBackdropRedrawsEverything() {
    var plan = FramePlan<Int>()
    _ = plan.depth(backdrop: 0, reach: 100, length: 600)
    XCTAssertEqual(plan.depth(backdrop: 1, reach: 100, length: 600), 600)
    XCTAssertEqual(plan.depth(backdrop: 1, reach: 100, length: 600), 100, "then the same backdrop again is kept")
  }

  func testResetRedrawsEverything() {
    var plan = FramePlan<Int>()
    _ = plan.depth(backdrop: 0, reach: 100, length: 600)
    plan.reset()
    XCTAssertEqual(plan.depth(backdrop: 0, reach: 100, length: 600), 600)
  }

  func testAShrinkingPanelRedrawsWhereItWas() {
    var plan = FramePlan<Int>()
    _ = plan.depth(backdrop: 0, reach: 300, length: 600)
    XCTAssertEqual(plan.depth(backdrop: 0, reach: 120, length: 600), 300, "the old reach uncovers backdrop")
    XCTAssertEqual(plan.depth(backdrop: 0, reach: 120, length: 600), 120)
  }

  func testAGrowingPanelRedrawsWhereItIsNow() {
    var plan = FramePlan<Int>()
    _ = plan.depth(backdrop: 0, reach: 120, length: 600)
    XCTAssertEqual(plan.depth(backdrop: 0, reach: 300, length: 600), 300)
  }

  func testReachIsClampedToTheWindow() {
    var plan = FramePlan<Int>()
    _ = plan.depth(backdrop: 0, reach: 9_000, length: 600)
    XCTAssertEqual(plan.depth(backdrop: 0, reach: -40, length: 600), 600, "the clamped last reach")
    XCTAssertEqual(plan.depth(backdrop: 0, reach: -40, length: 600), 0)
  }

  // Bands and reaches, one per side.

  func testBandsLieAlongTheHomeEdge() {
    let (w, h) = (800, 600)
    XCTAssertEqual(HomeEdge(edge: .bottom, width: w, height: h).band(depth: 50), PixelRect(x: 0, y: 550, width: 800, height: 50))
    XCTAssertEqual(HomeEdge(edge: .top, width: w, height: h).band(depth: 50), PixelRect(x: 0, y: 0, width: 800, height: 50))
    XCTAssertEqual(HomeEdge(edge: .left, width: w, height: h).band(depth: 50), PixelRect(x: 0, y: 0, width: 50, height: 600))
    XCTAssertEqual(HomeEdge(edge: .right, width: w, height: h).band(depth: 50), PixelRect(x: 750, y: 0, width: 50, height: 600))
    XCTAssertEqual(HomeEdge(edge: .right, width: w, height: h).band(depth: 5_000).width, 800, "never beyond the window")
    XCTAssertTrue(HomeEdge(edge: .bottom, width: w, height: h).band(depth: -1).isEmpty)
  }

  func testReachIsTheFarSideFromHome() {
    let r = PixelRect(x: 100, y: 200, width: 50, height: 60)
    let (w, h) = (800, 600)
    XCTAssertEqual(HomeEdge(edge: .bottom, width: w, height: h).reach(of: r), 400)
    XCTAssertEqual(HomeEdge(edge: .top, width: w, height: h).reach(of: r), 260)
    XCTAssertEqual(HomeEdge(edge: .left, width: w, height: h).reach(of: r), 150)
    XCTAssertEqual(HomeEdge(edge: .right, width: w, height: h).reach(of: r), 700)
    XCTAssertEqual(HomeEdge(edge: .bottom, width: w, height: h).reach(of: .empty), 0)
    let beyond = PixelRect(x: -100, y: -100, width: 50, height: 50)
    XCTAssertEqual(HomeEdge(edge: .bottom, width: w, height: h).reach(of: beyond), 600, "clamped to the window")
    XCTAssertEqual(HomeEdge(edge: .top, width: w, height: h).reach(of: beyond), 0)
  }

  func testUnionAndIntersection() {
    let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
    let b = PixelRect(x: 5, y: 8, width: 10, height: 10)
    XCTAssertEqual(a.union(b), PixelRect(x: 0, y: 0, width: 15, height: 18))
    XCTAssertEqual(a.intersection(b), PixelRect(x: 5, y: 8, width: 5, height: 2))
    XCTAssertEqual(a.union(.empty), a)
    XCTAssertEqual(PixelRect.empty.union(b), b)
    XCTAssertTrue(a.intersection(PixelRect(x: 10, y: 0, width: 5, height: 5)).isEmpty, "touching shares no pixel")
  }

  // Sweep: whatever the panel does, the band always covers both the last
  // and the current frame's reach, so nothing stale is left on screen.

  func testBandsAlwaysCoverBothFramesReach() {
    var rng = SplitMix64(seed: 7)
    for side in [Edge.bottom, .top, .right, .left] {
      var plan = FramePlan<Int>()
      let home = HomeEdge(edge: side, width: 640, height: 480)
      var lastReach: Int?
      var lastBackdrop = 0
      for _ in 0..<500 {
        let backdrop = Int(rng.next() % 8 == 0 ? 1 : 0) + lastBackdrop
        let rect = PixelRect(
          x: Int(rng.next() % 900) - 100, y: Int(rng.next() % 700) - 100, width: Int(rng.next() % 300),
          height: Int(rng.next() % 300))
        let reach = home.reach(of: rect)
        let depth = plan.depth(backdrop: backdrop, reach: reach, length: home.length)
        let band = home.band(depth: depth)
        XCTAssertEqual(rect.intersection(band), rect.intersection(PixelRect(x: 0, y: 0, width: 640, height: 480)), "\(side)")
        if let lastReach, backdrop == lastBackdrop { XCTAssertGreaterThanOrEqual(depth, lastReach) } else { XCTAssertEqual(depth, home.length) }
        lastReach = reach
        lastBackdrop = backdrop
      }
    }
  }
}

final class FramePlanRegionTests: XCTestCase {
  let home = HomeEdge(edge: .bottom, width: 1280, height: 800)
  let whole = PixelRect(x: 0, y: 0, width: 1280, height: 800)
  /// A 720 px sheet centred in the window, its top edge at `top`.
  func sheet(top: Int) -> PixelRect { PixelRect(x: 280, y: top, width: 720, height: 800 - top) }

  // Edge cases.

  func testTheFirstFrameAndAChangedBackdropRedrawEverything() {
    var plan = FramePlan<Int>()
    XCTAssertEqual(plan.region(backdrop: 0, touched: sheet(top: 400), home: home), whole)
    XCTAssertEqual(plan.region(backdrop: 1, touched: sheet(top: 400), home: home), whole)
    plan.reset()
    XCTAssertEqual(plan.region(backdrop: 1, touched: sheet(top: 400), home: home), whole)
  }

  func testAFramePlannedByDepthLeavesTheSpanUnknown() {
    var plan = FramePlan<Int>()
    _ = plan.region(backdrop: 0, touched: sheet(top: 400), home: home)
    _ = plan.depth(backdrop: 0, reach: 400, length: 800)
    XCTAssertEqual(
      plan.region(backdrop: 0, touched: sheet(top: 390), home: home), PixelRect(x: 0, y: 390, width: 1280, height: 410),
      "the whole width, as the last frame may have drawn it")
  }

  func testNothingTouchedNowOrBeforeRedrawsNothing() {
    var plan = FramePlan<Int>()
    _ = plan.region(backdrop: 0, touched: .empty, home: home)
    XCTAssertTrue(plan.region(backdrop: 0, touched: .empty, home: home).isEmpty)
  }

  func testAPanelThatLeftIsRedrawnWhereItWas() {
    var plan = FramePlan<Int>()
    _ = plan.region(backdrop: 0, touched: sheet(top: 400), home: home)
    XCTAssertEqual(plan.region(backdrop: 0, touched: .empty, home: home), sheet(top: 400))
  }

  // The narrowing.

  func testAMovingSheetRedrawsOnlyItsColumns() {
    var plan = FramePlan<Int>()
    _ = plan.region(backdrop: 0, touched: sheet(top: 400), home: home)
    XCTAssertEqual(plan.region(backdrop: 0, touched: sheet(top: 380), home: home), sheet(top: 380), "moving up")
    XCTAssertEqual(plan.region(backdrop: 0, touched: sheet(top: 420), home: home), sheet(top: 380), "moving down")
  }

  func testASheetThatWidensRedrawsTheWiderSpan() {
    var plan = FramePlan<Int>()
    _ = plan.region(backdrop: 0, touched: PixelRect(x: 300, y: 500, width: 100, height: 300), home: home)
    XCTAssertEqual(
      plan.region(backdrop: 0, touched: PixelRect(x: 200, y: 520, width: 100, height: 280), home: home),
      PixelRect(x: 200, y: 500, width: 200, height: 300))
  }

  func testSideEdgesNarrowRows() {
    let right = HomeEdge(edge: .right, width: 1280, height: 800)
    var plan = FramePlan<Int>()
    _ = plan.region(backdrop: 0, touched: PixelRect(x: 900, y: 100, width: 380, height: 600), home: right)
    XCTAssertEqual(
      plan.region(backdrop: 0, touched: PixelRect(x: 950, y: 100, width: 330, height: 600), home: right),
      PixelRect(x: 900, y: 100, width: 380, height: 600))
  }

  /// Seeded sweeps of random sheets: a frame's region always holds what it
  /// touches now and what the last frame touched, within the window.
  func testTheRegionHoldsBothFramesTouches() {
    var rng = SplitMix64(seed: 14)
    for side in [Edge.bottom, .top, .right, .left] {
      let home = HomeEdge(edge: side, width: 1280, height: 800)
      var plan = FramePlan<Int>()
      var last = PixelRect.empty
      _ = plan.region(backdrop: 0, touched: last, home: home)
      for _ in 0..<500 {
        let w = Int.random(in: 0...1280, using: &rng), h = Int.random(in: 0...800, using: &rng)
        let rect: PixelRect
        switch side {
        case .bottom: rect = PixelRect(x: Int.random(in: -50...1280, using: &rng), y: 800 - h, width: w, height: h)
        case .top: rect = PixelRect(x: Int.random(in: -50...1280, using: &rng), y: 0, width: w, height: h)
        case .left: rect = PixelRect(x: 0, y: Int.random(in: -50...800, using: &rng), width: w, height: h)
        case .right: rect = PixelRect(x: 1280 - w, y: Int.random(in: -50...800, using: &rng), width: w, height: h)
        }
        let region = plan.region(backdrop: 0, touched: rect, home: home)
        let window = PixelRect(x: 0, y: 0, width: 1280, height: 800)
        for r in [rect, last] {
          let inside = r.intersection(window)
          if !inside.isEmpty { XCTAssertEqual(region.union(inside), region, "\(side) \(r) outside \(region)") }
        }
        last = rect
      }
    }
  }
}

/// The region with a front: only what lies between this frame's front and
/// the last one's changes.
final class FramePlanFrontTests: XCTestCase {
  let home = HomeEdge(edge: .bottom, width: 1280, height: 800)
  let whole = PixelRect(x: 0, y: 0, width: 1280, height: 800)
  /// A 720 px sheet centred in the window, its top edge at `top`.
  func sheet(top: Int) -> PixelRect { PixelRect(x: 280, y: top, width: 720, height: 800 - top) }
  /// Its front: the rows from 20 px above its top to 30 px below.
  func front(top: Int) -> PixelRect { PixelRect(x: 280, y: top - 20, width: 720, height: 50) }

  // Edge cases.

  func testTheFirstFrameAndAChangedBackdropStillRedrawEverything() {
    var plan = FramePlan<Int>()
    XCTAssertEqual(plan.region(backdrop: 0, touched: sheet(top: 400), front: front(top: 400), home: home), whole)
    XCTAssertEqual(plan.region(backdrop: 1, touched: sheet(top: 390), front: front(top: 390), home: home), whole)
  }

  func testAFrontAloneIsNotEnough() {
    var plan = FramePlan<Int>()
    _ = plan.region(backdrop: 0, touched: sheet(top: 400), home: home)
    XCTAssertEqual(
      plan.region(backdrop: 0, touched: sheet(top: 390), front: front(top: 390), home: home), sheet(top: 390),
      "the last frame had no front: the whole sheet, as it may have drawn all of it")
    _ = plan.region(backdrop: 0, touched: sheet(top: 380), front: front(top: 380), home: home)
    XCTAssertEqual(
      plan.region(backdrop: 0, touched: sheet(top: 370), home: home), sheet(top: 370),
      "this frame has none: the whole sheet")
  }

  func testAnEmptyFrontCountsAsNone() {
    var plan = FramePlan<Int>()
    _ = plan.region(backdrop: 0, touched: sheet(top: 400), front: .empty, home: home)
    XCTAssertEqual(plan.region(backdrop: 0, touched: sheet(top: 390), front: front(top: 390), home: home), sheet(top: 390))
  }

  // The stretch between fronts.

  func testAMovingSheetRedrawsFromOneFrontToTheOther() {
    var plan = FramePlan<Int>()
    _ = plan.region(backdrop: 0, touched: sheet(top: 400), front: front(top: 400), home: home)
    XCTAssertEqual(
      plan.region(backdrop: 0, touched: sheet(top: 390), front: front(top: 390), home: home),
      PixelRect(x: 280, y: 370, width: 720, height: 60), "moving up 10 px")
    XCTAssertEqual(
      plan.region(backdrop: 0, touched: sheet(top: 300), front: front(top: 300), home: home),
      PixelRect(x: 280, y: 280, width: 720, height: 140), "a jump past its own front: everything between")
    XCTAssertEqual(
      plan.region(backdrop: 0, touched: sheet(top: 305), front: front(top: 305), home: home),
      PixelRect(x: 280, y: 280, width: 720, height: 55), "moving down")
    XCTAssertEqual(
      plan.region(backdrop: 0, touched: sheet(top: 305), front: front(top: 305), home: home), front(top: 305),
      "at rest: its front alone")
  }

  func testAFrontPastTheWindowIsCut() {
    var plan = FramePlan<Int>()
    _ = plan.region(backdrop: 0, touched: sheet(top: 10), front: front(top: 10), home: home)
    XCTAssertEqual(
      plan.region(backdrop: 0, touched: sheet(top: 5), front: front(top: 5), home: home),
      PixelRect(x: 280, y: 0, width: 720, height: 40))
  }

  /// Seeded sweeps: a sheet whose rows look the same below its front (the
  /// front's rows depend on their distance from the top; above it, the
  /// backdrop). Every row that differs between two frames lies in the region.
  func testEveryChangedRowLiesInTheRegion() {
    var rng = SplitMix64(seed: 1_414)
    /// What row `y` of the sheet's columns shows with its top at `top`.
    func look(_ y: Int, top: Int) -> Int {
      if y < top - 20 { return -1 }
      if y < top + 30 { return y - top }
      return 100
    }
    for _ in 0..<20 {
      var plan = FramePlan<Int>()
      var top = Int.random(in: 0...800, using: &rng)
      _ = plan.region(backdrop: 0, touched: sheet(top: top - 20), front: front(top: top), home: home)
      for _ in 0..<100 {
        let next = max(0, min(800, top + Int.random(in: -120...120, using: &rng)))
        let region = plan.region(backdrop: 0, touched: sheet(top: next - 20), front: front(top: next), home: home)
        for y in 0..<800 where look(y, top: top) != look(y, top: next) {
          XCTAssertTrue(y >= region.y && y < region.maxY, "row \(y) changed from top \(top) to \(next), region \(region)")
          XCTAssertEqual(region.x, 280)
          XCTAssertEqual(region.width, 720)
        }
        top = next
      }
    }
  }

  /// Seeded frames of panels on every edge, each a rectangle against its
  /// home edge that moves, grows, shrinks, narrows and goes, over a backdrop
  /// that sometimes changes. The panel's pixels move with it; with a front,
  /// those beyond the front (toward the home edge) depend only on their
  /// place across the axis. Two frames are drawn in software and every
  /// pixel that differs must lie in the region the plan returned.
  func testEveryChangedPixelLiesInTheRegionOnEveryEdge() {
    var rng = SplitMix64(seed: 2_525)
    let (w, h) = (64, 48)
    for edge in [Edge.bottom, .top, .right, .left] {
      for withFront in [false, true] {
        let home = HomeEdge(edge: edge, width: w, height: h)
        let along = home.length, across = edge.isVertical ? w : h
        var plan = FramePlan<Int>()
        var backdrop = 0
        var last: [Int]?
        // Across the axis the panel keeps a span; along it, its extent.
        var span = (start: 4, length: across - 8)
        var extent = along / 2
        for _ in 0..<400 {
          if Int.random(in: 0..<15, using: &rng) == 0 { backdrop += 1 }
          if Int.random(in: 0..<10, using: &rng) == 0 {
            let start = Int.random(in: -4..<across, using: &rng)
            span = (start, Int.random(in: 0...(across + 4 - start), using: &rng))
          }
          extent = max(0, min(along + 4, extent + Int.random(in: -20...20, using: &rng)))
          let frontDepth = 6
          // The panel in the window, and its front: the `frontDepth` px
          // along its moving edge.
          func rect(depth: Int, from near: Int) -> PixelRect {
            let a = near, b = near + depth
            switch edge {
            case .bottom: return PixelRect(x: span.start, y: h - b, width: span.length, height: b - a)
            case .top: return PixelRect(x: span.start, y: a, width: span.length, height: b - a)
            case .left: return PixelRect(x: a, y: span.start, width: b - a, height: span.length)
            case .right: return PixelRect(x: w - b, y: span.start, width: b - a, height: span.length)
            }
          }
          let panel = rect(depth: extent, from: 0)
          let front = rect(depth: min(frontDepth, extent), from: max(0, extent - frontDepth))
          let region = plan.region(backdrop: backdrop, touched: panel, front: withFront ? front : nil, home: home)
          var frame = [Int](repeating: 0, count: w * h)
          for y in 0..<h {
            for x in 0..<w {
              let alongIndex: Int, acrossIndex: Int
              switch edge {
              case .bottom: (alongIndex, acrossIndex) = (h - 1 - y, x)
              case .top: (alongIndex, acrossIndex) = (y, x)
              case .left: (alongIndex, acrossIndex) = (x, y)
              case .right: (alongIndex, acrossIndex) = (w - 1 - x, y)
              }
              let inside = alongIndex < extent && acrossIndex >= span.start && acrossIndex < span.start + span.length
              let fromEdge = extent - 1 - alongIndex
              if !inside {
                frame[y * w + x] = (backdrop * 7_919 + x * 31 + y) * 2
              } else if withFront && fromEdge >= frontDepth {
                frame[y * w + x] = acrossIndex * 2 + 1
              } else {
                frame[y * w + x] = (fromEdge * 97 + acrossIndex * 13 + 5) * 2 + 1
              }
            }
          }
          if let last {
            for i in frame.indices where frame[i] != last[i] {
              let (x, y) = (i % w, i / w)
              XCTAssertTrue(
                x >= region.x && x < region.maxX && y >= region.y && y < region.maxY,
                "\(edge) front \(withFront): (\(x), \(y)) changed outside \(region)")
              if !(x >= region.x && x < region.maxX && y >= region.y && y < region.maxY) { return }
            }
          }
          last = frame
        }
      }
    }
  }
}
