import DrawerWindowIcon

/// drawer-x11's application icon: a drawer rising over a map, as data.
///
/// The design is `shapes`, painted in order: a rounded green tile (the
/// map) crossed by two pale side streets and a yellow main road with a red
/// marker standing on it, and a white panel rising from the bottom edge
/// with a grey grab handle and three list lines, the first in the accent
/// blue as the selected row. The same list gives the pixels (`argb`,
/// `rgba`, `png`) and the vector (`svg`), so the scalable icon and the PNGs
/// draw the same shapes.
///
/// Every coordinate is a whole number of `grid` units, 1/128 of the side:
/// at 128 px each edge lies on a pixel boundary, and the SVG's viewBox is
/// 0 0 128 128. At other sizes every shape snaps to the pixel grid (see
/// `IconShape.pixels(size:)`), and the layout keeps edges on multiples of
/// 8 units, whole pixels at 16, 32 and 48 px too, so small icons stay sharp.
public enum AppIcon {
  /// Units per side of the design grid.
  public static let grid = 128.0

  /// The colours, straight sRGB.
  enum Palette {
    static let land = IconColor(rgb: 0x7DC383)
    static let minorRoad = IconColor(rgb: 0xFFFFFF, alpha: 0.75)
    static let mainRoad = IconColor(rgb: 0xFFE28A)
    static let markerRing = IconColor(rgb: 0xFFFFFF)
    static let marker = IconColor(rgb: 0xE5483F)
    static let panelShadow = IconColor(rgb: 0x1E3A28, alpha: 0.18)
    static let panel = IconColor(rgb: 0xFFFFFF)
    static let handle = IconColor(rgb: 0xBFC5CD)
    static let accent = IconColor(rgb: 0x2F74E8)
    static let line = IconColor(rgb: 0xD2D7DE)
  }

  /// The layout, in grid units. Edges lie on multiples of 8 units, which
  /// are whole pixels at 16, 32, 48 and 128 px.
  enum Layout {
    /// The tile: the whole icon less a margin, as the freedesktop icon
    /// guidelines leave room around a square icon.
    static let tile = (min: 8.0, max: 120.0)
    static let tileRadius = 24.0
    /// Where the tile's sides are straight: a road that runs into a side
    /// must cross it here, or its end would stick out past the curve.
    static let straightSides = (min: tile.min + tileRadius, max: tile.max - tileRadius)
    /// The panel's sides, inset from the tile's; its top; its top corners.
    static let panelSides = (min: 24.0, max: 104.0)
    static let panelTop = 48.0
    static let panelTopRadius = 12.0
    /// The bottom corners' radius that makes the panel's corner arc touch
    /// the tile's from inside: the tile's radius less the panel's inset.
    static let panelBottomRadius = tileRadius - (panelSides.min - tile.min)
    /// The shadow's reach round the panel.
    static let shadow = 2.0
    /// The marker's centre: a pixel's centre at 16 px (8k + 4), so that
    /// its 24-unit ring and 12-unit dot, snapped, stay concentric at 16,
    /// 32 and 48 px.
    static let marker = (x: 92.0, y: 28.0)
  }

  /// The icon, bottom shape first.
  public static let shapes: [IconShape] = {
    let t = Layout.tile, p = Layout.panelSides, top = Layout.panelTop
    return [
      box(t.min, t.min, t.max, t.max, radius: Layout.tileRadius, Palette.land),
      // The map: a side street up, one across under the panel, then the
      // main road across both, just below the top corners' curve.
      box(40, t.min, 48, t.max, Palette.minorRoad),
      box(t.min, 80, t.max, 88, Palette.minorRoad),
      box(t.min, Layout.straightSides.min, t.max, Layout.straightSides.min + 8, Palette.mainRoad),
      // A place standing on the main road: a white ring round a red dot.
      dot(Layout.marker.x, Layout.marker.y, radius: 12, Palette.markerRing),
      dot(Layout.marker.x, Layout.marker.y, radius: 6, Palette.marker),
      // A hard dark edge round the panel lifts it off the map: 2 px at
      // 128, 1 px at 32 and 48; at 16 it snaps under the panel, unseen.
      box(
        p.min - Layout.shadow, top - Layout.shadow, p.max + Layout.shadow, t.max,
        radius: Layout.panelTopRadius + Layout.shadow, bottom: Layout.panelBottomRadius + Layout.shadow,
        Palette.panelShadow),
      box(p.min, top, p.max, t.max, radius: Layout.panelTopRadius, bottom: Layout.panelBottomRadius, Palette.panel),
      // The grab handle, then three rows of text, the first selected: at
      // 16 px one row of pixels each, a blank row between.
      box(52, top + 8, 76, top + 14, radius: .infinity, Palette.handle),
      box(36, top + 24, 92, top + 32, radius: .infinity, Palette.accent),
      box(36, top + 40, 84, top + 48, radius: .infinity, Palette.line),
      box(36, top + 56, 72, top + 64, radius: .infinity, Palette.line),
    ]
  }()

  /// A rounded rectangle from grid units that snaps to pixels; `bottom`
  /// defaults to `radius`.
  private static func box(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, radius: Double = 0, bottom: Double? = nil,
    _ color: IconColor
  ) -> IconShape {
    IconShape(
      minX: x0 / grid, minY: y0 / grid, maxX: x1 / grid, maxY: y1 / grid, topRadius: radius / grid,
      bottomRadius: (bottom ?? radius) / grid, color: color)
  }

  /// A circle from grid units that snaps to pixels.
  private static func dot(_ cx: Double, _ cy: Double, radius: Double, _ color: IconColor) -> IconShape {
    .circle(centerX: cx / grid, centerY: cy / grid, radius: radius / grid, color: color)
  }

  /// The icon painted on a `size`×`size` canvas: every shape in order,
  /// clipped to the first, the tile, as the SVG's clipPath does.
  ///
  /// The clip keeps the tile's edge the icon's edge: the panel and its
  /// shadow meet the tile's rounded corners from inside, and the roads
  /// end on its sides, and without it each would add its own fringe of
  /// alpha to the tile's anti-aliased pixels.
  public static func canvas(size: Int) -> IconCanvas {
    var canvas = IconCanvas(size: size)
    guard let tile = shapes.first, size > 0 else { return canvas }
    let clip = tile.pixels(size: size).coverageMap(size: size)
    for shape in shapes { canvas.paint(shape, clip: clip) }
    canvas.mask(clip)
    return canvas
  }

  /// The icon at `size`×`size` px as 0xAARRGGBB words, row-major from the
  /// top left, with straight (non-premultiplied) colour: the pixel data of
  /// one `_NET_WM_ICON` image. Empty when `size` is not positive.
  ///
  /// EWMH defines `_NET_WM_ICON` as "an array of 32bit packed CARDINAL
  /// ARGB with high byte being A, low byte being B", rows left to right
  /// and top to bottom, and says nothing of premultiplication. In practice
  /// it is straight alpha: toolkits write their straight pixel buffers into
  /// it unchanged, and readers that composite it premultiply first
  /// (skippy-xd's fix for white fringes did just that). Premultiplied
  /// words would darken every anti-aliased edge there. For an XRender
  /// PictStandardARGB32 image use `premultipliedARGB(size:)` instead.
  ///
  /// The words are numbers, not bytes: Xlib's XChangeProperty with format
  /// 32 reads a C `long` per item, so on a 64-bit system each word goes
  /// into its own `unsigned long`, not four bytes of a packed buffer.
  public static func argb(size: Int) -> [UInt32] { canvas(size: size).straightARGB() }

  /// The icon at `size`×`size` px as 0xAARRGGBB words with premultiplied
  /// colour (no channel above the alpha), row-major: an XRender
  /// PictStandardARGB32 image's pixels.
  public static func premultipliedARGB(size: Int) -> [UInt32] { canvas(size: size).premultipliedARGB() }

  /// The icon at `size`×`size` px as straight R, G, B, A bytes, row-major:
  /// a PNG's pixels.
  public static func rgba(size: Int) -> [UInt8] { canvas(size: size).straightRGBA() }

  /// The icon at `size`×`size` px as a PNG file (8-bit RGBA), written by
  /// libpng (see `PNGFile`); `size` is at least 1.
  public static func png(size: Int) throws(PNGFile.EncodingError) -> [UInt8] {
    try PNGFile.encode(width: size, height: size, rgba: rgba(size: size))
  }

  /// A whole `_NET_WM_ICON` value: for each of `sizes`, its width, its
  /// height, then `argb(size:)`. Sizes that are not positive are skipped.
  /// `make icons` stores it for the program (`WindowIcon.stored()`).
  public static func windowIcon(sizes: [Int] = WindowIcon.sizes) -> [UInt32] {
    var out: [UInt32] = []
    for size in sizes where size > 0 {
      out += [UInt32(size), UInt32(size)]
      out += argb(size: size)
    }
    return out
  }

  /// The icon as an SVG document: `shapes` unsnapped in a 128 × 128
  /// viewBox, in painting order, the first (the tile) then a group of the
  /// others clipped to it; each `fill` is the straight colour, with
  /// `fill-opacity` its alpha when below 1.
  public static let svg: String = {
    let side = SVGNumber(grid)
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(side)" height="\(side)" viewBox="0 0 \(side) \(side)">
        <title>drawer-x11</title>

      """
    // The tile, then everything else inside it: see `canvas(size:)`.
    out += "  <defs>\n    <clipPath id=\"tile\">\(svgElement(shapes[0], painted: false))</clipPath>\n  </defs>\n"
    out += "  " + svgElement(shapes[0]) + "\n"
    out += "  <g clip-path=\"url(#tile)\">\n"
    for shape in shapes.dropFirst() { out += "    " + svgElement(shape) + "\n" }
    out += "  </g>\n</svg>\n"
    return out
  }()

  /// One shape as an SVG element: a circle, a `rect` when all four corners
  /// share a radius, else a path of lines and quarter arcs; without its
  /// fill when not `painted`, as a clipPath's outline.
  static func svgElement(_ shape: IconShape, painted: Bool = true) -> String {
    var paint = ""
    if painted {
      paint = " fill=\"\(shape.color.hex)\""
      if shape.color.alpha < 1 { paint += " fill-opacity=\"\(SVGNumber(shape.color.alpha))\"" }
    }
    // The unsnapped geometry in grid units, radii already cut to fit.
    var plain = shape
    plain.snapsToPixels = false
    let u = plain.pixels(size: Int(grid))
    let w = u.maxX - u.minX, h = u.maxY - u.minY
    if shape.outline == .circle && w == h {
      return "<circle cx=\"\(SVGNumber(u.minX + w / 2))\" cy=\"\(SVGNumber(u.minY + h / 2))\" "
        + "r=\"\(SVGNumber(w / 2))\"\(paint)/>"
    }
    let x0 = u.minX, y0 = u.minY, x1 = u.maxX, y1 = u.maxY
    let rt = u.topRadius, rb = u.bottomRadius
    if rt == rb {
      var rect = "<rect x=\"\(SVGNumber(x0))\" y=\"\(SVGNumber(y0))\" width=\"\(SVGNumber(x1 - x0))\" "
        + "height=\"\(SVGNumber(y1 - y0))\""
      if rt > 0 { rect += " rx=\"\(SVGNumber(rt))\"" }
      return rect + "\(paint)/>"
    }
    func arc(_ r: Double, _ x: Double, _ y: Double) -> String {
      r > 0 ? " A\(SVGNumber(r)) \(SVGNumber(r)) 0 0 1 \(SVGNumber(x)) \(SVGNumber(y))" : ""
    }
    var d = "M\(SVGNumber(x0 + rt)) \(SVGNumber(y0)) H\(SVGNumber(x1 - rt))"
    d += arc(rt, x1, y0 + rt) + " V\(SVGNumber(y1 - rb))"
    d += arc(rb, x1 - rb, y1) + " H\(SVGNumber(x0 + rb))"
    d += arc(rb, x0, y1 - rb) + " V\(SVGNumber(y0 + rt))"
    d += arc(rt, x0 + rt, y0) + " Z"
    return "<path d=\"\(d)\"\(paint)/>"
  }
}

/// A number as SVG writes it: a whole number without a decimal point,
/// anything else as Swift's shortest exact decimal.
struct SVGNumber: CustomStringConvertible {
  let value: Double
  init(_ value: Double) { self.value = value }
  var description: String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}
