import DrawerEngine
import DrawerRaster

/// An alpha mask a frame paints through, named by the geometry that makes
/// it: the presenter keeps one server picture per key and makes it from
/// `image()` on a miss, so nothing that depends only on geometry is
/// computed per frame.
///
/// Radii are in quarter pixels: finer steps are invisible, and would defeat
/// the cache while a drag changes a radius continuously.
public enum MaskKey: Hashable, Sendable {
  /// A corner's fill (`ring` 0) or its border ring `ring` px thick, turned
  /// four ways in one 2n × 2n mask (`Quad`).
  case corners(radiusQuarters: Int, ring: Double)
  /// A shadow's corner tiles for the two top corners (or, `bottom`, the
  /// two bottom ones) of that radius and blur, side by side in one
  /// 2n × n mask (`Pair`). A drag changes one side's radius every frame:
  /// half the pixels of all four corners are blurred, turned and sent.
  case shadowTile(radiusQuarters: Int, blur: Double, bottom: Bool)
  /// The profile across a shadow's straight edge on `side`, repeating
  /// along it.
  case shadowEdge(ShadowSlices.Side, blur: Double)
  /// The whole shadow of a shape too small to slice: its size and radii.
  case shadowWhole(width: Int, height: Int, radii: QuarterRadii, blur: Double)
  /// A rounded bar: the handle, the scroll indicator.
  case roundedRect(width: Int, height: Int, radiusQuarters: Int)

  /// The side of one corner's square in a `corners` mask, px.
  public static func cornerSize(radiusQuarters: Int, ring: Double) -> Int {
    max(Int((Double(radiusQuarters) / 4).rounded(.up)), Int(ring.rounded(.up)))
  }

  /// The radius a shadow's corner tile is blurred for, in quarter pixels:
  /// under a blur radius of at least `wholePixelBlur`, `radius` rounded up
  /// to the whole pixel (the side of the corner's square); under a smaller
  /// one, to the nearest quarter, as the surface's own corners are.
  ///
  /// A drag from partial to full changes the radius every frame, and each
  /// new radius is a new blur; in whole pixels a drag blurs a quarter as
  /// many. Under a wide blur the difference does not show: a tile blurred
  /// for the next whole pixel is within 8 levels of 255 of the exact one
  /// (`MaskKeyTests`); under a narrow one it reaches 15, so those keep
  /// quarters.
  public static func shadowRadiusQuarters(_ radius: Double, blur: Double) -> Int {
    guard blur >= wholePixelBlur else { return quarters(radius) }
    return radius.isFinite ? 4 * Int(max(0, radius).rounded(.up)) : 0
  }

  /// The narrowest blur radius whose corner tiles are keyed in whole pixels, px.
  public static let wholePixelBlur = 8.0

  /// The side of one corner's square in a `shadowTile` mask, px.
  public static func shadowTileSize(radiusQuarters: Int, blur: Double) -> Int {
    Int((Double(radiusQuarters) / 4).rounded(.up)) + 2 * ShadowKernel.extent(blurRadius: blur)
  }

  /// The mask's pixels, computed in software.
  public func image() -> MaskImage {
    switch self {
    case .corners(let q, let ring):
      let masks = CornerMasks(radius: Double(q) / 4, borderThickness: ring)
      let n = masks.size
      let one = ring > 0 ? (masks.border ?? [UInt8](repeating: 0, count: n * n)) : masks.fill
      return Quad.image(n, topLeft: one)
    case .shadowTile(let q, let blur, let bottom):
      let n = MaskKey.shadowTileSize(radiusQuarters: q, blur: blur)
      let kernel = ShadowKernel(blurRadius: blur)
      // One blur: the other corner is its mirror image.
      return Pair.image(
        n, topLeft: ShadowSlices.cornerTile(kernel: kernel, radius: Double(q) / 4, corner: .topLeft), bottom: bottom)
    case .shadowEdge(let side, let blur):
      let p = ShadowSlices.edgeProfile(kernel: ShadowKernel(blurRadius: blur), side: side)
      let across = side == .top || side == .bottom
      return MaskImage(width: across ? 1 : p.count, height: across ? p.count : 1, pixels: p, repeating: true)
    case .shadowWhole(let w, let h, let r, let blur):
      let shape = RoundedShape(rect: PixelRect(x: 0, y: 0, width: w, height: h), radii: r.radii)
      let k = ShadowKernel.extent(blurRadius: blur)
      let pixels = ShadowSlices.wholeMask(shape: shape, kernel: ShadowKernel(blurRadius: blur))
      return MaskImage(width: w + 2 * k, height: h + 2 * k, pixels: pixels, repeating: false)
    case .roundedRect(let w, let h, let q):
      let m = RoundedRectMask(width: w, height: h, radius: Double(q) / 4)
      return MaskImage(width: w, height: h, pixels: m.pixels, repeating: false)
    }
  }
}

/// Four corner radii in quarter pixels.
public struct QuarterRadii: Hashable, Sendable {
  /// The top-left corner's radius, quarter px.
  public var topLeft: Int
  /// The top-right corner's radius, quarter px.
  public var topRight: Int
  /// The bottom-right corner's radius, quarter px.
  public var bottomRight: Int
  /// The bottom-left corner's radius, quarter px.
  public var bottomLeft: Int

  /// The radii `r` rounded to the nearest quarter px; a negative or non-finite one is 0.
  public init(_ r: CornerRadii) {
    topLeft = quarters(r.topLeft)
    topRight = quarters(r.topRight)
    bottomRight = quarters(r.bottomRight)
    bottomLeft = quarters(r.bottomLeft)
  }

  /// The radii back in px, each a multiple of 0.25.
  public var radii: CornerRadii {
    CornerRadii(
      topLeft: Double(topLeft) / 4, topRight: Double(topRight) / 4, bottomRight: Double(bottomRight) / 4,
      bottomLeft: Double(bottomLeft) / 4)
  }
}

/// `radius` px in quarter pixels, as masks are keyed.
public func quarters(_ radius: Double) -> Int { radius.isFinite ? Int((max(0, radius) * 4).rounded()) : 0 }

/// An 8-bit alpha mask, row-major.
public struct MaskImage: Hashable, Sendable {
  /// The mask's width, px.
  public var width: Int
  /// The mask's height, px.
  public var height: Int
  /// The coverage of each pixel, 0 (none) to 255 (whole), `width` a row.
  public var pixels: [UInt8]
  /// Whether it tiles the plane (an edge profile).
  public var repeating: Bool
}

/// Two n-square corner tables of one side, top or bottom, in one 2n × n
/// mask: the left corner's, then the right one's.
public enum Pair {
  /// The column where `corner`'s table starts.
  public static func maskX(_ corner: Corner, size n: Int) -> Int { corner.isRight ? n : 0 }

  /// The 2n × n mask whose left n-square is `topLeft` turned to the top-left
  /// corner, or (`bottom`) to the bottom-left, and whose right n-square is its
  /// mirror image.
  static func image(_ n: Int, topLeft: [UInt8], bottom: Bool) -> MaskImage {
    guard n > 0 else { return MaskImage(width: 0, height: 0, pixels: [], repeating: false) }
    let side = 2 * n
    var pixels = [UInt8](repeating: 0, count: side * n)
    pixels.withUnsafeMutableBufferPointer { out in
      topLeft.withUnsafeBufferPointer { tl in
        for row in 0..<n {
          let start = (bottom ? n - 1 - row : row) * side
          for column in 0..<n {
            let v = tl[row * n + column]
            out[start + column] = v
            out[start + side - 1 - column] = v
          }
        }
      }
    }
    return MaskImage(width: side, height: n, pixels: pixels, repeating: false)
  }
}

/// Four n-square corner tables in one 2n × 2n mask: top left, top right,
/// then bottom left, bottom right. A corner's table sits at
/// (`maskX`, `maskY`).
public enum Quad {
  /// The column where `corner`'s table starts: 0 for a left corner, `n` for a right one.
  public static func maskX(_ corner: Corner, size n: Int) -> Int { corner.isRight ? n : 0 }
  /// The row where `corner`'s table starts: 0 for a top corner, `n` for a bottom one.
  public static func maskY(_ corner: Corner, size n: Int) -> Int { corner.isBottom ? n : 0 }

  /// The 2n × 2n mask whose top-left n-square is `topLeft` and whose other
  /// three are its mirror images, each corner as `oriented` turns it.
  static func image(_ n: Int, topLeft: [UInt8]) -> MaskImage {
    guard n > 0 else { return MaskImage(width: 0, height: 0, pixels: [], repeating: false) }
    let side = 2 * n
    var pixels = [UInt8](repeating: 0, count: side * side)
    pixels.withUnsafeMutableBufferPointer { out in
      topLeft.withUnsafeBufferPointer { tl in
        for row in 0..<n {
          let top = row * side
          let bottom = (side - 1 - row) * side
          for column in 0..<n {
            let v = tl[row * n + column]
            out[top + column] = v
            out[top + side - 1 - column] = v
            out[bottom + column] = v
            out[bottom + side - 1 - column] = v
          }
        }
      }
    }
    return MaskImage(width: side, height: side, pixels: pixels, repeating: false)
  }
}
