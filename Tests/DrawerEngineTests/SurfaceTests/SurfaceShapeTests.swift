import XCTest

@testable import DrawerEngine

final class SurfaceShapeTests: XCTestCase {
  let card = SurfaceShape(frame: Rect(x: 100, y: 50, width: 200, height: 100), radii: CornerRadii(all: 20))

  func testRadiiAreCutToHalfTheShorterSide() {
    let s = SurfaceShape(frame: Rect(x: 0, y: 0, width: 30, height: 10), radii: CornerRadii(all: 50))
    XCTAssertEqual(s.radii, CornerRadii(all: 5))
    let bad = SurfaceShape(frame: Rect(x: 0, y: 0, width: 30, height: 10), radii: CornerRadii(topLeft: .nan, topRight: -3))
    XCTAssertEqual(bad.radii, .zero)
  }

  func testAPointInACornersCutOutIsOutside() {
    XCTAssertFalse(card.contains(Point(x: 101, y: 51)), "top left")
    XCTAssertFalse(card.contains(Point(x: 298.5, y: 51)), "top right")
    XCTAssertFalse(card.contains(Point(x: 298.5, y: 148.5)), "bottom right")
    XCTAssertFalse(card.contains(Point(x: 101, y: 148.5)), "bottom left")
  }

  func testPointsOnTheCurveAndAlongTheSidesAreInside() {
    // 45° on the top-left arc, just inside.
    let d = 20 - 20 / 2.0.squareRoot() + 0.5
    XCTAssertTrue(card.contains(Point(x: 100 + d, y: 50 + d)))
    XCTAssertTrue(card.contains(Point(x: 100, y: 100)), "left side, between the corners")
    XCTAssertTrue(card.contains(Point(x: 200, y: 50)), "top side")
    XCTAssertFalse(card.contains(Point(x: 300, y: 100)), "the right edge is outside, as for Rect")
  }

  func testSquareCornersHaveNoCutOut() {
    let sheet = SurfaceShape(frame: card.frame, radii: CornerRadii(topLeft: 20, topRight: 20))
    XCTAssertTrue(sheet.contains(Point(x: 100, y: 149.5)))
    XCTAssertFalse(sheet.contains(Point(x: 100.5, y: 50.5)))
  }

  func testContainmentMatchesTheCircleEquationAcrossTheCorner() {
    for i in 0..<40 {
      for j in 0..<40 {
        let p = Point(x: 100 + Double(i) * 0.5, y: 50 + Double(j) * 0.5)
        let dx = p.x - 120, dy = p.y - 70
        let inCircle = dx * dx + dy * dy <= 400
        XCTAssertEqual(card.contains(p), p.x >= 120 || p.y >= 70 || inCircle, "\(p)")
      }
    }
  }
}
