import CX11
import DrawerDesktop
import DrawerEngine
import DrawerRaster
import DrawerText
import Glibc

/// Street grid pitch and the gap between blocks at scale 1, px.
private let blockPitch = (x: 92.0, y: 74.0)
private let streetWidth = 8.0
/// The layout is drawn for a 600 px short side and scaled to the window.
private let designSize = 600.0

/// The presenting content: a small city map with parks, a river, roads,
/// pins, labels, the program's title and a hint line.
///
/// Drawn once per window size into its own picture, which every frame
/// composites; nothing here runs per frame.
package enum MapScene {
  static let title = Array("drawer-x11".utf8)

  /// The hint card's line (`MapHint.text`) and the panel it keeps clear of.
  struct Hint {
    let text: [UInt8]
    let layout: PanelLayout
  }

  /// A map whose shapes were sent, waiting for its labels.
  struct Started {
    let width: Int
    let height: Int
    let colors: MapColors
    let canvas: (pixmap: Pixmap, picture: Picture)
  }

  /// Sends the shapes of a `width`×`height` map to the server, and leaves
  /// the map in `x.startedMap` for the first `render` of that size and
  /// those colours to finish.
  ///
  /// The shapes need no fonts, and the server takes a few ms to rasterise
  /// them: sent before the fonts open, they are drawn while fontconfig
  /// finishes loading and the program opens its fonts and builds the panel,
  /// rather than after, with the window waiting for them.
  package static func begin(session x: XSession, width: Int, height: Int, colors: MapColors) {
    if let stale = x.startedMap { discard(stale, in: x) }
    x.startedMap = Started(width: width, height: height, colors: colors, canvas: drawShapes(x, width, height, colors))
    XFlush(x.display)
  }

  /// The whole map at `width`×`height`, as a picture: the started one
  /// when it fits, otherwise drawn now.
  static func render(
    session x: XSession, text: TextPainter, width: Int, height: Int, colors: MapColors, hint: Hint?
  ) -> Picture {
    var canvas: (pixmap: Pixmap, picture: Picture)
    if let started = x.startedMap, started.width == width, started.height == height, started.colors == colors {
      canvas = started.canvas
    } else {
      if let stale = x.startedMap { discard(stale, in: x) }
      canvas = drawShapes(x, width, height, colors)
      // The server rasterises the shapes while Xft renders the label glyphs.
      XFlush(x.display)
    }
    x.startedMap = nil
    // Labels need Xft, which draws into the pixmap through its own draw.
    if let draw = XftDrawCreate(x.display, canvas.pixmap, x.visual, x.colormap) {
      var p = Painter(x: x, picture: canvas.picture, width: Double(width), height: Double(height), colors: colors)
      p.drawLabels(draw, text: text, hint: hint)
      XftDrawDestroy(draw)
    }
    x.releasePixmap(canvas.pixmap)
    return canvas.picture
  }

  private static func drawShapes(
    _ x: XSession, _ width: Int, _ height: Int, _ colors: MapColors
  ) -> (pixmap: Pixmap, picture: Picture) {
    let canvas = x.makeCanvas(width: width, height: height)
    var p = Painter(x: x, picture: canvas.picture, width: Double(width), height: Double(height), colors: colors)
    p.drawMap()
    return canvas
  }

  /// Frees a started map that no render will finish.
  private static func discard(_ started: Started, in x: XSession) {
    x.releasePixmap(started.canvas.pixmap)
    x.release(started.canvas.picture)
    x.startedMap = nil
  }
}

/// Anti-aliased shapes through XRender trapezoids with an A8 mask format
/// (B2): every shape is convex, and goes as the horizontal trapezoids
/// between its corners' rows; all of one colour go in one request, so the
/// server sums their coverage and shared edges leave no seams.
private struct Painter {
  let x: XSession
  let picture: Picture
  let width: Double
  let height: Double
  let colors: MapColors
  /// Pixels per design pixel.
  let u: Double
  private var trapezoids: [XTrapezoid] = []
  private var banding = ConvexBands()
  private var bands: [Band] = []

  init(x: XSession, picture: Picture, width: Double, height: Double, colors: MapColors) {
    self.x = x
    self.colors = colors
    self.picture = picture
    self.width = width
    self.height = height
    u = max(0.5, min(width, height) / designSize)
  }

  /// A point given as fractions of the window.
  func at(_ fx: Double, _ fy: Double) -> (Double, Double) { (fx * width, fy * height) }

  // MARK: Layout

  mutating func drawMap() {
    fillRect(colors.streets, 0, 0, width, height)
    drawBlocks()

    // Parks, with a few trees.
    polygon([at(0.04, 0.17), at(0.29, 0.12), at(0.33, 0.40), at(0.07, 0.45)], colors.park)
    polygon([at(0.63, 0.08), at(0.81, 0.08), at(0.81, 0.27), at(0.63, 0.27)], colors.park)
    // Same-coloured shapes share one request: each request costs the server
    // ~80 µs whatever its size.
    var seed: UInt64 = 0x5EED
    for _ in 0..<14 {
      let fx = 0.09 + 0.20 * unit(&seed)
      let fy = 0.20 + 0.20 * unit(&seed)
      addDisc(at(fx, fy), (5 + 4 * unit(&seed)) * u)
    }
    for _ in 0..<6 {
      addDisc(at(0.65 + 0.14 * unit(&seed), 0.10 + 0.15 * unit(&seed)), (4 + 3 * unit(&seed)) * u)
    }
    flush(colors.tree)

    // The map repeats when panned, so every line is one period of a line
    // on the torus: it leaves one side where it enters the other, and is
    // drawn again a window across and down (`strokeTiled`). The river
    // runs in from the right and out at the bottom, and back in at the
    // top to leave by the left where it came in on the right.
    strokeTiled(
      [
        at(1.0, 0.28), at(0.86, 0.38), at(0.70, 0.50), at(0.58, 0.66), at(0.52, 0.84), at(0.47, 1.0),
        at(0.40, 1.08), at(0.15, 1.20), at(0.0, 1.28),
      ], 46 * u, colors.water)
    ellipse(at(0.17, 0.78), 84 * u, 52 * u, colors.water)

    // Roads: casing first, then the fill, so crossings join cleanly. The
    // avenue and the boulevard cross the map; the highway climbs it from
    // the bottom left and leaves at the top right, where it comes in.
    let avenue = [at(0, 0.50), at(0.25, 0.53), at(0.75, 0.49), at(1.0, 0.50)]
    let boulevard = [at(0.43, 0), at(0.41, 0.5), at(0.43, 1.0)]
    strokeTiled(avenue, 14 * u, colors.roadCasing)
    strokeTiled(boulevard, 14 * u, colors.roadCasing)
    strokeTiled(avenue, 10 * u, colors.road)
    strokeTiled(boulevard, 10 * u, colors.road)
    let highway = [at(0, 0.95), at(0.28, 0.72), at(0.68, 0.64), at(0.88, 0.30), at(1.0, -0.05)]
    strokeTiled(highway, 18 * u, colors.highwayCasing)
    strokeTiled(highway, 13 * u, colors.highway)

    // Pins and the "you are here" dot.
    drawPins(pinTips)
    disc(here, 24 * u, colors.hereHalo)
    disc(here, 9 * u, .white)
    disc(here, 6.5 * u, colors.here)
  }

  /// Where the pins' tips are, and the "you are here" dot.
  var pinTips: [(Double, Double)] { [at(0.21, 0.29), at(0.57, 0.36), at(0.73, 0.21), at(0.30, 0.63)] }
  var here: (Double, Double) { at(0.50, 0.455) }

  /// City blocks on a street-coloured ground, left where parks and water
  /// are drawn over them.
  ///
  /// A whole number of blocks spans the window each way, and an even
  /// number of rows (the rows shift in turn), so the grid runs on
  /// unbroken where the panned map repeats.
  private func drawBlocks() {
    let columns = max(1, (width / (blockPitch.x * u)).rounded())
    let rows = max(2, 2 * (height / (2 * blockPitch.y * u)).rounded())
    let pitchX = width / columns
    let pitchY = height / rows
    let gap = streetWidth * u
    var rects: [XRectangle] = []
    var row = 0
    var y = -pitchY * 0.4
    while y < height {
      // Alternate rows shift, as real grids are rarely perfect.
      var bx = -pitchX * (row % 2 == 0 ? 0.3 : 0.7)
      while bx < width {
        let x0 = max(0, bx + gap / 2)
        let y0 = max(0, y + gap / 2)
        let x1 = min(width, bx + pitchX - gap / 2)
        let y1 = min(height, y + pitchY - gap / 2)
        // Each side rounded on its own: a block cut by the window's side
        // meets its other piece, a window away, without a seam.
        let (ix0, iy0, ix1, iy1) = (Int(x0.rounded()), Int(y0.rounded()), Int(x1.rounded()), Int(y1.rounded()))
        if ix1 > ix0 && iy1 > iy0 {
          rects.append(xRectangle(x: ix0, y: iy0, width: ix1 - ix0, height: iy1 - iy0))
        }
        bx += pitchX
      }
      y += pitchY
      row += 1
    }
    var c = renderColor(colors.block)
    XRenderFillRectangles(x.display, PictOpOver, picture, &c, &rects, x32(rects.count))
  }

  /// Map pins with their tips at `tips`: shadows, heads with points, white
  /// eyes; one request per colour.
  private mutating func drawPins(_ tips: [(Double, Double)]) {
    for (tx, ty) in tips { addConvex(ellipsePoints((tx, ty), 7 * u, 3 * u)) }
    flush(colors.pinShadow)
    for (i, color) in colors.pins.enumerated() {
      for (j, (tx, ty)) in tips.enumerated() where j % colors.pins.count == i {
        addDisc((tx, ty - 22 * u), 11 * u)
        addConvex([(tx - 8.5 * u, ty - 17 * u), (tx + 8.5 * u, ty - 17 * u), (tx, ty)])
      }
      flush(color)
    }
    for (tx, ty) in tips { addDisc((tx, ty - 22 * u), 4.5 * u) }
    flush(.white)
  }

  mutating func drawLabels(_ draw: OpaquePointer, text textPainter: TextPainter, hint: MapScene.Hint?) {
    drawPlaceLabels(draw, textPainter)

    // The card: the program's name and the hint line, across from the
    // panel, or none where the panel would show only a piece of it.
    guard let hint else { return }
    let pad = 14.0
    let fonts = x.fonts
    let titleLine = Double(fonts.lineHeight(.heading))
    let hintLine = Double(fonts.lineHeight(.detail))
    let titleWidth = Double(textPainter.measure(MapScene.title, .heading).width)
    let window = Size(width: width, height: height)
    func size(lines: Int, width: Double) -> Size {
      Size(width: width, height: titleLine + Double(lines) * hintLine + 2 * pad + 2)
    }
    let oneLine = max(titleWidth, Double(textPainter.measure(hint.text, .detail).width)) + 2 * pad
    let least = max(MapHint.minimumWidth, titleWidth + 2 * pad)
    guard
      var card = MapHint.cardFrame(
        natural: size(lines: 1, width: oneLine), minimumWidth: least, window: window, layout: hint.layout)
    else { return }
    // Narrowed beside a panel, the hint wraps to the card, which grows
    // down; a card that no longer fits there is left out.
    var lines = [0..<hint.text.count]
    if card.width < oneLine {
      let wrap = ParagraphWrap()
      hint.text.withUnsafeBufferPointer {
        wrap.wrap($0, width: Int(card.width - 2 * pad), measurer: fonts[.detail], maximumLines: 4)
      }
      lines = wrap.lines
      guard
        let taller = MapHint.cardFrame(
          natural: size(lines: lines.count, width: card.width), minimumWidth: least, window: window,
          layout: hint.layout),
        taller.width == card.width
      else { return }
      card = taller
    }
    let (panelX, panelY, panelW, panelH) = (card.x, card.y, card.width, card.height)
    roundedRect(panelX, panelY + 2, panelW, panelH, 10, colors.cardShadow)
    roundedRect(panelX, panelY, panelW, panelH, 10, colors.card)
    var clip = xRectangle(x: Int(panelX), y: Int(panelY), width: Int(max(1, panelW)), height: Int(panelH))
    XftDrawSetClipRectangles(draw, 0, 0, &clip, 1)
    let lineWidth = panelW - 2 * pad
    text(
      draw, textPainter, MapScene.title, .heading, colors.heading, panelX + pad,
      panelY + pad + Double(fonts.ascent(.heading)), width: lineWidth)
    for (i, range) in lines.enumerated() {
      text(
        draw, textPainter, Array(hint.text[range]), .detail, colors.hint, panelX + pad,
        panelY + pad + titleLine + 2 + Double(i) * hintLine + Double(fonts.ascent(.detail)), width: lineWidth)
    }
    XftDrawSetClip(draw, nil)
  }

  /// The names of the parks, the avenue and the river, each measured and
  /// placed in its feature (`LabelPlacement`): the text follows the
  /// display's scale and the map the window's size, so a label is fitted
  /// to the map it is drawn on, clear of the pins and of the others.
  private func drawPlaceLabels(_ draw: OpaquePointer, _ textPainter: TextPainter) {
    let ascent = Double(x.fonts.ascent(.detail))
    let descent = Double(x.fonts.descent(.detail))
    func across(_ l: Double, _ r: Double, _ baseline: Double) -> LabelPlacement.Place {
      LabelPlacement.Place(left: l * width, right: r * width, baseline: baseline)
    }
    let road = 7 * u
    let labels: [(String, DrawerColor, [LabelPlacement.Place])] = [
      // Inside the park under its pin, else just below the park.
      ("Juniper Park", colors.parkLabel, [
        across(0.07, 0.31, 0.38 * height), across(0.05, 0.33, 0.46 * height + ascent + 2),
      ]),
      ("Copper Gardens", colors.parkLabel, [
        across(0.64, 0.80, 0.26 * height), across(0.60, 0.86, 0.27 * height + ascent + 4),
      ]),
      // Under the avenue east of the boulevard, else over it to the west.
      ("Harbour Avenue", colors.roadLabel, [
        across(0.56, 0.97, 0.515 * height + road + ascent), across(0.05, 0.38, 0.50 * height - road - 3 - descent),
      ]),
      // East of the river, under the highway.
      ("Lantern River", colors.waterLabel, [across(0.60, 0.95, 0.76 * height)]),
    ]
    var obstacles = pinTips.map { t in
      Rect(x: t.0 - 11 * u, y: t.1 - 33 * u, width: 22 * u, height: 36 * u)
    }
    obstacles.append(
      Rect(x: here.0 - 24 * u, y: here.1 - 24 * u, width: 48 * u, height: 48 * u))
    for (name, color, places) in labels {
      let bytes = Array(name.utf8)
      let measured = Double(textPainter.measure(bytes, .detail).width)
      guard
        let spot = LabelPlacement.place(
          width: measured, ascent: ascent, descent: descent, in: places, avoiding: obstacles,
          shortest: 3 * (ascent + descent))
      else { continue }
      obstacles.append(spot.box)
      text(draw, textPainter, bytes, .detail, color, spot.left, spot.baseline, width: spot.width.rounded(.up))
    }
  }

  private func text(
    _ draw: OpaquePointer, _ textPainter: TextPainter, _ bytes: [UInt8], _ role: FontRole, _ color: DrawerColor,
    _ px: Double, _ baseline: Double, width: Double
  ) {
    var value = renderColor(color)
    var xft = XftColor()
    XftColorAllocValue(x.display, x.visual, x.colormap, &value, &xft)
    textPainter.draw(
      bytes, role, &xft, on: draw, left: Int(x32(px)), width: Int(x32(width)), baseline: Int(x32(baseline)))
    XftColorFree(x.display, x.visual, x.colormap, &xft)
  }

  // MARK: Shapes

  private func fillRect(_ color: DrawerColor, _ px: Double, _ py: Double, _ w: Double, _ h: Double) {
    var c = renderColor(color)
    XRenderFillRectangle(x.display, PictOpSrc, picture, &c, x32(px), x32(py), UInt32(clamping: Int(max(0, w))), UInt32(clamping: Int(max(0, h))))
  }

  private mutating func polygon(_ points: [(Double, Double)], _ color: DrawerColor) {
    addConvex(points)
    flush(color)
  }

  private mutating func disc(_ centre: (Double, Double), _ r: Double, _ color: DrawerColor) {
    addDisc(centre, r)
    flush(color)
  }

  private mutating func ellipse(_ centre: (Double, Double), _ rx: Double, _ ry: Double, _ color: DrawerColor) {
    addConvex(ellipsePoints(centre, rx, ry))
    flush(color)
  }

  private mutating func roundedRect(_ px: Double, _ py: Double, _ w: Double, _ h: Double, _ r: Double, _ color: DrawerColor) {
    let steps = 8
    var points: [(Double, Double)] = []
    let corners = [(px + w - r, py + r, -0.5), (px + w - r, py + h - r, 0.0), (px + r, py + h - r, 0.5), (px + r, py + r, 1.0)]
    for (cx, cy, turn) in corners {
      for i in 0...steps {
        let a = (turn + Double(i) / Double(steps) * 0.5) * Double.pi
        points.append((cx + r * cos(a), cy + r * sin(a)))
      }
    }
    polygon(points, color)
  }

  /// The polyline `points` as one period of a line that repeats with the
  /// map: drawn where it is and a window's width and height away each
  /// way, so what runs off one side comes back in on the other.
  private mutating func strokeTiled(_ points: [(Double, Double)], _ w: Double, _ color: DrawerColor) {
    // Only the copies that reach into the tile: the others' shapes would
    // all fall outside the picture.
    let xs = points.map(\.0)
    let ys = points.map(\.1)
    let reach = w / 2
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return }
    for dx in -1...1 {
      for dy in -1...1 {
        let shift = (Double(dx) * width, Double(dy) * height)
        guard minX + shift.0 - reach < width, maxX + shift.0 + reach > 0, minY + shift.1 - reach < height,
          maxY + shift.1 + reach > 0
        else { continue }
        addStroke(points.map { ($0.0 + shift.0, $0.1 + shift.1) }, w)
      }
    }
    flush(color)
  }

  /// The shapes of a polyline `w` wide with round joins and caps.
  private mutating func addStroke(_ points: [(Double, Double)], _ w: Double) {
    let half = w / 2
    for i in 0..<(points.count - 1) {
      let (ax, ay) = points[i]
      let (bx, by) = points[i + 1]
      let length = max(1e-9, ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot())
      let nx = -(by - ay) / length * half
      let ny = (bx - ax) / length * half
      addConvex([(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)])
    }
    for p in points { addDisc(p, half) }
  }

  private func ellipsePoints(_ c: (Double, Double), _ rx: Double, _ ry: Double) -> [(Double, Double)] {
    let n = max(16, Int(max(rx, ry) * 0.8))
    return (0..<n).map { i in
      let a = Double(i) / Double(n) * 2 * Double.pi
      return (c.0 + rx * cos(a), c.1 + ry * sin(a))
    }
  }

  private mutating func addDisc(_ c: (Double, Double), _ r: Double) {
    addConvex(ellipsePoints(c, r, r))
  }

  /// The convex polygon `points`, cut to the picture, as the horizontal
  /// trapezoids between its corners' rows (`ConvexBands`).
  ///
  /// The server rasterises a shape row by row, one pass per trapezoid over
  /// the rows it spans: a disc sent as a fan of triangles cost about as
  /// many passes over its height as it has sides, as trapezoids one. The
  /// server also sizes a request's coverage mask to the bounds of all its
  /// shapes, on the picture or not, and the copies of a tiled line a
  /// window away would make it several times the picture.
  private mutating func addConvex(_ points: [(Double, Double)]) {
    bands.removeAll(keepingCapacity: true)
    banding.append(
      points.map { Point(x: $0.0, y: $0.1) }, within: Rect(x: 0, y: 0, width: width, height: height), to: &bands)
    func fixed(_ p: Point) -> XPointFixed { XPointFixed(x: xFixed(p.x), y: xFixed(p.y)) }
    for b in bands {
      trapezoids.append(
        XTrapezoid(
          top: xFixed(b.top), bottom: xFixed(b.bottom), left: XLineFixed(p1: fixed(b.left.upper), p2: fixed(b.left.lower)),
          right: XLineFixed(p1: fixed(b.right.upper), p2: fixed(b.right.lower))))
    }
  }

  /// Composites the collected shapes in `color` as one.
  private mutating func flush(_ color: DrawerColor) {
    guard !trapezoids.isEmpty else { return }
    var c = renderColor(color)
    let source = XRenderCreateSolidFill(x.display, &c)
    XRenderCompositeTrapezoids(
      x.display, PictOpOver, source, picture, x.a8Format, 0, 0, &trapezoids, x32(trapezoids.count))
    XRenderFreePicture(x.display, source)
    trapezoids.removeAll(keepingCapacity: true)
  }

  /// A deterministic number in 0..<1 (xorshift64), so trees stay put.
  private func unit(_ state: inout UInt64) -> Double {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return Double(state >> 11) / Double(UInt64(1) << 53)
  }
}
