import DrawerRaster
import TestSupport
import XCTest

final class FramePlanTests: XCTestCase {
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
    XCTAssertEqual(HomeEdge(movingSide: .top, width: w, height: h).band(depth: 50), PixelRect(x: 0, y: 550, width: 800, height: 50))
    XCTAssertEqual(HomeEdge(movingSide: .bottom, width: w, height: h).band(depth: 50), PixelRect(x: 0, y: 0, width: 800, height: 50))
    XCTAssertEqual(HomeEdge(movingSide: .right, width: w, height: h).band(depth: 50), PixelRect(x: 0, y: 0, width: 50, height: 600))
    XCTAssertEqual(HomeEdge(movingSide: .left, width: w, height: h).band(depth: 50), PixelRect(x: 750, y: 0, width: 50, height: 600))
    XCTAssertEqual(HomeEdge(movingSide: .left, width: w, height: h).band(depth: 5_000).width, 800, "never beyond the window")
    XCTAssertTrue(HomeEdge(movingSide: .top, width: w, height: h).band(depth: -1).isEmpty)
  }

  func testReachIsTheFarSideFromHome() {
    let r = PixelRect(x: 100, y: 200, width: 50, height: 60)
    let (w, h) = (800, 600)
    XCTAssertEqual(HomeEdge(movingSide: .top, width: w, height: h).reach(of: r), 400)
    XCTAssertEqual(HomeEdge(movingSide: .bottom, width: w, height: h).reach(of: r), 260)
    XCTAssertEqual(HomeEdge(movingSide: .right, width: w, height: h).reach(of: r), 150)
    XCTAssertEqual(HomeEdge(movingSide: .left, width: w, height: h).reach(of: r), 700)
    XCTAssertEqual(HomeEdge(movingSide: .top, width: w, height: h).reach(of: .empty), 0)
    let beyond = PixelRect(x: -100, y: -100, width: 50, height: 50)
    XCTAssertEqual(HomeEdge(movingSide: .top, width: w, height: h).reach(of: beyond), 600, "clamped to the window")
    XCTAssertEqual(HomeEdge(movingSide: .bottom, width: w, height: h).reach(of: beyond), 0)
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
    for side in [MovingSide.top, .bottom, .left, .right] {
      var plan = FramePlan<Int>()
      let home = HomeEdge(movingSide: side, width: 640, height: 480)
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
