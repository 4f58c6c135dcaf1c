import TestSupport
import XCTest

import DrawerEngine
@testable import DrawerRaster

/// Paints `slices` into a bounds-sized A8 image as the renderer composites
/// them: tiles and profiles from the cache's functions, fills at 255.
func assemble(_ slices: ShadowSlices, blurRadius: Double) -> [UInt8] {
  let kernel = ShadowKernel(blurRadius: blurRadius)
  let b = slices.bounds
  var out = [UInt8](repeating: 0, count: b.width * b.height)
  func put(_ x: Int, _ y: Int, _ v: UInt8) {
    precondition(out[(y - b.y) * b.width + x - b.x] == 0 || v == 0, "two pieces cover (\(x), \(y))")
    out[(y - b.y) * b.width + x - b.x] = v
  }
  for piece in slices.pieces {
    switch piece {
    case .corner(let corner, let r):
      let tile = ShadowSlices.cornerTile(kernel: kernel, radius: slices.shape.radii[corner], corner: corner)
      for j in 0..<r.height { for i in 0..<r.width { put(r.x + i, r.y + j, tile[j * r.width + i]) } }
    case .edge(let side, let r):
      let profile = ShadowSlices.edgeProfile(kernel: kernel, side: side)
      let across = side == .top || side == .bottom
      for j in 0..<r.height { for i in 0..<r.width { put(r.x + i, r.y + j, profile[across ? j : i]) } }
    case .fill(let r):
      for j in 0..<r.height { for i in 0..<r.width { put(r.x + i, r.y + j, 255) } }
    case .whole(let r):
      let mask = ShadowSlices.wholeMask(shape: slices.shape, kernel: kernel)
      for j in 0..<r.height { for i in 0..<r.width { put(r.x + i, r.y + j, mask[j * r.width + i]) } }
    }
  }
  return out
}

/// How many pieces cover each pixel of the bounds.
func coverCounts(_ slices: ShadowSlices) -> [Int] {
  let b = slices.bounds
  var counts = [Int](repeating: 0, count: b.width * b.height)
  for piece in slices.pieces {
    let r: PixelRect
    switch piece {
    case .corner(_, let rect), .edge(_, let rect), .fill(let rect), .whole(let rect): r = rect
    }
    for j in r.y..<r.maxY { for i in r.x..<r.maxX { counts[(j - b.y) * b.width + i - b.x] += 1 } }
  }
  return counts
}

final class ShadowSlicesTests: XCTestCase {
  let sheet = RoundedShape(
    rect: PixelRect(x: 10, y: 20, width: 120, height: 90), radii: CornerRadii(topLeft: 12, topRight: 12))
  let card = RoundedShape(rect: PixelRect(x: -5, y: 3, width: 100, height: 70), radii: CornerRadii(all: 9.5))

  // MARK: Edge cases

  func testAnEmptyShapeCastsNothing() {
    let s = ShadowSlices(shape: RoundedShape(rect: PixelRect(x: 4, y: 4, width: 0, height: 30), radii: CornerRadii()), blurRadius: 8)
    XCTAssertTrue(s.pieces.isEmpty)
  }

  func testNoBlurIsTheShapeItself() {
    let s = ShadowSlices(shape: card, blurRadius: 0)
    XCTAssertEqual(s.bounds, card.rect)
    let pixels = assemble(s, blurRadius: 0)
    let exact = card.coverage().map(Coverage.byte)
    XCTAssertEqual(pixels, exact)
  }

  func testASmallShapeIsBlurredWhole() {
    let small = RoundedShape(rect: PixelRect(x: 0, y: 0, width: 30, height: 20), radii: CornerRadii(all: 6))
    let s = ShadowSlices(shape: small, blurRadius: 10)
    XCTAssertEqual(s.pieces, [.whole(s.bounds)])
  }

  func testAShadowInOnePieceHasNoSteadyRows() {
    let small = RoundedShape(rect: PixelRect(x: 0, y: 0, width: 30, height: 20), radii: CornerRadii(all: 6))
    let s = ShadowSlices(shape: small, blurRadius: 10)
    XCTAssertEqual(s.steadyFromRow, s.bounds.maxY)
    let empty = ShadowSlices(shape: RoundedShape(rect: PixelRect(x: 4, y: 4, width: 0, height: 30), radii: CornerRadii()), blurRadius: 8)
    XCTAssertEqual(empty.steadyFromRow, empty.bounds.maxY)
  }

  /// Sheets with one bottom and different tops, blurred whole: from the
  /// lower of their `steadyFromRow` down to the bottom corners' tiles, each
  /// row of one shadow is the other's, and every row is the one above it.
  func testRowsFromTheSteadyRowDoNotFollowTheTop() {
    var rng = SplitMix64(seed: 77)
    for _ in 0..<12 {
      let blur = Double.random(in: 1...14, using: &rng)
      let radius = Double(Int.random(in: 0...48, using: &rng)) / 4
      let bottom = 400
      let tops = [Int.random(in: 0...150, using: &rng), Int.random(in: 0...150, using: &rng)]
      let shadows = tops.map { top in
        ShadowSlices(
          shape: RoundedShape(
            rect: PixelRect(x: 30, y: top, width: 160, height: bottom - top), radii: CornerRadii(topLeft: radius, topRight: radius)),
          blurRadius: blur)
      }
      let kernel = ShadowKernel(blurRadius: blur)
      let masks = shadows.map { ShadowSlices.wholeMask(shape: $0.shape, kernel: kernel) }
      let width = shadows[0].bounds.width
      func row(_ i: Int, _ y: Int) -> ArraySlice<UInt8> {
        let start = (y - shadows[i].bounds.y) * width
        return masks[i][start..<(start + width)]
      }
      let from = max(shadows[0].steadyFromRow, shadows[1].steadyFromRow)
      let to = bottom - 2 * shadows[0].extent
      XCTAssertLessThan(from, to, "the sweep's sheets are tall enough to have steady rows")
      for y in from..<to {
        XCTAssertEqual(row(0, y), row(1, y), "blur \(blur) radius \(radius) tops \(tops) row \(y)")
        if y > from { XCTAssertEqual(row(0, y), row(0, y - 1), "row \(y) is the one above it") }
      }
    }
  }

  // MARK: Slices

  func testThePiecesCoverTheBoundsOnce() {
    for shape in [sheet, card] {
      for blur in [0.0, 3, 8, 16] {
        let counts = coverCounts(ShadowSlices(shape: shape, blurRadius: blur))
        XCTAssertTrue(counts.allSatisfy { $0 == 1 }, "\(shape) blur \(blur)")
      }
    }
  }

  func testSlicesMatchTheShapeBlurredWhole() {
    for shape in [sheet, card] {
      for blur in [4.0, 10] {
        let s = ShadowSlices(shape: shape, blurRadius: blur)
        XCTAssertFalse(s.pieces.contains(.whole(s.bounds)), "sliced")
        let sliced = assemble(s, blurRadius: blur)
        let whole = ShadowSlices.wholeMask(shape: shape, kernel: ShadowKernel(blurRadius: blur))
        XCTAssertEqual(sliced.count, whole.count)
        let worst = zip(sliced, whole).map { abs(Int($0) - Int($1)) }.max() ?? 0
        XCTAssertLessThanOrEqual(worst, 1, "\(shape) blur \(blur)")
      }
    }
  }

  func testASquareCornerKeepsItsSquareShadow() {
    // The sheet's bottom corners are square: its shadow there is the
    // product of two edges, darker at the corner than a rounded one's.
    let s = ShadowSlices(shape: sheet, blurRadius: 8)
    let pixels = assemble(s, blurRadius: 8)
    let b = s.bounds
    let k = s.extent
    let bottomLeft = pixels[(b.height - k - 1) * b.width + k]
    let topLeft = pixels[k * b.width + k]
    XCTAssertGreaterThan(bottomLeft, topLeft)
  }

  // MARK: Spread

  func testSpreadGrowsTheShapeAndItsRoundedCornersBeforeTheBlur() {
    let grown = sheet.shadowShape(dx: 0, dy: 0, spread: 4)
    XCTAssertEqual(grown.rect, PixelRect(x: 6, y: 16, width: 128, height: 98))
    XCTAssertEqual(grown.radii, CornerRadii(topLeft: 16, topRight: 16), "square corners stay square")
    let shrunk = card.shadowShape(dx: 0, dy: 0, spread: -3)
    XCTAssertEqual(shrunk.rect, PixelRect(x: -2, y: 6, width: 94, height: 64))
    XCTAssertEqual(shrunk.radii, CornerRadii(all: 6.5))
    let gone = card.shadowShape(dx: 0, dy: 0, spread: -200)
    XCTAssertTrue(gone.rect.isEmpty)
    XCTAssertTrue(ShadowSlices(shape: gone, blurRadius: 6).pieces.isEmpty)
  }

  func testSpreadDarkensFurtherOutAndOffsetMovesTheShadow() {
    let blur = 8.0
    let plain = ShadowSlices(shape: card.shadowShape(dx: 0, dy: 0, spread: 0), blurRadius: blur)
    let spread = ShadowSlices(shape: card.shadowShape(dx: 0, dy: 6, spread: 5), blurRadius: blur)
    func value(_ s: ShadowSlices, _ pixels: [UInt8], x: Int, y: Int) -> Int {
      let b = s.bounds
      guard x >= b.x, x < b.maxX, y >= b.y, y < b.maxY else { return 0 }
      return Int(pixels[(y - b.y) * b.width + x - b.x])
    }
    let a = assemble(plain, blurRadius: blur)
    let c = assemble(spread, blurRadius: blur)
    let midX = card.rect.x + card.rect.width / 2
    // Below the card, the spread and lowered shadow is darker at every row.
    for y in card.rect.maxY..<(card.rect.maxY + 10) {
      XCTAssertGreaterThan(value(spread, c, x: midX, y: y), value(plain, a, x: midX, y: y), "row \(y)")
    }
    XCTAssertEqual(spread.bounds.maxY, card.rect.maxY + 6 + 5 + spread.extent)
  }

  // MARK: Cut-out

  /// A shadow painted under a surface and cut out of it, in software, the
  /// way the renderer does it with XRender's OutReverse.
  func cutOut(_ shadow: [UInt8], bounds b: PixelRect, surface: RoundedShape) -> [UInt8] {
    var out = shadow
    func scale(_ x: Int, _ y: Int, by keep: Double) {
      guard x >= b.x, x < b.maxX, y >= b.y, y < b.maxY else { return }
      let i = (y - b.y) * b.width + x - b.x
      out[i] = UInt8((Double(out[i]) * keep).rounded())
    }
    for r in surface.interior { for y in r.y..<r.maxY { for x in r.x..<r.maxX { scale(x, y, by: 0) } } }
    for corner in Corner.allCases {
      let square = surface.cornerSquare(corner)
      let cover = surface.cornerCoverage(corner)
      for j in 0..<square.height {
        for i in 0..<square.width { scale(square.x + i, square.y + j, by: 1 - cover[j * square.width + i]) }
      }
    }
    return out
  }

  func testTheInteriorAndTheCornersCoverTheSurfaceOnce() {
    for shape in [sheet, card] {
      var counts = [Int](repeating: 0, count: shape.rect.width * shape.rect.height)
      let pieces = shape.interior + Corner.allCases.map(shape.cornerSquare)
      for r in pieces {
        for y in r.y..<r.maxY { for x in r.x..<r.maxX { counts[(y - shape.rect.y) * shape.rect.width + x - shape.rect.x] += 1 } }
      }
      XCTAssertTrue(counts.allSatisfy { $0 == 1 })
    }
  }

  func testTheCutOutLeavesNoShadowInsideATranslucentSurface() {
    let blur = 10.0
    let shadow = ShadowSlices(shape: card.shadowShape(dx: 3, dy: 8, spread: 2), blurRadius: blur)
    let painted = assemble(shadow, blurRadius: blur)
    let cut = cutOut(painted, bounds: shadow.bounds, surface: card)
    let cover = card.coverage()
    let b = shadow.bounds
    var inside = 0, outside = 0
    for y in b.y..<b.maxY {
      for x in b.x..<b.maxX {
        let i = (y - b.y) * b.width + x - b.x
        let r = card.rect
        let c = x >= r.x && x < r.maxX && y >= r.y && y < r.maxY ? cover[(y - r.y) * r.width + x - r.x] : 0
        if c == 1 {
          XCTAssertEqual(cut[i], 0, "(\(x), \(y)) inside the surface")
          inside += 1
        } else if c == 0 {
          XCTAssertEqual(cut[i], painted[i], "(\(x), \(y)) outside the surface")
          if painted[i] > 0 { outside += 1 }
        } else {
          XCTAssertEqual(Double(cut[i]), Double(painted[i]) * (1 - c), accuracy: 0.51, "(\(x), \(y)) on the curve")
        }
      }
    }
    XCTAssertGreaterThan(inside, 5000, "the shadow reached under the surface before the cut")
    XCTAssertGreaterThan(outside, 1000, "and around it")
  }

  // MARK: Sweep

  func testRandomShapesSliceLikeTheirWholeBlur() {
    var rng = SplitMix64(seed: 11)
    for _ in 0..<40 {
      let w = Int.random(in: 1...140, using: &rng), h = Int.random(in: 1...100, using: &rng)
      let radii = CornerRadii(
        topLeft: Double.random(in: 0...20, using: &rng), topRight: Double.random(in: 0...20, using: &rng),
        bottomRight: Bool.random(using: &rng) ? 0 : Double.random(in: 0...20, using: &rng),
        bottomLeft: Double.random(in: 0...20, using: &rng))
      let shape = RoundedShape(rect: PixelRect(x: Int.random(in: -30...30, using: &rng), y: 0, width: w, height: h), radii: radii)
      let blur = Double(Int.random(in: 0...16, using: &rng))
      let s = ShadowSlices(shape: shape, blurRadius: blur)
      XCTAssertTrue(coverCounts(s).allSatisfy { $0 == 1 }, "\(shape) blur \(blur)")
      let sliced = assemble(s, blurRadius: blur)
      let whole = ShadowSlices.wholeMask(shape: shape, kernel: ShadowKernel(blurRadius: blur))
      let worst = zip(sliced, whole).map { abs(Int($0) - Int($1)) }.max() ?? 0
      XCTAssertLessThanOrEqual(worst, 1, "\(shape) blur \(blur)")
    }
  }

  /// The whole mask copies the columns clear of the corners rather than
  /// blurring each: over seeded shapes, wide and narrow, short and square,
  /// it is byte for byte the plain two-pass blur of the coverage.
  func testTheWholeMaskIsThePlainBlurOfTheCoverage() {
    func plain(_ shape: RoundedShape, _ kernel: ShadowKernel) -> [UInt8] {
      let k = kernel.extent
      let w = shape.rect.width, h = shape.rect.height
      let bw = w + 2 * k, bh = h + 2 * k
      let cover = shape.coverage()
      var rows = [Double](repeating: 0, count: bw * h)
      for y in 0..<h {
        for x in 0..<bw {
          var v = 0.0
          for d in -k...k where x - k - d >= 0 && x - k - d < w { v += kernel.weight(d) * cover[y * w + x - k - d] }
          rows[y * bw + x] = v
        }
      }
      var out = [UInt8](repeating: 0, count: bw * bh)
      for y in 0..<bh {
        for x in 0..<bw {
          var v = 0.0
          for d in -k...k where y - k - d >= 0 && y - k - d < h { v += kernel.weight(d) * rows[(y - k - d) * bw + x] }
          out[y * bw + x] = Coverage.byte(v)
        }
      }
      return out
    }
    var random = SplitMix64(seed: 34)
    for trial in 0..<60 {
      let rect = PixelRect(
        x: 0, y: 0, width: Int.random(in: 1...120, using: &random), height: Int.random(in: 1...30, using: &random))
      func r() -> Double { [0, 0.5, 3, 7.25, 16].randomElement(using: &random)! }
      let shape = RoundedShape(rect: rect, radii: CornerRadii(topLeft: r(), topRight: r(), bottomRight: r(), bottomLeft: r()))
      let kernel = ShadowKernel(blurRadius: [0.0, 2, 6].randomElement(using: &random)!)
      XCTAssertEqual(ShadowSlices.wholeMask(shape: shape, kernel: kernel), plain(shape, kernel), "trial \(trial): \(shape)")
    }
  }
}
