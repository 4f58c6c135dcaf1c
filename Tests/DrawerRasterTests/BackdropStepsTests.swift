import DrawerRaster
import TestSupport
import XCTest

final class BackdropStepsTests: XCTestCase {
  let tolerance = BackdropSteps.movingTolerance

  // Edge cases.

  func testTheFirstFrameDrawsTheModelsStepEvenWhileMoving() {
    var steps = BackdropSteps()
    XCTAssertNil(steps.shown)
    XCTAssertEqual(steps.step(target: 77, atRest: false), 77)
    XCTAssertEqual(steps.shown, 77)
  }

  func testStepsOutsideTheChannelAreClamped() {
    var steps = BackdropSteps()
    XCTAssertEqual(steps.step(target: -3, atRest: true), 0)
    XCTAssertEqual(steps.step(target: 300, atRest: true), 255)
  }

  func testAtRestTheStepIsAlwaysTheModels() {
    var steps = BackdropSteps()
    _ = steps.step(target: 100, atRest: false)
    XCTAssertEqual(steps.step(target: 101, atRest: true), 101)
    XCTAssertEqual(steps.step(target: 101, atRest: true), 101)
  }

  func testWhileMovingASmallChangeKeepsTheStepOnScreen() {
    var steps = BackdropSteps()
    _ = steps.step(target: 100, atRest: false)
    for t in (100 - tolerance + 1)...(100 + tolerance - 1) {
      XCTAssertEqual(steps.step(target: t, atRest: false), 100, "target \(t)")
    }
  }

  func testWhileMovingAChangeOfTheToleranceIsDrawn() {
    var steps = BackdropSteps()
    _ = steps.step(target: 100, atRest: false)
    XCTAssertEqual(steps.step(target: 100 + tolerance, atRest: false), 100 + tolerance)
    XCTAssertEqual(steps.step(target: 100, atRest: false), 100, "back down by the tolerance")
  }

  func testResetDrawsTheModelsStepOnTheNextFrame() {
    var steps = BackdropSteps()
    _ = steps.step(target: 100, atRest: false)
    steps.reset()
    XCTAssertEqual(steps.step(target: 101, atRest: false), 101)
  }

  // Sweeps.

  /// A drag through the whole range, one step a frame either way: the step
  /// drawn never lags by the tolerance, changes about once every
  /// `tolerance` frames, and lands on the model's step at rest.
  func testASweepLagsLessThanTheToleranceAndRedrawsAFractionOfTheFrames() {
    for direction in [1, -1] {
      var steps = BackdropSteps()
      let targets = direction > 0 ? Array(0...255) : Array((0...255).reversed())
      var redraws = 0
      var last: Int?
      for t in targets {
        let drawn = steps.step(target: t, atRest: false)
        XCTAssertLessThan(abs(drawn - t), tolerance, "target \(t)")
        if drawn != last { redraws += 1 }
        last = drawn
      }
      XCTAssertLessThanOrEqual(redraws, 256 / tolerance + 1)
      XCTAssertEqual(steps.step(target: targets.last!, atRest: true), targets.last!)
    }
  }

  /// Seeded random walks: whatever the path, the lag stays under the
  /// tolerance while moving and is zero at rest.
  func testRandomWalksNeverLagByTheTolerance() {
    var rng = SplitMix64(seed: 0x5EED_0014)
    for _ in 0..<200 {
      var steps = BackdropSteps()
      var t = Int(rng.next() % 256)
      for _ in 0..<100 {
        t = max(0, min(255, t + Int(rng.next() % 13) - 6))
        let atRest = rng.next() % 10 == 0
        let drawn = steps.step(target: t, atRest: atRest)
        if atRest { XCTAssertEqual(drawn, t) } else { XCTAssertLessThan(abs(drawn - t), tolerance) }
      }
    }
  }
}
