import DrawerCommandLine
import DrawerEngine
import XCTest

@testable import DrawerDesktop
@testable import DrawerProcess

/// A drop-down grabs and dims nothing, gives the focus back only when it
/// still holds it, hides on a real blur only, and shapes its window to the
/// panel's pixels, its rounded corners cut out.
final class DropDownTests: XCTestCase {
  func testOnlyALauncherGrabsAndDims() {
    XCTAssertEqual(DesktopMode(embeds: false, hidesOnBlur: false), .modal)
    XCTAssertTrue(DesktopMode.modal.grabs)
    XCTAssertTrue(DesktopMode.modal.dims)
    let dropDown = DesktopMode(embeds: true, hidesOnBlur: true)
    XCTAssertEqual(dropDown, .dropDown(hidesOnBlur: true))
    XCTAssertFalse(dropDown.grabs)
    XCTAssertFalse(dropDown.dims)
  }

  func testTheFocusGoesBackOnlyWhileItIsStillTheProgramsAndOnlyToAWindow() {
    XCTAssertEqual(DropDownFocusRule.returnTarget(focusIsOurs: true, previous: 0x40000c), 0x40000c)
    XCTAssertNil(DropDownFocusRule.returnTarget(focusIsOurs: false, previous: 0x40000c), "the user moved it")
    XCTAssertNil(DropDownFocusRule.returnTarget(focusIsOurs: true, previous: nil))
    // None (0) and PointerRoot (1) are no windows to give the focus to.
    XCTAssertNil(DropDownFocusRule.returnTarget(focusIsOurs: true, previous: 1))
  }

  func testOnlyARealBlurOfAShownHideOnBlurDropDownHidesIt() {
    let hides = DesktopMode.dropDown(hidesOnBlur: true)
    XCTAssertTrue(DropDownFocusRule.hides(mode: hides, shown: true, focusIsOurs: false, duringGrab: false))
    XCTAssertFalse(DropDownFocusRule.hides(mode: hides, shown: true, focusIsOurs: true, duringGrab: false))
    XCTAssertFalse(DropDownFocusRule.hides(mode: hides, shown: true, focusIsOurs: false, duringGrab: true), "a hotkey's grab")
    XCTAssertFalse(DropDownFocusRule.hides(mode: hides, shown: false, focusIsOurs: false, duringGrab: false))
    XCTAssertFalse(
      DropDownFocusRule.hides(mode: .dropDown(hidesOnBlur: false), shown: true, focusIsOurs: false, duringGrab: false))
    XCTAssertFalse(DropDownFocusRule.hides(mode: .modal, shown: true, focusIsOurs: false, duringGrab: false))
  }

  func testHideOnBlurIsADropDownsAndItDimsNothing() {
    guard case .fail(let failure) = parseCommandLine(["--desktop", "--hide-on-blur"]) else { return XCTFail() }
    XCTAssertEqual(failure.status, ExitStatus.usage)
    XCTAssertEqual(
      failure.message, "--hide-on-blur needs --desktop and --embed: only a drop-down has a focus to lose")
    guard case .run(let s) = parseCommandLine(["--desktop", "--embed", "xterm -into %w", "--hide-on-blur", "--backdrop", "partiallyExpanded=0.4"])
    else { return XCTFail() }
    XCTAssertTrue(s.hidesOnBlur)
    XCTAssertEqual(s.configuration.maximumBackdropOpacity, 0)
    XCTAssertEqual(s.configuration.backdropAlphas, [:])
  }

  private let bounds = PixelRect(x: 0, y: 0, width: 1280, height: 800)

  func testASquarePanelIsOneRectangleClippedToTheWindow() {
    let surface = SurfaceShape(frame: Rect(x: 280, y: -20, width: 720, height: 320), radii: .zero)
    XCTAssertEqual(PanelRegion.rectangles(of: surface, within: bounds), [PixelRect(x: 280, y: 0, width: 720, height: 300)])
    XCTAssertEqual(PanelRegion.rectangles(of: .empty, within: bounds), [])
  }

  func testRoundedCornersAreCutOutPixelByPixel() {
    let r = 10.0
    let frame = Rect(x: 280, y: 0, width: 720, height: 300)
    let surface = SurfaceShape(frame: frame, radii: CornerRadii(topLeft: 0, topRight: 0, bottomRight: r, bottomLeft: r))
    let rects = PanelRegion.rectangles(of: surface, within: bounds)
    // Every pixel is in exactly when its centre is on the surface.
    var covered = Set<Int>()
    for rect in rects {
      for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX { XCTAssertTrue(covered.insert(y * 2000 + x).inserted, "(\(x), \(y)) twice") }
      }
    }
    for y in 0..<310 {
      for x in 270..<1010 {
        let on = surface.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        XCTAssertEqual(covered.contains(y * 2000 + x), on, "(\(x), \(y))")
      }
    }
    XCTAssertLessThanOrEqual(rects.count, Int(r) + 1, "rows of equal span merged")
  }
}
