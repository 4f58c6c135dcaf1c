import XCTest

@testable import DrawerEngine

final class PanelLayoutTests: XCTestCase {
  func layout(
    width: Double = 800, height: Double = 600, _ configure: (inout DrawerConfiguration) -> Void = { _ in }
  ) -> (PanelLayout, DrawerConfiguration) {
    var c = DrawerConfiguration()
    configure(&c)
    let l = PanelLayout(
      configuration: c, detentSet: c.detentSet, containerSize: Size(width: width, height: height),
      textMetrics: FixedTextMetrics())
    return (l, c)
  }

  // Edge cases.

  func testPartialTallerThanTheContainerSitsAtFullAndKeepsItsName() {
    let (l, _) = layout(height: 200)
    XCTAssertEqual(l.detents.all.map(\.name), ["dismissed", "partiallyExpanded", "fullyExpanded"])
    XCTAssertEqual(l.extent(of: .partiallyExpanded), 200)
    XCTAssertEqual(l.extent(of: .fullyExpanded), 200)
    // At the shared extent the more expanded detent is the one reported.
    XCTAssertEqual(l.detents.index(at: 200), 2)
  }

  func testZeroHeightContainerHasNoNaN() {
    let (l, c) = layout(height: 0)
    for e in [-10.0, 0, 10] {
      XCTAssertFalse(l.triangle(at: e).isNaN)
      XCTAssertFalse(l.cornerRadius(at: e, configuration: c).isNaN)
      XCTAssertFalse(l.backdropAlpha(at: e).isNaN)
      XCTAssertEqual(l.maximumContentOffset(at: e), Double(c.rowCount) * l.rowHeight)
    }
  }

  func testStatusBarCornerModeWithoutAStatusBarKeepsTheMaximum() {
    // DrawerKit divides by zero here.
    let (l, c) = layout {
      $0.cornerAnimationOption = .alwaysShowBelowStatusBar
      $0.statusBarHeight = 0
    }
    XCTAssertEqual(l.cornerRadius(at: 600, configuration: c), 15)
    XCTAssertEqual(l.cornerRadius(at: 300, configuration: c), 15)
  }

  // Detents of the DrawerKit preset.

  func testDrawerKitDetents() {
    let (l, _) = layout { $0.heightOfCollapsedDrawer = 80 }
    XCTAssertEqual(l.detents.all.map(\.name), ["dismissed", "collapsed", "partiallyExpanded", "fullyExpanded"])
    XCTAssertEqual(l.detents.all.map(\.extent), [0, 80, 300, 600])
    XCTAssertEqual(l.fullExtent, 600)
    XCTAssertEqual(l.peakExtent, 300)
  }

  func testFullExpansionBehaviours() {
    XCTAssertEqual(layout { $0.fullExpansionBehaviour = .coversFullScreen }.0.fullExtent, 600)
    XCTAssertEqual(layout { $0.fullExpansionBehaviour = .doesNotCoverStatusBar }.0.fullExtent, 576)
    XCTAssertEqual(layout { $0.fullExpansionBehaviour = .leavesCustomGap(100) }.0.fullExtent, 500)
    XCTAssertEqual(layout { $0.fullExpansionBehaviour = .leavesCustomGap(0) }.0.fullExtent, 600)
  }

  func testDetentsWithoutPartialOrCollapsedAreAbsent() {
    let (l, _) = layout { $0.supportsPartialExpansion = false }
    XCTAssertNil(l.extent(of: .partiallyExpanded))
    XCTAssertNil(l.extent(of: .collapsed))
    XCTAssertEqual(l.detents.all.map(\.name), ["dismissed", "fullyExpanded"])
    XCTAssertNil(l.peakExtent)
  }

  func testTheListScrollsAtFullOnlyUnlessEverywhere() {
    let (l, _) = layout()
    XCTAssertFalse(l.listScrolls(at: 300))
    XCTAssertTrue(l.listScrolls(at: 599.6))
    XCTAssertFalse(l.listScrolls(at: 599.4))
    let (all, _) = layout { $0.listScrollsInAllStates = true }
    XCTAssertTrue(all.listScrolls(at: 300))
    XCTAssertTrue(all.listScrolls(at: 123))
  }

  func testCustomDetentsResolveEveryAnchor() {
    let (l, _) = layout {
      $0.rowCount = 3
      $0.detents = [
        Detent("fit", .content), Detent("tip", .fromHome(64)), Detent("half", .fraction(0.5)),
        Detent("full", .fromFar(24)),
      ]
    }
    // A detent is cut to the one after it: the content (the header and
    // three rows) is longer than tip's 64 px, so it sits at tip.
    XCTAssertEqual(l.detents.all.map(\.extent), [0, 64, 64, 300, 576])
  }

  func testContentDetentFitsTheRows() {
    let (l, _) = layout {
      $0.rowCount = 3
      $0.detents = [Detent("fit", .content), Detent("full", .fromFar(0))]
    }
    XCTAssertEqual(l.extent(of: "fit"), l.headerDepth + 3 * l.rowHeight)
    let (many, _) = layout {
      $0.rowCount = 1000
      $0.detents = [Detent("fit", .content), Detent("full", .fromFar(0))]
    }
    XCTAssertEqual(many.extent(of: "fit"), 600, "capped at the container")
  }

  // Along the path.

  func testCornerRadiusFollowsTheTriangle() {
    let (l, c) = layout()
    XCTAssertEqual(l.cornerRadius(at: 600, configuration: c), 0)
    XCTAssertEqual(l.cornerRadius(at: 450, configuration: c), 7.5)
    XCTAssertEqual(l.cornerRadius(at: 300, configuration: c), 15)
    XCTAssertEqual(l.cornerRadius(at: 150, configuration: c), 7.5)
    XCTAssertEqual(l.cornerRadius(at: 0, configuration: c), 0)
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
      for e in stride(from: 0.0, through: 600, by: 0.5) {
        let r = l.cornerRadius(at: e, configuration: c)
        XCTAssertLessThanOrEqual(abs(r - last), 15.0 * 0.5 / 24 + 1e-9, "\(mode) partial \(partial) e \(e)")
        XCTAssertTrue((0...15).contains(r))
        last = r
      }
    }
  }

  func testStatusBarModeShrinksOnlyInsideTheBar() {
    let (l, c) = layout { $0.cornerAnimationOption = .alwaysShowBelowStatusBar }
    XCTAssertEqual(l.cornerRadius(at: 500, configuration: c), 15)
    XCTAssertEqual(l.cornerRadius(at: 588, configuration: c), 7.5)
    XCTAssertEqual(l.cornerRadius(at: 600, configuration: c), 0)
  }

  func testWithoutPartialTheRadiusIsZeroAtFull() {
    let (l, c) = layout { $0.supportsPartialExpansion = false }
    XCTAssertEqual(l.cornerRadius(at: 600, configuration: c), 0)
    XCTAssertEqual(l.cornerRadius(at: 300, configuration: c), 7.5)
  }

  func testHandleAlphaDimsOrStays() {
    let (l, c) = layout()
    XCTAssertEqual(l.handleAlpha(at: 300, configuration: c), 1)
    XCTAssertEqual(l.handleAlpha(at: 600, configuration: c), 0)
    XCTAssertEqual(l.handleAlpha(at: 450, configuration: c), 0.5)
    let (l2, c2) = layout { $0.handle?.autoAnimatesDimming = false }
    XCTAssertEqual(l2.handleAlpha(at: 600, configuration: c2), 1)
    let (l3, c3) = layout { $0.handle = nil }
    XCTAssertEqual(l3.handleAlpha(at: 300, configuration: c3), 0)
  }

  func testHandleAlphaNeverFallsBelowItsMinimum() {
    let (l, c) = layout { $0.handle?.minimumAlpha = 0.4 }
    XCTAssertEqual(l.handleAlpha(at: 600, configuration: c), 0.4, "full shows the way back")
    XCTAssertEqual(l.handleAlpha(at: 0, configuration: c), 0.4)
    XCTAssertEqual(l.handleAlpha(at: 450, configuration: c), 0.5, "above the minimum it follows the triangle")
    XCTAssertEqual(l.handleAlpha(at: 300, configuration: c), 1)
    var bad = DrawerConfiguration()
    bad.handle?.minimumAlpha = 1.5
    XCTAssertThrowsError(try bad.validate())
  }

  func testBackdropFollowsTheExtent() {
    let (l, _) = layout()
    XCTAssertEqual(l.backdropAlpha(at: 0), 0)
    XCTAssertEqual(l.backdropAlpha(at: 300), 0.25)
    XCTAssertEqual(l.backdropAlpha(at: 600), 0.5)
    XCTAssertEqual(l.backdropAlpha(at: 700), 0.5, "held beyond full")
  }

  func testHeaderAndRowsComeFromTextMetrics() {
    var c = DrawerConfiguration()
    c.rowHeight = 10
    let l = PanelLayout(
      configuration: c, detentSet: c.detentSet, containerSize: Size(width: 800, height: 600),
      textMetrics: FixedTextMetrics(titleLineHeight: 30, rowLineHeight: 22))
    XCTAssertEqual(l.headerDepth, 8 + 6 + titleTopGap + 30 + titleBottomGap)
    XCTAssertEqual(l.rowHeight, 22 + rowTextPadding)
    XCTAssertEqual(l.listViewportHeight(at: 600), 600 - l.headerDepth)
    XCTAssertEqual(l.maximumContentOffset(at: 600), 200 * 30 - l.listViewportHeight(at: 600))
    // A message line under the title (--mesg) is a title line deeper.
    c.headerMessageLines = 1
    let deeper = PanelLayout(
      configuration: c, detentSet: c.detentSet, containerSize: Size(width: 800, height: 600),
      textMetrics: FixedTextMetrics(titleLineHeight: 30, rowLineHeight: 22))
    XCTAssertEqual(deeper.headerDepth, l.headerDepth + 30)
  }

  func testTheScrollRangeIsTheViewportAtTheExtent() {
    // The bug this fixes: at partial the range came from the full-height
    // viewport, so the last rows were out of reach.
    let (l, c) = layout { $0.listScrollsInAllStates = true }
    let rows = Double(c.rowCount) * l.rowHeight
    XCTAssertEqual(l.maximumContentOffset(at: 300), rows - (300 - l.headerDepth))
    XCTAssertEqual(l.maximumContentOffset(at: 600), rows - (600 - l.headerDepth))
  }

  // Geometry for every edge.

  func testGeometryForEveryEdge() {
    for edge in Edge.allCases {
      let (l, c) = layout { $0.edge = edge }
      let size = l.containerSize
      let g = l.geometry(at: 300, handle: c.handle)
      // The sheet's moving edge lies at the extent, and the header, grip,
      // list and handle all lie inside the part shown.
      let shown = edge.frame(extent: 300, length: 300, cross: 0...edge.crossLength(of: size), in: size)
      for r in [g.header, g.grip, g.list, g.handle!] where r.width > 0 && r.height > 0 {
        XCTAssertTrue(
          r.minX >= shown.minX - 1e-9 && r.maxX <= shown.maxX + 1e-9 && r.minY >= shown.minY - 1e-9
            && r.maxY <= shown.maxY + 1e-9, "\(edge) \(r) in \(shown)")
      }
      XCTAssertEqual(edge.length(of: Size(width: g.sheet.width, height: g.sheet.height)), l.fullExtent)
      // The handle is nearest the moving edge, 8 px in, and upright for left and right.
      let handle = g.handle!
      switch edge {
      case .bottom: XCTAssertEqual(handle.minY, size.height - 300 + 8)
      case .top: XCTAssertEqual(handle.maxY, 300 - 8)
      case .left: XCTAssertEqual(handle.maxX, 300 - 8)
      case .right: XCTAssertEqual(handle.minX, size.width - 300 + 8)
      }
      XCTAssertEqual(edge.isVertical ? handle.width : handle.height, 40, "\(edge)")
      // The list and the header never overlap.
      XCTAssertFalse(g.list.intersects(g.header), "\(edge)")
    }
  }

  func testHorizontalPanelsScrollTheirListAcrossTheAxis() {
    let (l, _) = layout { $0.edge = .left }
    XCTAssertEqual(l.listViewportHeight(at: 50), 600 - l.headerDepth)
    XCTAssertEqual(l.listViewportHeight(at: 400), 600 - l.headerDepth)
    XCTAssertEqual(l.gripDepth, 8 * 2 + 6)
  }
}
