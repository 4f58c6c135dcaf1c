import DrawerEngine
import DrawerRaster
import XCTest

final class OrientationTests: XCTestCase {
  /// A 3 × 2 mask whose top row (the moving edge) is bright.
  let mask: [UInt8] = [9, 8, 7, 1, 2, 3]

  func testEmptyMaskStaysEmpty() {
    for side in [Edge.bottom, .top, .right, .left] {
      let m = OrientedMask([], width: 0, height: 0, edge: side)
      XCTAssertEqual(m.pixels, [])
    }
  }

  func testABottomPanelKeepsTheMask() {
    let m = OrientedMask(mask, width: 3, height: 2, edge: .bottom)
    XCTAssertEqual([m.width, m.height], [3, 2])
    XCTAssertEqual(m.pixels, mask)
  }

  func testATopPanelFlipsTheRows() {
    let m = OrientedMask(mask, width: 3, height: 2, edge: .top)
    XCTAssertEqual(m.pixels, [1, 2, 3, 9, 8, 7])
  }

  func testARightPanelPutsTheTopRowInTheFirstColumn() {
    let m = OrientedMask(mask, width: 3, height: 2, edge: .right)
    XCTAssertEqual([m.width, m.height], [2, 3])
    XCTAssertEqual(m.pixels, [9, 1, 8, 2, 7, 3])
  }

  func testALeftPanelPutsTheTopRowInTheLastColumn() {
    let m = OrientedMask(mask, width: 3, height: 2, edge: .left)
    XCTAssertEqual([m.width, m.height], [2, 3])
    XCTAssertEqual(m.pixels, [1, 9, 2, 8, 3, 7])
  }

  func testEveryTurnKeepsTheCoverageOfARealCorner() {
    let corner = CornerMasks(radius: 12, borderThickness: 0)
    let total = corner.fill.reduce(0) { $0 + Int($1) }
    for side in [Edge.bottom, .top, .right, .left] {
      let m = OrientedMask(corner.fill, width: corner.size, height: corner.size, edge: side)
      XCTAssertEqual(m.pixels.reduce(0) { $0 + Int($1) }, total, "\(side)")
    }
  }
}
