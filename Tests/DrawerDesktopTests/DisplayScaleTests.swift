import DrawerEngine
import TestSupport
import XCTest

@testable import DrawerCommandLine
@testable import DrawerDesktop
@testable import DrawerHost
@testable import DrawerRows
@testable import DrawerScripting

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
    c.additionalShadows = [ShadowConfiguration(opacity: 0.2, radius: 3, offset: Point(x: 0, y: 1), color: .black, spread: -2)]
    c.margins = Insets(top: 24, right: 16, bottom: 12, left: 10)
    c.padding = Insets(top: 4, right: 8, bottom: 0, left: 8)
    c.maximumWidth = .automatic
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
    expected.additionalShadows[0].radius = 6
    expected.additionalShadows[0].offset = Point(x: 0, y: 2)
    expected.additionalShadows[0].spread = -4
    expected.margins = Insets(top: 48, right: 32, bottom: 24, left: 20)
    expected.padding = Insets(top: 8, right: 16, bottom: 0, left: 16)
    // A window over 900 logical px is one over 1800 device px.
    expected.maximumWidth = .adaptive(threshold: 1800, width: 1440)
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
    expected.metrics.scrollIndicatorWidth = 6
    expected.metrics.scrollIndicatorInset = 6
    expected.metrics.scrollIndicatorMinimumLength = 72
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

/// The conversion is complete when a session at 2× prints what the same
/// session prints at 1×: every length the behaviour depends on (marks,
/// slop, wheel step, speed limits, title gaps...) is converted, and the
/// events are converted back. Seeded gestures over every edge and policy.
final class DisplayScaleBehaviourTests: XCTestCase {
  private let flagSets: [[String]] = [
    [], ["--release", "projection", "--rubber-band", "fp", "--skip-states"],
    ["--release", "nearest", "--rubber-band", "oc", "--removal", "off"],
    ["--collapsed-height", "80", "--full-expansion", "gap:40", "--scroll-in-all-states"],
    ["--edge", "left", "--detents", "rail=72,open=340"], ["--edge", "top", "--detents", "peek=96,half=50%,full=-64"],
    ["--edge", "right", "--detents", "open=320,wide=70%", "--release", "projection"],
    ["--detents", "tip=64,fit=content,full=-24", "--passthrough", "--rows", "6"],
  ]

  /// A session's event lines, its pointer at `factor` times the logical positions.
  private func session(_ settings: LaunchSettings, factor: Double, seed: UInt64) throws -> [String] {
    let host = try PanelHost(
      configuration: settings.configuration, scale: factor, containerSize: Size(width: 800 * factor, height: 600 * factor),
      textMetrics: FixedTextMetrics(titleLineHeight: 16 * factor, rowLineHeight: 14 * factor), time: 0)
    let rows = RowTexts.generated(count: settings.configuration.rowCount)
    var out: [String] = []
    func drain(_ map: JSONLine?) {
      while let e = host.nextEvent() { out.append(host.line(for: e, rows: rows).json) }
      if let map { out.append(map.json) }
    }
    var time = 0.0
    func feed(_ input: DrawerInput) { drain(host.feed(input)) }
    // Even logical px are whole device px at 1.5× too, as real pointer
    // positions are: the map's pan, kept in whole device px, is then exact.
    func at(_ x: Int, _ y: Int) -> Point { Point(x: Double(x / 2 * 2) * factor, y: Double(y / 2 * 2) * factor) }
    feed(.request(.present(animated: false), time: time))
    var rng = SplitMix64(seed: seed)
    for _ in 0..<16 {
      switch Int.random(in: 0..<5, using: &rng) {
      case 0, 1:
        let (x0, y0) = (Int.random(in: 0..<800, using: &rng), Int.random(in: 0..<600, using: &rng))
        // Half the drags are short and slow, which the marks, the slop and
        // the speed thresholds decide; the rest go anywhere.
        let short = Bool.random(using: &rng)
        let (x1, y1) = short
          ? (x0 + Int.random(in: -30...30, using: &rng), y0 + Int.random(in: -150...150, using: &rng))
          : (Int.random(in: 0..<800, using: &rng), Int.random(in: 0..<600, using: &rng))
        let steps = Int.random(in: 1...12, using: &rng)
        let step = Double(Int.random(in: short ? 20...60 : 4...40, using: &rng)) / 1000
        feed(.pointerDown(at(x0, y0), button: .primary, time: time))
        for i in 1...steps {
          time += step
          feed(.pointerMove(at(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps), time: time))
        }
        time += Double(Int.random(in: 0...3, using: &rng)) * 0.05
        feed(.pointerUp(at(x1, y1), button: .primary, time: time))
      case 2:
        let p = at(Int.random(in: 0..<800, using: &rng), Int.random(in: 0..<600, using: &rng))
        feed(.pointerDown(p, button: .primary, time: time))
        time += 0.05
        feed(.pointerUp(p, button: .primary, time: time))
      case 3:
        feed(.wheel(steps: Double(Int.random(in: -4...4, using: &rng)), at: at(400, Int.random(in: 0..<600, using: &rng)), time: time))
      default:
        feed(.key([DrawerKey.up, .down, .home, .end, .escape, .space].randomElement(using: &rng)!, time: time))
      }
      // Each gesture ends at rest, so none catches a move that one scale
      // would end a frame before the other (springs rest within 0.25
      // device px), and the next starts 8 s after it on both: the frames
      // fall at the same times whatever the scale.
      let next = time + 8
      while host.drawer.isAnimating && time < next {
        time += 1.0 / 60
        host.advance(to: time)
        drain(nil)
      }
      time = next
    }
    return out
  }

  func testTwiceAndOneAndAHalfPrintWhat1xPrints() throws {
    for (i, flags) in flagSets.enumerated() {
      guard case .run(let settings) = parseCommandLine(flags) else { return XCTFail("refused \(flags)") }
      for seed in UInt64(0)..<12 {
        let logical = try session(settings, factor: 1, seed: seed * 31 + UInt64(i))
        XCTAssertGreaterThan(logical.count, 2, "\(flags) seed \(seed): the gestures did something")
        for factor in [2.0, 1.5] {
          XCTAssertEqual(
            try session(settings, factor: factor, seed: seed * 31 + UInt64(i)), logical, "\(flags) seed \(seed) at \(factor)")
        }
      }
    }
  }
}
