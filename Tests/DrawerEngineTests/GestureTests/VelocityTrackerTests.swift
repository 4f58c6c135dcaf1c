import TestSupport
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
    t.add(position: 20, time: 1.02)
    t.add(position: 999, time: 0.5)
    XCTAssertEqual(t.count, 2)
    XCTAssertEqual(t.velocity(at: 1.02), 1000, accuracy: 1e-6)
  }

  func testWrapsAroundItsCapacity() {
    var t = VelocityTracker()
    for i in 0..<(VelocityTracker.capacity * 3) { t.add(position: -Double(i) * 2, time: Double(i) * 0.001) }
    XCTAssertEqual(t.count, VelocityTracker.capacity)
    XCTAssertEqual(t.velocity(at: Double(VelocityTracker.capacity * 3 - 1) * 0.001), -2000, accuracy: 1e-3)
  }

  // Bursts and glitches.

  func testSamplesAMillisecondApartAreSpreadOverTheMinimumSpan() {
    // Two motion events 1 ms apart, 130 px: read as 130 px over one frame,
    // not as 130,000 px/s.
    var t = VelocityTracker()
    t.add(position: 0, time: 1)
    t.add(position: 130, time: 1.001)
    XCTAssertEqual(t.velocity(at: 1.001), 130 / VelocityTracker.minimumSpan, accuracy: 1e-6)
  }

  func testSpeedIsCappedBothWays() {
    var t = VelocityTracker()
    for i in 0...10 { t.add(position: Double(i) * 1000, time: Double(i) * 0.005) }
    XCTAssertEqual(t.velocity(at: 0.05), VelocityTracker.maximumSpeed)
    var u = VelocityTracker()
    for i in 0...10 { u.add(position: -Double(i) * 1000, time: Double(i) * 0.005) }
    XCTAssertEqual(u.velocity(at: 0.05), -VelocityTracker.maximumSpeed)
  }

  func testSpeedJustUnderTheCapIsKept() {
    var t = VelocityTracker()
    for i in 0...10 { t.add(position: Double(i) * 150, time: Double(i) * 0.01) }
    XCTAssertEqual(t.velocity(at: 0.1), 15_000, accuracy: 1e-6)
  }

  func testRandomSamplesAlwaysGiveAFiniteCappedSpeed() {
    for seed in UInt64(1)...200 {
      var rng = SplitMix64(seed: seed)
      var t = VelocityTracker()
      var time = Double.random(in: 0...1000, using: &rng)
      for _ in 0..<Int.random(in: 0...80, using: &rng) {
        time += [0, 0.0001, 0.001, 0.008, 0.05].randomElement(using: &rng)!
        t.add(position: Double.random(in: -1e6...1e6, using: &rng), time: time)
      }
      let v = t.velocity(at: time)
      XCTAssertTrue(v.isFinite, "seed \(seed)")
      XCTAssertLessThanOrEqual(abs(v), VelocityTracker.maximumSpeed, "seed \(seed)")
    }
  }
}
