import DrawerEngine
import DrawerRaster
import TestSupport
import XCTest

final class ReadyRectsTests: XCTestCase {
  private func area(_ rects: [PixelRect]) -> Int { rects.reduce(0) { $0 + $1.area } }

  func testAPieceRemembersWhereItsPixelsLie() {
    var ready = ReadyRects()
    XCTAssertTrue(ready.isEmpty)
    ready.add(PixelRect(x: 10, y: 20, width: 30, height: 40), dx: -10, dy: 5)
    XCTAssertEqual(ready.pieces.map(\.source), [PixelRect(x: 0, y: 25, width: 30, height: 40)])
  }

  func testTakingHandsOverWhatLiesWithinAndKeepsTheRest() {
    var ready = ReadyRects()
    ready.add(PixelRect(x: 0, y: 0, width: 100, height: 100), dx: 3, dy: 4)
    let taken = ready.take(within: PixelRect(x: 50, y: 50, width: 100, height: 100))
    XCTAssertEqual(taken, [ReadyRects.Piece(rect: PixelRect(x: 50, y: 50, width: 50, height: 50), dx: 3, dy: 4)])
    XCTAssertEqual(area(ready.pieces.map(\.rect)), 100 * 100 - 50 * 50)
    XCTAssertTrue(ready.pieces.allSatisfy { $0.rect.intersection(PixelRect(x: 50, y: 50, width: 50, height: 50)).isEmpty })
    XCTAssertTrue(ready.pieces.allSatisfy { $0.dx == 3 && $0.dy == 4 }, "the rest keeps its source")
    XCTAssertEqual(ready.take(within: PixelRect(x: 500, y: 500, width: 5, height: 5)), [], "nothing there")
  }

  func testAddingOverAPieceReplacesItThere() {
    var ready = ReadyRects()
    ready.add(PixelRect(x: 0, y: 0, width: 10, height: 10), dx: 1, dy: 1)
    ready.add(PixelRect(x: 5, y: 0, width: 10, height: 10), dx: 2, dy: 2)
    XCTAssertEqual(area(ready.pieces.map(\.rect)), 150, "no pixel twice")
    XCTAssertEqual(ready.split(PixelRect(x: 7, y: 3, width: 1, height: 1)).ready.map(\.dx), [2], "the newer source")
  }

  /// Seeded: whatever the pieces, a split covers the rectangle once, its
  /// ready parts from the pieces with their sources.
  func testASplitCoversTheRectangleOnce() {
    var rng = SplitMix64(seed: 0x5EED_0035)
    func rect() -> PixelRect {
      PixelRect(x: Int(rng.next() % 200), y: Int(rng.next() % 200), width: Int(rng.next() % 120) + 1, height: Int(rng.next() % 120) + 1)
    }
    for _ in 0..<300 {
      var ready = ReadyRects()
      for _ in 0..<Int(rng.next() % 5) { ready.add(rect(), dx: Int(rng.next() % 9) - 4, dy: Int(rng.next() % 9) - 4) }
      let r = rect()
      let (shown, rest) = ready.split(r)
      let parts = shown.map(\.rect) + rest
      XCTAssertEqual(area(parts), r.area)
      for (i, a) in parts.enumerated() {
        XCTAssertEqual(a.intersection(r), a, "inside the rectangle")
        for b in parts[(i + 1)...] { XCTAssertTrue(a.intersection(b).isEmpty, "once") }
      }
      for part in shown {
        XCTAssertTrue(
          ready.pieces.contains { $0.rect.intersection(part.rect) == part.rect && ($0.dx, $0.dy) == (part.dx, part.dy) })
      }
    }
  }
}
