import XCTest

@testable import DrawerEngine

final class VelocityTrackerTests: XCTestCase {
  func testNoSamplesOrOneSampleReadsZero() {
    var t = VelocityTracker()
    XCTAssertEqual(t.velocity(at: 1), 0)
    t.add(position: 100, time: 1)
    XCTAssertEqual(t.velocity(at: 1), 0)
  }

  func testSamplesAtOneInstantReadZero() {
    var t = VelocityTracker()
    t.add(position: 100, time: 1)
    t.add(position: 200, time: 1)
    XCTAssertEqual(t.velocity(at: 1), 0)
  }

  func testConstantMotionReadsItsSpeed() {
    var t = VelocityTracker()
    for i in 0...10 { t.add(position: 50 + Double(i) * 8, time: Double(i) * 0.008) }
    XCTAssertEqual(t.velocity(at: 0.08), 1000, accuracy: 1e-6)
  }

  func testHeldStillForTheWindowReadsExactlyZero() {
    var t = VelocityTracker()
    for i in 0...10 { t.add(position: Double(i) * 20, time: Double(i) * 0.01) }
    t.add(position: 200, time: 0.1 + VelocityTracker.window + 0.001)
    XCTAssertEqual(t.velocity(at: 0.1 + VelocityTracker.window + 0.001), 0)
  }

  func testOnlyTheLastWindowCounts() {
    // A slow drag that ends in a flick reads as the flick, not the average.
    var t = VelocityTracker()
    var p = 0.0, time = 0.0
    for _ in 0..<100 {
      p += 1
      time += 0.01
      t.add(position: p, time: time)
    }
    for _ in 0..<10 {
      p += 30
      time += 0.01
      t.add(position: p, time: time)
    }
    XCTAssertEqual(t.velocity(at: time), 3000, accuracy: 1)
  }

  func testOlderSampleIsDropped() {
    var t = VelocityTracker()
    t.add(position: 0, time: 1)
    t.add(position: 10, time: 1.01)
    t.add(position: 999, time: 0.5)
    XCTAssertEqual(t.count, 2)
    XCTAssertEqual(t.velocity(at: 1.01), 1000, accuracy: 1e-6)
  }

  func testWrapsAroundItsCapacity() {
    var t = VelocityTracker()
    for i in 0..<(VelocityTracker.capacity * 3) { t.add(position: -Double(i) * 2, time: Double(i) * 0.001) }
    XCTAssertEqual(t.count, VelocityTracker.capacity)
    XCTAssertEqual(t.velocity(at: Double(VelocityTracker.capacity * 3 - 1) * 0.001), -2000, accuracy: 1e-3)
  }
}
