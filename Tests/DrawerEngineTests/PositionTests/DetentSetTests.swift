import TestSupport
import XCTest

@testable import DrawerEngine

/// FloatingPanel's default bottom layout: tip 69 px from the bottom, half at
/// 50 %, full 18 px from the top, backdrop 0.3 at full and 0 elsewhere.
func floatingPanelDetents(removal: Bool = false) -> DetentSet {
  try! DetentSet(
    [
      Detent("tip", .fromHome(69), backdropAlpha: 0), Detent("half", .fraction(0.5), backdropAlpha: 0),
      Detent("full", .fromFar(18), backdropAlpha: 0.3, scrollsList: true),
    ], allowsRemoval: removal)
}

final class DetentSetTests: XCTestCase {
  // Refusals.

  func testBadSetsAreRefusedWithAReason() {
    func message(_ detents: [Detent]) -> String? {
      do {
        _ = try DetentSet(detents, allowsRemoval: false)
        return nil
      } catch {
        return error.message
      }
    }
    XCTAssertNotNil(message([]))
    XCTAssertEqual(message([Detent("a", .fromHome(1)), Detent("a", .fromHome(2))]), "the detent name \"a\" is repeated")
    XCTAssertNotNil(message([Detent("dismissed", .fromHome(1))]))
    XCTAssertNotNil(message([Detent("", .fromHome(1))]))
    XCTAssertNotNil(message([Detent("a", .fraction(1.5))]))
    XCTAssertNotNil(message([Detent("a", .fromHome(-1))]))
    XCTAssertNotNil(message([Detent("a", .fromFar(.infinity))]))
    XCTAssertNotNil(message([Detent("a", .fromHome(1), backdropAlpha: 2)]))
  }

  // Resolution.

  func testFloatingPanelsDefaults() {
    let d = floatingPanelDetents().resolved(containerLength: 600, contentLength: 0)
    XCTAssertEqual(d.all.map(\.name), ["dismissed", "tip", "half", "full"])
    XCTAssertEqual(d.all.map(\.extent), [0, 69, 300, 582])
    XCTAssertEqual(d.index(of: "half"), 2)
    XCTAssertFalse(d.all[0].isEnabled, "no removal: the hidden position is out of reach")
    XCTAssertEqual(d.reachable(including: nil), [1, 2, 3])
  }

  func testAContentDetentFitsTheContentUpToTheContainer() {
    let set = try! DetentSet([Detent("fit", .content), Detent("full", .fromFar(0))], allowsRemoval: true)
    XCTAssertEqual(set.resolved(containerLength: 600, contentLength: 244).all[1].extent, 244)
    XCTAssertEqual(set.resolved(containerLength: 600, contentLength: 900).all[1].extent, 600)
  }

  func testCollisionsPushTheLessExpandedDetentAndTheMoreExpandedWins() {
    // DrawerKit's partial height 300 in a 200 px window.
    let set = try! DetentSet(
      [Detent("collapsed", .fromHome(120)), Detent("partiallyExpanded", .fromHome(300)), Detent("fullyExpanded", .fromFar(0))],
      allowsRemoval: true)
    let d = set.resolved(containerLength: 200, contentLength: 0)
    XCTAssertEqual(d.all.map(\.extent), [0, 120, 200, 200])
    XCTAssertEqual(d.index(at: 200), 3, "at a shared extent the more expanded detent is reported")
    let tiny = set.resolved(containerLength: 50, contentLength: 0)
    XCTAssertEqual(tiny.all.map(\.extent), [0, 50, 50, 50])
    XCTAssertEqual(tiny.index(at: 50), 3)
    XCTAssertNil(tiny.index(at: 25), "between detents")
  }

  func testDetentsAreEnabledAtRunTimeAndTheCurrentOneStaysReachable() {
    var set = floatingPanelDetents()
    XCTAssertTrue(set.setEnabled(false, for: "half"))
    XCTAssertFalse(set.setEnabled(false, for: "nowhere"))
    let d = set.resolved(containerLength: 600, contentLength: 0)
    XCTAssertEqual(d.reachable(including: nil), [1, 3])
    XCTAssertEqual(d.reachable(including: 2), [1, 2, 3], "resting at half while it is disabled")
    XCTAssertTrue(set.setEnabled(true, for: "half"))
    XCTAssertEqual(set.resolved(containerLength: 600, contentLength: 0).reachable(including: nil), [1, 2, 3])
  }

  // Backdrop.

  func testBackdropIsLinearBetweenAdjacentDetentsAndHeldBeyond() {
    let d = floatingPanelDetents().resolved(containerLength: 600, contentLength: 0)
    XCTAssertEqual(d.backdropAlpha(at: 0), 0)
    XCTAssertEqual(d.backdropAlpha(at: 300), 0)
    XCTAssertEqual(d.backdropAlpha(at: 441), 0.15, accuracy: 1e-12)
    XCTAssertEqual(d.backdropAlpha(at: 582), 0.3, accuracy: 1e-12)
    XCTAssertEqual(d.backdropAlpha(at: 600), 0.3, accuracy: 1e-12, "held beyond the last detent")
  }

  func testDetentsWithoutAnAlphaFollowTheLineLikeDrawerKit() {
    // DrawerKit dims 0.5 at full, falling linearly to 0 at dismissed.
    let set = try! DetentSet(
      [Detent("partiallyExpanded", .fromHome(300)), Detent("fullyExpanded", .fromFar(0), backdropAlpha: 0.5)],
      allowsRemoval: true)
    let d = set.resolved(containerLength: 600, contentLength: 0)
    XCTAssertEqual(d.all[1].backdropAlpha, 0.25, accuracy: 1e-12)
    for e in stride(from: 0.0, through: 600, by: 25) {
      XCTAssertEqual(d.backdropAlpha(at: e), 0.5 * e / 600, accuracy: 1e-12, "extent \(e)")
    }
  }

  func testASharedExtentTakesTheMoreExpandedAlpha() {
    let set = try! DetentSet(
      [Detent("a", .fromHome(300), backdropAlpha: 0.1), Detent("b", .fromHome(300), backdropAlpha: 0.4)],
      allowsRemoval: true)
    XCTAssertEqual(set.resolved(containerLength: 600, contentLength: 0).backdropAlpha(at: 300), 0.4)
  }

  func testAlphaAroundASharedExtentLeavesFromTheMoreExpandedDetent() {
    let set = try! DetentSet(
      [
        Detent("a", .fromHome(0), backdropAlpha: 0.2), Detent("b", .fromHome(200), backdropAlpha: 0.1),
        Detent("c", .fromHome(200), backdropAlpha: 0.5), Detent("d", .fromHome(400), backdropAlpha: 0.9),
      ],
      allowsRemoval: true)
    let d = set.resolved(containerLength: 600, contentLength: 0)
    XCTAssertEqual(d.backdropAlpha(at: -10), 0.2, "before the first extent: the later point there")
    XCTAssertEqual(d.backdropAlpha(at: 0), 0.2)
    XCTAssertEqual(d.backdropAlpha(at: 100), 0.15, accuracy: 1e-12, "arrives at the less expanded one")
    XCTAssertEqual(d.backdropAlpha(at: 300), 0.7, accuracy: 1e-12, "leaves from the more expanded one")
    XCTAssertEqual(d.backdropAlpha(at: 500), 0.9, "held beyond the last")
  }

  // Sweep: random sets in random containers keep their order and bounds.

  func testRandomSetsResolveInOrderWithinTheContainer() {
    var rng = SplitMix64(seed: 21)
    for round in 0..<300 {
      var detents: [Detent] = []
      for i in 0..<Int.random(in: 1...6, using: &rng) {
        let anchor: Anchor
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: anchor = .fromHome(Double.random(in: 0...1200, using: &rng))
        case 1: anchor = .fraction(Double.random(in: 0...1, using: &rng))
        case 2: anchor = .fromFar(Double.random(in: 0...1200, using: &rng))
        default: anchor = .content
        }
        let alpha: Double? = Bool.random(using: &rng) ? Double.random(in: 0...1, using: &rng) : nil
        detents.append(Detent("d\(i)", anchor, backdropAlpha: alpha, isEnabled: Bool.random(using: &rng)))
      }
      let set = try! DetentSet(detents, allowsRemoval: Bool.random(using: &rng))
      let length = Double.random(in: 0...1500, using: &rng)
      let d = set.resolved(containerLength: length, contentLength: Double.random(in: 0...2000, using: &rng))
      for (a, b) in zip(d.all, d.all.dropFirst()) { XCTAssertLessThanOrEqual(a.extent, b.extent, "round \(round)") }
      for x in d.all {
        XCTAssertTrue((0...max(0, length)).contains(x.extent), "round \(round)")
        XCTAssertTrue((0...1).contains(x.backdropAlpha), "round \(round)")
      }
      for _ in 0..<20 {
        let a = d.backdropAlpha(at: Double.random(in: -100...1600, using: &rng))
        XCTAssertTrue(a.isFinite && (0...1).contains(a), "round \(round)")
      }
    }
  }
}
