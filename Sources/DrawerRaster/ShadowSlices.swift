import DrawerEngine

/// One Gaussian shadow of a rounded shape, cut into pieces the frame builder
/// composites: four corner tiles, four edge strips and the full interior,
/// like a nine-patch.
///
/// Only the corner tiles depend on the radii, and no piece depends on the
/// shape's size, so a panel that moves or grows reuses every cached mask.
/// A shape too small for its corners to stay out of each other's blur is
/// one piece, blurred whole (`ShadowSlices.wholeMask`).
public struct ShadowSlices: Hashable, Sendable {
  /// The shape the shadow blurs: the surface moved and spread.
  public let shape: RoundedShape
  /// The blur's reach beyond the shape on every side, px.
  public let extent: Int
  /// Everything the shadow darkens: the shape grown by the reach.
  public let bounds: PixelRect
  /// The pieces that make up the shadow, to composite each in its place.
  public let pieces: [Piece]
  /// The first row of `bounds` from which every row is the same as the
  /// next, down to the bottom corners' tiles: above it lie the top corners
  /// and the top edge, the only rows that follow the shape's top edge. A
  /// shadow in one piece has no such rows: `bounds.maxY`.
  public let steadyFromRow: Int

  /// A piece of the shadow and where it goes, in the shape's coordinates.
  public enum Piece: Hashable, Sendable {
    /// `corner`'s tile (`ShadowSlices.cornerTile`), whole.
    case corner(Corner, PixelRect)
    /// The blurred straight edge along `side`: one profile across the
    /// edge, the same all along it.
    case edge(Side, PixelRect)
    /// Full shadow.
    case fill(PixelRect)
    /// The whole shadow of a small shape (`ShadowSlices.wholeMask`).
    case whole(PixelRect)
  }

  /// A side of the shape, for an edge strip.
  public enum Side: Hashable, Sendable { case top, right, bottom, left }

  /// The shadow of `shape` blurred by `blurRadius` px, cut into pieces (one piece for a small shape).
  public init(shape: RoundedShape, blurRadius: Double) {
    let k = ShadowKernel.extent(blurRadius: blurRadius)
    self.shape = shape
    extent = k
    let r = shape.rect
    bounds = PixelRect(x: r.x - k, y: r.y - k, width: r.width + 2 * k, height: r.height + 2 * k)
    guard !r.isEmpty else {
      pieces = []
      steadyFromRow = bounds.maxY
      return
    }
    // Every frame of a drag slices its shadows anew: the sizes as locals
    // and one array, reserved, rather than a map, a filter and a cut.
    let c0 = shape.cornerSize(.topLeft), c1 = shape.cornerSize(.topRight)
    let c2 = shape.cornerSize(.bottomRight), c3 = shape.cornerSize(.bottomLeft)
    // Each corner's tile must stay out of the blur of the corners beside it.
    let fits =
      r.width >= c0 + c1 + 2 * k && r.width >= c3 + c2 + 2 * k
      && r.height >= c0 + c3 + 2 * k && r.height >= c1 + c2 + 2 * k
    guard fits else {
      pieces = [.whole(bounds)]
      steadyFromRow = bounds.maxY
      return
    }
    let t0 = c0 + 2 * k, t1 = c1 + 2 * k, t2 = c2 + 2 * k, t3 = c3 + 2 * k
    steadyFromRow = bounds.y + max(t0, t1)
    let b = bounds
    var out: [Piece] = []
    out.reserveCapacity(11)
    out.append(.corner(.topLeft, PixelRect(x: b.x, y: b.y, width: t0, height: t0)))
    out.append(.corner(.topRight, PixelRect(x: b.maxX - t1, y: b.y, width: t1, height: t1)))
    out.append(.corner(.bottomRight, PixelRect(x: b.maxX - t2, y: b.maxY - t2, width: t2, height: t2)))
    out.append(.corner(.bottomLeft, PixelRect(x: b.x, y: b.maxY - t3, width: t3, height: t3)))
    if k > 0 {
      func edge(_ side: Side, _ rect: PixelRect) { if !rect.isEmpty { out.append(.edge(side, rect)) } }
      edge(.top, PixelRect(x: b.x + t0, y: b.y, width: b.width - t0 - t1, height: 2 * k))
      edge(.right, PixelRect(x: r.maxX - k, y: b.y + t1, width: 2 * k, height: b.height - t1 - t2))
      edge(.bottom, PixelRect(x: b.x + t3, y: r.maxY - k, width: b.width - t3 - t2, height: 2 * k))
      edge(.left, PixelRect(x: b.x, y: b.y + t0, width: 2 * k, height: b.height - t0 - t3))
    }
    // The tiles reach past the inner rectangle's corners by the corners'
    // sizes: what is left of it is full shadow.
    let inner = PixelRect(x: r.x + k, y: r.y + k, width: r.width - 2 * k, height: r.height - 2 * k)
    for fill in cutCorners(inner, topLeft: c0, topRight: c1, bottomRight: c2, bottomLeft: c3) { out.append(.fill(fill)) }
    pieces = out
  }

  /// `corner`'s tile for a corner of radius `radius`: (⌈radius⌉ + 2k)²
  /// coverage bytes, row-major, its outer corner at the tile's `corner`.
  public static func cornerTile(kernel: ShadowKernel, radius: Double, corner: Corner) -> [UInt8] {
    let n = Int(radius.rounded(.up)) + 2 * kernel.extent
    // A drag blurs one tile per frame: the top-left one is the blur's own
    // layout, so its bytes come straight from the blur, without the band's
    // mirrored right end or a turn.
    let blurred = blurredColumns(
      kernel, shapeWidth: 2 * Int(radius.rounded(.up)) + 2 * kernel.extent, cornerRadius: radius, columns: n, rows: n)
    var tile = [UInt8](repeating: 0, count: blurred.count)
    tile.withUnsafeMutableBufferPointer { out in
      blurred.withUnsafeBufferPointer { v in
        // Coverage.byte's rounding in two compares a pixel (a NaN gives 0).
        for i in v.indices {
          let scaled = v[i] * 255 + 0.5
          out[i] = scaled > 0 ? (scaled < 255 ? UInt8(scaled) : 255) : 0
        }
      }
    }
    return corner == .topLeft ? tile : oriented(tile, size: n, corner: corner)
  }

  /// The profile across an edge on `side`, 2k bytes from outside in:
  /// rows of a top edge's strip, columns of a left edge's.
  public static func edgeProfile(kernel: ShadowKernel, side: Side) -> [UInt8] {
    let inward = (0..<(2 * kernel.extent)).map { kernel.edge(row: $0) }
    return side == .top || side == .left ? inward : inward.reversed()
  }

  /// The whole shadow of `shape`, blurred in two passes from its exact
  /// coverage: `bounds`-sized bytes, row-major.
  ///
  /// The shape's columns clear of every corner are full in every row, so
  /// every column of the blur whose reach lies wholly among them is the
  /// same: one is computed and copied across. A panel sliding in or out is
  /// such a shape, wide and too short for slices, at every frame.
  public static func wholeMask(shape: RoundedShape, kernel: ShadowKernel) -> [UInt8] {
    let k = kernel.extent
    let w = shape.rect.width, h = shape.rect.height
    let bw = w + 2 * k, bh = h + 2 * k
    guard w > 0, h > 0 else { return [UInt8](repeating: 0, count: max(0, bw * bh)) }
    let cover = shape.coverage()
    let left = max(shape.cornerSize(.topLeft), shape.cornerSize(.bottomLeft))
    let right = max(shape.cornerSize(.topRight), shape.cornerSize(.bottomRight))
    // Columns x whose reach, shape columns x - 2k ... x, is all full.
    let same = (left + 2 * k)..<max(left + 2 * k, w - right)
    let computed = (0..<bw).filter { !same.contains($0) || $0 == same.lowerBound }
    // Horizontal pass into the shape's rows, widened by the reach.
    var rows = [Double](repeating: 0, count: bw * h)
    for y in 0..<h {
      for x in computed {
        var v = 0.0
        for d in -k...k {
          let sx = x - k - d
          if sx >= 0 && sx < w { v += kernel.weight(d) * cover[y * w + sx] }
        }
        rows[y * bw + x] = v
      }
    }
    var out = [UInt8](repeating: 0, count: bw * bh)
    for y in 0..<bh {
      for x in computed {
        var v = 0.0
        for d in -k...k {
          let sy = y - k - d
          if sy >= 0 && sy < h { v += kernel.weight(d) * rows[sy * bw + x] }
        }
        out[y * bw + x] = Coverage.byte(v)
      }
      if same.count > 1 {
        let value = out[y * bw + same.lowerBound]
        for x in same.dropFirst() { out[y * bw + x] = value }
      }
    }
    return out
  }

}
