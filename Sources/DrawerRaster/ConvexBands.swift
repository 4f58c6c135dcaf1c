import DrawerEngine

/// A side of a trapezoid: the line through `upper` and `lower`, the first
/// no lower on the screen than the second.
public struct BandSide: Hashable, Sendable {
  /// The point of the line nearer the top of the screen.
  public var upper: Point
  /// The point of the line nearer the bottom of the screen.
  public var lower: Point

  /// The side through `upper` and `lower`.
  public init(upper: Point, lower: Point) {
    self.upper = upper
    self.lower = lower
  }

  /// The line's x at row `y`.
  public func x(at y: Double) -> Double {
    upper.x + (y - upper.y) / (lower.y - upper.y) * (lower.x - upper.x)
  }
}

/// One horizontal band of a convex polygon, as XRender's trapezoids are
/// given: the rows from `top` to `bottom`, between the lines `left` and
/// `right`.
public struct Band: Hashable, Sendable {
  /// The band's first row, px.
  public var top: Double
  /// The band's last row, px.
  public var bottom: Double
  /// The polygon's left side across the band.
  public var left: BandSide
  /// The polygon's right side across the band.
  public var right: BandSide

  /// The band from `top` to `bottom` between `left` and `right`.
  public init(top: Double, bottom: Double, left: BandSide, right: BandSide) {
    self.top = top
    self.bottom = bottom
    self.left = left
    self.right = right
  }

  /// Its area, px².
  public var area: Double {
    let h = bottom - top
    return h * ((right.x(at: top) - left.x(at: top)) + (right.x(at: bottom) - left.x(at: bottom))) / 2
  }
}

/// Convex polygons as the horizontal bands between their corners' rows.
///
/// A rasteriser that walks each shape's rows (pixman's, for XRender's
/// trapezoids and triangles) walks a polygon's rows once this way; as a
/// fan of triangles from one corner it walks most of them once per side.
public struct ConvexBands: Sendable {
  /// The rows of a polygon's corners, sorted; kept between polygons.
  private var rows: [Double] = []

  /// Bands with nothing kept yet.
  public init() {}

  /// Appends to `bands` the bands of the convex polygon `points` (its
  /// corners in order, either way round) cut to `bounds`: none for a
  /// polygon wholly outside, or with fewer than three corners or no area.
  public mutating func append(_ points: [Point], within bounds: Rect, to bands: inout [Band]) {
    guard points.count >= 3 else { return }
    var (left, right, top, bottom) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
    for p in points {
      (left, right) = (min(left, p.x), max(right, p.x))
      (top, bottom) = (min(top, p.y), max(bottom, p.y))
    }
    guard right > bounds.minX, left < bounds.maxX, bottom > bounds.minY, top < bounds.maxY else { return }
    let inside = left >= bounds.minX && right <= bounds.maxX && top >= bounds.minY && bottom <= bounds.maxY
    let shape = inside ? points : ConvexBands.clipped(points, to: bounds)
    guard shape.count >= 3 else { return }
    rows.removeAll(keepingCapacity: true)
    for p in shape { rows.append(p.y) }
    rows.sort()
    var upper = rows[0]
    for lower in rows.dropFirst() where lower - upper > 1e-6 {
      defer { upper = lower }
      // The two sides a row between them crosses.
      let mid = (upper + lower) / 2
      var first: (x: Double, side: BandSide)?
      var second: (x: Double, side: BandSide)?
      for i in shape.indices {
        let a = shape[i]
        let b = shape[i == shape.count - 1 ? 0 : i + 1]
        guard min(a.y, b.y) < mid, max(a.y, b.y) > mid else { continue }
        let side = a.y < b.y ? BandSide(upper: a, lower: b) : BandSide(upper: b, lower: a)
        if first == nil { first = (side.x(at: mid), side) } else { second = (side.x(at: mid), side) }
      }
      guard let one = first, let two = second else { continue }
      let (l, r) = one.x <= two.x ? (one.side, two.side) : (two.side, one.side)
      bands.append(Band(top: upper, bottom: lower, left: l, right: r))
    }
  }

  /// The convex polygon `points` cut to `bounds`, one side at a time
  /// (Sutherland and Hodgman): still convex, with at most four more
  /// corners; empty when nothing of it is inside.
  public static func clipped(_ points: [Point], to bounds: Rect) -> [Point] {
    var shape = points
    // Each side of `bounds` as the coordinate it limits (x or y), its
    // value, and whether the inside lies below it.
    let sides: [(isX: Bool, limit: Double, below: Bool)] = [
      (true, bounds.minX, false), (true, bounds.maxX, true), (false, bounds.minY, false), (false, bounds.maxY, true),
    ]
    for (isX, limit, below) in sides {
      guard !shape.isEmpty else { break }
      func value(_ p: Point) -> Double { isX ? p.x : p.y }
      func inside(_ p: Point) -> Bool { below ? value(p) <= limit : value(p) >= limit }
      var out: [Point] = []
      out.reserveCapacity(shape.count + 1)
      for i in shape.indices {
        let p = shape[i]
        let q = shape[i == shape.count - 1 ? 0 : i + 1]
        if inside(p) { out.append(p) }
        if inside(p) != inside(q) {
          let t = (limit - value(p)) / (value(q) - value(p))
          out.append(Point(x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y)))
        }
      }
      shape = out
    }
    return shape
  }
}
