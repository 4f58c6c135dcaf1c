import XCTest

@testable import DrawerEngine

final class PanelAreaTests: XCTestCase {
  let window = Size(width: 1280, height: 800)

  // MARK: Edge cases

  func testNoMarginsAndNoLimitIsTheWholeWindow() {
    XCTAssertEqual(
      panelArea(in: window, edge: .bottom, margins: .zero, maximumWidth: .none), Rect(x: 0, y: 0, width: 1280, height: 800))
  }

  func testMarginsLargerThanTheWindowLeaveAnEmptyAreaNotANegativeOne() {
    let a = panelArea(in: Size(width: 100, height: 80), edge: .bottom, margins: Insets(all: 90), maximumWidth: .none)
    XCTAssertEqual(a.width, 0)
    XCTAssertEqual(a.height, 0)
  }

  // MARK: The automatic width

  func testAutomaticKeepsTheFullWidthUpTo900() {
    for width in [320.0, 800, 900] {
      let a = panelArea(in: Size(width: width, height: 600), edge: .bottom, margins: .zero, maximumWidth: .automatic)
      XCTAssertEqual(a.width, width)
      XCTAssertEqual(a.x, 0)
    }
  }

  func testAutomaticCentresA720SheetInWiderWindows() {
    let a = panelArea(in: window, edge: .bottom, margins: .zero, maximumWidth: .automatic)
    XCTAssertEqual(a, Rect(x: 280, y: 0, width: 720, height: 800))
  }

  func testTheLimitAppliesAcrossBottomAndTopPanelsOnly() {
    for edge in [Edge.left, .right] {
      let a = panelArea(in: window, edge: edge, margins: .zero, maximumWidth: .fixed(300))
      XCTAssertEqual(a.width, 1280, "\(edge)")
    }
    XCTAssertEqual(panelArea(in: window, edge: .top, margins: .zero, maximumWidth: .fixed(300)).width, 300)
  }

  func testMarginsComeOffFirstThenTheLimitCentresWhatIsLeft() {
    let a = panelArea(in: window, edge: .bottom, margins: Insets(top: 10, right: 40, bottom: 16, left: 20), maximumWidth: .fixed(600))
    XCTAssertEqual(a.y, 10)
    XCTAssertEqual(a.height, 800 - 26)
    XCTAssertEqual(a.width, 600)
    XCTAssertEqual(a.x, 20 + ((1280 - 60 - 600) / 2).rounded(.down))
  }

  // MARK: Sweep

  func testTheAreaAlwaysLiesInsideTheWindowLessItsMargins() {
    for w in stride(from: 0.0, through: 2000, by: 137) {
      for m in [0.0, 8, 24] {
        for limit in [MaximumWidth.none, .fixed(500), .automatic] {
          let size = Size(width: w, height: 500)
          let a = panelArea(in: size, edge: .bottom, margins: Insets(all: m), maximumWidth: limit)
          XCTAssertGreaterThanOrEqual(a.width, 0)
          if a.width > 0 {
            XCTAssertGreaterThanOrEqual(a.minX, m)
            XCTAssertLessThanOrEqual(a.maxX, w - m)
          }
        }
      }
    }
  }
}
