import TestSupport
import XCTest

@testable import DrawerEngine

/// What every policy owes, on every edge.
final class ReleasePolicyTests: XCTestCase {
  let policies: [(String, any ReleasePolicy)] = [
    ("drawerkit", DrawerKitPolicy(markName: "half", markAnchor: .fraction(0.5))),
    ("projection", ProjectionPolicy()), ("projection+skip", ProjectionPolicy(allowsSkipping: true)),
    ("nearest", NearestPolicy()),
  ]

  func set(removal: Bool) -> DetentSet {
    try! DetentSet(
      [Detent("tip", .fromHome(64)), Detent("half", .fraction(0.5)), Detent("full", .fromFar(24))], allowsRemoval: removal)
  }

  /// A drag on `edge` from extent `a` to `b` over `seconds`, measured the
  /// way the engine will: pointer points through the edge, growth over time.
  func release(on edge: Edge, in size: Size, from a: Double, to b: Double, seconds: Double, origin: Int) -> Release {
    let cross = edge.crossLength(of: size) / 3
    let start = edge.point(extent: a, cross: cross, in: size)
    let end = edge.point(extent: b, cross: cross, in: size)
    return Release(
      extent: edge.extent(of: end, in: size), velocity: edge.growth(from: start, to: end) / seconds, origin: origin)
  }

  func testEveryEdgeAndPolicyDecidesLikeTheBottomEdge() {
    let size = Size(width: 900, height: 700)
    var rng = SplitMix64(seed: 33)
    for edge in Edge.allCases {
      let length = edge.length(of: size)
      // The same gesture on a bottom panel of the same length.
      let bottom = Size(width: 500, height: length)
      for removal in [false, true] {
        let d = set(removal: removal).resolved(containerLength: length, contentLength: 0)
        for (name, policy) in policies {
          for _ in 0..<150 {
            let origin = Int.random(in: 1..<d.all.count, using: &rng)
            let a = d.all[origin].extent
            let b = Double.random(in: 0...length, using: &rng)
            let seconds = [0.05, 0.2, 1.0].randomElement(using: &rng)!
            let r = release(on: edge, in: size, from: a, to: b, seconds: seconds, origin: origin)
            let reference = release(on: .bottom, in: bottom, from: a, to: b, seconds: seconds, origin: origin)
            let got = policy.target(for: r, among: d)
            XCTAssertEqual(got, policy.target(for: reference, among: d), "\(edge) \(name) \(a) → \(b)")
            XCTAssertTrue(
              d.reachable(including: origin).contains(got.target), "\(edge) \(name): \(got) is out of reach")
          }
        }
      }
    }
  }

  func testNoPolicyEverPicksADisabledDetentOrTheHiddenOneWithoutRemoval() {
    var rng = SplitMix64(seed: 34)
    for round in 0..<600 {
      var s = set(removal: Bool.random(using: &rng))
      for name in ["tip", "half", "full"] where Bool.random(using: &rng) { s.setEnabled(false, for: name) }
      let d = s.resolved(containerLength: Double.random(in: 50...1500, using: &rng), contentLength: 0)
      let origin = Int.random(in: 0..<d.all.count, using: &rng)
      let r = Release(
        extent: Double.random(in: -50...1600, using: &rng), velocity: Double.random(in: -20_000...20_000, using: &rng),
        origin: origin)
      for (name, policy) in policies {
        let got = policy.target(for: r, among: d)
        XCTAssertTrue(d.reachable(including: origin).contains(got.target), "round \(round) \(name): \(got)")
      }
    }
  }
}
