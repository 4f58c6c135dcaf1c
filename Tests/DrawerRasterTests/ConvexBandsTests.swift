import DrawerEngine
import DrawerRaster
import XCTest

/// Convex polygons as horizontal bands: the bands tile the polygon (their
/// areas sum to its area, each starting where the last ended), stay inside
/// the bounds they are cut to, and a shape walks each row once.
final class ConvexBandsTests: XCTestCase {
  let bounds = Rect(x: 0, y: 0, width: 100, height: 80)

  /// The shoelace area of a polygon.
  func area(_ points: [Point]) -> Double {
    var twice = 0.0
    for i in points.indices {
      let a = points[i], b = points[(i + 1) % points.count]
      twice += a.x * b.y - b.x * a.y
    }
    return abs(twice) / 2
  }

  func disc(_ cx: Double, _ cy: Double, _ r: Double, sides: Int) -> [Point] {
    (0..<sides).map { i in
      let a = Double(i) / Double(sides) * 2 * Double.pi
      return Point(x: cx + r * cos(a), y: cy + r * sin(a))
    }
  }

  func bands(_ points: [Point]) -> [Band] {
    var banding = ConvexBands()
    var out: [Band] = []
    banding.append(points, within: bounds, to: &out)
    return out
  }

  func testARectangleIsOneBandBetweenItsSides() {
    let b = bands([Point(x: 10, y: 20), Point(x: 60, y: 20), Point(x: 60, y: 50), Point(x: 10, y: 50)])
    XCTAssertEqual(b.count, 1)
    XCTAssertEqual(b.first?.top, 20)
    XCTAssertEqual(b.first?.bottom, 50)
    XCTAssertEqual(b.first?.left.x(at: 35), 10)
    XCTAssertEqual(b.first?.right.x(at: 35), 60)
  }

  func testADiscsBandsTileItAndWalkItsHeightOnce() {
    for sides in [3, 16, 18, 67] {
      let points = disc(50, 40, 23, sides: sides)
      let b = bands(points)
      XCTAssertEqual(b.reduce(0) { $0 + $1.area }, area(points), accuracy: 1e-6, "\(sides) sides")
      for (upper, lower) in zip(b, b.dropFirst()) {
        XCTAssertEqual(upper.bottom, lower.top, "\(sides) sides: the bands follow each other")
      }
      let rows = b.reduce(0) { $0 + ($1.bottom - $1.top) }
      let height = points.map(\.y).max()! - points.map(\.y).min()!
      XCTAssertEqual(rows, height, accuracy: 1e-9, "\(sides) sides: each row once")
      for band in b {
        XCTAssertLessThanOrEqual(band.left.x(at: (band.top + band.bottom) / 2), band.right.x(at: (band.top + band.bottom) / 2))
      }
    }
  }

  func testEitherWayRoundGivesTheSameBands() {
    let points = disc(40, 30, 12, sides: 9)
    XCTAssertEqual(bands(points).reduce(0) { $0 + $1.area }, bands(points.reversed()).reduce(0) { $0 + $1.area }, accuracy: 1e-9)
  }

  func testAShapeAcrossTheBoundsIsCutToThem() {
    // A disc over the top left corner: a quarter of it shows.
    let points = disc(0, 0, 20, sides: 64)
    let b = bands(points)
    XCTAssertEqual(b.reduce(0) { $0 + $1.area }, area(points) / 4, accuracy: 1e-6)
    for band in b {
      XCTAssertGreaterThanOrEqual(band.top, bounds.minY)
      XCTAssertLessThanOrEqual(band.bottom, bounds.maxY)
      for y in [band.top, band.bottom] {
        XCTAssertGreaterThanOrEqual(band.left.x(at: y), bounds.minX - 1e-9)
        XCTAssertLessThanOrEqual(band.right.x(at: y), bounds.maxX + 1e-9)
      }
    }
    // A long road segment a window away reaches in only by its end.
    let road = [Point(x: 90, y: 38), Point(x: 190, y: 38), Point(x: 190, y: 46), Point(x: 90, y: 46)]
    XCTAssertEqual(bands(road).reduce(0) { $0 + $1.area }, 10 * 8, accuracy: 1e-9)
  }

  func testNothingOutsideTheBoundsOrWithoutAreaMakesABand() {
    XCTAssertEqual(bands(disc(200, 40, 10, sides: 12)), [])
    XCTAssertEqual(bands([Point(x: 10, y: 10), Point(x: 20, y: 20)]), [])
    XCTAssertEqual(bands([Point(x: 10, y: 10), Point(x: 20, y: 10), Point(x: 30, y: 10)]), [], "a flat triangle")
  }

  func testClippingKeepsTheInsideAndAddsTheCrossings() {
    let square = [Point(x: -10, y: 10), Point(x: 10, y: 10), Point(x: 10, y: 30), Point(x: -10, y: 30)]
    let cut = ConvexBands.clipped(square, to: bounds)
    XCTAssertEqual(area(cut), 10 * 20, accuracy: 1e-9)
    XCTAssert(cut.allSatisfy { $0.x >= 0 && $0.x <= 10 })
    XCTAssertEqual(ConvexBands.clipped(disc(-50, -50, 5, sides: 8), to: bounds), [])
  }
}
