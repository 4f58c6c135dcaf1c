import DrawerRaster

/// A straight (not premultiplied) sRGB colour with an opacity.
///
/// The channels are the sRGB-encoded bytes a colour picker or an SVG
/// `fill="#rrggbb"` shows; `alpha` is the opacity, 0...1, kept apart from
/// them, as SVG's `fill-opacity` is.
public struct IconColor: Hashable, Sendable {
  /// The red channel, sRGB-encoded, 0...255.
  public var red: UInt8
  /// The green channel, sRGB-encoded, 0...255.
  public var green: UInt8
  /// The blue channel, sRGB-encoded, 0...255.
  public var blue: UInt8
  /// Opacity, 0 (invisible) ... 1 (opaque).
  public var alpha: Double

  /// The colour of these channels, its opacity `alpha` clamped to 0...1.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = min(max(alpha, 0), 1)
  }

  /// The colour written as 0xRRGGBB.
  public init(rgb: UInt32, alpha: Double = 1) {
    self.init(
      red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
      blue: UInt8(truncatingIfNeeded: rgb), alpha: alpha)
  }

  /// The channels as SVG writes them: `#rrggbb`, lower case.
  public var hex: String {
    let digits = Array("0123456789abcdef")
    var out = "#"
    for byte in [red, green, blue] {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0xF)])
    }
    return out
  }
}

/// One filled shape of an icon: a rectangle with rounded corners, given in
/// the unit square (0, 0 top left; 1, 1 bottom right), in one colour.
///
/// The two top corners share one radius and the two bottom corners another,
/// which is all a panel rising from the bottom of a rounded tile needs. A
/// radius larger than half the shorter side is cut to it, so an infinite
/// radius makes a circle of a square and a capsule of a bar.
public struct IconShape: Hashable, Sendable {
  /// How the shape is written in SVG; both kinds paint the same pixels.
  public enum Outline: Hashable, Sendable {
    /// A `<rect>` (with `rx` when rounded) when both radii agree, else a `<path>` of lines and arcs.
    case roundedRect
    /// A `<circle>` when the shape is square; any other shape is written as `roundedRect` is.
    case circle
  }

  /// How the shape is written in SVG.
  public var outline: Outline
  /// The edges, in the unit square.
  public var minX: Double
  /// The top edge, in the unit square.
  public var minY: Double
  /// The right edge, in the unit square.
  public var maxX: Double
  /// The bottom edge, in the unit square.
  public var maxY: Double
  /// The top corners' radius, in the unit square; 0 is a square corner.
  public var topRadius: Double
  /// The bottom corners' radius, in the unit square.
  public var bottomRadius: Double
  /// The shape's one fill colour.
  public var color: IconColor
  /// Whether each edge moves to the nearest pixel boundary at every size
  /// (see `pixels(size:)`), so a small icon stays sharp.
  public var snapsToPixels: Bool

  /// A shape with these edges, radii and colour, written as a rounded rectangle and snapped by default.
  public init(
    outline: Outline = .roundedRect, minX: Double, minY: Double, maxX: Double, maxY: Double,
    topRadius: Double = 0, bottomRadius: Double = 0, color: IconColor, snapsToPixels: Bool = true
  ) {
    self.outline = outline
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
    self.topRadius = topRadius
    self.bottomRadius = bottomRadius
    self.color = color
    self.snapsToPixels = snapsToPixels
  }

  /// A circle of `radius` about (`centerX`, `centerY`), in the unit square.
  public static func circle(
    centerX: Double, centerY: Double, radius: Double, color: IconColor, snapsToPixels: Bool = true
  ) -> IconShape {
    IconShape(
      outline: .circle, minX: centerX - radius, minY: centerY - radius, maxX: centerX + radius,
      maxY: centerY + radius, topRadius: .infinity, bottomRadius: .infinity, color: color,
      snapsToPixels: snapsToPixels)
  }

  /// The shape on a `size`×`size` pixel grid.
  ///
  /// The rule: every coordinate is multiplied by `size`. When the shape
  /// snaps, each edge then moves to the nearest whole pixel, a tie going
  /// outward (left and top edges down, right and bottom edges up) so that
  /// a shape centred on the icon stays centred; a span that would vanish
  /// keeps the one pixel holding its centre. The radii are scaled, not
  /// snapped, and cut to half the shorter snapped side.
  public func pixels(size: Int) -> PixelShape {
    let s = Double(size)
    var (x0, x1) = (minX * s, maxX * s)
    var (y0, y1) = (minY * s, maxY * s)
    if snapsToPixels {
      (x0, x1) = IconShape.snap(x0, x1)
      (y0, y1) = IconShape.snap(y0, y1)
    }
    let half = max(0, min(x1 - x0, y1 - y0)) / 2
    return PixelShape(
      minX: x0, minY: y0, maxX: x1, maxY: y1, topRadius: min(max(topRadius * s, 0), half),
      bottomRadius: min(max(bottomRadius * s, 0), half))
  }

  /// The span `lo`...`hi` (px) with both ends on pixel boundaries, by the
  /// rule of `pixels(size:)`.
  static func snap(_ lo: Double, _ hi: Double) -> (Double, Double) {
    // x.5 - 0.5 rounded up is x: a tie on the low edge goes down.
    var a = (lo - 0.5).rounded(.up)
    // x.5 + 0.5 rounded down is x + 1: a tie on the high edge goes up.
    var b = (hi + 0.5).rounded(.down)
    if b - a < 1 {
      a = ((lo + hi) / 2).rounded(.down)
      b = a + 1
    }
    return (a, b)
  }
}

/// An `IconShape` placed on a pixel grid: edges and radii in pixels, and
/// the fraction of each pixel it covers.
public struct PixelShape: Hashable, Sendable {
  /// The left edge, px.
  public var minX: Double
  /// The top edge, px.
  public var minY: Double
  /// The right edge, px.
  public var maxX: Double
  /// The bottom edge, px.
  public var maxY: Double
  /// The top corners' radius, px, cut to half the shorter side.
  public var topRadius: Double
  /// The bottom corners' radius, px, cut to half the shorter side.
  public var bottomRadius: Double

  /// Vertical slices per pixel when measuring coverage, as in
  /// `Coverage.corner`: each slice is exact in y, so only x is sampled.
  public static let slicesPerPixel = Coverage.slicesPerPixel

  /// The rows the shape spans at the vertical line `x` (px): nil outside
  /// the shape, else its top and bottom edges there.
  ///
  /// Inside a corner's width the edge follows the quarter circle of that
  /// corner's radius; elsewhere it is the straight top or bottom edge.
  public func span(atX x: Double) -> (top: Double, bottom: Double)? {
    guard x > minX, x < maxX else { return nil }
    func pulledIn(_ r: Double) -> Double {
      // How far into the corner's square x lies, measured from its centre.
      let d = max(minX + r - x, x - (maxX - r), 0)
      guard r > 0, d > 0 else { return 0 }
      return r - max(0, r * r - d * d).squareRoot()
    }
    let top = minY + pulledIn(topRadius)
    let bottom = maxY - pulledIn(bottomRadius)
    return bottom > top ? (top, bottom) : nil
  }

  /// The pixels that can hold any of the shape on a `size`×`size` grid:
  /// columns then rows, each clipped to the grid.
  public func pixelBounds(size: Int) -> (columns: Range<Int>, rows: Range<Int>) {
    func range(_ lo: Double, _ hi: Double) -> Range<Int> {
      guard lo.isFinite, hi.isFinite, hi > lo else { return 0..<0 }
      let a = min(max(Int(lo.rounded(.down)), 0), size)
      let b = min(max(Int(hi.rounded(.up)), 0), size)
      return a..<max(a, b)
    }
    return (range(minX, maxX), range(minY, maxY))
  }

  /// Coverage (0...1) of every pixel of a `size`×`size` grid, row-major.
  public func coverageMap(size: Int) -> [Double] {
    var out = [Double](repeating: 0, count: max(0, size) * max(0, size))
    let (columns, rows) = pixelBounds(size: size)
    guard !rows.isEmpty else { return out }
    for x in columns {
      for (i, c) in coverage(column: x, rows: rows).enumerated() { out[(rows.lowerBound + i) * size + x] = c }
    }
    return out
  }

  /// Coverage (0...1) of each pixel of the grid's column `column`, for the
  /// rows `rows`: the mean, over the column's slices, of the length of the
  /// pixel's unit of height that lies between the shape's edges.
  public func coverage(column: Int, rows: Range<Int>) -> [Double] {
    let slices = PixelShape.slicesPerPixel
    var spans: [(top: Double, bottom: Double)] = []
    spans.reserveCapacity(slices)
    for j in 0..<slices {
      if let s = span(atX: Double(column) + (Double(j) + 0.5) / Double(slices)) { spans.append(s) }
    }
    var out = [Double](repeating: 0, count: rows.count)
    guard !spans.isEmpty else { return out }
    // Rows that every slice covers fully are 1 outright; only the rows
    // across an edge need the sum.
    let lowestTop = spans.map { $0.top }.max()!
    let highestBottom = spans.map { $0.bottom }.min()!
    let full = spans.count == slices
    for (i, y) in rows.enumerated() {
      let top = Double(y), bottom = Double(y + 1)
      if full && top >= lowestTop && bottom <= highestBottom {
        out[i] = 1
        continue
      }
      var sum = 0.0
      for s in spans { sum += max(0, min(bottom, s.bottom) - max(top, s.top)) }
      out[i] = sum / Double(slices)
    }
    return out
  }
}
