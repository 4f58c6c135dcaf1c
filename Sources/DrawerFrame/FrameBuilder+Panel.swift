import DrawerEngine
import DrawerRaster

/// The one path every panel takes: bottom, top, left and right sheets,
/// cards, narrow sheets, translucent surfaces, several shadows, and the
/// detail card over the list.
extension FrameBuilder {
  /// Draws the panel `m` over the map and the dim, in the region this
  /// frame redraws; `unchanged` when the last frame showed `m` too.
  func drawPanel(_ m: DrawerRenderModel, unchanged: Bool = false) {
    let surface = roundedShape(m)
    let rect = surface.rect
    let shown = m.extent > 0 && !rect.isEmpty
    let casts = shown ? shadowCasts(surfaceShadows, of: surface) : []
    // An opaque surface hides what lies under its interior: the map, the
    // dim and the shadows are drawn only around it (at 1280x800 a centred
    // sheet covers most of the band).
    let opaque = shown && m.backgroundColor.alpha >= 1
    let hidden = opaque ? surface.interior : []

    var touched = shown ? rect : .empty
    for c in casts { touched = touched.union(c.slices.bounds) }
    let target = backdropStep(m)
    let body = opaque ? sheetBody(m, surface) : nil
    // With the body from the content picture, the pixels that follow the
    // sheet's top edge end where the body starts and where the shadows'
    // rows stop following the top.
    let frontEnd = body.map { body in casts.reduce(body.row) { max($0, $1.slices.steadyFromRow) } }
    frame.body = body
    // The step every pixel outside the panel shows in this frame.
    let step = planRegion(
      m, touched: touched, shown: shown, target: target, frontEnd: frontEnd, unchanged: unchanged,
      hidden: hidden)
    guard !clips.isEmpty else { return }
    for piece in clips {
      for r in hidden.isEmpty ? [piece] : backdropPieces(piece, hidden: hidden) {
        copyScene(r, dim: step)
        if !casts.isEmpty { drawShadows(casts, cutting: surface, opaque: opaque, within: r) }
      }
    }
    // Last, above the panel too: a mark under the panel must show.
    defer { drawDebugMarks(m) }
    guard shown else { return }

    // Below the body's first row the window comes from the content picture.
    if let body {
      for i in clips.indices { clips[i].height = max(0, min(clips[i].maxY, body.row) - clips[i].y) }
      clips.removeAll { $0.isEmpty }
    }
    fillSurface(surface, Paint(m.backgroundColor))
    if inlineBar {
      drawInlineBar(m)
      return
    }
    if let h = m.handle { drawHandle(h) }
    drawHeader(m)
    let v = m.list.viewport
    drawList(
      m.list, left: px(v.minX), right: px(v.maxX), on: backCanvas, clipBottom: min(clips.reduce(PixelRect.empty) { $0.union($1) }.maxY, px(v.maxY)),
      end: min(m.list.rowCount, m.list.firstVisibleRow + m.list.visibleRowCount))
    drawScrollIndicator(m.list.scrollIndicator)
    // Last, so that row separators and the selection never cover it.
    let t = m.border.thickness.isFinite ? max(0, m.border.thickness) : 0
    if t > 0 { drawBorder(m.border.color, t, surface, homeSide: m.isCard ? nil : m.edge) }
  }

  /// What one more piece of backdrop costs, in pixels: a piece is a scene
  /// copy, a dim and a composite per shadow, and each of those requests
  /// costs Xlib and the server about what blending this many pixels does
  /// (xtrace and perf of the bench's 120-step drag at 800x600: a frame
  /// that cut the panel's top corner rows out of the band sent 7 requests
  /// more for 5,500 pixels less).
  static let backdropPieceCost = 4096

  /// `piece` less `hidden`, what an opaque panel covers whole, as the
  /// rectangles its backdrop is drawn in: their bounding box, one piece,
  /// where the pixels it draws under the panel cost less than the pieces
  /// it saves (`backdropPieceCost`). The panel is drawn over the box
  /// after, so what it draws there never shows.
  func backdropPieces(_ piece: PixelRect, hidden: [PixelRect]) -> [PixelRect] {
    let parts = subtract(from: piece, hidden)
    guard parts.count > 1 else { return parts }
    var box = parts[0]
    var drawn = 0
    for p in parts {
      box = box.union(p)
      drawn += p.area
    }
    return box.area - drawn <= (parts.count - 1) * Self.backdropPieceCost ? [box] : parts
  }

  /// The detail card over the list: the list's frame is dimmed, and the
  /// card's shadows, surface, handle, header, wrapped lines and scroll
  /// indicator go over it. The whole window is damaged: two panels seldom
  /// move at once for long, and the simple path cannot leave a stale pixel.
  func drawDetail(_ m: DrawerRenderModel, text: DetailText) {
    frame.body = nil
    clips = [surface]
    damage(surface)
    fill(Paint.dim(step: Paint.dimStep(opacity: m.backdropAlpha)), surface)
    let shape = roundedShape(m)
    guard m.extent > 0, !shape.rect.isEmpty else { return }
    let casts = shadowCasts(detailShadows, of: shape)
    if !casts.isEmpty { drawShadows(casts, cutting: shape, opaque: m.backgroundColor.alpha >= 1, within: surface) }
    fillSurface(shape, Paint(m.backgroundColor))
    if let h = m.handle { drawHandle(h) }
    text.position.withUnsafeBufferPointer { drawHeader(m, count: $0) }
    drawLines(m.list, text: text)
    drawScrollIndicator(m.list.scrollIndicator)
  }

  /// The body of a plain bottom sheet (`m`'s `surface`) from the content
  /// picture; nil where the sheet must be drawn directly: a card, other
  /// edges, debug marks, the scroll indicator or a detail panel over the
  /// list, or content the picture cannot hold (`layoutContent`).
  func sheetBody(_ m: DrawerRenderModel, _ surface: RoundedShape) -> BodySource? {
    let r = surface.radii
    guard m.edge == .bottom, !m.isCard, r.bottomLeft == 0, r.bottomRight == 0, m.debugMarks == nil,
      m.list.scrollIndicator == nil, !overlaid, !inlineBar
    else { return nil }
    let rect = surface.rect
    let cornerSize = max(surface.cornerSize(.topLeft), surface.cornerSize(.topRight))
    guard
      let picture = prepareContent(
        m, left: rect.x, right: rect.maxX, top: rect.y, cornerSize: cornerSize, headerBaseline: headerBaseline(m))
    else { return nil }
    let split = bodyRow(top: rect.y, cornerSize: cornerSize, handle: m.handle.flatMap(handleRect))
    return BodySource(
      picture: 0, version: picture.version, row: split, x: rect.x, y: rect.y, width: rect.width, inks: picture.inks,
      patched: picture.patched)
  }

  /// The first window row a body from the content picture shows: below
  /// the sheet's top corners and its handle, which the back buffer draws.
  func bodyRow(top: Int, cornerSize: Int, handle: PixelRect?) -> Int {
    min(height, max(top + cornerSize, handle.map(\.maxY) ?? top))
  }

  /// The surface `m` shows, in whole pixels, its radii in quarter pixels
  /// as the masks are keyed; in whole pixels while the panel moves.
  ///
  /// A radius that follows the panel (a sheet's corners square off as it
  /// reaches the top) needs new corner masks at each step of its key: in
  /// quarter pixels, a bench drag at 800x600 made eight masks for each
  /// pixel of radius (four sent requests and a coverage table apiece).
  /// A quarter pixel of radius does not show on a moving corner, and the
  /// frame that comes to rest draws the exact one: its model differs from
  /// the last moving frame's, so its band, corners included, is redrawn.
  func roundedShape(_ m: DrawerRenderModel) -> RoundedShape {
    let f = m.surface.frame
    let rect = PixelRect(x: px(f.minX), y: px(f.minY), width: px(f.maxX) - px(f.minX), height: px(f.maxY) - px(f.minY))
    let r = m.surface.radii
    guard m.stateIndex == nil || m.isAnimating else { return RoundedShape(rect: rect, radii: QuarterRadii(r).radii) }
    func whole(_ v: Double) -> Double { v.isFinite ? max(0, v).rounded() : 0 }
    return RoundedShape(
      rect: rect,
      radii: CornerRadii(
        topLeft: whole(r.topLeft), topRight: whole(r.topRight), bottomRight: whole(r.bottomRight),
        bottomLeft: whole(r.bottomLeft)))
  }

  /// Each visible shadow of `shadows` under `surface`, sliced.
  func shadowCasts(_ shadows: [ShadowConfiguration], of surface: RoundedShape) -> [ShadowCast] {
    var casts: [ShadowCast] = []
    casts.reserveCapacity(shadows.count)
    for s in shadows where s.isVisible {
      let shape = surface.shadowShape(dx: px(s.offset.x), dy: px(s.offset.y), spread: s.spread)
      casts.append(ShadowCast(shadow: s, slices: ShadowSlices(shape: shape, blurRadius: s.radius)))
    }
    return casts
  }

  /// Fills `surface` with `background`: its interior, then its corners
  /// through their masks.
  func fillSurface(_ surface: RoundedShape, _ background: Paint) {
    for piece in surface.interior { fill(background, piece) }
    for corner in Corner.allCases {
      let square = surface.cornerSquare(corner)
      guard square.width > 0 else { continue }
      let q = quarters(surface.radii[corner])
      let n = MaskKey.cornerSize(radiusQuarters: q, ring: 0)
      composite(
        background, .corners(radiusQuarters: q, ring: 0), square, maskX: Quad.maskX(corner, size: n),
        maskY: Quad.maskY(corner, size: n))
    }
  }

  // MARK: Shadows

  /// Paints every shadow over the part of `band` they reach. Under a
  /// translucent surface they are gathered in the layer, the surface is
  /// cleared out of it, and the layer goes over the back buffer. An opaque
  /// surface is painted over its shadows, so they go straight onto the back
  /// buffer, one after the other: Over is associative, and the layer's
  /// clear, cut and copy would cost three more operations and as many
  /// passes over the band, every frame of a drag.
  func drawShadows(
    _ casts: [ShadowCast], cutting surface: RoundedShape, opaque: Bool,
    within band: PixelRect
  ) {
    var reach = PixelRect.empty
    for c in casts { reach = reach.union(c.slices.bounds) }
    let area = reach.intersection(band)
    guard !area.isEmpty else { return }
    let target: Target = opaque ? .back : .layer
    if !opaque { paintLayer(.clear, nil, area, within: area, blend: .source) }
    for c in casts {
      let (s, slices) = (c.shadow, c.slices)
      let paint = Paint(s.color, opacity: s.opacity)
      for piece in slices.pieces {
        switch piece {
        case .corner(let corner, let r):
          let q = MaskKey.shadowRadiusQuarters(slices.shape.radii[corner], blur: s.radius)
          let n = MaskKey.shadowTileSize(radiusQuarters: q, blur: s.radius)
          paintLayer(
            paint, .shadowTile(radiusQuarters: q, blur: s.radius, bottom: corner.isBottom), r, within: area,
            maskX: Pair.maskX(corner, size: n), target: target)
        case .edge(let side, let r):
          paintLayer(paint, .shadowEdge(side, blur: s.radius), r, within: area, target: target)
        case .fill(let r):
          paintLayer(paint, nil, r, within: area, target: target)
        case .whole(let r):
          let shape = slices.shape
          let key = MaskKey.shadowWhole(
            width: shape.rect.width, height: shape.rect.height, radii: QuarterRadii(shape.radii), blur: s.radius)
          paintLayer(paint, key, r, within: area, target: target)
        }
      }
    }
    guard !opaque else { return }
    // The cut-out: nothing of the shadows stays where the translucent
    // surface lets them through, its corners included.
    for piece in surface.interior { paintLayer(.clear, nil, piece, within: area, blend: .source) }
    for corner in Corner.allCases {
      let square = surface.cornerSquare(corner)
      guard square.width > 0 else { continue }
      let q = quarters(surface.radii[corner])
      let n = MaskKey.cornerSize(radiusQuarters: q, ring: 0)
      // OutReverse keeps the layer where the corner's coverage is missing.
      paintLayer(
        .white, .corners(radiusQuarters: q, ring: 0), square, within: area, maskX: Quad.maskX(corner, size: n),
        maskY: Quad.maskY(corner, size: n), blend: .outReverse)
    }
    frame.ops.append(.compositeLayer(area))
  }

  /// Paints `paint` through `mask` over `r` of the layer (or `target`),
  /// clipped to `area`; the mask's pixel (`maskX`, `maskY`) lands on `r`'s
  /// top-left.
  private func paintLayer(
    _ paint: Paint, _ mask: MaskKey?, _ r: PixelRect, within area: PixelRect, maskX: Int = 0, maskY: Int = 0,
    blend: Blend = .over, target: Target = .layer
  ) {
    let c = r.intersection(area)
    guard !c.isEmpty else { return }
    frame.ops.append(
      .paint(paint, rect: c, target: target, blend: blend, mask: mask, maskX: maskX + c.x - r.x, maskY: maskY + c.y - r.y))
  }

  /// The border along the shape: the corners' rings, then the straight
  /// sides between them as `BorderRule`'s runs, except the side against the
  /// home edge of a sheet that is not a card (it lies on the window's
  /// edge).
  func drawBorder(_ color: DrawerColor, _ t: Double, _ s: RoundedShape, homeSide: Edge?) {
    let r = s.rect
    // A sheet's corners on its home edge have no border of their own: the
    // sides run through them to the window's edge.
    func ring(_ corner: Corner) -> Int {
      homeSide.map { onSide(corner, $0) } == true ? 0 : MaskKey.cornerSize(radiusQuarters: quarters(s.radii[corner]), ring: t)
    }
    for corner in Corner.allCases {
      let n = ring(corner)
      guard n > 0 else { continue }
      composite(
        Paint(color), .corners(radiusQuarters: quarters(s.radii[corner]), ring: t),
        PixelRect(x: corner.isRight ? r.maxX - n : r.x, y: corner.isBottom ? r.maxY - n : r.y, width: n, height: n),
        maskX: Quad.maskX(corner, size: n), maskY: Quad.maskY(corner, size: n))
    }
    let (tl, tr, br, bl) = (ring(.topLeft), ring(.topRight), ring(.bottomRight), ring(.bottomLeft))
    let runs = BorderRule(thickness: t).runs
    // Each side as its runs, outside in, one side after the other: where
    // square corners let two sides meet, the later one goes over.
    func side(_ place: (_ offset: Int, _ depth: Int) -> PixelRect) {
      for run in runs { fill(Paint(color, opacity: run.opacity), place(run.offset, run.depth)) }
    }
    if homeSide != .top { side { o, n in PixelRect(x: r.x + tl, y: r.y + o, width: r.width - tl - tr, height: n) } }
    if homeSide != .bottom { side { o, n in PixelRect(x: r.x + bl, y: r.maxY - o - n, width: r.width - bl - br, height: n) } }
    if homeSide != .left { side { o, n in PixelRect(x: r.x + o, y: r.y + tl, width: n, height: r.height - tl - bl) } }
    if homeSide != .right { side { o, n in PixelRect(x: r.maxX - o - n, y: r.y + tr, width: n, height: r.height - tr - br) } }
  }
}

/// Whether `corner` lies on the side `edge`.
func onSide(_ corner: Corner, _ edge: Edge) -> Bool {
  switch edge {
  case .top: !corner.isBottom
  case .bottom: corner.isBottom
  case .left: !corner.isRight
  case .right: corner.isRight
  }
}

/// One shadow of a surface and its slices.
///
/// A struct, not a tuple: an array of tuples has its type made at run
/// time, a look-up in the runtime's cache at every frame.
struct ShadowCast {
  var shadow: ShadowConfiguration
  var slices: ShadowSlices
}
