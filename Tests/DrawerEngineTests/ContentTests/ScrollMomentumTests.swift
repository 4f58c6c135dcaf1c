import XCTest

@testable import DrawerEngine

final class ScrollMomentumTests: XCTestCase {
  func testStartsWhereAndAsFastAsReleased() {
    let m = ScrollMomentum(startOffset: 120, startVelocity: 2000, startTime: 3)
    XCTAssertEqual(m.offset(at: 3), 120)
    XCTAssertEqual(m.offset(at: 2), 120, "before its start it has not moved")
    XCTAssertEqual(m.velocity(at: 3), 2000)
  }

  func testCoastsTowardVelocityOverDecay() {
    let m = ScrollMomentum(startOffset: 0, startVelocity: -1500, startTime: 0)
    XCTAssertEqual(m.offset(at: 100), -1500 / ScrollMomentum.decay, accuracy: 1e-6)
    // UIScrollView's normal rate: 0.998 kept per millisecond.
    XCTAssertEqual(m.velocity(at: 0.001), -1500 * 0.998, accuracy: 1e-9)
  }

  func testEndsWhenItsSpeedReachesRest() {
    let m = ScrollMomentum(startOffset: 0, startVelocity: 4000, startTime: 1)
    XCTAssertEqual(abs(m.velocity(at: m.endTime)), ScrollMomentum.restingSpeed, accuracy: 1e-6)
    let slow = ScrollMomentum(startOffset: 0, startVelocity: 5, startTime: 1)
    XCTAssertEqual(slow.endTime, 1)
  }
}
