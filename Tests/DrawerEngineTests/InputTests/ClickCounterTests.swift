import XCTest

@testable import DrawerEngine

final class ClickCounterTests: XCTestCase {
  let here = Point(x: 100, y: 100)

  func testClicksWithinTheIntervalCount() {
    var c = ClickCounter()
    XCTAssertEqual(c.click(in: .drawer, at: here, time: 0, interval: 0.4, slop: 6), 1)
    XCTAssertEqual(c.click(in: .drawer, at: here, time: 0.4, interval: 0.4, slop: 6), 2)
    XCTAssertEqual(c.click(in: .drawer, at: here, time: 0.7, interval: 0.4, slop: 6), 3)
  }

  func testALateClickStartsOver() {
    var c = ClickCounter()
    _ = c.click(in: .drawer, at: here, time: 0, interval: 0.4, slop: 6)
    XCTAssertEqual(c.click(in: .drawer, at: here, time: 0.401, interval: 0.4, slop: 6), 1)
  }

  func testAnotherRegionStartsOver() {
    var c = ClickCounter()
    _ = c.click(in: .drawer, at: here, time: 0, interval: 0.4, slop: 6)
    XCTAssertEqual(c.click(in: .outside, at: here, time: 0.1, interval: 0.4, slop: 6), 1)
  }

  func testAFarClickStartsOver() {
    var c = ClickCounter()
    _ = c.click(in: .outside, at: here, time: 0, interval: 0.4, slop: 6)
    XCTAssertEqual(c.click(in: .outside, at: Point(x: 112, y: 100), time: 0.1, interval: 0.4, slop: 6), 2)
    XCTAssertEqual(c.click(in: .outside, at: Point(x: 200, y: 100), time: 0.2, interval: 0.4, slop: 6), 1)
  }

  func testResetForgets() {
    var c = ClickCounter()
    _ = c.click(in: .drawer, at: here, time: 0, interval: 0.4, slop: 6)
    c.reset()
    XCTAssertEqual(c.click(in: .drawer, at: here, time: 0.1, interval: 0.4, slop: 6), 1)
  }
}
