import XCTest

@testable import DrawerEngine

final class NearestPolicyTests: XCTestCase {
  /// OverlayContainer's test notches: 100, 200 and 300 px.
  func notches(removal: Bool = false) -> ResolvedDetents {
    try! DetentSet([Detent("n0", .fromHome(100)), Detent("n1", .fromHome(200)), Detent("n2", .fromHome(300))], allowsRemoval: removal)
      .resolved(containerLength: 400, contentLength: 0)
  }

  func decide(at e: Double, _ v: Double, _ d: ResolvedDetents? = nil) -> (String, ReleaseRule) {
    let d = d ?? notches()
    let r = NearestPolicy().target(for: Release(extent: e, velocity: v, origin: 2), among: d)
    return (d.all[r.target].name, r.rule)
  }

  // The published numbers.

  func testStillReleasesGoToTheNearestNotch() {
    XCTAssertEqual(decide(at: 149, 0).0, "n0")
    XCTAssertEqual(decide(at: 151, 0).0, "n1")
    XCTAssertEqual(decide(at: 150, 0).0, "n0", "ties go to the lower notch")
    XCTAssertEqual(decide(at: 151, 0).1, .nearest)
  }

  func testFasterThan400TakesTheNearerInTheDirectionOfMotion() {
    XCTAssertEqual(decide(at: 151, -401).0, "n0")
    XCTAssertEqual(decide(at: 149, 401).0, "n1")
    XCTAssertEqual(decide(at: 149, 401).1, .rushedForward)
    // From 100 at 400 px/s the projection is 140: nearest n0, rushing n1.
    XCTAssertEqual(decide(at: 100, 401).0, "n1")
    XCTAssertEqual(decide(at: 100, 400).0, "n0", "400 px/s exactly is not rushing")
    XCTAssertEqual(decide(at: 100, 400).1, .nearest)
  }

  func testSkippingOnlyThroughTheProjection() {
    // 3000 px/s projects 300 px: from 110 to 410, past the last notch.
    XCTAssertEqual(decide(at: 110, 3000).0, "n2")
    // 1000 px/s projects 100 px: 110 → 210, the two nearest are n1 and n2.
    XCTAssertEqual(decide(at: 110, 1000).0, "n2")
    XCTAssertEqual(decide(at: 110, 500).0, "n1")
  }

  func testTheHiddenPositionIsANotchWhenRemovalIsAllowed() {
    XCTAssertEqual(decide(at: 40, 0, notches(removal: true)).0, "dismissed")
    XCTAssertEqual(decide(at: 40, 0, notches(removal: false)).0, "n0")
  }
}
