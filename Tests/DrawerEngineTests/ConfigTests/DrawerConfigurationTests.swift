import XCTest

@testable import DrawerEngine

final class DrawerConfigurationTests: XCTestCase {
  func testDefaultsAreDrawerKits() throws {
    let c = DrawerConfiguration()
    XCTAssertNil(c.initialState)
    XCTAssertEqual(c.totalDurationInSeconds, 0.4)
    XCTAssertFalse(c.durationIsProportionalToDistanceTraveled)
    XCTAssertEqual(c.timingCurve, .spring(dampingRatio: 4.56, response: nil))
    XCTAssertEqual(c.fullExpansionBehaviour, .coversFullScreen)
    XCTAssertTrue(c.supportsPartialExpansion)
    XCTAssertTrue(c.dismissesInStages)
    XCTAssertTrue(c.isDrawerDraggable)
    XCTAssertEqual(c.numberOfTapsForFullDrawerPresentation, 1)
    XCTAssertEqual(c.numberOfTapsForOutsideDrawerDismissal, 1)
    XCTAssertEqual(c.flickSpeedThreshold, 3)
    XCTAssertEqual(c.upperMarkGap, 40)
    XCTAssertEqual(c.lowerMarkGap, 40)
    XCTAssertEqual(c.maximumCornerRadius, 15)
    XCTAssertEqual(c.cornerAnimationOption, .maximumAtPartialY)
    XCTAssertEqual(c.heightOfCollapsedDrawer, 0)
    let h = try XCTUnwrap(c.handle)
    XCTAssertEqual(h.size, Size(width: 40, height: 6))
    XCTAssertEqual(h.top, 8)
    XCTAssertNil(h.cornerRadius)
    XCTAssertTrue(h.autoAnimatesDimming)
    XCTAssertEqual(c.border.thickness, 0)
    XCTAssertEqual(c.shadow.opacity, 0)
    XCTAssertEqual(c.shadow.radius, 0)
    XCTAssertFalse(c.debugMode)
    XCTAssertNoThrow(try c.validate())
  }

  func assertRejects(_ field: String, file: StaticString = #filePath, line: UInt = #line, _ change: (inout DrawerConfiguration) -> Void) {
    var c = DrawerConfiguration()
    change(&c)
    do {
      try c.validate()
      XCTFail("accepted a bad \(field)", file: file, line: line)
    } catch {
      XCTAssertEqual(error.field, field, file: file, line: line)
      XCTAssertTrue(error.description.hasPrefix(field), error.description, file: file, line: line)
    }
  }

  func testRejectsEachBadField() {
    assertRejects("heightOfPartiallyExpandedDrawer") { $0.heightOfPartiallyExpandedDrawer = -1 }
    assertRejects("heightOfPartiallyExpandedDrawer") { $0.heightOfPartiallyExpandedDrawer = .nan }
    assertRejects("heightOfCollapsedDrawer") { $0.heightOfCollapsedDrawer = .infinity }
    assertRejects("heightOfCollapsedDrawer") { $0.heightOfCollapsedDrawer = 400 }
    assertRejects("initialState") { $0.initialState = .dismissed }
    assertRejects("initialState") { $0.initialState = .collapsed }
    assertRejects("initialState") {
      $0.supportsPartialExpansion = false
      $0.initialState = .partiallyExpanded
    }
    assertRejects("headerMessageLines") { $0.headerMessageLines = 2 }
    assertRejects("headerMessageLines") { $0.headerMessageLines = -1 }
    assertRejects("totalDurationInSeconds") { $0.totalDurationInSeconds = -0.1 }
    assertRejects("totalDurationInSeconds") { $0.totalDurationInSeconds = .nan }
    assertRejects("timingCurve") { $0.timingCurve = .spring(dampingRatio: 0, response: nil) }
    assertRejects("timingCurve") { $0.timingCurve = .spring(dampingRatio: 1, response: -1) }
    assertRejects("timingCurve") { $0.timingCurve = .cubicBezier(x1: 1.5, y1: 0, x2: 0.5, y2: 1) }
    assertRejects("timingCurve") { $0.timingCurve = .cubicBezier(x1: 0.5, y1: .nan, x2: 0.5, y2: 1) }
    assertRejects("fullExpansionBehaviour gap") { $0.fullExpansionBehaviour = .leavesCustomGap(-5) }
    assertRejects("statusBarHeight") { $0.statusBarHeight = -1 }
    assertRejects("numberOfTapsForFullDrawerPresentation") { $0.numberOfTapsForFullDrawerPresentation = -1 }
    assertRejects("numberOfTapsForOutsideDrawerDismissal") { $0.numberOfTapsForOutsideDrawerDismissal = 11 }
    assertRejects("flickSpeedThreshold") { $0.flickSpeedThreshold = -3 }
    assertRejects("upperMarkGap") { $0.upperMarkGap = .nan }
    assertRejects("lowerMarkGap") { $0.lowerMarkGap = -40 }
    assertRejects("maximumCornerRadius") { $0.maximumCornerRadius = -1 }
    assertRejects("handle size") { $0.handle?.size = Size(width: 0, height: 6) }
    assertRejects("handle top") { $0.handle?.top = -2 }
    assertRejects("handle cornerRadius") { $0.handle?.cornerRadius = -2 }
    assertRejects("handle color") { $0.handle?.color = DrawerColor(red: 2, green: 0, blue: 0) }
    assertRejects("border thickness") { $0.border.thickness = -0.5 }
    assertRejects("shadow opacity") { $0.shadow.opacity = 1.01 }
    assertRejects("shadow radius") { $0.shadow.radius = -1 }
    assertRejects("shadow offset") { $0.shadow.offset = Point(x: .infinity, y: 0) }
    assertRejects("maximumBackdropOpacity") { $0.maximumBackdropOpacity = 2 }
    assertRejects("rowHeight") { $0.rowHeight = 0 }
    assertRejects("rowCount") { $0.rowCount = -1 }
    assertRejects("multiClickInterval") { $0.multiClickInterval = 0 }
    assertRejects("clickSlop") { $0.clickSlop = -1 }
  }

  func testAcceptsTheEdgesOfEachRange() {
    var c = DrawerConfiguration()
    c.heightOfPartiallyExpandedDrawer = 0
    c.totalDurationInSeconds = 0
    c.flickSpeedThreshold = 0
    c.upperMarkGap = 0
    c.lowerMarkGap = 0
    c.shadow.opacity = 1
    c.shadow.offset = Point(x: -10, y: -10)
    c.numberOfTapsForFullDrawerPresentation = 0
    c.numberOfTapsForOutsideDrawerDismissal = 0
    c.rowCount = 0
    XCTAssertNoThrow(try c.validate())
  }

  func testTheEngineRefusesAnInvalidConfiguration() {
    var c = DrawerConfiguration()
    c.flickSpeedThreshold = .nan
    XCTAssertThrowsError(
      try Drawer(configuration: c, containerSize: Size(width: 800, height: 600), textMetrics: FixedTextMetrics(), time: 0))
  }
}

final class DrawerColorTests: XCTestCase {
  func testHexForms() {
    XCTAssertEqual(DrawerColor(parsing: "#f00"), DrawerColor(red: 1, green: 0, blue: 0))
    XCTAssertEqual(DrawerColor(parsing: "#FF8000"), DrawerColor(red: 1, green: 128.0 / 255, blue: 0))
    XCTAssertEqual(DrawerColor(parsing: "#00000080"), DrawerColor(red: 0, green: 0, blue: 0, alpha: 128.0 / 255))
  }

  func testNamesIgnoreCase() {
    XCTAssertEqual(DrawerColor(parsing: "Red"), DrawerColor(red: 1, green: 0, blue: 0))
    XCTAssertEqual(DrawerColor(parsing: "grey"), DrawerColor.gray)
    XCTAssertEqual(DrawerColor(parsing: "transparent")?.alpha, 0)
  }

  func testRejectsMalformed() {
    for bad in ["", "#", "#12", "#1234", "#12345", "#1234567", "#123456789", "#ggg", "f00", "reddish", "# f00", "#ff00zz"] {
      XCTAssertNil(DrawerColor(parsing: bad), bad)
    }
  }
}
