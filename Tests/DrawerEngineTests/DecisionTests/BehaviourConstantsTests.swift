import XCTest

@testable import DrawerEngine

/// FloatingPanel's behaviour constants: momentumProjectionRate,
/// redirectionalProgress, and the overdrag of each end.
final class BehaviourConstantsTests: XCTestCase {
  /// A slow drag up from partial (extent 300) by 20 px, about 100 px/s:
  /// 0.499 s of projection reaches about 370, short of the halfway 450.
  func slowRelease(_ configure: @escaping (inout DrawerConfiguration) -> Void) -> Driver {
    let d = Driver {
      $0.releasePolicy = .projection(allowsSkipping: false, removalRate: 5.5)
      configure(&$0)
    }
    d.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 290), duration: 0.2)
    d.settle()
    return d
  }

  func testMomentumProjectionRateSetsHowFarAReleaseProjects() {
    XCTAssertEqual(slowRelease { _ in }.state, .partiallyExpanded)
    // 0.9995 projects 1.999 s ahead: about 200 px, past halfway.
    XCTAssertEqual(slowRelease { $0.momentumProjectionRate = 0.9995 }.state, .fullyExpanded)
  }

  func testRedirectionalProgressSetsThePointOfNoReturn() {
    XCTAssertEqual(slowRelease { $0.redirectionalProgress = 0.1 }.state, .fullyExpanded)
    XCTAssertEqual(slowRelease { $0.redirectionalProgress = 0.5 }.state, .partiallyExpanded)
  }

  /// The extent shown while a header drag from partial has moved by `dy` px.
  func dragged(by dy: Double, _ configure: @escaping (inout DrawerConfiguration) -> Void) -> Double {
    let d = Driver {
      $0.allowsRemoval = false
      // Full at extent 500, so a band past it has room to show.
      $0.fullExpansionBehaviour = .leavesCustomGap(100)
      configure(&$0)
    }
    d.press(400, 310)
    d.move(400, 310 + dy)
    return d.engine.currentExtent
  }

  func testEachEndHasItsOwnOverdrag() {
    let band = Overdrag.rubberBand(.floatingPanel)
    // Rubber band below the lowest detent only.
    let below = dragged(by: 100) { $0.overdrag = .clamp; $0.overdragAtCollapsedEnd = band }
    XCTAssertLessThan(below, 300)
    XCTAssertGreaterThan(below, 200)
    XCTAssertEqual(dragged(by: -400) { $0.overdrag = .clamp; $0.overdragAtCollapsedEnd = band }, 500)
    // Rubber band past full only.
    XCTAssertEqual(dragged(by: 100) { $0.overdrag = band; $0.overdragAtCollapsedEnd = .clamp }, 300)
    XCTAssertGreaterThan(dragged(by: -400) { $0.overdrag = band; $0.overdragAtCollapsedEnd = .clamp }, 500)
    // nil: one overdrag for both ends, as before.
    XCTAssertLessThan(dragged(by: 100) { $0.overdrag = band }, 300)
  }

  func testTheConstantsAreValidated() {
    var c = DrawerConfiguration()
    c.momentumProjectionRate = 1
    XCTAssertThrowsError(try c.validate())
    c = DrawerConfiguration()
    c.redirectionalProgress = 1.5
    XCTAssertThrowsError(try c.validate())
    c = DrawerConfiguration()
    c.overdragAtCollapsedEnd = .rubberBand(.overlayContainer(factor: 0))
    XCTAssertThrowsError(try c.validate())
  }
}
