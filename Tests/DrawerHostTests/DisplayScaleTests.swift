import DrawerEngine
import XCTest

@testable import DrawerHost

/// Scale conversion: the launch configuration in logical px, converted once
/// to the device px the engine and the painters work in.
final class DisplayScaleTests: XCTestCase {
  /// A configuration with every kind of value set away from its default.
  private func sample() -> DrawerConfiguration {
    var c = DrawerConfiguration()
    c.heightOfPartiallyExpandedDrawer = 301
    c.heightOfCollapsedDrawer = 80
    c.totalDurationInSeconds = 0.3
    c.timingCurve = .easeOut
    c.fullExpansionBehaviour = .leavesCustomGap(40)
    c.statusBarHeight = 24
    c.flickSpeedThreshold = 2.5
    c.upperMarkGap = 30
    c.lowerMarkGap = 50
    c.maximumCornerRadius = 15
    c.handle?.size = Size(width: 40, height: 5)
    c.handle?.top = 8
    c.handle?.cornerRadius = 2.5
    c.handle?.minimumAlpha = 0.4
    c.handle?.color = DrawerColor(red: 1, green: 0, blue: 0)
    c.border = BorderConfiguration(thickness: 1, color: .black)
    c.shadow = ShadowConfiguration(opacity: 0.3, radius: 12, offset: Point(x: -3, y: 5), color: .black)
    c.backgroundColor = DrawerColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.9)
    c.maximumBackdropOpacity = 0.6
    c.rowHeight = 44
    c.rowCount = 77
    c.multiClickInterval = 0.3
    c.clickSlop = 6
    c.contentWidth = 360
    c.releasePolicy = .projection(allowsSkipping: true, removalRate: 5.5)
    c.overdrag = .rubberBand(.overlayContainer(factor: 0.5))
    return c
  }

  // Happy path.

  func testTwiceDoublesEveryLengthAndTheHandleAndNothingElse() {
    let d = DisplayScale(2).configuration(sample())
    var expected = sample()
    expected.heightOfPartiallyExpandedDrawer = 602
    expected.heightOfCollapsedDrawer = 160
    expected.fullExpansionBehaviour = .leavesCustomGap(80)
    expected.statusBarHeight = 48
    expected.upperMarkGap = 60
    expected.lowerMarkGap = 100
    expected.maximumCornerRadius = 30
    expected.handle?.size = Size(width: 80, height: 10)
    expected.handle?.top = 16
    expected.handle?.cornerRadius = 5
    expected.border.thickness = 2
    expected.shadow.radius = 24
    expected.shadow.offset = Point(x: -6, y: 10)
    expected.rowHeight = 88
    expected.clickSlop = 12
    expected.contentWidth = 720
    expected.metrics.titleTopGap = 16
    expected.metrics.titleBottomGap = 20
    expected.metrics.rowTextPadding = 16
    expected.metrics.wheelStep = 96
    expected.metrics.maximumReleaseSpeed = 32_000
    expected.metrics.coastingMinimumSpeed = 100
    expected.metrics.coastingRestingSpeed = 20
    expected.metrics.rushingSpeed = 800
    // Durations, curves, alphas, colours, counts, the flick threshold (in
    // window lengths) and the removal rate (per second) are as they were.
    XCTAssertEqual(d, expected)
  }

  func testDetentsScaleTheirPxAndKeepTheirShares() {
    var c = DrawerConfiguration()
    c.detents = [
      Detent("tip", .fromHome(64), backdropAlpha: 0.1), Detent("half", .fraction(0.5)), Detent("fit", .content),
      Detent("full", .fromFar(24), scrollsList: true),
    ]
    let d = DisplayScale(2).configuration(c)
    XCTAssertEqual(d.detents?.map(\.anchor), [.fromHome(128), .fraction(0.5), .content, .fromFar(48)])
    XCTAssertEqual(d.detents?.map(\.backdropAlpha), [0.1, nil, nil, nil])
    XCTAssertEqual(d.detents?.map(\.scrollsList), c.detents?.map(\.scrollsList))
  }

  func testOneChangesNothing() {
    XCTAssertEqual(DisplayScale(1).configuration(sample()), sample())
    XCTAssertEqual(DisplayScale(1).configuration(DrawerConfiguration()), DrawerConfiguration())
    XCTAssertEqual(DisplayScale(1).paint(PaintMetrics()), PaintMetrics())
  }

  func testOneAndAHalfRoundsTheGridAndKeepsWhatIsContinuous() {
    let d = DisplayScale(1.5).configuration(sample())
    XCTAssertEqual(d.heightOfPartiallyExpandedDrawer, 452, "451.5 to a whole px")
    XCTAssertEqual(d.handle?.size, Size(width: 60, height: 8), "7.5 to a whole px")
    XCTAssertEqual(d.handle?.top, 12)
    XCTAssertEqual(d.rowHeight, 66)
    XCTAssertEqual(d.shadow.offset, Point(x: -5, y: 8), "-4.5 and 7.5 to whole px")
    XCTAssertEqual(d.border.thickness, 2, "1.5 to a whole px")
    XCTAssertEqual(d.maximumCornerRadius, 22.5, "radii are continuous")
    XCTAssertEqual(d.handle?.cornerRadius, 3.75)
    XCTAssertEqual(d.shadow.radius, 18)
    XCTAssertEqual(d.clickSlop, 9)
    XCTAssertEqual(d.metrics.maximumReleaseSpeed, 24_000)
    XCTAssertNoThrow(try d.validate())
  }

  func testAHairlineBorderStaysAFraction() {
    var c = DrawerConfiguration()
    c.border.thickness = 0.5
    XCTAssertEqual(DisplayScale(1.5).configuration(c).border.thickness, 0.75)
    XCTAssertEqual(DisplayScale(2).configuration(c).border.thickness, 1)
  }

  func testTheWindowAndThePaintersLengths() {
    XCTAssertEqual(DisplayScale(2).window(width: 800, height: 600).width, 1600)
    XCTAssertEqual(DisplayScale(1.5).window(width: 801, height: 600).width, 1202)
    XCTAssertEqual(DisplayScale(0.5).window(width: 16, height: 1).height, 1, "a window keeps a pixel")
    let p = DisplayScale(2).paint(PaintMetrics())
    XCTAssertEqual(
      [p.textInset, p.lineGap, p.debugLineThickness, p.markTagPadding, p.minimumWindowWidth, p.minimumWindowHeight],
      [40, 6, 6, 8, 320, 240])
    XCTAssertEqual(DisplayScale(0.5).paint(PaintMetrics()).lineGap, 2, "1.5 to a whole px")
  }

  func testEventsGoBackToLogicalPx() {
    XCTAssertEqual(DisplayScale(1.5).logical(450), 300)
    XCTAssertEqual(DisplayScale(2).logical(DisplayScale(2).snapped(123)), 123)
  }

  func testAutoTakesXftDPIOver96ToAQuarter() {
    XCTAssertEqual(ScaleChoice.auto.resolve(xftDPI: nil), 1)
    XCTAssertEqual(ScaleChoice.auto.resolve(xftDPI: 96), 1)
    XCTAssertEqual(ScaleChoice.auto.resolve(xftDPI: 192), 2)
    XCTAssertEqual(ScaleChoice.auto.resolve(xftDPI: 144), 1.5)
    XCTAssertEqual(ScaleChoice.auto.resolve(xftDPI: 120), 1.25)
    XCTAssertEqual(ScaleChoice.auto.resolve(xftDPI: 97), 1, "a dpi a little off 96 is 1×")
    XCTAssertEqual(ScaleChoice.auto.resolve(xftDPI: 110), 1.25)
    XCTAssertEqual(ScaleChoice.fixed(1.5).resolve(xftDPI: 192), 1.5, "--scale N ignores the desktop")
  }

  // Edge cases.

  func testAutoStaysWithinTheRange() {
    XCTAssertEqual(ScaleChoice.auto.resolve(xftDPI: 10), 0.5)
    XCTAssertEqual(ScaleChoice.auto.resolve(xftDPI: 1000), 4)
    XCTAssertEqual(DisplayScale.factor(forDPI: .nan), 1)
    XCTAssertEqual(DisplayScale.factor(forDPI: 0), 1)
  }

  func testHalfKeepsSmallThingsVisible() {
    var c = DrawerConfiguration()
    c.handle?.size = Size(width: 1, height: 1)
    c.rowHeight = 1
    let d = DisplayScale(0.5).configuration(c)
    XCTAssertEqual(d.handle?.size, Size(width: 1, height: 1))
    XCTAssertEqual(d.rowHeight, 1)
    XCTAssertNoThrow(try d.validate())
  }

  func testValuesAtTheFlagsLimitsStayWithinTheEnginesAtFourTimes() {
    var c = DrawerConfiguration()
    c.rowHeight = 1000
    c.shadow.radius = 200
    c.shadow.offset = Point(x: -1000, y: 1000)
    c.clickSlop = 100
    c.contentWidth = 100_000
    let d = DisplayScale(4).configuration(c)
    XCTAssertNoThrow(try d.validate())
    XCTAssertEqual(d.rowHeight, 1000)
    XCTAssertEqual(d.shadow.offset, Point(x: -1000, y: 1000))
  }

  func testRoundingNeverMakesTwoHeightsTheSame() {
    var c = DrawerConfiguration()
    c.heightOfPartiallyExpandedDrawer = 10.4
    c.heightOfCollapsedDrawer = 10.2
    XCTAssertNoThrow(try c.validate())
    for scale in [0.5, 1, 1.25, 2] {
      let d = DisplayScale(scale).configuration(c)
      XCTAssertLessThan(d.heightOfCollapsedDrawer, d.heightOfPartiallyExpandedDrawer, "\(scale)")
      XCTAssertNoThrow(try d.validate(), "\(scale)")
    }
  }
}
