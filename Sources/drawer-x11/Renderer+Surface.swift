import CX11
import DrawerEngine
import DrawerRaster

/// Drawing for every surface the two fast paths do not cover: cards (a
/// margin rounds all four corners), several shadows, a spread, a shadow
/// under a translucent surface, and a sheet narrower than the window.
///
/// The surface is a `RoundedShape`. Each shadow is a `ShadowSlices` of
/// that shape moved and spread: corner tiles cached by radius and blur,
/// edge profiles by blur, and plain fills, so neither a move nor a resize
/// computes a mask. The shadows are gathered in an ARGB layer, the surface
/// is cut out of the layer (cleared inside, scaled by the corners' missing
/// coverage on the curves), and the layer goes over the backdrop: nothing
/// darkens the inside of a translucent surface. As on the other paths, a
/// frame redraws only the band along the home edge that the panel touches
/// now or touched last frame.
extension Renderer {
  /// Whether `m` needs this path.
  func needsSurfacePath(_ m: DrawerRenderModel) -> Bool {
    if m.isCard || surfaceShadows.count > 1 { return true }
    let first = surfaceShadows.first ?? m.shadow
    if first.isVisible && (first.spread != 0 || m.backgroundColor.alpha < 1) { return true }
    let a = m.panelArea
    // A sheet kept narrower than the window by --max-width.
    return m.edge.isVertical ? a.width < m.containerSize.width : a.height < m.containerSize.height
  }

  func renderSurface(_ m: DrawerRenderModel) {
    let width = x.width
    let height = x.height
    let scenePicture = sceneFor(width: width, height: height)

    let surface = roundedShape(m)
    let rect = surface.rect
    let shown = m.extent > 0 && !rect.isEmpty
    let casts = shown ? shadowCasts(surfaceShadows, of: surface) : []
    // An opaque surface hides what lies under its interior: the map, the
    // dim and the shadows are drawn only around it (at 1280x800 a centred
    // sheet covers most of the band).
    let opaque = shown && m.backgroundColor.alpha >= 1

    let side = m.edge
    var touched = shown ? rect : .empty
    for c in casts { touched = touched.union(c.slices.bounds) }
    let dim = backdropDim(m)
    let body = opaque ? sheetBody(m, surface) : nil
    // With the body from the content picture, the pixels that follow the
    // sheet's top edge end where the body starts and where the shadows'
    // rows stop following the top.
    let frontEnd = body.map { body in casts.reduce(body.row) { max($0, $1.slices.steadyFromRow) } }
    x.presentBody(body)
    let band = planBand(m, side: side, touched: touched, shown: shown, scene: scenePicture, dim: dim, frontEnd: frontEnd)
    guard !band.isEmpty else { return }
    for r in opaque ? subtract(from: band, surface.interior) : [band] {
      copy(scenePicture, r.x - mapOffset.x, r.y - mapOffset.y, to: r.x, r.y, r.width, r.height)
      fill(dim, r.x, r.y, r.width, r.height)
      if !casts.isEmpty { drawShadows(casts, cutting: surface, within: r) }
    }
    // Last, above the panel too: a mark under the panel must show.
    defer { drawDebugMarks(m) }
    guard shown else { return }

    // Below the body's first row the window comes from the content picture.
    if let body { clipBottom = min(clipBottom, body.row) }
    fillSurface(surface, renderColor(m.backgroundColor))
    if let h = m.handle { drawHandle(h) }
    drawEdgeHeader(m)
    let v = m.list.viewport
    drawList(
      m.list, left: px(v.minX), right: px(v.maxX), on: backCanvas, clipBottom: min(clipBottom, px(v.maxY)),
      end: min(m.list.rowCount, m.list.firstVisibleRow + m.list.visibleRowCount))
    let t = m.border.thickness.isFinite ? max(0, m.border.thickness) : 0
    if t > 0 {
      drawSurfaceBorder(
        m.border.color, t, surface,
        homeSide: m.isCard ? nil : side)
    }
  }

  /// The body of a plain bottom sheet (`m`'s `surface`) from the content
  /// picture, as the full-width path has it; nil where the sheet must be
  /// drawn directly: a card, other edges, debug marks, the scroll
  /// indicator or a detail panel over the list, or content the picture
  /// cannot hold (`layoutContent`).
  func sheetBody(_ m: DrawerRenderModel, _ surface: RoundedShape) -> BodySource? {
    let r = surface.radii
    guard m.edge == .bottom, !m.isCard, r.bottomLeft == 0, r.bottomRight == 0, m.debugMarks == nil,
      m.list.scrollIndicator == nil, !overlaid
    else { return nil }
    let rect = surface.rect
    let cornerSize = max(surface.cornerSize(.topLeft), surface.cornerSize(.topRight))
    guard
      let picture = prepareContent(
        m, left: rect.x, right: rect.maxX, top: rect.y, cornerSize: cornerSize, headerBaseline: edgeHeaderBaseline(m))
    else { return nil }
    let split = bodyRow(top: rect.y, cornerSize: cornerSize, handle: m.handle.flatMap(handleRect))
    return BodySource(
      picture: picture.pixmap, version: picture.version, row: split, x: rect.x, y: rect.y, width: rect.width,
      inks: picture.inks)
  }

  /// The surface `m` shows, in whole pixels, its radii in quarter pixels
  /// as the caches key them.
  func roundedShape(_ m: DrawerRenderModel) -> RoundedShape {
    func q(_ r: Double) -> Double { Double(quarters(r)) / 4 }
    let f = m.surface.frame
    let rect = PixelRect(x: px(f.minX), y: px(f.minY), width: px(f.maxX) - px(f.minX), height: px(f.maxY) - px(f.minY))
    let r = m.surface.radii
    return RoundedShape(
      rect: rect,
      radii: CornerRadii(topLeft: q(r.topLeft), topRight: q(r.topRight), bottomRight: q(r.bottomRight), bottomLeft: q(r.bottomLeft)))
  }

  /// Each visible shadow of `shadows` under `surface`, sliced.
  func shadowCasts(
    _ shadows: [ShadowConfiguration], of surface: RoundedShape
  ) -> [(shadow: ShadowConfiguration, slices: ShadowSlices)] {
    return shadows.filter(\.isVisible).map { s in
      (s, ShadowSlices(shape: surface.shadowShape(dx: px(s.offset.x), dy: px(s.offset.y), spread: s.spread), blurRadius: s.radius))
    }
  }

  /// Fills `surface` with `background`: its interior, then its corners
  /// through their masks.
  func fillSurface(_ surface: RoundedShape, _ background: XRenderColor) {
    for piece in surface.interior { fill(background, piece.x, piece.y, piece.width, piece.height) }
    fillPaint.set(background, x)
    for corner in Corner.allCases {
      let square = surface.cornerSquare(corner)
      guard square.width > 0 else { continue }
      let quad = cornerQuad(radius: surface.radii[corner], thickness: 0, ring: false)
      composite(
        fillPaint.picture, quad.picture, square.x, square.y, square.width, square.height,
        maskX: corner.isRight ? quad.size : 0, maskY: corner.isBottom ? quad.size : 0)
    }
  }

  // MARK: Shadows

  /// Gathers every shadow in the layer over the part of `band` they reach,
  /// clears the surface out of it, and composites it over the back buffer.
  func drawShadows(
    _ casts: [(shadow: ShadowConfiguration, slices: ShadowSlices)], cutting surface: RoundedShape, within band: PixelRect
  ) {
    var reach = PixelRect.empty
    for c in casts { reach = reach.union(c.slices.bounds) }
    let area = reach.intersection(band)
    guard !area.isEmpty else { return }
    let layer = shadowLayerPicture()
    var clear = XRenderColor()
    XRenderFillRectangle(
      x.display, PictOpSrc, layer, &clear, x32(area.x), x32(area.y), xLength32(area.width), xLength32(area.height))

    for (s, slices) in casts {
      shadowPaint.set(renderColor(s.color, opacity: s.opacity), x)
      let paint = shadowPaint.picture
      for piece in slices.pieces {
        switch piece {
        case .corner(let corner, let r):
          let quad = shadowTileQuad(radius: slices.shape.radii[corner], blur: s.radius)
          paintLayer(
            layer, paint, quad.picture, r, within: area, maskX: corner.isRight ? quad.size : 0,
            maskY: corner.isBottom ? quad.size : 0)
        case .edge(let side, let r):
          paintLayer(layer, paint, edgeProfile(side, blur: s.radius), r, within: area)
        case .fill(let r):
          paintLayer(layer, paint, 0, r, within: area)
        case .whole(let r):
          paintLayer(layer, paint, wholeShadow(slices.shape, blur: s.radius), r, within: area)
        }
      }
    }

    // The cut-out: nothing of the shadows stays where the surface is.
    for piece in surface.interior {
      let r = piece.intersection(area)
      guard !r.isEmpty else { continue }
      XRenderFillRectangle(x.display, PictOpSrc, layer, &clear, x32(r.x), x32(r.y), xLength32(r.width), xLength32(r.height))
    }
    cutPaint.set(XRenderColor(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF, alpha: 0xFFFF), x)
    for corner in Corner.allCases {
      let square = surface.cornerSquare(corner)
      guard square.width > 0 else { continue }
      let quad = cornerQuad(radius: surface.radii[corner], thickness: 0, ring: false)
      // OutReverse keeps the layer where the corner's coverage is missing.
      paintLayer(
        layer, cutPaint.picture, quad.picture, square, within: area, maskX: corner.isRight ? quad.size : 0,
        maskY: corner.isBottom ? quad.size : 0, op: PictOpOutReverse)
    }
    XRenderComposite(
      x.display, PictOpOver, layer, 0, x.backPicture, x32(area.x), x32(area.y), 0, 0, x32(area.x), x32(area.y),
      xLength32(area.width), xLength32(area.height))
  }

  /// Paints `source` through `mask` (none when 0) over `r` of the layer,
  /// clipped to `area`; the mask's pixel (`maskX`, `maskY`) lands on `r`'s
  /// top-left.
  private func paintLayer(
    _ layer: Picture, _ source: Picture, _ mask: Picture, _ r: PixelRect, within area: PixelRect, maskX: Int = 0,
    maskY: Int = 0, op: Int32 = PictOpOver
  ) {
    let c = r.intersection(area)
    guard !c.isEmpty else { return }
    XRenderComposite(
      x.display, op, source, mask, layer, 0, 0, x32(maskX + c.x - r.x), x32(maskY + c.y - r.y), x32(c.x), x32(c.y),
      xLength32(c.width), xLength32(c.height))
  }

  /// The border along the shape: the corners' rings, then the straight
  /// sides between them, except the side against the home edge of a sheet
  /// that is not a card (it lies on the window's edge).
  private func drawSurfaceBorder(_ color: DrawerColor, _ t: Double, _ s: RoundedShape, homeSide: Edge?) {
    var size: [Corner: Int] = [:]
    borderPaint.set(renderColor(color), x)
    for corner in Corner.allCases {
      let quad = cornerQuad(radius: s.radii[corner], thickness: t, ring: true)
      size[corner] = quad.size
      guard quad.size > 0 else { continue }
      let r = s.rect
      composite(
        borderPaint.picture, quad.picture, corner.isRight ? r.maxX - quad.size : r.x,
        corner.isBottom ? r.maxY - quad.size : r.y, quad.size, quad.size, maskX: corner.isRight ? quad.size : 0,
        maskY: corner.isBottom ? quad.size : 0)
    }
    let runs = BorderRule(thickness: t).runs
    let r = s.rect
    let tl = size[.topLeft] ?? 0, tr = size[.topRight] ?? 0, br = size[.bottomRight] ?? 0, bl = size[.bottomLeft] ?? 0
    // Each side as its runs, outside in (`BorderRule`).
    func side(_ place: (Int, Int) -> (Int, Int, Int, Int)) {
      for run in runs {
        let a = place(run.offset, run.depth)
        fill(renderColor(color, opacity: run.opacity), a.0, a.1, a.2, a.3)
      }
    }
    if homeSide != .top { side { o, n in (r.x + tl, r.y + o, r.width - tl - tr, n) } }
    if homeSide != .bottom { side { o, n in (r.x + bl, r.maxY - o - n, r.width - bl - br, n) } }
    if homeSide != .left { side { o, n in (r.x + o, r.y + tl, n, r.height - tl - bl) } }
    if homeSide != .right { side { o, n in (r.maxX - o - n, r.y + tr, n, r.height - tr - br) } }
  }

  // MARK: Caches

  /// The window-sized layer, made on first use.
  private func shadowLayerPicture() -> Picture {
    if let shadowLayer, shadowLayer.width == x.width, shadowLayer.height == x.height { return shadowLayer.picture }
    if let shadowLayer { x.release(shadowLayer.picture) }
    let picture = x.makeLayer(width: x.width, height: x.height)
    shadowLayer = (picture, x.width, x.height)
    return picture
  }

  /// A cached mask, made by `make` on a miss.
  private func surfaceMask(_ key: SurfaceMaskKey, _ make: () -> (pixels: [UInt8], width: Int, height: Int, repeating: Bool)) -> Picture {
    if let cached = surfaceMasks[key] { return cached }
    let m = make()
    let picture = x.makeMask(width: m.width, height: m.height, pixels: m.pixels, repeating: m.repeating)
    surfaceMasks.insert(picture, for: key) { x.release($0) }
    return picture
  }

  func releaseSurfaceMasks() {
    surfaceMasks.removeAll { x.release($0) }
  }

  /// One corner's fill (or border ring) turned four ways, in a 2n × 2n
  /// picture: top left, top right, then bottom left, bottom right.
  private func cornerQuad(radius: Double, thickness: Double, ring: Bool) -> (picture: Picture, size: Int) {
    let masks = CornerMasks(radius: radius, borderThickness: ring ? thickness : 0)
    let n = masks.size
    guard n > 0 else { return (0, 0) }
    let key = SurfaceMaskKey.corners(radiusQuarters: quarters(radius), thickness: ring ? thickness : 0)
    let picture = surfaceMask(key) {
      let one = ring ? (masks.border ?? [UInt8](repeating: 0, count: n * n)) : masks.fill
      return (quad(n) { corner in orient(one, n, corner) }, 2 * n, 2 * n, false)
    }
    return (picture, n)
  }

  /// A shadow's corner tile turned four ways, as `cornerQuad` lays them.
  private func shadowTileQuad(radius: Double, blur: Double) -> (picture: Picture, size: Int) {
    let n = Int(radius.rounded(.up)) + 2 * ShadowKernel.extent(blurRadius: blur)
    let picture = surfaceMask(.shadowTile(radiusQuarters: quarters(radius), blur: blur)) {
      let kernel = shadowKernel(blur: blur)
      return (quad(n) { ShadowSlices.cornerTile(kernel: kernel, radius: radius, corner: $0) }, 2 * n, 2 * n, false)
    }
    return (picture, n)
  }

  /// The profile across a straight edge on `side`, repeating along it.
  private func edgeProfile(_ side: ShadowSlices.Side, blur: Double) -> Picture {
    surfaceMask(.edge(side, blur: blur)) {
      let p = ShadowSlices.edgeProfile(kernel: shadowKernel(blur: blur), side: side)
      let across = side == .top || side == .bottom
      return (p, across ? 1 : p.count, across ? p.count : 1, true)
    }
  }

  /// The whole shadow of a shape too small to slice.
  private func wholeShadow(_ shape: RoundedShape, blur: Double) -> Picture {
    let r = shape.radii
    let key = SurfaceMaskKey.whole(
      width: shape.rect.width, height: shape.rect.height,
      radiiQuarters: [r.topLeft, r.topRight, r.bottomRight, r.bottomLeft].map(quarters), blur: blur)
    let k = ShadowKernel.extent(blurRadius: blur)
    return surfaceMask(key) {
      (ShadowSlices.wholeMask(shape: shape, kernel: shadowKernel(blur: blur)), shape.rect.width + 2 * k, shape.rect.height + 2 * k, false)
    }
  }
}

/// Four `n`-square tables, one per corner, in one 2n × 2n mask.
private func quad(_ n: Int, _ table: (Corner) -> [UInt8]) -> [UInt8] {
  let top = sideBySide(table(.topLeft), table(.topRight), width: n)
  let bottom = sideBySide(table(.bottomLeft), table(.bottomRight), width: n)
  return top + bottom
}

/// A top-left corner's `n`-square table turned to `corner`.
private func orient(_ topLeft: [UInt8], _ n: Int, _ corner: Corner) -> [UInt8] {
  var rows = corner.isRight ? Coverage.mirrored(topLeft, width: n) : topLeft
  if corner.isBottom {
    rows = stride(from: n - 1, through: 0, by: -1).flatMap { rows[($0 * n)..<($0 * n + n)] }
  }
  return rows
}

/// A mask of the general path in the cache.
enum SurfaceMaskKey: Hashable {
  case corners(radiusQuarters: Int, thickness: Double)
  case shadowTile(radiusQuarters: Int, blur: Double)
  case edge(ShadowSlices.Side, blur: Double)
  case whole(width: Int, height: Int, radiiQuarters: [Int], blur: Double)
}
