import DrawerEngine
import DrawerFrame
import DrawerRaster
import XCTest

/// How masks are keyed: what a drag computes anew, and what it reuses.
final class MaskKeyTests: XCTestCase {
  /// Under a wide blur a shadow's corner tile is blurred for the corner's
  /// whole square: the tile's side then matches the slices' corner piece.
  /// Under a narrow one it keeps the radius in quarters.
  func testAShadowTileRadiusIsTheCornersSquare() {
    for radius in [0.0, 0.1, 0.25, 5.25, 5.9, 6, 12.75, 31.5] {
      let shape = RoundedShape(rect: PixelRect(x: 0, y: 0, width: 200, height: 100), radii: CornerRadii(all: radius))
      XCTAssertEqual(MaskKey.shadowRadiusQuarters(radius, blur: 4), quarters(radius), "\(radius)")
      let q = MaskKey.shadowRadiusQuarters(radius, blur: 14)
      XCTAssertEqual(q % 4, 0, "\(radius)")
      XCTAssertEqual(q / 4, shape.cornerSize(.topLeft), "\(radius)")
      XCTAssertEqual(MaskKey.shadowTileSize(radiusQuarters: q, blur: 14), shape.cornerSize(.topLeft) + 2 * ShadowKernel.extent(blurRadius: 14))
    }
    XCTAssertEqual(MaskKey.shadowRadiusQuarters(.nan, blur: 14), 0)
    XCTAssertEqual(MaskKey.shadowRadiusQuarters(-3, blur: 14), 0)
  }

  /// Under a blur that keys whole pixels, the tile of the whole pixel
  /// above differs from the exact radius's by a few levels at most.
  func testAWholePixelTileLooksLikeTheExactOne() {
    for blur in [MaskKey.wholePixelBlur, 14, 28] {
      let kernel = ShadowKernel(blurRadius: blur)
      for quartersOfRadius in 1...64 {
        let exact = Double(quartersOfRadius) / 4
        let whole = Double(MaskKey.shadowRadiusQuarters(exact, blur: blur)) / 4
        guard whole != exact else { continue }
        // The exact radius's tile, in the whole radius's square: the
        // shape's corner sits at the same place, and the exact tile's
        // (smaller or equal) square lies in its top-left.
        let a = ShadowSlices.cornerTile(kernel: kernel, radius: exact, corner: .topLeft)
        let b = ShadowSlices.cornerTile(kernel: kernel, radius: whole, corner: .topLeft)
        let n = Int(whole) + 2 * kernel.extent
        XCTAssertEqual(a.count, n * n, "radius \(exact): same square")
        let worst = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
        XCTAssertLessThanOrEqual(worst, 8, "radius \(exact) blur \(blur)")
      }
    }
  }

  /// A drag from partial to full, whose corners round off on the way,
  /// blurs one shadow tile per whole pixel of radius it passes.
  func testADragBlursOneShadowTilePerWholePixel() throws {
    let run = try FrameRun(["--shadow-opacity", "0.35", "--shadow-radius", "14"], width: 800, height: 600)
    let builder = run.builder()
    run.build(builder)
    var p = run.grip
    run.session.feed(.pointerDown(p, button: .primary, time: run.next))
    var tiles = Set<MaskKey>()
    var radii = Set<Double>()
    for _ in 0..<60 {
      p.y -= 5
      run.session.feed(.pointerMove(p, time: run.next))
      run.session.advance(to: run.session.time)
      run.build(builder)
      radii.insert(run.session.drawer.renderModel.cornerRadius)
      for case .paint(_, _, _, _, let mask?, _, _) in builder.frame.ops {
        if case .shadowTile = mask { tiles.insert(mask) }
      }
    }
    XCTAssertGreaterThan(radii.count, 8, "the drag changed the corners' radius")
    XCTAssertFalse(tiles.isEmpty, "the shadow has corner tiles")
    let wholePixels = Set(radii.map { $0.rounded(.up) })
    XCTAssertLessThanOrEqual(tiles.count, 2 * wholePixels.count, "top tiles, and the home edge's")
    XCTAssertLessThan(tiles.count, radii.count)
  }
}
