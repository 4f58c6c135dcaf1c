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

  // A step made ready ahead.

  func testAChangeDrawsTheReadyStepWhenItIsWithinTheTolerance() {
    var steps = BackdropSteps()
    _ = steps.step(target: 100, atRest: false)
    XCTAssertEqual(steps.step(target: 105, atRest: false, ready: 104), 104)
    XCTAssertEqual(steps.shown, 104)
  }

  func testAReadyStepOutsideTheToleranceIsNotDrawn() {
    var steps = BackdropSteps()
    _ = steps.step(target: 100, atRest: false)
    XCTAssertEqual(steps.step(target: 110, atRest: false, ready: 104), 110, "the dim jumped past it")
    _ = steps.step(target: 100, atRest: false)
    XCTAssertEqual(steps.step(target: 96, atRest: false, ready: 104), 96, "the dim went the other way")
  }

  func testAReadyStepNeitherHastensAChangeNorAltersTheStepAtRest() {
    var steps = BackdropSteps()
    _ = steps.step(target: 100, atRest: false)
    XCTAssertEqual(steps.step(target: 102, atRest: false, ready: 104), 100, "no change is due")
    XCTAssertEqual(steps.step(target: 103, atRest: true, ready: 104), 103, "at rest, the model's step")
  }

  func testNothingIsUpcomingBeforeAFrameOrWhileTheDimStandsStill() {
    var steps = BackdropSteps()
    XCTAssertNil(steps.upcoming())
    _ = steps.step(target: 100, atRest: false)
    XCTAssertNil(steps.upcoming())
    _ = steps.step(target: 100, atRest: false)
    XCTAssertNil(steps.upcoming())
  }

  func testASlowDimMakesReadyTheStepOneToleranceAwayInItsDirection() {
    for way in [1, -1] {
      var steps = BackdropSteps()
      _ = steps.step(target: 100, atRest: false)
      _ = steps.step(target: 100 + way, atRest: false)
      XCTAssertEqual(steps.upcoming(), 100 + way * tolerance, "way \(way)")
    }
  }

  func testAFastDimMakesReadyWhereItWillBeOneFrameOn() {
    var steps = BackdropSteps()
    _ = steps.step(target: 100, atRest: false)
    _ = steps.step(target: 103, atRest: false)
    XCTAssertEqual(steps.upcoming(), 106, "three steps a frame")
  }

  func testTheUpcomingStepStaysInTheChannel() {
    var up = BackdropSteps()
    _ = up.step(target: 254, atRest: false)
    _ = up.step(target: 255, atRest: false)
    XCTAssertEqual(up.upcoming(), 255)
    var down = BackdropSteps()
    _ = down.step(target: 1, atRest: false)
    _ = down.step(target: 0, atRest: false)
    XCTAssertEqual(down.upcoming(), 0)
  }

  func testTheRestingStepIsUpcomingWhenNoChangeComesBeforeIt() {
    var steps = BackdropSteps()
    _ = steps.step(target: 100, atRest: false)
    _ = steps.step(target: 101, atRest: false)
    XCTAssertEqual(steps.upcoming(restingAt: 102), 102)
    XCTAssertNil(steps.upcoming(restingAt: 100), "it rests at the step shown")
    XCTAssertEqual(steps.upcoming(restingAt: 130), 100 + tolerance, "changes come on the way")
  }

  /// Seeded random walks with a step made ready from each frame's
  /// `upcoming`: the lag stays under the tolerance, and a steady dim's
  /// changes all land on the ready step.
  func testReadyStepsKeepTheRuleAndCatchASteadyDim() {
    var rng = SplitMix64(seed: 0x5EED_0035)
    for _ in 0..<200 {
      var steps = BackdropSteps()
      var t = Int(rng.next() % 256)
      var ready: Int?
      for _ in 0..<60 {
        t = max(0, min(255, t + Int(rng.next() % 13) - 6))
        let drawn = steps.step(target: t, atRest: false, ready: ready)
        XCTAssertLessThan(abs(drawn - t), tolerance)
        ready = steps.upcoming() ?? ready
      }
    }
    for speed in [1, 2, 3, 5, 7, -1, -4, -6] {
      var steps = BackdropSteps()
      var t = speed > 0 ? 10 : 245
      var ready: Int?
      var changes = 0, caught = 0
      // Two frames before the speed is known.
      _ = steps.step(target: t, atRest: false)
      t += speed
      _ = steps.step(target: t, atRest: false)
      ready = steps.upcoming()
      while (0...255).contains(t + speed) {
        t += speed
        let before = steps.shown
        let drawn = steps.step(target: t, atRest: false, ready: ready)
        if drawn != before {
          changes += 1
          if drawn == ready { caught += 1 }
        }
        ready = steps.upcoming() ?? ready
      }
      XCTAssertGreaterThan(changes, 0)
      XCTAssertEqual(caught, changes, "speed \(speed): every change lands on the ready step")
    }
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
