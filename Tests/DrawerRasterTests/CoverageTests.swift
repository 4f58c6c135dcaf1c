import XCTest

@testable import DrawerRaster

final class CoverageTests: XCTestCase {
  func testEmptyAndZeroRadius() {
    XCTAssertEqual(Coverage.corner(inset: 0, radius: 0, size: 0), [])
    // A square corner: every pixel inside.
    XCTAssertEqual(Coverage.corner(inset: 0, radius: 0, size: 3), [Double](repeating: 1, count: 9))
  }

  func testTheCornerMissesExactlyTheAreaOutsideTheArc() {
    // In an r × r square the quarter circle leaves r² − πr²/4 outside.
    for r in [1.0, 2.5, 8, 15, 40] {
      let n = Int(r.rounded(.up))
      let sum = Coverage.corner(inset: 0, radius: r, size: n).reduce(0, +)
      let missing = r * r - Double.pi * r * r / 4
      XCTAssertEqual(Double(n * n) - sum, missing, accuracy: 0.02 * r, "radius \(r)")
    }
  }

  func testTheCornerIsSymmetricAndGrowsInward() {
    let n = 15
    let c = Coverage.corner(inset: 0, radius: 15, size: n)
    for y in 0..<n {
      for x in 0..<n {
        // Exact in y, sampled in 16 slices in x: mirror images agree to a slice.
        XCTAssertEqual(c[y * n + x], c[x * n + y], accuracy: 1.0 / Double(Coverage.slicesPerPixel), "(\(x), \(y))")
        if x > 0 { XCTAssertGreaterThanOrEqual(c[y * n + x], c[y * n + x - 1] - 1e-12) }
        if y > 0 { XCTAssertGreaterThanOrEqual(c[y * n + x], c[(y - 1) * n + x] - 1e-12) }
        XCTAssertTrue((0...1).contains(c[y * n + x]))
      }
    }
  }

  func testAnInsetMovesTheEdges() {
    let c = Coverage.corner(inset: 2, radius: 0, size: 4)
    XCTAssertEqual(c[0 * 4 + 3], 0, "above the top edge")
    XCTAssertEqual(c[3 * 4 + 0], 0, "left of the left edge")
    XCTAssertEqual(c[3 * 4 + 3], 1)
  }

  func testBytesRoundAndClamp() {
    XCTAssertEqual(Coverage.byte(0), 0)
    XCTAssertEqual(Coverage.byte(1), 255)
    XCTAssertEqual(Coverage.byte(0.5), 128)
    XCTAssertEqual(Coverage.byte(-3), 0)
    XCTAssertEqual(Coverage.byte(7), 255)
  }

  func testMirroringReversesEachRow() {
    XCTAssertEqual(Coverage.mirrored([1, 2, 3, 4, 5, 6], width: 3), [3, 2, 1, 6, 5, 4])
    XCTAssertEqual(Coverage.mirrored([], width: 0), [])
  }
}
