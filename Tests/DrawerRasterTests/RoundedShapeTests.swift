import DrawerEngine
import TestSupport
import XCTest

@testable import DrawerRaster

/// `subtract`, the cut every frame makes for corners and shadows.
final class RoundedShapeTests: XCTestCase {
  /// Seeded rectangles and up to five holes, overlapping, touching, past
  /// the edges or empty: every pixel outside the holes is covered exactly
  /// once and none inside them, and the pieces are horizontal bands.
  func testSubtractCoversWhatTheHolesLeaveExactlyOnce() {
    var random = SplitMix64(seed: 33)
    func rect(_ span: ClosedRange<Int>) -> PixelRect {
      PixelRect(
        x: Int.random(in: span, using: &random), y: Int.random(in: span, using: &random),
        width: Int.random(in: 0...14, using: &random), height: Int.random(in: 0...14, using: &random))
    }
    for trial in 0..<200 {
      let whole = rect(0...6)
      let holes = (0..<Int.random(in: 0...5, using: &random)).map { _ in rect(-3...16) }
      let pieces = subtract(from: whole, holes)
      var count = [Int](repeating: 0, count: 24 * 24)
      for piece in pieces {
        XCTAssertFalse(piece.isEmpty, "trial \(trial): an empty piece")
        for y in piece.y..<piece.maxY {
          for x in piece.x..<piece.maxX { count[(y + 4) * 24 + x + 4] += 1 }
        }
      }
      for y in -4..<20 {
        for x in -4..<20 {
          let p = PixelRect(x: x, y: y, width: 1, height: 1)
          let kept = !whole.intersection(p).isEmpty && holes.allSatisfy { $0.intersection(p).isEmpty }
          XCTAssertEqual(count[(y + 4) * 24 + x + 4], kept ? 1 : 0, "trial \(trial) pixel \(x),\(y)")
        }
      }
    }
  }

  /// Cutting the four corner squares in closed form gives what the general
  /// subtraction gives, rectangle for rectangle, whatever the sizes: empty
  /// squares, squares that meet, overlap or pass the whole, empty wholes.
  func testCutCornersIsTheSubtractionOfTheFourSquares() {
    var random = SplitMix64(seed: 71)
    for _ in 0..<4000 {
      let whole = PixelRect(
        x: Int.random(in: -50...50, using: &random), y: Int.random(in: -50...50, using: &random),
        width: Int.random(in: -2...40, using: &random), height: Int.random(in: -2...40, using: &random))
      let n = (0..<4).map { _ in Int.random(in: 0...3, using: &random) == 0 ? 0 : Int.random(in: 0...30, using: &random) }
      let squares = [
        PixelRect(x: whole.x, y: whole.y, width: n[0], height: n[0]),
        PixelRect(x: whole.maxX - n[1], y: whole.y, width: n[1], height: n[1]),
        PixelRect(x: whole.maxX - n[2], y: whole.maxY - n[2], width: n[2], height: n[2]),
        PixelRect(x: whole.x, y: whole.maxY - n[3], width: n[3], height: n[3]),
      ]
      XCTAssertEqual(
        cutCorners(whole, topLeft: n[0], topRight: n[1], bottomRight: n[2], bottomLeft: n[3]),
        subtract(from: whole, squares), "\(whole) \(n)")
    }
  }
}
