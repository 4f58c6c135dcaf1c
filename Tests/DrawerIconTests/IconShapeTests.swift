import TestSupport
import XCTest

@testable import DrawerIcon

final class IconShapeTests: XCTestCase {
  let ink = IconColor(rgb: 0x336699)

  func testSnappingMovesEdgesToTheNearestPixelAndTiesOutward() {
    XCTAssertTrue(IconShape.snap(6.4, 9.6) == (6, 10))
    XCTAssertTrue(IconShape.snap(6.6, 9.4) == (7, 9))
    XCTAssertTrue(IconShape.snap(6.5, 9.5) == (6, 10), "ties go outward on both sides")
    XCTAssertTrue(IconShape.snap(3, 5) == (3, 5), "whole pixels stay")
  }

  func testASnappedSpanNeverVanishes() {
    XCTAssertTrue(IconShape.snap(3.2, 3.4) == (3, 4), "the pixel holding the centre")
    XCTAssertTrue(IconShape.snap(3.6, 4.4) == (4, 5), "a centre on a boundary takes the pixel after it")
    XCTAssertTrue(IconShape.snap(2.55, 2.6) == (2, 3))
  }

  func testSnappingKeepsAShapeCentredWhereItWasCentred() {
    var rng = SplitMix64(seed: 16)
    for _ in 0..<500 {
      // Centres on a pixel boundary or a pixel centre, as a centred
      // design's are at every size.
      let centre = Double(Int.random(in: 2...60, using: &rng)) / 2
      let half = Double.random(in: 0.5...20, using: &rng)
      let (a, b) = IconShape.snap(centre - half, centre + half)
      XCTAssertEqual((a + b) / 2, centre, "span \(centre - half)...\(centre + half)")
      XCTAssertEqual(a, a.rounded())
      XCTAssertEqual(b, b.rounded())
      XCTAssertLessThanOrEqual(abs((b - a) - 2 * half), 1, "the width moves by at most a pixel")
    }
  }

  func testPixelsScaleTheUnitSquareAndCutRadii() {
    let bar = IconShape(minX: 0.25, minY: 0.5, maxX: 0.75, maxY: 0.625, topRadius: 1, bottomRadius: 0.01, color: ink)
    let p = bar.pixels(size: 64)
    XCTAssertEqual([p.minX, p.minY, p.maxX, p.maxY], [16, 32, 48, 40])
    XCTAssertEqual(p.topRadius, 4, "cut to half the shorter side: a capsule end")
    XCTAssertEqual(p.bottomRadius, 0.64, accuracy: 1e-12, "scaled, not snapped")
    let dot = IconShape.circle(centerX: 0.5, centerY: 0.5, radius: 0.125, color: ink)
    let d = dot.pixels(size: 32)
    XCTAssertEqual([d.minX, d.minY, d.maxX, d.maxY, d.topRadius, d.bottomRadius], [12, 12, 20, 20, 4, 4])
  }

  func testUnsnappedShapesKeepFractionalEdges() {
    let s = IconShape(minX: 0.1, minY: 0.1, maxX: 0.3, maxY: 0.3, color: ink, snapsToPixels: false)
    XCTAssertEqual(s.pixels(size: 10).minX, 1, accuracy: 1e-12)
    XCTAssertEqual(s.pixels(size: 16).minX, 1.6, accuracy: 1e-12)
    XCTAssertEqual(s.pixels(size: 16).maxX, 4.8, accuracy: 1e-12)
  }

  func testSpanFollowsTheCornerArcs() {
    let p = PixelShape(minX: 0, minY: 0, maxX: 20, maxY: 10, topRadius: 4, bottomRadius: 2)
    XCTAssertNil(p.span(atX: -0.5))
    XCTAssertNil(p.span(atX: 20.5))
    XCTAssertTrue(p.span(atX: 10)! == (0, 10), "straight edges between the corners")
    // 3 px into the top-left corner's 4 px: 1 px from the arc's centre line.
    let s = p.span(atX: 1)!
    XCTAssertEqual(s.top, 4 - (16.0 - 9).squareRoot(), accuracy: 1e-12)
    XCTAssertEqual(s.bottom, 10 - (2 - (4.0 - 1).squareRoot()), accuracy: 1e-12)
  }

  func testCoverageAddsUpToTheShapesArea() {
    var rng = SplitMix64(seed: 0xC0FE)
    let size = 64
    for trial in 0..<60 {
      let x0 = Double.random(in: 1...30, using: &rng), y0 = Double.random(in: 1...30, using: &rng)
      let w = Double.random(in: 2...32, using: &rng), h = Double.random(in: 2...32, using: &rng)
      let half = min(w, h) / 2
      let rt = Double.random(in: 0...half, using: &rng), rb = Double.random(in: 0...half, using: &rng)
      let p = PixelShape(minX: x0, minY: y0, maxX: x0 + w, maxY: y0 + h, topRadius: rt, bottomRadius: rb)
      let (columns, rows) = p.pixelBounds(size: size)
      var sum = 0.0
      for x in columns {
        for c in p.coverage(column: x, rows: rows) {
          XCTAssertTrue((0...1).contains(c))
          sum += c
        }
      }
      // Each rounded corner leaves r²(1 − π/4) of its square outside.
      let area = w * h - 2 * (rt * rt + rb * rb) * (1 - Double.pi / 4)
      // Exact in y; x is sampled in 1/16 px slices, so each column's sum
      // is off by at most a slice's share of the shape's height.
      XCTAssertEqual(sum, area, accuracy: 2 * h / Double(PixelShape.slicesPerPixel), "trial \(trial)")
    }
  }

  func testCoverageIsWholeInsideAndNoneOutside() {
    let p = PixelShape(minX: 2, minY: 2, maxX: 10, maxY: 10, topRadius: 3, bottomRadius: 0)
    let (columns, rows) = p.pixelBounds(size: 12)
    XCTAssertEqual(columns, 2..<10)
    XCTAssertEqual(rows, 2..<10)
    XCTAssertEqual(p.coverage(column: 5, rows: rows), [Double](repeating: 1, count: 8))
    XCTAssertEqual(p.coverage(column: 1, rows: 0..<12), [Double](repeating: 0, count: 12))
    let corner = p.coverage(column: 2, rows: 2..<10)
    XCTAssertLessThan(corner[0], 0.5, "the top-left corner is cut")
    XCTAssertEqual(corner[7], 1, "the bottom-left corner is square")
  }

  func testTheCoverageMapHoldsEachColumnsCoverage() {
    let p = IconShape.circle(centerX: 0.5, centerY: 0.5, radius: 0.3, color: ink, snapsToPixels: false).pixels(size: 10)
    let map = p.coverageMap(size: 10)
    XCTAssertEqual(map.count, 100)
    let (columns, rows) = p.pixelBounds(size: 10)
    for x in 0..<10 {
      let column = (0..<10).map { map[$0 * 10 + x] }
      if columns.contains(x) {
        XCTAssertEqual(Array(column[rows]), p.coverage(column: x, rows: rows), "column \(x)")
      } else {
        XCTAssertEqual(column, [Double](repeating: 0, count: 10))
      }
    }
    XCTAssertEqual(map.reduce(0, +), Double.pi * 9, accuracy: 0.1, "a circle of radius 3 px")
  }

  func testBoundsAreClippedToTheGrid() {
    let p = PixelShape(minX: -3.5, minY: 5.2, maxX: 40, maxY: 6.1, topRadius: 0, bottomRadius: 0)
    let (columns, rows) = p.pixelBounds(size: 16)
    XCTAssertEqual(columns, 0..<16)
    XCTAssertEqual(rows, 5..<7)
    let empty = PixelShape(minX: 3, minY: 3, maxX: 3, maxY: 8, topRadius: 0, bottomRadius: 0)
    XCTAssertTrue(empty.pixelBounds(size: 16).columns.isEmpty)
  }

  func testColoursReadAsHex() {
    XCTAssertEqual(IconColor(rgb: 0x2F74E8).hex, "#2f74e8")
    XCTAssertEqual(IconColor(red: 0, green: 10, blue: 255).hex, "#000aff")
    XCTAssertEqual(IconColor(rgb: 0, alpha: 2).alpha, 1, "opacity is clamped")
  }
}
