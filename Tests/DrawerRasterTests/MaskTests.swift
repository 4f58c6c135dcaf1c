import XCTest

@testable import DrawerRaster

final class MaskTests: XCTestCase {
  func testCornerMasksWithoutABorderHaveNoRing() {
    let m = CornerMasks(radius: 15, borderThickness: 0)
    XCTAssertEqual(m.size, 15)
    XCTAssertNil(m.border)
    XCTAssertEqual(m.fill.count, 225)
  }

  func testTheRingIsTheShapeMinusTheInsetShape() {
    let m = CornerMasks(radius: 10, borderThickness: 2)
    let ring = m.border!
    let n = m.size
    // The arc's centre is (10, 10). On the diagonal, 9 px from it lies the
    // ring (between radius 8 and 10); 6.4 px from it, inside the inner
    // shape, none of it; at the square's outer corner, outside the shape.
    XCTAssertGreaterThan(ring[3 * n + 3], 200)
    XCTAssertLessThan(ring[5 * n + 5], 10)
    XCTAssertEqual(ring[(n - 1) * n + (n - 1)], 0)
    XCTAssertEqual(ring[0], 0)
    for i in 0..<(n * n) { XCTAssertLessThanOrEqual(ring[i], m.fill[i], "the ring lies within the shape") }
  }

  func testAThickBorderSetsTheSize() {
    XCTAssertEqual(CornerMasks(radius: 3, borderThickness: 7.5).size, 8)
  }

  func testTheHandleMaskIsSymmetricWithRoundEnds() {
    let m = RoundedRectMask(width: 40, height: 6, radius: 3)
    XCTAssertEqual(m.pixels.count, 240)
    XCTAssertEqual(m.pixels[3 * 40 + 20], 255, "the middle is solid")
    XCTAssertLessThan(m.pixels[0], 128, "the corner is round")
    for y in 0..<6 {
      for x in 0..<40 {
        XCTAssertEqual(m.pixels[y * 40 + x], m.pixels[y * 40 + 39 - x])
        XCTAssertEqual(m.pixels[y * 40 + x], m.pixels[(5 - y) * 40 + x])
      }
    }
  }

  func testARadiusLargerThanTheMaskIsCapped() {
    let m = RoundedRectMask(width: 10, height: 4, radius: 50)
    XCTAssertEqual(m.pixels.count, 40)
    XCTAssertEqual(m.pixels[2 * 10 + 5], 255)
  }
}
