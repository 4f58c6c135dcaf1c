import XCTest

@testable import DrawerCommandLine

/// A pick's list is compact, has no handle and cannot be dragged away.
final class CompactPickTests: XCTestCase {
  func testAPicksRowsAreCompactAndFollowTheFontSize() {
    guard case .run(let pick) = parseCommandLine(["--pick"]),
      case .run(let big) = parseCommandLine(["--pick", "--font", "DejaVu Sans:pixelsize=30"]),
      case .run(let given) = parseCommandLine(["--pick", "--row-height", "40"]),
      case .run(let list) = parseCommandLine(["--items", "-"])
    else { return XCTFail("refused") }
    XCTAssertEqual(pick.configuration.rowHeight, 29)
    XCTAssertLessThanOrEqual(pick.configuration.rowHeight, 32)
    XCTAssertEqual(big.configuration.rowHeight, 58)
    XCTAssertEqual(given.configuration.rowHeight, 40)
    XCTAssertEqual(list.configuration.rowHeight, 56, "a list that is not a pick keeps its rows")
  }

  func testAPickHasNoHandleAndNoDrag() {
    guard case .run(let pick) = parseCommandLine(["--pick"]), case .run(let list) = parseCommandLine([])
    else { return XCTFail("refused") }
    XCTAssertNil(pick.configuration.handle)
    XCTAssertFalse(pick.configuration.isDrawerDraggable)
    XCTAssertNotNil(list.configuration.handle)
    XCTAssertTrue(list.configuration.isDrawerDraggable)
  }
}
