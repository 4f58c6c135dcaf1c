import TestSupport
import XCTest

@testable import DrawerEngine

final class EdgeTests: XCTestCase {
  let size = Size(width: 800, height: 600)

  func testLengthsFollowTheAxis() {
    XCTAssertEqual(Edge.bottom.length(of: size), 600)
    XCTAssertEqual(Edge.top.length(of: size), 600)
    XCTAssertEqual(Edge.left.length(of: size), 800)
    XCTAssertEqual(Edge.right.length(of: size), 800)
    XCTAssertEqual(Edge.left.crossLength(of: size), 600)
  }

  func testTheHomeEdgeIsExtentZeroAndTheFarEdgeTheLength() {
    XCTAssertEqual(Edge.bottom.extent(of: Point(x: 10, y: 600), in: size), 0)
    XCTAssertEqual(Edge.bottom.extent(of: Point(x: 10, y: 0), in: size), 600)
    XCTAssertEqual(Edge.top.extent(of: Point(x: 10, y: 0), in: size), 0)
    XCTAssertEqual(Edge.left.extent(of: Point(x: 0, y: 10), in: size), 0)
    XCTAssertEqual(Edge.right.extent(of: Point(x: 800, y: 10), in: size), 0)
    XCTAssertEqual(Edge.right.extent(of: Point(x: 0, y: 10), in: size), 800)
  }

  func testMovingAwayFromHomeGrows() {
    XCTAssertEqual(Edge.bottom.growth(from: Point(x: 0, y: 500), to: Point(x: 0, y: 400)), 100)
    XCTAssertEqual(Edge.top.growth(from: Point(x: 0, y: 100), to: Point(x: 0, y: 200)), 100)
    XCTAssertEqual(Edge.left.growth(from: Point(x: 100, y: 0), to: Point(x: 250, y: 0)), 150)
    XCTAssertEqual(Edge.right.growth(from: Point(x: 700, y: 0), to: Point(x: 650, y: 0)), 50)
    XCTAssertEqual(Edge.right.growth(from: Point(x: 700, y: 0), to: Point(x: 700, y: 300)), 0, "across the axis")
  }

  func testFramesPutTheMovingEdgeAtTheExtent() {
    XCTAssertEqual(
      Edge.bottom.frame(extent: 300, length: 600, cross: 0...800, in: size), Rect(x: 0, y: 300, width: 800, height: 600))
    XCTAssertEqual(
      Edge.top.frame(extent: 200, length: 600, cross: 40...760, in: size), Rect(x: 40, y: -400, width: 720, height: 600))
    XCTAssertEqual(
      Edge.left.frame(extent: 320, length: 320, cross: 0...600, in: size), Rect(x: 0, y: 0, width: 320, height: 600))
    XCTAssertEqual(
      Edge.right.frame(extent: 320, length: 400, cross: 0...600, in: size), Rect(x: 480, y: 0, width: 400, height: 600))
  }

  // Sweeps: every edge round-trips points, and growth is the change of extent.

  func testEveryEdgeRoundTripsAndAgreesWithGrowth() {
    var rng = SplitMix64(seed: 5)
    for edge in Edge.allCases {
      for _ in 0..<200 {
        let a = Point(x: Double.random(in: -50...850, using: &rng), y: Double.random(in: -50...650, using: &rng))
        let b = Point(x: Double.random(in: -50...850, using: &rng), y: Double.random(in: -50...650, using: &rng))
        let e = edge.extent(of: a, in: size)
        let back = edge.point(extent: e, cross: edge.cross(of: a), in: size)
        XCTAssertEqual(back.x, a.x, accuracy: 1e-9, "\(edge)")
        XCTAssertEqual(back.y, a.y, accuracy: 1e-9, "\(edge)")
        XCTAssertEqual(
          edge.growth(from: a, to: b), edge.extent(of: b, in: size) - edge.extent(of: a, in: size), accuracy: 1e-9,
          "\(edge)")
        // The moving edge of a frame lies at the extent.
        let f = edge.frame(extent: e, length: 100, cross: 0...10, in: size)
        let moving: Point
        switch edge {
        case .bottom: moving = Point(x: 0, y: f.minY)
        case .top: moving = Point(x: 0, y: f.maxY)
        case .left: moving = Point(x: f.maxX, y: 0)
        case .right: moving = Point(x: f.minX, y: 0)
        }
        XCTAssertEqual(edge.extent(of: moving, in: size), e, accuracy: 1e-9, "\(edge)")
      }
    }
  }
}
