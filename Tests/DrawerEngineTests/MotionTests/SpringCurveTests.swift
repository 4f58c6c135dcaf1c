import XCTest

@testable import DrawerEngine

final class SpringCurveTests: XCTestCase {
  func spring(_ zeta: Double, response: Double = 1, x0: Double = 1, v0: Double = 0) -> SpringCurve {
    SpringCurve(dampingRatio: zeta, response: response, initialDisplacement: x0, initialVelocity: v0)
  }

  // Edge cases.

  func testAtRestStaysAtRest() {
    for zeta in [0.3, 1, 4.56] {
      let s = spring(zeta, x0: 0, v0: 0)
      XCTAssertEqual(s.state(at: 0.37).displacement, 0)
      XCTAssertEqual(s.settlingTime(epsilon: 0.25), 0)
    }
  }

  func testStartsAtItsInitialDisplacementAndVelocity() {
    for zeta in [0.2, 0.999_999_9, 1, 1.000_000_1, 2, 4.56] {
      let s = spring(zeta, x0: -120, v0: 900)
      XCTAssertEqual(s.state(at: 0).displacement, -120, accuracy: 1e-9, "ζ \(zeta)")
      XCTAssertEqual(s.state(at: 0).velocity, 900, accuracy: 1e-6, "ζ \(zeta)")
    }
  }

  // Known values, computed independently from the closed forms.

  func testCriticallyDampedKnownValue() {
    XCTAssertEqual(spring(1).state(at: 0.1).displacement, 0.868_688_544_640_993_8, accuracy: 1e-12)
  }

  func testUnderdampedKnownValue() {
    XCTAssertEqual(spring(0.5).state(at: 0.25).displacement, 0.352_672_449_318_112_8, accuracy: 1e-12)
  }

  func testOverdampedKnownValue() {
    XCTAssertEqual(spring(2).state(at: 0.3).displacement, 0.650_071_743_337_044_6, accuracy: 1e-12)
  }

  func testUnderdampedOvershootsAndOverdampedDoesNot() {
    let samples = stride(from: 0.0, through: 3, by: 0.001)
    XCTAssertLessThan(samples.map { spring(0.5).state(at: $0).displacement }.min()!, -0.1)
    XCTAssertGreaterThanOrEqual(samples.map { spring(4.56).state(at: $0).displacement }.min()!, 0)
  }

  // Sweeps.

  func testVelocityIsTheDerivativeOfDisplacement() {
    let h = 1e-6
    for zeta in [0.1, 0.5, 0.8, 1, 1.5, 4.56] {
      for v0 in [-3000.0, 0, 3000] {
        let s = spring(zeta, response: 0.4, x0: 250, v0: v0)
        for t in stride(from: 0.0, through: 1, by: 0.05) {
          let numeric = (s.state(at: t + h).displacement - s.state(at: t - h).displacement) / (2 * h)
          XCTAssertEqual(s.state(at: t).velocity, numeric, accuracy: max(1e-3, abs(numeric) * 1e-5), "ζ \(zeta) v0 \(v0) t \(t)")
        }
      }
    }
  }

  func testSatisfiesTheSpringEquation() {
    let h = 1e-5
    for zeta in [0.3, 1, 3] {
      let s = spring(zeta, response: 0.5, x0: 100, v0: -500)
      let w = 2 * Double.pi / 0.5
      for t in stride(from: 0.01, through: 0.8, by: 0.07) {
        let a = (s.state(at: t + h).velocity - s.state(at: t - h).velocity) / (2 * h)
        let (x, v) = s.state(at: t)
        XCTAssertEqual(a + 2 * zeta * w * v + w * w * x, 0, accuracy: 1e-2 * w * w, "ζ \(zeta) t \(t)")
      }
    }
  }

  func testSettlesWithinItsSettlingTimeWithoutNaN() {
    for zeta in [0.05, 0.3, 0.8, 1, 1.2, 4.56, 50] {
      for v0 in [-10_000.0, -1000, 0, 1000, 10_000] {
        for x0 in [-600.0, -1, 0.5, 300] {
          let s = spring(zeta, response: 0.3, x0: x0, v0: v0)
          let settle = s.settlingTime(epsilon: 0.25)
          XCTAssertTrue(settle.isFinite, "ζ \(zeta) v0 \(v0) x0 \(x0)")
          for k in 0...200 {
            let t = settle + Double(k) * 0.01
            let x = s.state(at: t).displacement
            XCTAssertFalse(x.isNaN)
            XCTAssertLessThanOrEqual(abs(x), 0.25 + 1e-9, "ζ \(zeta) v0 \(v0) x0 \(x0) t \(t)")
          }
        }
      }
    }
  }

  func testFittedResponseSettlesWithinTheDuration() {
    for zeta in [1.0, 2, 4.56] {
      for duration in [0.1, 0.4, 1.5] {
        let r = SpringCurve.response(dampingRatio: zeta, fittingDuration: duration)
        let s = spring(zeta, response: r)
        XCTAssertLessThanOrEqual(abs(s.state(at: duration).displacement), 1e-3 + 1e-9, "ζ \(zeta) d \(duration)")
        // Tight: well before the duration it is still visibly moving.
        XCTAssertGreaterThan(abs(s.state(at: duration * 0.6).displacement), 1e-3, "ζ \(zeta) d \(duration)")
      }
    }
  }
}
