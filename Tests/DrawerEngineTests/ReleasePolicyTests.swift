import XCTest

@testable import DrawerEngine

final class ReleasePolicyTests: XCTestCase {
  let height = 600.0

  func policy(partial: Bool = true, stages: Bool = true, collapsed: Bool = false, threshold: Double = 3) -> ReleasePolicy {
    ReleasePolicy(
      containerHeight: height, upperMarkY: 260, lowerMarkY: 340, flickSpeedThreshold: threshold,
      supportsPartialExpansion: partial, dismissesInStages: stages, hasCollapsedState: collapsed)
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
    let p = ReleasePolicy(
      containerHeight: 0, upperMarkY: 0, lowerMarkY: 0, flickSpeedThreshold: 3,
      supportsPartialExpansion: true, dismissesInStages: true, hasCollapsedState: false)
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
  func expected(region: Int, speed: Speed, partial: Bool, stages: Bool, collapsed: Bool) -> (DrawerState, ReleaseRule) {
    let final: DrawerState = collapsed && stages ? .collapsed : .dismissed
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
}
