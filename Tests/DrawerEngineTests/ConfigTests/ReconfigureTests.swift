import XCTest

@testable import DrawerEngine

/// A running panel given its configuration again in other px, as a front
/// end does when the screen's scale changes: the panel that takes over.
final class ReconfigureTests: XCTestCase {
  /// The default configuration with its lengths doubled, as at 2×.
  func doubled(_ configure: (inout DrawerConfiguration) -> Void = { _ in }) -> DrawerConfiguration {
    var c = DrawerConfiguration()
    configure(&c)
    c.heightOfPartiallyExpandedDrawer *= 2
    c.heightOfCollapsedDrawer *= 2
    c.rowHeight *= 2
    c.handle?.size = Size(width: 80, height: 12)
    c.handle?.top = 16
    c.metrics.titleTopGap *= 2
    c.metrics.titleBottomGap *= 2
    c.metrics.rowTextPadding *= 2
    c.metrics.wheelStep *= 2
    return c
  }

  let doubledText = FixedTextMetrics(titleLineHeight: 32, rowLineHeight: 28)

  // Happy path.

  func testAPanelAtRestStaysAtItsDetentInTheNewPx() throws {
    let d = Driver(size: Size(width: 1600, height: 1200))
    XCTAssertEqual(d.engine.currentExtent, 300)
    try d.reconfigure(doubled(), textMetrics: doubledText)
    XCTAssertEqual(d.drain(), [], "nothing moved as far as the user can tell")
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertEqual(d.engine.currentExtent, 600)
    XCTAssertEqual(d.layout.rowHeight, 88)
    XCTAssertEqual(d.layout.headerDepth, 2 * 48)
    XCTAssertFalse(d.engine.isAnimating)
  }

  func testTheListShowsTheSameRow() throws {
    let d = Driver({ $0.initialState = .fullyExpanded }, size: Size(width: 800, height: 600))
    d.send(.wheel(steps: 5, at: Point(x: 400, y: 400), time: d.time))
    XCTAssertEqual(d.model.list.contentOffset, 240)
    XCTAssertEqual(d.model.list.firstVisibleRow, 5)
    try d.reconfigure(doubled { $0.initialState = .fullyExpanded }, textMetrics: doubledText)
    XCTAssertEqual(d.model.list.contentOffset, 480)
    XCTAssertEqual(d.model.list.firstVisibleRow, 5)
  }

  func testAMoveCompletesAtItsTarget() throws {
    let d = Driver()
    d.key(.home)
    d.wait(0.05)
    XCTAssertTrue(d.engine.isAnimating)
    try d.reconfigure(doubled(), textMetrics: doubledText)
    XCTAssertEqual(d.drain(), [.didTransition(from: .partiallyExpanded, to: .fullyExpanded, interrupted: false)])
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertEqual(d.engine.currentExtent, 600)
    XCTAssertFalse(d.engine.isAnimating)
  }

  func testADragIsCancelledAndTheRestOfItsPressIgnored() throws {
    let d = Driver()
    d.press(400, 320)
    d.move(400, 250)
    XCTAssertEqual(d.log.last, .dragBegan(state: .partiallyExpanded))
    try d.reconfigure(doubled(), textMetrics: doubledText)
    XCTAssertEqual(d.drain(), [.dragCancelled(state: .partiallyExpanded), .refitted(state: .partiallyExpanded)])
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertEqual(d.engine.currentExtent, 600, "the new px of the detent it started from")
    d.move(400, 100)
    d.release(400, 100)
    XCTAssertEqual(d.drain(), [])
    XCTAssertEqual(d.engine.currentExtent, 600)
  }

  func testDetentsDisabledAtRunTimeStayDisabled() throws {
    let d = Driver()
    d.engine.setEnabled(false, for: .fullyExpanded)
    try d.reconfigure(doubled(), textMetrics: doubledText)
    d.key(.up)
    XCTAssertEqual(d.drain(), [], "full is still disabled")
  }

  func testMovesAreNotReportedForTheSamePlaceInNewPx() throws {
    let d = Driver { $0.reportsMoves = true }
    d.wait(0.1)
    try d.reconfigure(doubled { $0.reportsMoves = true }, textMetrics: doubledText)
    d.wait(0.1)
    XCTAssertEqual(d.drain(), [])
  }

  // Edge cases.

  func testAnInvalidConfigurationChangesNothing() {
    let d = Driver()
    var bad = DrawerConfiguration()
    bad.rowHeight = -1
    XCTAssertThrowsError(try d.reconfigure(bad, textMetrics: doubledText))
    XCTAssertEqual(d.engine.configuration, DrawerConfiguration())
    XCTAssertEqual(d.engine.currentExtent, 300)
  }

  func testAHiddenPanelStaysHidden() throws {
    let d = Driver(present: false)
    try d.reconfigure(doubled(), textMetrics: doubledText)
    XCTAssertEqual(d.state, .dismissed)
    XCTAssertEqual(d.engine.currentExtent, 0)
  }

  /// New detents (a layout replaced at run time): a panel whose detent
  /// has no namesake goes to the nearest enabled one, whatever the initial.
  func testADetentNoLongerThereSendsThePanelToTheNearestOne() throws {
    let d = Driver {
      $0.detents = [Detent("a", .fromHome(100)), Detent("b", .fromHome(200)), Detent("c", .fraction(1))]
      $0.initialState = "c"
    }
    var c = DrawerConfiguration()
    c.detents = [Detent("x", .fromHome(100)), Detent("y", .fromFar(40)), Detent("z", .fraction(1))]
    c.initialState = "x"
    try d.reconfigure(c, textMetrics: FixedTextMetrics())
    XCTAssertEqual(d.state, "z", "600 px, where c was")
    XCTAssertEqual(d.engine.currentExtent, 600)

    let low = Driver {
      $0.detents = [Detent("a", .fromHome(150)), Detent("b", .fraction(1))]
      $0.initialState = "a"
    }
    var l = DrawerConfiguration()
    l.detents = [Detent("x", .fromHome(100)), Detent("y", .fromHome(260)), Detent("z", .fraction(1))]
    try low.reconfigure(l, textMetrics: FixedTextMetrics())
    XCTAssertEqual(low.state, "x", "100 px is nearer 150 than 260 is")
  }

  /// A detent disabled at run time, and so in the new set too, is not
  /// where the panel lands.
  func testTheNearestDetentIsAnEnabledOne() throws {
    let d = Driver {
      $0.detents = [
        Detent("a", .fromHome(100)), Detent("y", .fromHome(200)), Detent("b", .fromHome(400)), Detent("c", .fraction(1)),
      ]
      $0.initialState = "b"
    }
    d.engine.setEnabled(false, for: "y")
    var c = DrawerConfiguration()
    c.detents = [Detent("x", .fromHome(100)), Detent("y", .fromHome(380)), Detent("z", .fraction(1))]
    c.initialState = "x"
    try d.reconfigure(c, textMetrics: FixedTextMetrics())
    XCTAssertEqual(d.state, "z", "y, nearer, is disabled")
  }
}
