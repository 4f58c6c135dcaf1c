import CX11
import DrawerEngine
import DrawerRaster

/// Drawing for top, left and right panels.
///
/// The masks are the bottom panel's (corners, border ring, shadow band),
/// turned once per geometry by `OrientedMask` and cached; the content is
/// drawn upright in the rectangles of the render model. As for a bottom
/// panel, a frame redraws only the band along the home edge that the panel
/// touches now or touched last frame (`FramePlan`); the content picture,
/// which lets a moving bottom panel copy its rows instead of drawing them,
/// is the bottom panel's alone.
extension Renderer {
  func renderAnyEdge(_ m: DrawerRenderModel) {
    let width = x.width
    let height = x.height
    let scenePicture = sceneFor(width: width, height: height)
    x.presentBody(nil)

    let f = m.drawerFrame
    let (left, top, right, bottom) = (px(f.minX), px(f.minY), px(f.maxX), px(f.maxY))
    let side = m.edge
    let span = m.edge.isVertical ? right - left : bottom - top
    let depth = m.edge.isVertical ? bottom - top : right - left
    let shown = m.extent > 0 && span > 0 && depth > 0
    let shadow = shown && m.shadow.opacity > 0 && m.shadow.color.alpha > 0
      ? edgeShadow(m, side: side, span: span, left: left, top: top, right: right, bottom: bottom) : nil

    var touched = shown ? PixelRect(x: left, y: top, width: right - left, height: bottom - top) : .empty
    if let shadow { touched = touched.union(shadow.rect) }
    let dim = backdropDim(m)
    let band = planBand(m, side: side, touched: touched, shown: shown, scene: scenePicture, dim: dim)
    guard !band.isEmpty else { return }

    copy(scenePicture, -mapOffset.x, -mapOffset.y, to: 0, 0, width, height)
    fill(dim, 0, 0, width, height)
    if let shadow {
      shadowPaint.set(renderColor(m.shadow.color, opacity: m.shadow.opacity), x)
      composite(shadowPaint.picture, shadow.picture, shadow.rect.x, shadow.rect.y, shadow.rect.width, shadow.rect.height)
    }
    // Last, above the panel too: a mark under the panel must show.
    defer { drawDebugMarks(m) }
    guard shown else { return }

    // Beyond half the span, or the depth, the two corners would overlap.
    let radius = min(max(0, m.cornerRadius), Double(span) / 2, Double(depth))
    let radiusKey = quarters(radius)
    let thickness = m.border.thickness.isFinite ? max(0, m.border.thickness) : 0
    let n = CornerMasks(radius: Double(radiusKey) / 4, borderThickness: 0).size
    let background = renderColor(m.backgroundColor)
    let corners = n > 0 ? cornerPair(side: side, radiusQuarters: radiusKey, thickness: thickness, ring: false) : nil
    let places = cornerPlaces(side, n: n, left: left, top: top, right: right, bottom: bottom)
    if let corners {
      fillPaint.set(background, x)
      compositeCorners(fillPaint.picture, corners.picture, side: side, n: n, places: places)
    }
    for r in surfaceRects(side, n: n, left: left, top: top, right: right, bottom: bottom) {
      fill(background, r.x, r.y, r.width, r.height)
    }
    if let h = m.handle { drawHandle(h) }
    drawEdgeHeader(m)
    let v = m.list.viewport
    drawList(
      m.list, left: px(v.minX), right: px(v.maxX), on: backCanvas, clipBottom: min(height, px(v.maxY)),
      end: min(m.list.rowCount, m.list.firstVisibleRow + m.list.visibleRowCount))
    drawScrollIndicator(m.list.scrollIndicator)
    if thickness > 0 {
      let color = renderColor(m.border.color, opacity: min(1, thickness))
      if n > 0 {
        let ring = cornerPair(side: side, radiusQuarters: radiusKey, thickness: thickness, ring: true)
        borderPaint.set(renderColor(m.border.color), x)
        compositeCorners(borderPaint.picture, ring.picture, side: side, n: n, places: places)
      }
      // The moving edge's side, between the corners; the other sides lie
      // on the window's edges.
      for run in BorderRule(thickness: thickness).runs {
        let paint = renderColor(m.border.color, opacity: run.opacity)
        let (o, k) = (run.offset, run.depth)
        switch side {
        case .top: fill(paint, left + n, bottom - o - k, right - left - 2 * n, k)
        case .right: fill(paint, left + o, top + n, k, bottom - top - 2 * n)
        case .left: fill(paint, right - o - k, top + n, k, bottom - top - 2 * n)
        case .bottom: break
        }
      }
    }
  }

  /// The band of the window this frame redraws, made the frame's clip and
  /// damage: only the band along the home edge that the panel (`touched`,
  /// with its handle when `shown`) reaches now or reached last frame
  /// changes, unless what lies behind it changed.
  ///
  /// `frontEnd`, for a bottom sheet, is the row from which down every row
  /// of `touched` looks the same wherever the sheet's top edge is (its body
  /// comes from the content picture): then the frame redraws only from
  /// last frame's front to this one's (`FramePlan.region`).
  func planBand(
    _ m: DrawerRenderModel, side: Edge, touched: PixelRect, shown: Bool, scene: Picture, dim: XRenderColor,
    frontEnd: Int? = nil
  ) -> PixelRect {
    var touched = touched
    if shown, let h = m.handle?.frame {
      touched = touched.union(PixelRect(x: px(h.minX) - 1, y: px(h.minY) - 1, width: px(h.width) + 2, height: px(h.height) + 2))
    }
    let home = HomeEdge(edge: side, width: x.width, height: x.height)
    let backdrop = FrameBackdrop(
      scene: scene, dimAlpha: dim.alpha, debugMarks: m.debugMarks, mapX: mapOffset.x, mapY: mapOffset.y)
    let front = frontEnd.flatMap { end in
      side == .bottom && !touched.isEmpty
        ? PixelRect(x: touched.x, y: touched.y, width: touched.width, height: min(end, touched.maxY) - touched.y) : nil
    }
    let band = plan.region(backdrop: backdrop, touched: touched, front: front, home: home)
    (clipLeft, clipTop, clipRight, clipBottom) = (band.x, band.y, band.maxX, band.maxY)
    x.damage(band)
    return band
  }

  /// The two corners' top-left pixels, in the order of the pair picture.
  private func cornerPlaces(
    _ side: Edge, n: Int, left: Int, top: Int, right: Int, bottom: Int
  ) -> [(x: Int, y: Int)] {
    switch side {
    case .bottom: [(left, top), (right - n, top)]
    case .top: [(left, bottom - n), (right - n, bottom - n)]
    case .right: [(left, top), (left, bottom - n)]
    case .left: [(right - n, top), (right - n, bottom - n)]
    }
  }

  /// The sheet without its two corner squares.
  private func surfaceRects(
    _ side: Edge, n: Int, left: Int, top: Int, right: Int, bottom: Int
  ) -> [(x: Int, y: Int, width: Int, height: Int)] {
    let w = right - left, h = bottom - top
    switch side {
    case .bottom: return [(left + n, top, w - 2 * n, n), (left, top + n, w, h - n)]
    case .top: return [(left, top, w, h - n), (left + n, bottom - n, w - 2 * n, n)]
    case .right: return [(left, top + n, n, h - 2 * n), (left + n, top, w - n, h)]
    case .left: return [(left, top, w - n, h), (right - n, top + n, n, h - 2 * n)]
    }
  }

  /// Composites the pair's two corners: side by side for a moving edge at
  /// the top or bottom, stacked for one at the left or right.
  private func compositeCorners(
    _ paint: Picture, _ mask: Picture, side: Edge, n: Int, places: [(x: Int, y: Int)]
  ) {
    let stacked = !side.isVertical
    composite(paint, mask, places[0].x, places[0].y, n, n)
    composite(paint, mask, places[1].x, places[1].y, n, n, maskX: stacked ? 0 : n, maskY: stacked ? n : 0)
  }

  /// The two corners of the moving edge (fill or border ring), turned for
  /// `side`, cached by geometry.
  private func cornerPair(
    side: Edge, radiusQuarters: Int, thickness: Double, ring: Bool
  ) -> (picture: Picture, width: Int, height: Int) {
    let key = EdgeMaskKey(
      kind: ring ? .ring : .corners, side: side, radiusQuarters: radiusQuarters, thickness: thickness, blur: 0, span: 0)
    return edgeMask(key) {
      let masks = CornerMasks(radius: Double(radiusQuarters) / 4, borderThickness: thickness)
      let n = masks.size
      let one = ring ? (masks.border ?? [UInt8](repeating: 0, count: n * n)) : masks.fill
      let pair = sideBySide(one, Coverage.mirrored(one, width: n), width: n)
      return OrientedMask(pair, width: 2 * n, height: n, edge: side)
    }
  }

  /// The shadow band along the moving edge, turned for `side`, and where
  /// it goes in the window.
  private func edgeShadow(
    _ m: DrawerRenderModel, side: Edge, span: Int, left: Int, top: Int, right: Int, bottom: Int
  ) -> (picture: Picture, rect: PixelRect) {
    let s = m.shadow
    let radiusKey = quarters(min(max(0, m.cornerRadius), Double(span) / 2))
    let key = EdgeMaskKey(kind: .shadow, side: side, radiusQuarters: radiusKey, thickness: 0, blur: s.radius, span: span)
    let band = edgeMask(key) {
      let b = ShadowBand(shapeWidth: span, cornerRadius: Double(radiusKey) / 4, blurRadius: s.radius, extraRows: 0)
      return OrientedMask(b.pixels, width: b.width, height: b.height, edge: side)
    }
    let k = ShadowKernel.extent(blurRadius: s.radius)
    var origin: (x: Int, y: Int)
    switch side {
    case .bottom: origin = (left - k, top - k)
    case .top: origin = (left - k, bottom + k - band.height)
    case .right: origin = (left - k, top - k)
    case .left: origin = (right + k - band.width, top - k)
    }
    origin.x += px(s.offset.x)
    origin.y += px(s.offset.y)
    return (band.picture, PixelRect(x: origin.x, y: origin.y, width: band.width, height: band.height))
  }

  /// A cached turned mask, made by `make` on a miss.
  private func edgeMask(
    _ key: EdgeMaskKey, _ make: () -> OrientedMask
  ) -> (picture: Picture, width: Int, height: Int) {
    if let cached = edgeMasks[key] { return cached }
    let mask = make()
    let picture = mask.pixels.isEmpty ? 0 : x.makeMask(width: mask.width, height: mask.height, pixels: mask.pixels)
    let entry = (picture: picture, width: mask.width, height: mask.height)
    edgeMasks.insert(entry, for: key) { if $0.picture != 0 { x.release($0.picture) } }
    return entry
  }

  func releaseEdgeMasks() {
    edgeMasks.removeAll { if $0.picture != 0 { x.release($0.picture) } }
  }

  /// The title and the count, centred in the header beside the handle and
  /// clipped to the header, whatever the edge.
  /// The baseline of `m`'s header text, or nil when it has no header.
  func edgeHeaderBaseline(_ m: DrawerRenderModel) -> Int? {
    let h = m.headerFrame
    guard h.width > 0, h.height > 0 else { return nil }
    var textTop = h.minY, textBottom = h.maxY
    if let handle = m.handle?.frame, handle.minX < h.maxX, handle.maxX > h.minX {
      // The handle shares a bottom or top panel's header: the text takes
      // the part on the far side of it.
      if handle.minY + handle.height / 2 < h.minY + h.height / 2 { textTop = max(textTop, handle.maxY) } else { textBottom = min(textBottom, handle.minY) }
    }
    let lineHeight = Double(x.fonts.lineHeight(.title))
    return Int((textTop + (textBottom - textTop - lineHeight) / 2).rounded()) + x.fonts.ascent(.title)
  }

  func drawEdgeHeader(_ m: DrawerRenderModel, count: UnsafeBufferPointer<UInt8>? = nil) {
    let h = m.headerFrame
    guard let baseline = edgeHeaderBaseline(m) else { return }
    let left = Int(h.minX.rounded()), right = Int(h.maxX.rounded())
    let header = PixelRect(x: left, y: Int(h.minY.rounded()), width: right - left, height: Int(h.height.rounded()))
    let drawn = header.intersection(PixelRect(x: clipLeft, y: clipTop, width: clipRight - clipLeft, height: clipBottom - clipTop))
    guard !drawn.isEmpty else { return }
    var clip = xRectangle(x: drawn.x, y: drawn.y, width: drawn.width, height: drawn.height)
    XftDrawSetClipRectangles(x.textDraw, 0, 0, &clip, 1)
    defer { XftDrawSetClip(x.textDraw, nil) }
    if let count {
      // A detail panel's header: the list's title, and which of its rows
      // the card shows where the list says how many there are.
      let countWidth = text.measure(Array(count), .detail).width
      let countLeft = right - textInset - countWidth
      let titleWidth = countLeft - textInset - (left + textInset)
      rows.title.withUnsafeBufferPointer {
        drawText($0, .title, &rowTextColor, left: left + textInset, width: titleWidth, baseline: baseline, on: backCanvas)
      }
      drawText(count, .detail, &detailTextColor, left: countLeft, width: countWidth, baseline: baseline, on: backCanvas)
    } else {
      drawHeader(baseline: baseline, left: left, right: right, on: backCanvas)
    }
  }
}

/// A turned mask in the cache.
struct EdgeMaskKey: Hashable {
  enum Kind: Hashable { case corners, ring, shadow }
  var kind: Kind
  var side: Edge
  var radiusQuarters: Int
  var thickness: Double
  var blur: Double
  /// The shadow's shape length across the axis.
  var span: Int
}
