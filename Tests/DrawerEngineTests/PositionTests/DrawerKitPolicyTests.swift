import XCTest

@testable import DrawerEngine

/// DrawerKit's rule seen through the y coordinates it was first written in:
/// every case of the y-based table below runs against `DrawerKitPolicy` on
/// DrawerKit's detents (a 600 px container, partial at y 300, marks at 260
/// and 340, collapsed at y 500 when there is one).
struct YRule {
  let policy: DrawerKitPolicy
  let detents: ResolvedDetents

  init(
    containerHeight h: Double, partialY: Double = 300, gaps: Double = 40, threshold: Double, partial: Bool, stages: Bool,
    collapsed: Bool
  ) {
    policy = DrawerKitPolicy(
      markAnchor: .fromHome(h - partialY), upperMarkGap: gaps, lowerMarkGap: gaps, flickSpeedThreshold: threshold,
      dismissesInStages: stages)
    var all = [ResolvedDetent(name: "dismissed", extent: 0, backdropAlpha: 0, scrollsList: false, isEnabled: true)]
    func add(_ name: String, _ extent: Double) {
      all.append(ResolvedDetent(name: name, extent: extent, backdropAlpha: 0, scrollsList: false, isEnabled: true))
    }
    if collapsed { add("collapsed", min(100, h)) }
    if partial { add("partiallyExpanded", h - partialY) }
    add("fullyExpanded", h)
    detents = ResolvedDetents(all: all, containerLength: h)
  }

  /// The target for a release at `y` moving at `velocity` px/s (positive down).
  func target(releasedAt y: Double, velocity: Double) -> (state: DetentName, rule: ReleaseRule) {
    let origin = detents.index(of: "partiallyExpanded") ?? detents.all.count - 1
    let d = policy.target(
      for: Release(extent: detents.containerLength - y, velocity: -velocity, origin: origin), among: detents)
    return (DetentName(rawValue: detents.all[d.target].name)!, d.rule)
  }

  var finalState: DetentName {
    DetentName(rawValue: detents.all[policy.finalTarget(among: detents, origin: nil)].name)!
  }
}

final class DrawerKitPolicyTests: XCTestCase {
  let height = 600.0

  func policy(partial: Bool = true, stages: Bool = true, collapsed: Bool = false, threshold: Double = 3) -> YRule {
    YRule(containerHeight: height, threshold: threshold, partial: partial, stages: stages, collapsed: collapsed)
  }

  // Edge cases first.

  func testStillReleaseExactlyOnTheUpperMarkIsInTheBand() {
    XCTAssertEqual(policy().target(releasedAt: 260, velocity: 0).state, .partiallyExpanded)
    XCTAssertEqual(policy().target(releasedAt: 259.999, velocity: 0).state, .fullyExpanded)
  }

  func testStillReleaseExactlyOnTheLowerMarkIsBelowIt() {
    XCTAssertEqual(policy().target(releasedAt: 340, velocity: 0).rule, .belowLowerMark)
    XCTAssertEqual(policy().target(releasedAt: 339.999, velocity: 0).rule, .partialBand)
  }

  func testSpeedExactlyAtTheThresholdIsNotAFlick() {
    // 3 heights/s of 600 px is 1800 px/s; DrawerKit's test is strictly greater.
    XCTAssertEqual(policy().target(releasedAt: 300, velocity: 1800).rule, .partialBand)
    XCTAssertEqual(policy().target(releasedAt: 300, velocity: 1800.01).rule, .flickDown)
    XCTAssertEqual(policy().target(releasedAt: 300, velocity: -1800).rule, .partialBand)
    XCTAssertEqual(policy().target(releasedAt: 300, velocity: -1800.01).rule, .flickUp)
  }

  func testThresholdZeroTurnsFlicksOff() {
    let p = policy(threshold: 0)
    XCTAssertEqual(p.target(releasedAt: 300, velocity: -100_000).rule, .partialBand)
    XCTAssertEqual(p.target(releasedAt: 100, velocity: 100_000).rule, .aboveUpperMark)
  }

  func testFinalStateIsCollapsedOnlyWithStagesAndACollapsedHeight() {
    XCTAssertEqual(policy(stages: true, collapsed: true).finalState, .collapsed)
    XCTAssertEqual(policy(stages: false, collapsed: true).finalState, .dismissed)
    XCTAssertEqual(policy(stages: true, collapsed: false).finalState, .dismissed)
    XCTAssertEqual(policy(stages: false, collapsed: false).finalState, .dismissed)
  }

  func testZeroHeightContainerNeverDivides() {
    let p = YRule(containerHeight: 0, partialY: 0, threshold: 3, partial: true, stages: true, collapsed: false)
    XCTAssertEqual(p.target(releasedAt: 0, velocity: 5000).rule, .belowLowerMark)
  }

  // The whole table: every region × velocity class × partial × stages × collapsed.

  enum Speed: CaseIterable { case flickUp, slowUp, still, slowDown, flickDown }

  func velocity(_ s: Speed) -> Double {
    switch s {
    case .flickUp: -2400
    case .slowUp: -300
    case .still: 0
    case .slowDown: 300
    case .flickDown: 2400
    }
  }

  /// DrawerKit's rule written out independently, as a table of outcomes.
  func expected(region: Int, speed: Speed, partial: Bool, stages: Bool, collapsed: Bool) -> (DetentName, ReleaseRule) {
    let final: DetentName = collapsed && stages ? .collapsed : .dismissed
    switch (speed, region) {
    case (.flickUp, _): return (.fullyExpanded, .flickUp)
    case (.flickDown, _): return (final, .flickDown)
    case (.slowUp, 0), (.still, 0): return (.fullyExpanded, .aboveUpperMark)
    case (.slowDown, 0): return (partial && stages ? .partiallyExpanded : final, .aboveUpperMark)
    case (.slowDown, 1): return (final, .partialBand)
    case (_, 1): return (partial ? .partiallyExpanded : .fullyExpanded, .partialBand)
    default: return (final, .belowLowerMark)
    }
  }

  func testEveryRegionSpeedAndOption() {
    let regions: [(Int, Double)] = [(0, 0), (0, 100), (0, 259), (1, 260), (1, 300), (1, 339), (2, 340), (2, 500), (2, 600)]
    var checked = 0
    for (region, y) in regions {
      for speed in Speed.allCases {
        for partial in [true, false] {
          for stages in [true, false] {
            for collapsed in [true, false] {
              let got = policy(partial: partial, stages: stages, collapsed: collapsed)
                .target(releasedAt: y, velocity: velocity(speed))
              let want = expected(region: region, speed: speed, partial: partial, stages: stages, collapsed: collapsed)
              XCTAssertEqual(got.state, want.0, "y \(y) \(speed) partial \(partial) stages \(stages) collapsed \(collapsed)")
              XCTAssertEqual(got.rule, want.1, "y \(y) \(speed) partial \(partial) stages \(stages) collapsed \(collapsed)")
              checked += 1
            }
          }
        }
      }
    }
    XCTAssertEqual(checked, 9 * 5 * 8)
  }

  // Beyond DrawerKit's three states.

  func testWithoutRemovalFinalIsTheLowestVisibleDetent() {
    var all = YRule(containerHeight: 600, threshold: 3, partial: true, stages: false, collapsed: true).detents.all
    all[0].isEnabled = false
    let d = ResolvedDetents(all: all, containerLength: 600)
    let p = DrawerKitPolicy(markAnchor: .fromHome(300), dismissesInStages: false)
    XCTAssertEqual(d.all[p.finalTarget(among: d, origin: 3)].name, "collapsed")
    let flick = p.target(for: Release(extent: 300, velocity: -5000, origin: 2), among: d)
    XCTAssertEqual(d.all[flick.target].name, "collapsed")
  }

  func testADisabledMarkDetentIsSkippedButKeepsItsMarks() {
    var all = YRule(containerHeight: 600, threshold: 3, partial: true, stages: true, collapsed: false).detents.all
    all[1].isEnabled = false  // partiallyExpanded
    let d = ResolvedDetents(all: all, containerLength: 600)
    let p = DrawerKitPolicy(markAnchor: .fromHome(300))
    // In the band, still: the mark detent is out of reach, so full.
    let r = p.target(for: Release(extent: 310, velocity: 0, origin: 2), among: d)
    XCTAssertEqual(d.all[r.target].name, "fullyExpanded")
    XCTAssertEqual(r.rule, .partialBand)
  }
}
