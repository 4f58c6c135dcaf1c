import XCTest

@testable import DrawerEngine

final class CubicBezierCurveTests: XCTestCase {
  func curve(_ t: TimingCurve) -> CubicBezierCurve {
    guard case let .cubicBezier(x1, y1, x2, y2) = t else { fatalError("not a Bézier") }
    return CubicBezierCurve(x1: x1, y1: y1, x2: x2, y2: y2)
  }

  func testEndpointsAndClamping() {
    for preset in [TimingCurve.linear, .easeIn, .easeOut, .easeInOut] {
      let c = curve(preset)
      XCTAssertEqual(c.progress(at: 0), 0)
      XCTAssertEqual(c.progress(at: 1), 1)
      XCTAssertEqual(c.progress(at: -3), 0)
      XCTAssertEqual(c.progress(at: 7), 1)
    }
  }

  func testLinearIsTheIdentity() {
    for x in stride(from: 0.0, through: 1, by: 0.01) {
      XCTAssertEqual(curve(.linear).progress(at: x), x, accuracy: 1e-6)
    }
  }

  func testKnownValues() {
    // CSS `ease` at the midpoint is a widely quoted value.
    XCTAssertEqual(CubicBezierCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1).progress(at: 0.5), 0.802_403_387_6, accuracy: 1e-6)
    XCTAssertEqual(curve(.easeIn).progress(at: 0.5), 0.315_356_812_6, accuracy: 1e-6)
    XCTAssertEqual(curve(.easeOut).progress(at: 0.5), 0.684_643_187_4, accuracy: 1e-6)
    XCTAssertEqual(curve(.easeInOut).progress(at: 0.5), 0.5, accuracy: 1e-6)
    XCTAssertEqual(curve(.easeInOut).progress(at: 0.25), 0.129_161_931_0, accuracy: 1e-6)
  }

  func testPresetsAreMonotonic() {
    for preset in [TimingCurve.linear, .easeIn, .easeOut, .easeInOut] {
      var last = 0.0
      for x in stride(from: 0.0, through: 1, by: 0.001) {
        let p = curve(preset).progress(at: x)
        XCTAssertGreaterThanOrEqual(p, last - 1e-9)
        last = p
      }
    }
  }

  func testFlatSlopesStillConverge() {
    // x1 = x2 = 1 and x1 = x2 = 0 give zero slopes where Newton fails.
    for c in [CubicBezierCurve(x1: 1, y1: 0, x2: 1, y2: 0), CubicBezierCurve(x1: 0, y1: 1, x2: 0, y2: 1)] {
      for x in stride(from: 0.0, through: 1, by: 0.05) {
        let p = c.progress(at: x)
        XCTAssertFalse(p.isNaN)
        XCTAssertTrue((0...1).contains(p))
      }
    }
  }
}
