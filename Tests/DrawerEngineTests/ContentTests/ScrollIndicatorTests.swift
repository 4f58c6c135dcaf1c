import XCTest

@testable import DrawerEngine

/// The scroll indicator: its thumb from the list's geometry, its fade from
/// the time since the list last scrolled, and the engine showing it.
final class ScrollIndicatorTests: XCTestCase {
  /// A viewport 500 px high at y = 100 over 5000 px of rows: the thumb's
  /// track is 494 px (3 px in from each end), the thumb 494 / 10 px.
  let viewport = Rect(x: 0, y: 100, width: 800, height: 500)

  func thumb(offset: Double, content: Double = 5000, minimum: Double = 36) -> Rect? {
    ScrollIndicator.thumb(
      viewport: viewport, contentLength: content, offset: offset, width: 3, inset: 3, minimumLength: minimum)
  }

  // Happy path: geometry.

  func testAtTheTopTheThumbStartsTheTrack() throws {
    let t = try XCTUnwrap(thumb(offset: 0))
    XCTAssertEqual(t, Rect(x: 794, y: 103, width: 3, height: 49.4))
  }

  func testHalfwayTheThumbIsHalfwayDownTheTrack() throws {
    let t = try XCTUnwrap(thumb(offset: 2250))
    XCTAssertEqual(t.minY - 103, (494 - 49.4) / 2, accuracy: 1e-9)
    XCTAssertEqual(t.height, 49.4, accuracy: 1e-9)
  }

  func testAtTheBottomTheThumbEndsTheTrack() throws {
    let t = try XCTUnwrap(thumb(offset: 4500))
    XCTAssertEqual(t.maxY, 597, accuracy: 1e-9)
    XCTAssertEqual(t.maxX, viewport.maxX - 3)
  }

  func testAVeryLongListKeepsTheMinimumLength() throws {
    let t = try XCTUnwrap(thumb(offset: 0, content: 1_000_000))
    XCTAssertEqual(t.height, 36)
    XCTAssertEqual(try XCTUnwrap(thumb(offset: 1_000_000 - 500, content: 1_000_000)).maxY, 597, accuracy: 1e-9)
  }

  // Happy path: time.

  func testFullyShownForASecondThenFadedOutInAQuarter() {
    XCTAssertEqual(ScrollIndicator.alpha(sinceScroll: 0), 1)
    XCTAssertEqual(ScrollIndicator.alpha(sinceScroll: 1), 1)
    XCTAssertEqual(ScrollIndicator.alpha(sinceScroll: 1.125), 0.5, accuracy: 1e-12)
    XCTAssertEqual(ScrollIndicator.alpha(sinceScroll: 1.25), 0)
    XCTAssertEqual(ScrollIndicator.alpha(sinceScroll: 60), 0)
    XCTAssertTrue(ScrollIndicator.isShown(sinceScroll: 1.249))
    XCTAssertFalse(ScrollIndicator.isShown(sinceScroll: 1.25))
  }

  // Edge cases: geometry.

  func testNoThumbWhenTheRowsFit() {
    XCTAssertNil(thumb(offset: 0, content: 500))
    XCTAssertNil(thumb(offset: 0, content: 12))
    XCTAssertNotNil(thumb(offset: 0, content: 501))
  }

  func testNoThumbWithoutRoomForIt() {
    XCTAssertNil(
      ScrollIndicator.thumb(
        viewport: Rect(x: 0, y: 0, width: 800, height: 6), contentLength: 5000, offset: 0, width: 3, inset: 3,
        minimumLength: 36))
    XCTAssertNil(
      ScrollIndicator.thumb(
        viewport: Rect(x: 0, y: 0, width: 5, height: 500), contentLength: 5000, offset: 0, width: 3, inset: 3,
        minimumLength: 36))
  }

  func testAShortViewportCutsTheMinimumToTheTrack() throws {
    let t = try XCTUnwrap(
      ScrollIndicator.thumb(
        viewport: Rect(x: 0, y: 0, width: 800, height: 30), contentLength: 5000, offset: 0, width: 3, inset: 3,
        minimumLength: 36))
    XCTAssertEqual(t.height, 24)
  }

  // The engine.

  func full(_ configure: @escaping (inout DrawerConfiguration) -> Void = { _ in }) -> Driver {
    Driver {
      $0.initialState = .fullyExpanded
      configure(&$0)
    }
  }

  func indicator(_ d: Driver) -> ScrollIndicatorModel? { d.model.list.scrollIndicator }

  func testTheWheelShowsItAndItFadesASecondLater() throws {
    let d = full()
    XCTAssertNil(indicator(d), "not before the list scrolls")
    XCTAssertFalse(d.engine.isAnimating)
    d.send(.wheel(steps: 3, at: Point(x: 400, y: 400), time: d.time))
    let shown = try XCTUnwrap(indicator(d))
    XCTAssertEqual(shown.alpha, 1)
    // At full the list's viewport is 48...600: the thumb runs down its right side.
    XCTAssertEqual(shown.frame.maxX, 797)
    XCTAssertGreaterThan(shown.frame.minY, 51)
    XCTAssertTrue(d.engine.isAnimating, "the front end must draw the fade")
    d.wait(1)
    XCTAssertEqual(indicator(d)?.alpha, 1)
    d.wait(0.125)
    XCTAssertEqual(try XCTUnwrap(indicator(d)).alpha, 0.5, accuracy: 1e-9)
    d.wait(0.125)
    XCTAssertNil(indicator(d))
    XCTAssertFalse(d.engine.isAnimating, "so the loop sleeps")
  }

  func testItStaysWhileTheListCoastsAndFadesAfter() throws {
    let d = full()
    d.drag(from: Point(x: 400, y: 500), to: Point(x: 400, y: 300), duration: 0.1, steps: 10)
    XCTAssertNotNil(d.engine.momentum)
    d.wait(1.2)
    XCTAssertNotNil(d.engine.momentum, "still coasting")
    XCTAssertEqual(indicator(d)?.alpha, 1, "held while the offset changes")
    while d.engine.momentum != nil { d.wait(1.0 / 60) }
    let stopped = d.time
    XCTAssertEqual(indicator(d)?.alpha, 1)
    XCTAssertTrue(d.settle())
    XCTAssertNil(indicator(d))
    XCTAssertEqual(d.time - stopped, ScrollIndicator.holdDuration + ScrollIndicator.fadeDuration, accuracy: 1.0 / 60 + 1e-9)
  }

  func testItFollowsTheOffset() throws {
    let d = full()
    d.send(.wheel(steps: 1, at: Point(x: 400, y: 400), time: d.time))
    let near = try XCTUnwrap(indicator(d))
    d.send(.wheel(steps: 1000, at: Point(x: 400, y: 400), time: d.time))
    let end = try XCTUnwrap(indicator(d))
    XCTAssertGreaterThan(end.frame.minY, near.frame.minY)
    XCTAssertEqual(end.frame.maxY, 597, accuracy: 1e-9, "the end of the rows: the end of the track")
  }

  func testNoIndicatorWhenTheRowsFit() {
    let d = full { $0.rowCount = 5 }
    d.send(.wheel(steps: 3, at: Point(x: 400, y: 400), time: d.time))
    XCTAssertNil(indicator(d))
    XCTAssertFalse(d.engine.isAnimating)
  }

  func testAPressThatDoesNotScrollDoesNotShowIt() {
    let d = full()
    d.click(400, 400)
    XCTAssertNil(indicator(d))
    d.send(.wheel(steps: -3, at: Point(x: 400, y: 400), time: d.time))
    XCTAssertNil(indicator(d), "already at the top: nothing scrolled")
  }

  func testDismissingOrFinishingEndsIt() {
    let d = full()
    d.send(.wheel(steps: 3, at: Point(x: 400, y: 400), time: d.time))
    d.key(.escape)
    XCTAssertTrue(d.settle())
    XCTAssertNil(indicator(d))
    let e = full()
    e.send(.wheel(steps: 3, at: Point(x: 400, y: 400), time: e.time))
    e.engine.finish(at: e.time)
    XCTAssertFalse(e.engine.isAnimating)
    XCTAssertNil(indicator(e))
  }

  /// Every edge's list scrolls down the container: the thumb is inside its
  /// viewport, against the right side.
  func testEveryEdgesListShowsItInsideItsViewport() throws {
    for edge in Edge.allCases {
      let d = Driver {
        $0.edge = edge
        $0.detents = [Detent("half", .fraction(0.5)), Detent("full", .fromFar(0), scrollsList: true)]
        $0.initialState = "full"
      }
      let list = d.model.list.viewport
      d.send(.wheel(steps: 2, at: Point(x: list.minX + list.width / 2, y: list.minY + list.height / 2), time: d.time))
      let t = try XCTUnwrap(indicator(d), "\(edge)")
      XCTAssertEqual(t.frame.maxX, list.maxX - 3, "\(edge)")
      XCTAssertGreaterThanOrEqual(t.frame.minY, list.minY + 3, "\(edge)")
      XCTAssertLessThanOrEqual(t.frame.maxY, list.maxY - 3, "\(edge)")
      XCTAssertEqual(t.frame.width, 3, "\(edge)")
    }
  }
}
