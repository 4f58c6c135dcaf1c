import XCTest

@testable import DrawerEngine

/// The engine's own lengths and speeds come from the configuration, so a
/// front end at another scale can convert them with everything else.
final class PanelMetricsTests: XCTestCase {
  // Happy path.

  func testTheDefaultsAreTheValuesAt1x() {
    let m = PanelMetrics()
    XCTAssertEqual(m.titleTopGap, 8)
    XCTAssertEqual(m.titleBottomGap, 10)
    XCTAssertEqual(m.rowTextPadding, 8)
    XCTAssertEqual(m.wheelStep, 48)
    XCTAssertEqual(m.maximumReleaseSpeed, 16_000)
    XCTAssertEqual(m.coastingMinimumSpeed, 50)
    XCTAssertEqual(m.coastingRestingSpeed, 10)
    XCTAssertEqual(m.rushingSpeed, 400)
    XCTAssertEqual(m.scrollIndicatorWidth, 3)
    XCTAssertEqual(m.scrollIndicatorInset, 3)
    XCTAssertEqual(m.scrollIndicatorMinimumLength, 36)
  }

  func testTheScrollIndicatorTakesItsSizesFromTheMetrics() throws {
    let d = Driver {
      $0.initialState = .fullyExpanded
      $0.rowCount = 100_000
      $0.metrics.scrollIndicatorWidth = 6
      $0.metrics.scrollIndicatorInset = 10
      $0.metrics.scrollIndicatorMinimumLength = 72
    }
    d.send(.wheel(steps: 1, at: Point(x: 400, y: 450), time: d.time))
    let frame = try XCTUnwrap(d.model.list.scrollIndicator).frame
    XCTAssertEqual(frame.width, 6)
    XCTAssertEqual(frame.maxX, 790)
    XCTAssertEqual(frame.height, 72)
  }

  func testTheTitleGapsAndRowPaddingShapeTheLayout() {
    var c = DrawerConfiguration()
    c.rowHeight = 1
    c.metrics.titleTopGap = 20
    c.metrics.titleBottomGap = 30
    c.metrics.rowTextPadding = 16
    let l = PanelLayout(
      configuration: c, detentSet: c.detentSet, containerSize: Size(width: 800, height: 600),
      textMetrics: FixedTextMetrics(titleLineHeight: 16, rowLineHeight: 14))
    XCTAssertEqual(l.headerDepth, 8 + 6 + 20 + 16 + 30)
    XCTAssertEqual(l.rowHeight, 14 + 16)
  }

  func testTheWheelStepsByTheConfiguredStep() {
    let d = Driver {
      $0.initialState = .fullyExpanded
      $0.metrics.wheelStep = 96
    }
    d.send(.wheel(steps: 2, at: Point(x: 400, y: 450), time: d.time))
    XCTAssertEqual(d.model.list.contentOffset, 192)
  }

  func testTheReleaseSpeedIsCappedAtTheConfiguredSpeed() throws {
    // 500 px in 20 ms reads about 24,000 px/s: above 1×'s cap, within a doubled one.
    func release(cap: Double) throws -> Double {
      let d = Driver { $0.metrics.maximumReleaseSpeed = cap }
      d.drag(from: Point(x: 400, y: 550), to: Point(x: 400, y: 50), duration: 0.02, steps: 4)
      return try XCTUnwrap(d.lastDragEnd?.velocity)
    }
    XCTAssertEqual(try release(cap: 16_000), -16_000)
    let uncapped = try release(cap: 1_000_000)
    XCTAssertLessThan(uncapped, -20_000)
    XCTAssertEqual(try release(cap: 32_000), uncapped)
  }

  func testOverlayContainersRushUsesTheConfiguredSpeed() throws {
    // A 50 px drag up at 450 px/s: past 400 it rushes to full; with the
    // threshold at 800 (2×) the nearest detent wins.
    for (speed, rule) in [(400.0, ReleaseRule.rushedForward), (800, .nearest)] {
      let d = Driver {
        $0.releasePolicy = .nearest
        $0.metrics.rushingSpeed = speed
      }
      d.drag(from: Point(x: 400, y: 320), to: Point(x: 400, y: 275), duration: 0.1, steps: 10)
      XCTAssertEqual(try XCTUnwrap(d.lastDragEnd).rule, rule, "threshold \(speed)")
    }
  }

  func testTheListCoastsOnlyAboveTheConfiguredSpeed() {
    // A 30 px flick of the list in 0.1 s: 300 px/s, then a still release.
    for (minimum, coasts) in [(50.0, true), (400, false)] {
      let d = Driver {
        $0.initialState = .fullyExpanded
        $0.metrics.coastingMinimumSpeed = minimum
      }
      d.drag(from: Point(x: 400, y: 400), to: Point(x: 400, y: 370), duration: 0.1, steps: 10)
      XCTAssertEqual(d.engine.momentum != nil, coasts, "minimum \(minimum)")
    }
  }

  func testACoastingListStopsAtTheConfiguredRestingSpeed() {
    let fast = ScrollMomentum(startOffset: 0, startVelocity: 2000, startTime: 0)
    let slowStop = ScrollMomentum(startOffset: 0, startVelocity: 2000, startTime: 0, restingSpeed: 20)
    XCTAssertEqual(slowStop.velocity(at: slowStop.endTime), 20, accuracy: 1e-9)
    XCTAssertLessThan(slowStop.endTime, fast.endTime)
  }

  // Edge cases.

  func testBadMetricsAreRefusedByName() {
    let cases: [(String, (inout PanelMetrics) -> Void)] = [
      ("metrics titleTopGap", { $0.titleTopGap = -1 }),
      ("metrics titleBottomGap", { $0.titleBottomGap = .nan }),
      ("metrics rowTextPadding", { $0.rowTextPadding = .infinity }),
      ("metrics wheelStep", { $0.wheelStep = 0 }),
      ("metrics maximumReleaseSpeed", { $0.maximumReleaseSpeed = -5 }),
      ("metrics coastingMinimumSpeed", { $0.coastingMinimumSpeed = .nan }),
      ("metrics coastingRestingSpeed", { $0.coastingRestingSpeed = 0 }),
      ("metrics rushingSpeed", { $0.rushingSpeed = 2e6 }),
      ("metrics scrollIndicatorWidth", { $0.scrollIndicatorWidth = 0 }),
      ("metrics scrollIndicatorInset", { $0.scrollIndicatorInset = -1 }),
      ("metrics scrollIndicatorMinimumLength", { $0.scrollIndicatorMinimumLength = .nan }),
    ]
    for (field, change) in cases {
      var c = DrawerConfiguration()
      change(&c.metrics)
      XCTAssertThrowsError(try c.validate(), field) { XCTAssertEqual(($0 as? DrawerConfigurationError)?.field, field) }
    }
  }
}
