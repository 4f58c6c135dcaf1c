import XCTest

@testable import DrawerEngine

final class ProjectionPolicyTests: XCTestCase {
  /// FloatingPanel's default layout in 600 px: hidden 0, tip 69, half 300, full 582.
  func detents(removal: Bool = false) -> ResolvedDetents {
    floatingPanelDetents(removal: removal).resolved(containerLength: 600, contentLength: 0)
  }

  func decide(
    _ policy: ProjectionPolicy = ProjectionPolicy(), at e: Double, _ v: Double, from origin: String = "half",
    removal: Bool = false
  ) -> (String, ReleaseRule) {
    let d = detents(removal: removal)
    let r = policy.target(for: Release(extent: e, velocity: v, origin: d.index(of: origin)!), among: d)
    return (d.all[r.target].name, r.rule)
  }

  // The published numbers.

  func testProjectionIsHalfASecondOfMomentum() {
    XCTAssertEqual(ProjectionPolicy.defaultProjectionTime, 0.499, accuracy: 1e-12)
    XCTAssertEqual(ProjectionPolicy.defaultRedirectionProgress, 0.5)
    XCTAssertEqual(ProjectionPolicy.defaultRemovalRate, 5.5)
  }

  func testRedirectionAtHalfTheSegment() {
    // From half (300) toward full (582): the projection must cover 141 px.
    // 282 · 0.5 / 0.499 = 282.57 px/s is the dividing speed.
    XCTAssertEqual(decide(at: 300, 283).0, "full")
    XCTAssertEqual(decide(at: 300, 282).0, "half")
    XCTAssertEqual(decide(at: 300, 283).1, .projected)
    XCTAssertEqual(decide(at: 300, 282).1, .returned)
    // Let go past the middle with no speed: it moves on.
    XCTAssertEqual(decide(at: 445, 0).0, "full")
    XCTAssertEqual(decide(at: 435, 0).0, "half")
  }

  func testAStillReleaseGoesOnInTheDirectionItWasDragged() {
    // Dragged down from half to 190 and held: shrinking, 110 of 231 px
    // toward tip is under half the segment.
    XCTAssertEqual(decide(at: 190, 0).0, "half")
    XCTAssertEqual(decide(at: 180, 0).0, "tip")
  }

  func testOnlyAdjacentDetentsUnlessSkippingIsAllowed() {
    XCTAssertEqual(decide(at: 69, 5000, from: "tip").0, "half", "a hard flick from tip stops at half")
    XCTAssertEqual(decide(ProjectionPolicy(allowsSkipping: true), at: 69, 5000, from: "tip").0, "full")
    XCTAssertEqual(decide(ProjectionPolicy(allowsSkipping: true), at: 69, 5000, from: "tip").1, .projected)
    // Skipping, the segment is taken at the projection: 69 + 0.499·600 = 368.4
    // is 68 px past half toward full, under half the segment.
    XCTAssertEqual(decide(ProjectionPolicy(allowsSkipping: true), at: 69, 600, from: "tip").0, "half")
  }

  func testRemovalNeedsFiveAndAHalfTimesTheDistancePerSecond() {
    // 300 px from hidden needs 1650 px/s.
    XCTAssertEqual(decide(at: 300, -1650, removal: true).1, .removal)
    XCTAssertEqual(decide(at: 300, -1649, removal: true).0, "tip")
    XCTAssertEqual(decide(at: 300, -1650, removal: false).0, "tip", "without removal, the lowest detent")
    XCTAssertEqual(decide(at: 0, -1, removal: true).1, .removal)
  }

  func testAtTheEndsThereIsNothingAhead() {
    XCTAssertEqual(decide(at: 582, 3000, from: "full").0, "full")
    XCTAssertEqual(decide(at: 582, 3000, from: "full").1, .returned)
    XCTAssertEqual(decide(at: 69, -3000, from: "tip").0, "tip")
    XCTAssertEqual(decide(at: 600, 0, from: "full").0, "full", "beyond the last detent")
  }
}
