import XCTest

@testable import DrawerScripting

/// Frame times and loop passes for --frame-stats (FrameStats.swift).
final class FrameStatsTests: XCTestCase {
  func testPassesOverAFrameAreCountedAndTheLongestKept() {
    var stats = FrameStats(frameInterval: 0.010)
    stats.recordPass(0.004)
    stats.recordPass(0.010)
    stats.recordPass(0.025)
    stats.recordPass(0.012)
    XCTAssertEqual(stats.passesOverFrame, 2, "a pass of exactly a frame keeps its deadline")
    XCTAssertEqual(stats.longestPass, 0.025)
    let json = stats.report().json
    XCTAssertTrue(json.contains(#""longestPassMs":25.000"#), json)
    XCTAssertTrue(json.contains(#""passesOverFrame":2"#), json)
  }
}
