import XCTest

@testable import DrawerEngine

final class DrawerLayoutTests: XCTestCase {
  func layout(height: Double = 600, _ configure: (inout DrawerConfiguration) -> Void = { _ in }) -> (DrawerLayout, DrawerConfiguration) {
    var c = DrawerConfiguration()
    configure(&c)
    return (DrawerLayout(configuration: c, containerSize: Size(width: 800, height: height), textMetrics: FixedTextMetrics()), c)
  }

  // Edge cases.

  func testPartialTallerThanTheContainerClampsToFull() {
    let (l, _) = layout(height: 200)
    XCTAssertEqual(l.partialY, 0)
    XCTAssertEqual(l.upperMarkY, 0)
  }

  func testZeroHeightContainerHasNoNaN() {
    let (l, c) = layout(height: 0)
    for y in [-10.0, 0, 10] {
      XCTAssertFalse(l.triangle(at: y).isNaN)
      XCTAssertFalse(l.cornerRadius(at: y, configuration: c).isNaN)
      XCTAssertFalse(l.backdropAlpha(at: y, configuration: c).isNaN)
    }
  }

  func testStatusBarCornerModeWithoutAStatusBarKeepsTheMaximum() {
    // DrawerKit divides by zero here.
    let (l, c) = layout {
      $0.cornerAnimationOption = .alwaysShowBelowStatusBar
      $0.statusBarHeight = 0
    }
    XCTAssertEqual(l.cornerRadius(at: 0, configuration: c), 15)
    XCTAssertEqual(l.cornerRadius(at: 300, configuration: c), 15)
  }

  // Positions.

  func testDrawerKitPositionsAndMarks() {
    let (l, _) = layout { $0.heightOfCollapsedDrawer = 80 }
    XCTAssertEqual(l.fullY, 0)
    XCTAssertEqual(l.partialY, 300)
    XCTAssertEqual(l.collapsedY, 520)
    XCTAssertEqual(l.upperMarkY, 260)
    XCTAssertEqual(l.lowerMarkY, 340)
    // The same states as detents of a bottom panel, for the release policy.
    XCTAssertEqual(l.resolvedDetents().all.map(\.name), ["dismissed", "collapsed", "partiallyExpanded", "fullyExpanded"])
    XCTAssertEqual(l.resolvedDetents().all.map(\.extent), [0, 80, 300, 600])
  }

  func testFullExpansionBehaviours() {
    XCTAssertEqual(layout { $0.fullExpansionBehaviour = .coversFullScreen }.0.fullY, 0)
    XCTAssertEqual(layout { $0.fullExpansionBehaviour = .doesNotCoverStatusBar }.0.fullY, 24)
    XCTAssertEqual(layout { $0.fullExpansionBehaviour = .leavesCustomGap(100) }.0.fullY, 100)
    XCTAssertEqual(layout { $0.fullExpansionBehaviour = .leavesCustomGap(0) }.0.fullY, 0)
  }

  func testMarksAreClampedToFullAndBottom() {
    let (l, _) = layout {
      $0.upperMarkGap = 1000
      $0.lowerMarkGap = 1000
      $0.fullExpansionBehaviour = .leavesCustomGap(50)
    }
    XCTAssertEqual(l.upperMarkY, 50)
    XCTAssertEqual(l.lowerMarkY, 600)
  }

  func testStatesWithoutPartialOrCollapsedAreAbsent() {
    let (l, _) = layout { $0.supportsPartialExpansion = false }
    XCTAssertNil(l.y(of: .partiallyExpanded))
    XCTAssertNil(l.y(of: .collapsed))
    XCTAssertEqual(l.resolvedDetents().all.map(\.name), ["dismissed", "fullyExpanded"])
  }

  func testStateAtAPositionUsesHalfAPixel() {
    let (l, _) = layout()
    XCTAssertEqual(l.state(at: 300.5), .partiallyExpanded)
    XCTAssertNil(l.state(at: 300.6))
    XCTAssertEqual(l.state(at: 0.4), .fullyExpanded)
    XCTAssertEqual(l.state(at: 599.5), .dismissed)
  }

  // Along the path.

  func testCornerRadiusFollowsTheTriangle() {
    let (l, c) = layout()
    XCTAssertEqual(l.cornerRadius(at: 0, configuration: c), 0)
    XCTAssertEqual(l.cornerRadius(at: 150, configuration: c), 7.5)
    XCTAssertEqual(l.cornerRadius(at: 300, configuration: c), 15)
    XCTAssertEqual(l.cornerRadius(at: 450, configuration: c), 7.5)
    XCTAssertEqual(l.cornerRadius(at: 600, configuration: c), 0)
  }

  func testCornerRadiusIsContinuousAlongThePathInEveryMode() {
    let modes: [(CornerAnimationOption, Bool)] = [
      (.maximumAtPartialY, true), (.maximumAtPartialY, false), (.alwaysShowBelowStatusBar, true), (.none, true),
    ]
    for (mode, partial) in modes {
      let (l, c) = layout {
        $0.cornerAnimationOption = mode
        $0.supportsPartialExpansion = partial
      }
      var last = l.cornerRadius(at: 0, configuration: c)
      for y in stride(from: 0.0, through: 600, by: 0.5) {
        let r = l.cornerRadius(at: y, configuration: c)
        XCTAssertLessThanOrEqual(abs(r - last), 15.0 * 0.5 / 24 + 1e-9, "\(mode) partial \(partial) y \(y)")
        XCTAssertTrue((0...15).contains(r))
        last = r
      }
    }
  }

  func testStatusBarModeShrinksOnlyInsideTheBar() {
    let (l, c) = layout { $0.cornerAnimationOption = .alwaysShowBelowStatusBar }
    XCTAssertEqual(l.cornerRadius(at: 100, configuration: c), 15)
    XCTAssertEqual(l.cornerRadius(at: 12, configuration: c), 7.5)
    XCTAssertEqual(l.cornerRadius(at: 0, configuration: c), 0)
  }

  func testWithoutPartialTheRadiusIsZeroAtFull() {
    let (l, c) = layout { $0.supportsPartialExpansion = false }
    XCTAssertEqual(l.cornerRadius(at: 0, configuration: c), 0)
    XCTAssertEqual(l.cornerRadius(at: 300, configuration: c), 7.5)
  }

  func testHandleAlphaDimsOrStays() {
    let (l, c) = layout()
    XCTAssertEqual(l.handleAlpha(at: 300, configuration: c), 1)
    XCTAssertEqual(l.handleAlpha(at: 0, configuration: c), 0)
    XCTAssertEqual(l.handleAlpha(at: 150, configuration: c), 0.5)
    let (l2, c2) = layout { $0.handle?.autoAnimatesDimming = false }
    XCTAssertEqual(l2.handleAlpha(at: 0, configuration: c2), 1)
    let (l3, c3) = layout { $0.handle = nil }
    XCTAssertEqual(l3.handleAlpha(at: 300, configuration: c3), 0)
  }

  func testBackdropFollowsHeight() {
    let (l, c) = layout()
    XCTAssertEqual(l.backdropAlpha(at: 600, configuration: c), 0)
    XCTAssertEqual(l.backdropAlpha(at: 300, configuration: c), 0.25)
    XCTAssertEqual(l.backdropAlpha(at: 0, configuration: c), 0.5)
  }

  func testHeaderAndRowsComeFromTextMetrics() {
    var c = DrawerConfiguration()
    c.rowHeight = 10
    let l = DrawerLayout(
      configuration: c, containerSize: Size(width: 800, height: 600),
      textMetrics: FixedTextMetrics(titleLineHeight: 30, rowLineHeight: 22))
    XCTAssertEqual(l.headerHeight, 8 + 6 + titleTopGap + 30 + titleBottomGap)
    XCTAssertEqual(l.rowHeight, 22 + rowTextPadding)
    XCTAssertEqual(l.listViewportHeight, 600 - l.headerHeight)
    XCTAssertEqual(l.maximumContentOffset(rowCount: 3), 0)
    XCTAssertEqual(l.maximumContentOffset(rowCount: 1000), 1000 * 30 - l.listViewportHeight)
  }
}
