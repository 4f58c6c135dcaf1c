import CX11
import DrawerEngine
import DrawerHost
import DrawerRaster
import DrawerText

/// Corner radii are cached in quarter pixels: finer steps are invisible and
/// would defeat the cache while a drag changes the radius continuously.
func quarters(_ radius: Double) -> Int { Int((max(0, radius) * 4).rounded()) }

/// Draws frames from the engine's render model into the back buffer.
///
/// It owns every cached picture: the map, the corner masks keyed by radius
/// bucket and border thickness, the shadow's ends keyed by radius bucket
/// and its edge rows keyed by width, the handle mask, the drawer's content
/// and four solid paints. Nothing that depends only on geometry is computed
/// per frame.
///
/// A drag changes the drawer's place, its corner radius and the dim every
/// frame, so a frame draws only what that changes:
/// - the back buffer keeps the last frame, so the rows above both the last
///   and the new drawer (with its shadow) are kept while the dim's 8-bit
///   step and the debug lines stay the same; only the rows below are drawn
///   and copied to the window;
/// - the drawer's content (background, header text, rows, the border's
///   sides) is drawn once at positions relative to the drawer's top-left
///   pixel, while those positions stay the same, and the window takes the
///   rows below the corners and the handle straight from it: the back
///   buffer holds only the rows above. Outside the rectangles where the
///   content draws text, separators or the selection, every row of the
///   picture is the same, so moving the drawer changes only those
///   rectangles in the window (`Presentation`);
/// - under an opaque drawer only the shadow's rows above the top edge and
///   its two ends are composited, and the ends are all a new radius computes.
final class Renderer {
  let x: XSession
  let rows: RowTexts
  /// The colours of everything the configuration does not colour.
  let theme: Theme
  // The painters' lengths in device px (`PaintMetrics`).
  let textInset: Int
  let focusRingWidth: Int
  let markBarWidth: Int
  let lineGap: Int
  let debugLineThickness: Int
  let markTagPadding: Int

  var scene: (width: Int, height: Int, picture: Picture)?
  /// The map's hint line and the list panel's layout now, which the hint
  /// card keeps clear of; nil draws no card (and a pan of the map makes
  /// it nil).
  var mapHint: (text: [UInt8], layout: () -> PanelLayout)?
  var corners = GeometryCache<CornerKey, CornerPictures>()
  var shadows = GeometryCache<ShadowKey, ShadowPictures>()
  var shadowTiles = GeometryCache<ShadowTileKey, ShadowTilePictures>()
  var shadowEdge: (key: ShadowEdgeKey, picture: Picture)?
  var kernel: (blur: Double, kernel: ShadowKernel)?
  var handle: (key: HandleKey, picture: Picture)?
  /// The scroll indicator's rounded bar, by size.
  var indicatorMask: (key: HandleKey, picture: Picture)?
  var content: ContentPicture?

  var fillPaint: SolidPaint
  var borderPaint: SolidPaint
  var shadowPaint: SolidPaint
  var handlePaint: SolidPaint
  var indicatorPaint: SolidPaint

  var rowTextColor: XftColor
  var detailTextColor: XftColor
  /// Characters a query matched.
  var accentTextColor: XftColor
  /// `rows.version` when the header's texts were last measured.
  var measuredRowsVersion = -1
  /// Lays out and draws every text.
  let text: TextPainter
  /// The header's title and count on one line each: their widths place
  /// them, their ink tells whether they stay clear of the handle and the
  /// corners. Measured again when the fonts change.
  var titleLine = MeasuredLine()
  var summaryLine = MeasuredLine()
  /// The debug lines' names, in the order of `DebugMarks`.
  static let markLabels = [Array("upper mark".utf8), Array("mark".utf8), Array("lower mark".utf8)]
  let markColors: [DrawerColor]
  var markLabelWidths: [Int] = []
  /// Black or white, whichever reads better on each mark's colour.
  var markTextColors: [XftColor]

  /// How far the map is panned, px (a non-modal panel lets it be dragged).
  /// The scene repeats, so it is kept within one scene: a long pan must
  /// not push the source position past XRender's 16-bit coordinates.
  var mapOffset = (x: 0, y: 0) {
    didSet {
      let w = max(1, x.width), h = max(1, x.height)
      mapOffset = (((mapOffset.x % w) + w) % w, ((mapOffset.y % h) + h) % h)
      // Once the map has been dragged the hint has done its work; panned
      // with the map, its card would show in two pieces where the map
      // repeats. The map is drawn again without it.
      if mapOffset != (0, 0) && mapHint != nil {
        mapHint = nil
        if let scene { x.release(scene.picture) }
        scene = nil
      }
    }
  }
  /// Reoriented corner and shadow masks of the other edges, by geometry.
  var edgeMasks = GeometryCache<EdgeMaskKey, (picture: Picture, width: Int, height: Int)>()
  /// How much of the window each frame redraws: the band along the home
  /// edge that the panel touched in this frame or the last.
  var plan = FramePlan<FrameBackdrop>()
  /// The dim's step on screen, which a moving panel changes only by whole
  /// tolerances.
  var backdropSteps = BackdropSteps()
  /// The part of the back buffer this frame draws: outside it the back
  /// buffer keeps the last frame, and for a bottom panel the rows from
  /// `clipBottom` down come from the content picture.
  var clipTop = 0
  var clipBottom = 0
  var clipLeft = 0
  var clipRight = 0
  /// This frame's content layout, rebuilt in place so a frame allocates
  /// nothing.
  var layout = ContentLayout()
  /// While the content picture is drawn: the rectangles drawn into it other
  /// than the background and the border's sides, and the list's clip.
  var inks: [PixelRect]?
  var inkClip: (x0: Int, y0: Int, x1: Int, y1: Int)?
  /// Counts content pictures drawn, so the session can tell a new one.
  var contentVersion = 0
  /// The layout the last frame drew directly. The content picture is
  /// redrawn only for a layout seen twice in a row: while the list scrolls
  /// every frame differs, and drawing the picture too would double the cost.
  var pendingLayout: ContentLayout?

  /// Every shadow, first to last (the configuration's, in device px).
  let surfaceShadows: [ShadowConfiguration]
  /// The general path's masks by geometry (`Renderer+Surface`).
  var surfaceMasks = GeometryCache<SurfaceMaskKey, Picture>()
  /// Window-sized ARGB picture where the shadows are gathered and cut.
  var shadowLayer: (picture: Picture, width: Int, height: Int)?
  /// Opaque white, the source that cuts the surface's corners out of it.
  var cutPaint: SolidPaint
  /// The detail panel's shadows (device px).
  let detailShadows: [ShadowConfiguration]
  /// Whether the last frame drew a detail panel over the list: such a
  /// frame redraws the whole window, and the frame after it does too.
  var overlaid = false

  /// `metrics` and `shadows` are in device px.
  init(
    session: XSession, rows: RowTexts, theme: Theme, metrics: PaintMetrics, shadows: [ShadowConfiguration],
    detailShadows: [ShadowConfiguration]
  ) {
    x = session
    self.rows = rows
    self.theme = theme
    surfaceShadows = shadows
    self.detailShadows = detailShadows
    cutPaint = SolidPaint(session)
    textInset = Int(metrics.textInset)
    focusRingWidth = Int(metrics.focusRingWidth.rounded())
    markBarWidth = Int(metrics.markBarWidth.rounded())
    lineGap = Int(metrics.lineGap)
    debugLineThickness = Int(metrics.debugLineThickness)
    markTagPadding = Int(metrics.markTagPadding)
    fillPaint = SolidPaint(session)
    borderPaint = SolidPaint(session)
    shadowPaint = SolidPaint(session)
    handlePaint = SolidPaint(session)
    indicatorPaint = SolidPaint(session)
    rowTextColor = session.textColor(theme.rowText)
    detailTextColor = session.textColor(theme.detailText)
    accentTextColor = session.textColor(theme.accent)
    text = TextPainter(session: session)
    markColors = [theme.upperMark, theme.partialMark, theme.lowerMark]
    markTextColors = markColors.map { c in
      session.textColor(contrast(.black, c) >= contrast(.white, c) ? .black : .white)
    }
    measureTexts()
  }

  /// Measures the texts whose sizes place them, with the session's fonts.
  private func measureTexts() {
    measuredRowsVersion = rows.version
    titleLine = text.measure(rows.title, .title)
    summaryLine = text.measure(rows.summary, .detail)
    markLabelWidths = Renderer.markLabels.map { text.measure($0, .detail).width }
  }

  /// Opens the fonts at `scale` times their pixel sizes (HiDPI) and redraws
  /// everything with them; the engine's line heights come from
  /// `x.textMetrics` again. On failure the old fonts stay.
  func setFontScale(_ scale: Double) throws(Failure) {
    try x.reopenFonts(scale: scale)
    fontsChanged()
  }

  /// Drops what was measured or drawn with the old fonts: the header's
  /// measures, the map's labels and the content picture.
  func fontsChanged() {
    measureTexts()
    if let scene { x.release(scene.picture) }
    scene = nil
    releaseContent()
    pendingLayout = nil
    plan.reset()
  }

  deinit {
    releaseContent()
  }

  /// Frees every picture the renderer made, before another takes its
  /// place (the scale changed); it must not draw again.
  func releaseAll() {
    windowResized()
    corners.removeAll(release: releaseCorners)
    shadowTiles.removeAll(release: releaseShadowTile)
    if let handle { x.release(handle.picture) }
    handle = nil
    if let indicatorMask { x.release(indicatorMask.picture) }
    indicatorMask = nil
    releaseSurfaceMasks()
    for paint in [fillPaint, borderPaint, shadowPaint, handlePaint, indicatorPaint, cutPaint] { x.release(paint.picture) }
  }

  /// Drops what depends on the window's size after a resize.
  func windowResized() {
    if let scene { x.release(scene.picture) }
    scene = nil
    shadows.removeAll(release: releaseShadow)
    if let shadowEdge { x.release(shadowEdge.picture) }
    shadowEdge = nil
    releaseContent()
    releaseEdgeMasks()
    if let shadowLayer { x.release(shadowLayer.picture) }
    shadowLayer = nil
    pendingLayout = nil
    plan.reset()
  }

  /// Draws `m` into the back buffer, back to front: map, dim, shadow, debug
  /// marks, drawer surface, handle, header, list, border; and marks the rows
  /// it drew for the next present.
  func render(_ m: DrawerRenderModel) {
    // Rows arrived or the query changed: the header's texts may have too.
    if rows.version != measuredRowsVersion { measureTexts() }
    if needsSurfacePath(m) {
      renderSurface(m)
      return
    }
    if m.edge != .bottom {
      renderAnyEdge(m)
      return
    }
    let width = x.width
    let height = x.height
    let scenePicture = sceneFor(width: width, height: height)

    let left = px(m.drawerFrame.minX)
    let right = px(m.drawerFrame.maxX)
    let top = px(m.drawerTop)
    let drawerWidth = right - left
    let shown = top < height && drawerWidth > 0
    // Beyond half the width the two corners would overlap.
    let radius = min(max(0, m.cornerRadius), Double(max(drawerWidth, 0)) / 2)
    let radiusKey = quarters(radius)
    let thickness = m.border.thickness.isFinite ? max(0, m.border.thickness) : 0
    let cornerMasks = shown ? cornerPictures(radiusQuarters: radiusKey, thickness: thickness) : nil
    let cornerSize = cornerMasks?.size ?? 0
    let shadowShown = shown && m.shadow.opacity > 0 && m.shadow.color.alpha > 0
    let headerBaseline = shown ? self.headerBaseline(m.headerFrame, handleBottom: m.handle.map { $0.frame.maxY }) : nil

    // An opaque full-width drawer hides everything below its corners, so
    // the map and dim stop there: at 1280×800 that halves the fill work.
    let opaque = m.backgroundColor.alpha >= 1 && left <= 0 && right >= width
    let coverTop = shown && opaque ? min(max(top + cornerSize, 0), height) : height
    let dim = backdropDim(m)

    // The topmost row the drawer touches: its top edge, the shadow above
    // it, and header text pushed above it when the drawer is nearly down.
    var extentTop = shown ? top : height
    if shadowShown {
      let shadowTop = top - ShadowKernel.extent(blurRadius: m.shadow.radius) + Int(m.shadow.offset.y.rounded())
      extentTop = min(extentTop, shadowTop)
    }
    if let headerBaseline {
      let (headerLeft, headerRight) = span(m.headerFrame)
      let places = headerPlaces(left: headerLeft, right: headerRight)
      let inkTop = min(places.titleInk.y, places.summaryInk?.y ?? 0)
      extentTop = min(extentTop, headerBaseline + inkTop)
    }
    let backdrop = FrameBackdrop(
      scene: scenePicture, dimAlpha: dim.alpha, debugMarks: m.debugMarks, mapX: mapOffset.x, mapY: mapOffset.y)
    let home = HomeEdge(edge: .bottom, width: width, height: height)
    let depth = plan.depth(backdrop: backdrop, reach: height - extentTop, length: height)
    clipTop = height - depth
    (clipLeft, clipRight) = (0, width)
    x.damage(home.band(depth: depth))
    // Below the corners and the handle the window comes straight from the
    // content picture, when there is one for this layout.
    let handle = m.handle.flatMap(handleRect)
    var contentSplit: Int?
    // Debug mode draws its lines over the drawer, and the scroll indicator
    // lies over the list, where the content picture, copied to the window
    // after the back buffer, would cover them.
    // A detail panel over the list covers the rows the picture would copy.
    if shown && opaque && m.debugMarks == nil && m.list.scrollIndicator == nil && !overlaid,
      let picture = prepareContent(
        m, left: left, right: right, top: top, cornerSize: cornerSize, headerBaseline: headerBaseline)
    {
      let split = bodyRow(top: top, cornerSize: cornerSize, handle: handle)
      x.presentBody(
        BodySource(
          picture: picture.pixmap, version: picture.version, row: split, x: left, y: top, width: drawerWidth,
          inks: picture.inks))
      contentSplit = split
    } else {
      x.presentBody(nil)
    }
    clipBottom = contentSplit ?? height

    if coverTop > clipTop {
      copy(scenePicture, -mapOffset.x, -mapOffset.y, to: 0, 0, width, coverTop)
      fill(dim, 0, 0, width, coverTop)
    }
    if shadowShown {
      drawShadow(
        m.shadow, left: left, top: top, width: drawerWidth, radiusQuarters: radiusKey, opaque: opaque,
        cornerSize: cornerSize)
    }
    // Last, above the drawer too: a mark under the drawer must show.
    defer { drawDebugMarks(m) }
    guard shown, let cornerMasks else { return }

    // Surface: corner masks, the strip between them, and the body below.
    let background = renderColor(m.backgroundColor)
    if cornerSize > 0 {
      fillPaint.set(background, x)
      composite(fillPaint.picture, cornerMasks.masks, left, top, cornerSize, cornerSize)
      composite(fillPaint.picture, cornerMasks.masks, right - cornerSize, top, cornerSize, cornerSize, maskX: cornerSize)
    }
    if let content, contentSplit != nil {
      copy(content.picture, cornerSize, 0, to: left + cornerSize, top, drawerWidth - 2 * cornerSize, cornerSize)
      copy(content.picture, 0, cornerSize, to: left, top + cornerSize, drawerWidth, height - top - cornerSize)
      if let h = m.handle { drawHandle(h) }
    } else {
      fill(background, left + cornerSize, top, drawerWidth - 2 * cornerSize, cornerSize)
      fill(background, left, top + cornerSize, drawerWidth, height - top - cornerSize)
      if let h = m.handle { drawHandle(h) }
      let (headerLeft, headerRight) = span(m.headerFrame)
      if let headerBaseline { drawHeader(baseline: headerBaseline, left: headerLeft, right: headerRight, on: backCanvas) }
      let (listLeft, listRight) = span(m.list.viewport)
      drawList(
        m.list, left: listLeft, right: listRight, on: backCanvas, clipBottom: min(height, Int(m.list.viewport.maxY.rounded())),
        end: min(m.list.rowCount, m.list.firstVisibleRow + m.list.visibleRowCount))
    }
    drawScrollIndicator(m.list.scrollIndicator)
    // Last, so that row separators and the selection never cover it.
    if thickness > 0 {
      drawBorder(m.border.color, thickness, cornerMasks, left: left, right: right, top: top, sides: contentSplit == nil)
    }
  }

  // MARK: Parts

  /// The backdrop's premultiplied black in whole 8-bit alpha steps: the
  /// window has 8 bits a channel, so a finer alpha changes no pixel, and
  /// frames within one step can keep the dimmed map already drawn.
  func dimColor(_ alpha: Double) -> XRenderColor {
    dimColor(step: Int(renderColor(.black, opacity: alpha).alpha >> 8))
  }

  func dimColor(step: Int) -> XRenderColor {
    XRenderColor(red: 0, green: 0, blue: 0, alpha: UInt16(max(0, min(255, step))) * 257)
  }

  /// The backdrop's dim for `m`, which lags the model's by less than
  /// `BackdropSteps.movingTolerance` while the panel moves (`BackdropSteps`).
  func backdropDim(_ m: DrawerRenderModel) -> XRenderColor {
    let target = Int(renderColor(.black, opacity: m.backdropAlpha).alpha >> 8)
    return dimColor(step: backdropSteps.step(target: target, atRest: m.stateIndex != nil && !m.isAnimating))
  }

  func drawShadow(
    _ s: ShadowConfiguration, left: Int, top: Int, width: Int, radiusQuarters: Int, opaque: Bool, cornerSize: Int
  ) {
    // Rows below the corners are part of the band only when the offset
    // lifts them above the drawer's edge.
    let lift = max(0, Int((-s.offset.y).rounded(.up)))
    let k = ShadowKernel.extent(blurRadius: s.radius)
    let sx = left - k + Int(s.offset.x.rounded())
    let sy = top - k + Int(s.offset.y.rounded())
    shadowPaint.set(renderColor(s.color, opacity: s.opacity), x)
    let c = Int((Double(radiusQuarters) / 4).rounded(.up))
    if opaque && ShadowTile.fits(shapeWidth: width, cornerSize: c, blurExtent: k) {
      // The drawer hides the band below its top edge except in its two
      // corners: only the ends down to the corners' bottom and the edge
      // rows above the top are seen.
      // An end's outer columns past the window's edge are never seen.
      let bandWidth = width + 2 * k
      let hidden = max(0, min(-sx, sx + bandWidth - x.width))
      let ends = shadowTilePictures(
        ShadowTileKey(
          radiusQuarters: radiusQuarters, blur: s.radius, extraRows: lift, rows: top + cornerSize - sy, hiddenColumns: hidden))
      let endRows = min(ends.height, top + cornerSize - sy)
      composite(shadowPaint.picture, ends.masks, sx, sy, ends.width, endRows)
      composite(shadowPaint.picture, ends.masks, sx + bandWidth - ends.width, sy, ends.width, endRows, maskX: ends.width)
      // The edge picture is only as wide as the window: clip first, so that
      // its columns line up from its left edge.
      let edgeRows = min(ends.height, top - sy)
      let edgeLeft = max(sx + ends.width, 0)
      let edgeRight = min(sx + bandWidth - ends.width, x.width)
      if edgeRows > 0 && edgeRight > edgeLeft {
        let edge = shadowEdgePicture(ShadowEdgeKey(width: x.width, rows: edgeRows, blur: s.radius))
        composite(shadowPaint.picture, edge, edgeLeft, sy, edgeRight - edgeLeft, edgeRows)
      }
      return
    }
    let pictures = shadowPictures(ShadowKey(width: width, radiusQuarters: radiusQuarters, blur: s.radius, extraRows: lift))
    composite(shadowPaint.picture, pictures.band, sx, sy, pictures.width, pictures.height)
    if !opaque {
      // Seen through a translucent drawer: the constant part below the band.
      let below = sy + pictures.height
      composite(shadowPaint.picture, pictures.profile, sx, below, pictures.width, x.height - below)
    }
  }

  /// The debug lines across the container where the moving edge would be
  /// at each mark's extent, each with a tag naming it, over everything.
  func drawDebugMarks(_ m: DrawerRenderModel) {
    guard let marks = m.debugMarks else { return }
    let t = debugLineThickness
    let lineHeight = x.fonts.lineHeight(.detail)
    let ascent = x.fonts.ascent(.detail)
    for (i, extent) in [marks.upperMark, marks.mark, marks.lowerMark].enumerated() {
      guard let extent, extent.isFinite, abs(extent) < 32_000 else { continue }
      let p = m.windowPoint(extent: extent)
      let color = markColors[i]
      let tag = (width: markLabelWidths[i] + 2 * markTagPadding, height: lineHeight + markTagPadding)
      // The tag sits against the line on the side away from the home edge,
      // near the far end of the line from the panel's title.
      let tagAt: (x: Int, y: Int)
      if m.edge.isVertical {
        let y = Int(p.y.rounded())
        fill(renderColor(color), 0, y - t / 2, x.width, t)
        let above = m.edge == .bottom
        tagAt = (x.width - textInset - tag.width, above ? y - t / 2 - tag.height : y + t - t / 2)
      } else {
        let xx = Int(p.x.rounded())
        fill(renderColor(color), xx - t / 2, 0, t, x.height)
        let right = m.edge == .left
        // Lines 40 px apart would overlap tags side by side: they step up.
        let y = x.height - textInset - tag.height - (2 - i) * (tag.height + markTagPadding)
        tagAt = (right ? xx + t - t / 2 : xx - t / 2 - tag.width, y)
      }
      fill(renderColor(color), tagAt.x, tagAt.y, tag.width, tag.height)
      Renderer.markLabels[i].withUnsafeBufferPointer {
        drawText(
          $0, .detail, &markTextColors[i], left: tagAt.x + markTagPadding, width: markLabelWidths[i],
          baseline: tagAt.y + markTagPadding / 2 + ascent, on: backCanvas)
      }
    }
  }

  /// The ring in the corner masks, then straight runs: the top edge between
  /// the corners and both sides below them. A fractional thickness ends in
  /// a one-pixel run at that fraction of the colour's alpha. The content
  /// picture has the sides already (`sides` false): a second translucent
  /// run would darken them.
  func drawBorder(
    _ color: DrawerColor, _ t: Double, _ masks: CornerPictures, left: Int, right: Int, top: Int, sides: Bool
  ) {
    let size = masks.size
    if masks.ring {
      borderPaint.set(renderColor(color), x)
      composite(borderPaint.picture, masks.masks, left, top, size, size, maskY: size)
      composite(borderPaint.picture, masks.masks, right - size, top, size, size, maskX: size, maskY: size)
    }
    let whole = Int(t.rounded(.down))
    let fraction = t - Double(whole)
    let span = right - left - 2 * size
    fill(renderColor(color), left + size, top, span, whole)
    if fraction > 0 { fill(renderColor(color, opacity: fraction), left + size, top + whole, span, 1) }
    if sides {
      drawBorderSides(color, t, left: left, right: right, rows: min(top + size, x.height)..<x.height, on: backCanvas)
    }
  }

  /// The border's two sides over `rows`.
  func drawBorderSides(
    _ color: DrawerColor, _ t: Double, left: Int, right: Int, rows: Range<Int>, on canvas: Canvas
  ) {
    let whole = Int(t.rounded(.down))
    let fraction = t - Double(whole)
    let solid = renderColor(color)
    let y = rows.lowerBound
    let sideHeight = rows.count
    fill(solid, left, y, whole, sideHeight, on: canvas)
    fill(solid, right - whole, y, whole, sideHeight, on: canvas)
    if fraction > 0 {
      let partial = renderColor(color, opacity: fraction)
      fill(partial, left + whole, y, 1, sideHeight, on: canvas)
      fill(partial, right - whole - 1, y, 1, sideHeight, on: canvas)
    }
  }

  /// The handle's rectangle in whole pixels, nil when it is not drawn.
  func handleRect(_ h: HandleModel) -> (x: Int, y: Int, width: Int, height: Int)? {
    let w = Int(h.frame.width.rounded())
    let hh = Int(h.frame.height.rounded())
    guard w > 0, hh > 0, w <= 4096, hh <= 4096 else { return nil }
    return (Int(h.frame.minX.rounded()), Int(h.frame.minY.rounded()), w, hh)
  }

  func drawHandle(_ h: HandleModel) {
    guard h.alpha > 0, h.color.alpha > 0, let r = handleRect(h) else { return }
    let key = HandleKey(width: r.width, height: r.height, radiusQuarters: quarters(h.cornerRadius))
    let mask: Picture
    if let handle, handle.key == key {
      mask = handle.picture
    } else {
      if let handle { x.release(handle.picture) }
      let coverage = RoundedRectMask(width: r.width, height: r.height, radius: Double(key.radiusQuarters) / 4)
      mask = x.makeMask(width: r.width, height: r.height, pixels: coverage.pixels)
      handle = (key, mask)
    }
    handlePaint.set(renderColor(h.color, opacity: h.alpha), x)
    composite(handlePaint.picture, mask, r.x, r.y, r.width, r.height)
  }

  /// The list's scroll indicator over the rows: a bar with round ends in
  /// the theme's colour at the indicator's alpha.
  func drawScrollIndicator(_ indicator: ScrollIndicatorModel?) {
    guard let indicator, indicator.alpha > 0 else { return }
    let f = indicator.frame
    let r = (x: Int(f.minX.rounded()), y: Int(f.minY.rounded()), width: Int(f.width.rounded()), height: Int(f.height.rounded()))
    guard r.width > 0, r.height > 0, r.width <= 4096, r.height <= 32_000, abs(r.x) < 32_000, abs(r.y) < 32_000 else { return }
    let key = HandleKey(width: r.width, height: r.height, radiusQuarters: quarters(Double(r.width) / 2))
    let mask: Picture
    if let indicatorMask, indicatorMask.key == key {
      mask = indicatorMask.picture
    } else {
      if let indicatorMask { x.release(indicatorMask.picture) }
      let coverage = RoundedRectMask(width: r.width, height: r.height, radius: Double(key.radiusQuarters) / 4)
      mask = x.makeMask(width: r.width, height: r.height, pixels: coverage.pixels)
      indicatorMask = (key, mask)
    }
    indicatorPaint.set(renderColor(theme.scrollIndicator, opacity: indicator.alpha), x)
    x.damage(PixelRect(x: r.x, y: r.y, width: r.width, height: r.height))
    composite(indicatorPaint.picture, mask, r.x, r.y, r.width, r.height)
  }

  /// The header texts' baseline: centred in the part of the header below
  /// the handle; nil when the text would not show.
  /// The first window row a body from the content picture shows: below
  /// the sheet's top corners and its handle, which the back buffer draws.
  func bodyRow(top: Int, cornerSize: Int, handle: (x: Int, y: Int, width: Int, height: Int)?) -> Int {
    min(x.height, max(top + cornerSize, handle.map { $0.y + $0.height } ?? top))
  }

  func headerBaseline(_ frame: Rect, handleBottom: Double?) -> Int? {
    let ascent = x.fonts.ascent(.title)
    let textTop = max(frame.minY, handleBottom ?? frame.minY)
    let lineHeight = Double(x.fonts.lineHeight(.title))
    let baseline = Int((textTop + (frame.maxY - textTop - lineHeight) / 2).rounded()) + ascent
    guard baseline > 0, baseline - ascent < x.height else { return nil }
    return baseline
  }

  /// Where the header's texts go in a header from `left` to `right`: the
  /// title's box and the count's left edge, and their ink (x in window
  /// positions, y from the baseline). The count shows only where it fits
  /// beside the whole title, so the two never overlap; the title alone is
  /// cut with an ellipsis when it does not fit. A right-to-left title is
  /// aligned to the right of its box.
  func headerPlaces(left: Int, right: Int) -> (
    titleLeft: Int, titleWidth: Int, titleInk: TextInk, summaryLeft: Int?, summaryInk: TextInk?
  ) {
    let titleLeft = left + textInset
    let summaryLeft = right - textInset - summaryLine.width
    let both = summaryLeft >= titleLeft + titleLine.width + textInset
    let box = both ? summaryLeft - textInset - titleLeft : right - textInset - titleLeft
    var ink = titleLine.ink
    if titleLine.width > box {
      // Cut: somewhere within the box, as high and deep as the whole line.
      ink.x = 0
      ink.width = max(0, box)
    } else if titleLine.isRightToLeft {
      ink.x += box - titleLine.width
    }
    ink.x += titleLeft
    guard both else { return (titleLeft, box, ink, nil, nil) }
    var countInk = summaryLine.ink
    countInk.x += summaryLeft
    return (titleLeft, box, ink, summaryLeft, countInk)
  }

  /// The title on the left and the row count on the right (`headerPlaces`).
  func drawHeader(baseline: Int, left: Int, right: Int, on canvas: Canvas) {
    let places = headerPlaces(left: left, right: right)
    rows.title.withUnsafeBufferPointer {
      drawText($0, .title, &rowTextColor, left: places.titleLeft, width: places.titleWidth, baseline: baseline, on: canvas)
    }
    guard let summaryLeft = places.summaryLeft else { return }
    rows.summary.withUnsafeBufferPointer {
      drawText(
        $0, .detail, &detailTextColor, left: summaryLeft, width: summaryLine.width, baseline: baseline, on: canvas)
    }
  }

  /// Rows up to `end`, clipped to the viewport (ending at `clipBottom`):
  /// a million rows cost what twenty do.
  func drawList(_ list: ListModel, left: Int, right: Int, on canvas: Canvas, clipBottom: Int, end: Int) {
    let v = list.viewport
    let clipTop = max(0, Int(v.minY.rounded()))
    let clipLeft = max(canvas.minX + canvas.dx, Int(v.minX.rounded()))
    let clipRight = min(canvas.width + canvas.dx, Int(v.maxX.rounded()))
    guard clipBottom > clipTop, clipRight > clipLeft else { return }
    var clip = xRectangle(
      x: clipLeft - canvas.dx, y: clipTop - canvas.dy, width: clipRight - clipLeft, height: clipBottom - clipTop)
    XftDrawSetClipRectangles(canvas.text, 0, 0, &clip, 1)
    XRenderSetPictureClipRectangles(x.display, canvas.picture, 0, 0, &clip, 1)
    inkClip = (Int(clip.x), Int(clip.y), Int(clip.x) + Int(clip.width), Int(clip.y) + Int(clip.height))
    defer {
      inkClip = nil
      XftDrawSetClip(canvas.text, nil)
      var attributes = XRenderPictureAttributes()
      attributes.clip_mask = 0
      XRenderChangePicture(x.display, canvas.picture, UInt(CPClipMask), &attributes)
    }

    if list.rowCount == 0 {
      let baseline = (clipTop + clipBottom) / 2
      rows.emptyText.withUnsafeBufferPointer {
        drawText(
          $0, .row, &detailTextColor, left: left, width: right - left, baseline: baseline, alignment: .center,
          on: canvas)
      }
      return
    }
    let rowAscent = x.fonts.ascent(.row)
    let rowLine = x.fonts.lineHeight(.row)
    let detailAscent = x.fonts.ascent(.detail)
    let detailLine = x.fonts.lineHeight(.detail)
    // Rows' text runs between the insets; what does not fit ends in "…".
    let textWidth = right - left - 2 * textInset
    let separator = renderColor(theme.separator)
    let selection = renderColor(theme.selection)
    let hover = renderColor(theme.hover)
    let accent = renderColor(theme.accent)
    let ring = max(1, focusRingWidth)
    var row = max(0, list.firstVisibleRow)
    while row < end {
      let y0 = Int(list.rowTop(row).rounded())
      let y1 = Int(list.rowTop(row + 1).rounded())
      let rowHeight = y1 - y0
      let width = right - left
      if row == list.selectedRow {
        fill(selection, left, y0, width, rowHeight, on: canvas, ink: true)
      } else if row == list.hoveredRow {
        fill(hover, left, y0, width, rowHeight, on: canvas, ink: true)
      }
      let marked = rows.isMarked(row)
      if marked {
        // A bar at the row's start says it is part of a multiple pick.
        fill(accent, left, y0, markBarWidth, rowHeight, on: canvas, ink: true)
      }
      let twoLines = rows.hasDetail && rowHeight >= rowLine + lineGap + detailLine + 4
      let matched = rows.filter == nil ? [] : rows.highlights(ofRow: row)
      rows.withRow(row) { title, detail in
        if twoLines, let detail {
          let top = y0 + (rowHeight - (rowLine + lineGap + detailLine)) / 2
          drawText(
            title, .row, &rowTextColor, left: left + textInset, width: textWidth, baseline: top + rowAscent,
            highlighted: matched, on: canvas)
          let detailBaseline = top + rowLine + lineGap + detailAscent
          drawText(
            detail, .detail, &detailTextColor, left: left + textInset, width: textWidth, baseline: detailBaseline,
            on: canvas)
        } else {
          drawText(
            title, .row, &rowTextColor, left: left + textInset, width: textWidth,
            baseline: y0 + (rowHeight - rowLine) / 2 + rowAscent, highlighted: matched, on: canvas)
        }
      }
      fill(separator, left + textInset, y1 - 1, right - left - textInset, 1, on: canvas, ink: true)
      if row == list.selectedRow && rowHeight > 2 * ring {
        // The focus ring: the keyboard's row, apart from the pointer's tint.
        fill(accent, left, y0, width, ring, on: canvas, ink: true)
        fill(accent, left, y1 - ring, width, ring, on: canvas, ink: true)
        fill(accent, left, y0 + ring, ring, rowHeight - 2 * ring, on: canvas, ink: true)
        fill(accent, right - ring, y0 + ring, ring, rowHeight - 2 * ring, on: canvas, ink: true)
      }
      row += 1
    }
  }

  // MARK: Content picture

  /// The content picture for this frame, redrawn when its layout is the
  /// last frame's too; nil when the frame must be drawn directly.
  func prepareContent(
    _ m: DrawerRenderModel, left: Int, right: Int, top: Int, cornerSize: Int, headerBaseline: Int?
  ) -> ContentPicture? {
    guard layoutContent(m, left: left, right: right, top: top, cornerSize: cornerSize, headerBaseline: headerBaseline) else {
      pendingLayout = nil
      return nil
    }
    // The first picture is drawn at once: the first frame comes before the
    // window maps, and a drawer at rest usually moves next with its content
    // unchanged.
    if content?.layout != layout {
      guard content == nil || pendingLayout == layout else {
        pendingLayout = layout
        return nil
      }
      drawContent(m, left: left, right: right, top: top, headerBaseline: headerBaseline)
    }
    return content
  }

  /// Fills `layout` with where this frame's content falls relative to the
  /// drawer's top-left pixel. False when the content cannot come from a
  /// picture: the empty list's note is centred in the window, not the
  /// drawer, and header text near the handle or a corner would be drawn in
  /// a different order than directly.
  func layoutContent(
    _ m: DrawerRenderModel, left: Int, right: Int, top: Int, cornerSize: Int, headerBaseline: Int?
  ) -> Bool {
    let list = m.list
    let v = list.viewport
    let clipTop = max(0, Int(v.minY.rounded()))
    let clipLeft = max(0, Int(v.minX.rounded()))
    let clipRight = min(x.width, Int(v.maxX.rounded()))
    guard list.rowCount > 0, clipTop < x.height, clipRight > clipLeft, min(x.height, Int(v.maxY.rounded())) == x.height,
      clipTop - top >= cornerSize
    else { return false }

    if let headerBaseline {
      let handle = m.handle.flatMap(handleRect)
      let (headerLeft, headerRight) = span(m.headerFrame)
      let places = headerPlaces(left: headerLeft, right: headerRight)
      func clear(_ ink: TextInk?) -> Bool {
        guard let ink, !ink.isEmpty else { return true }
        let box = (x: ink.x, y: headerBaseline + ink.y, width: ink.width, height: ink.height)
        if box.y < top { return false }
        if let handle, overlaps(box, handle) { return false }
        let leftCorner = (x: left, y: top, width: cornerSize, height: cornerSize)
        let rightCorner = (x: right - cornerSize, y: top, width: cornerSize, height: cornerSize)
        return !overlaps(box, leftCorner) && !overlaps(box, rightCorner)
      }
      guard clear(places.titleInk), clear(places.summaryInk) else {
        return false
      }
    }

    layout.width = right - left
    layout.height = x.height
    layout.background = m.backgroundColor
    layout.border = m.border
    layout.headerBaseline = headerBaseline.map { $0 - top }
    layout.clipTop = clipTop - top
    layout.clipLeft = clipLeft - left
    layout.clipRight = clipRight - left
    layout.selectedRow = list.selectedRow
    layout.hoveredRow = list.hoveredRow
    layout.rowsVersion = rows.version
    layout.firstRow = max(0, list.firstVisibleRow)
    // Every row that starts within the picture, and the bottom of the last:
    // as the drawer rises, rows below the window come into view.
    layout.rowEdges.removeAll(keepingCapacity: true)
    var row = layout.firstRow
    while row < list.rowCount {
      let edge = Int(list.rowTop(row).rounded()) - top
      if edge >= layout.height { break }
      layout.rowEdges.append(edge)
      row += 1
    }
    layout.rowEdges.append(Int(list.rowTop(row).rounded()) - top)
    return true
  }

  /// Draws the content picture for `layout`: the frame's direct drawing
  /// moved by the drawer's top-left pixel.
  func drawContent(_ m: DrawerRenderModel, left: Int, right: Int, top: Int, headerBaseline: Int?) {
    if let c = content, c.layout.width != layout.width || c.layout.height != layout.height { releaseContent() }
    let picture = content ?? ContentPicture(x, width: layout.width, height: layout.height)
    let canvas = Canvas(
      picture: picture.picture, text: picture.text, dx: left, dy: top, width: layout.width, height: layout.height, minY: 0)
    fill(renderColor(m.backgroundColor), left, top, layout.width, layout.height, on: canvas)
    inks = []
    let (headerLeft, headerRight) = span(m.headerFrame)
    if let headerBaseline { drawHeader(baseline: headerBaseline, left: headerLeft, right: headerRight, on: canvas) }
    let (listLeft, listRight) = span(m.list.viewport)
    drawList(
      m.list, left: listLeft, right: listRight, on: canvas, clipBottom: top + layout.height,
      end: layout.firstRow + layout.rowEdges.count - 1)
    // The sides from the drawer's top: the frames that use the picture
    // start it below the corners, whatever their size.
    let t = m.border.thickness.isFinite ? max(0, m.border.thickness) : 0
    if t > 0 {
      drawBorderSides(m.border.color, t, left: left, right: right, rows: top..<(top + layout.height), on: canvas)
    }
    picture.layout = layout
    picture.inks = inks ?? []
    inks = nil
    contentVersion += 1
    picture.version = contentVersion
    content = picture
  }

  func releaseContent() {
    guard let content else { return }
    x.presentBody(nil)
    content.release(x)
    self.content = nil
  }

  // MARK: Primitives

  /// The back buffer, at window positions, drawn from `clipTop` to
  /// `clipBottom`.
  var backCanvas: Canvas {
    Canvas(
      picture: x.backPicture, text: x.textDraw, dx: 0, dy: 0, width: clipRight, height: clipBottom, minX: clipLeft,
      minY: clipTop)
  }

  /// Draws `bytes` (UTF-8) as one line in `role`'s fonts, in the box from
  /// `px` (window positions), `width` px wide, with its baseline at
  /// `baseline`; text wider than the box ends in an ellipsis. While the
  /// content picture is drawn, the glyphs' ink box is recorded.
  func drawText(
    _ bytes: UnsafeBufferPointer<UInt8>, _ role: FontRole, _ color: inout XftColor, left px: Int, width: Int,
    baseline: Int, alignment: LineLayout.Alignment = .natural, highlighted: [Int] = [], on canvas: Canvas
  ) {
    let left = px - canvas.dx
    guard bytes.count > 0, width > 0, abs(baseline) < 32_000, left < canvas.width else { return }
    let ink = withUnsafeMutablePointer(to: &accentTextColor) { accent in
      text.draw(
        bytes, role, &color, on: canvas.text, left: left, width: width, baseline: baseline - canvas.dy,
        alignment: alignment, ink: inks != nil, highlighted: highlighted, highlight: highlighted.isEmpty ? nil : accent)
    }
    if let ink { recordInk(ink.x, ink.y, ink.width, ink.height, on: canvas) }
  }

  /// Notes a rectangle (canvas positions) drawn into the content picture,
  /// within the list's clip while the list is drawn.
  func recordInk(_ px: Int, _ py: Int, _ w: Int, _ h: Int, on canvas: Canvas) {
    var x0 = max(px, canvas.minX)
    var y0 = max(py, canvas.minY)
    var x1 = min(px + w, canvas.width)
    var y1 = min(py + h, canvas.height)
    if let c = inkClip {
      x0 = max(x0, c.x0)
      y0 = max(y0, c.y0)
      x1 = min(x1, c.x1)
      y1 = min(y1, c.y1)
    }
    guard x1 > x0, y1 > y0 else { return }
    inks?.append(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
  }

  /// Fills a rectangle (window positions) with a premultiplied colour,
  /// clipped to the canvas first: the protocol's coordinates are 16-bit.
  func fill(_ color: XRenderColor, _ px: Int, _ py: Int, _ w: Int, _ h: Int, on canvas: Canvas, ink: Bool = false) {
    if ink && inks != nil { recordInk(px - canvas.dx, py - canvas.dy, w, h, on: canvas) }
    let x0 = max(px - canvas.dx, canvas.minX)
    let y0 = max(py - canvas.dy, canvas.minY)
    let x1 = min(px - canvas.dx + w, canvas.width)
    let y1 = min(py - canvas.dy + h, canvas.height)
    guard x1 > x0, y1 > y0, color.alpha > 0 else { return }
    var c = color
    XRenderFillRectangle(x.display, PictOpOver, canvas.picture, &c, x32(x0), x32(y0), xLength32(x1 - x0), xLength32(y1 - y0))
  }

  func fill(_ color: XRenderColor, _ px: Int, _ py: Int, _ w: Int, _ h: Int) {
    fill(color, px, py, w, h, on: backCanvas)
  }

  /// Paints `source` through `mask` (its pixel (`maskX`, `maskY`) at the
  /// destination rectangle's top-left) over the back buffer, clipped to the
  /// part of the back buffer this frame draws.
  func composite(
    _ source: Picture, _ mask: Picture, _ px: Int, _ py: Int, _ w: Int, _ h: Int, maskX: Int = 0, maskY: Int = 0
  ) {
    let x0 = max(px, clipLeft)
    let y0 = max(py, clipTop)
    let x1 = min(px + w, clipRight)
    let y1 = min(py + h, clipBottom)
    guard x1 > x0, y1 > y0 else { return }
    XRenderComposite(
      x.display, PictOpOver, source, mask, x.backPicture, 0, 0, x32(maskX + x0 - px), x32(maskY + y0 - py),
      x32(x0), x32(y0), xLength32(x1 - x0), xLength32(y1 - y0))
  }

  /// Copies `w`×`h` pixels of `source` from (`sx`, `sy`) to (`px`, `py`) in
  /// the back buffer, clipped to the part this frame draws.
  func copy(_ source: Picture, _ sx: Int, _ sy: Int, to px: Int, _ py: Int, _ w: Int, _ h: Int) {
    let x0 = max(px, clipLeft)
    let y0 = max(py, clipTop)
    let x1 = min(px + w, clipRight)
    let y1 = min(py + h, clipBottom)
    guard x1 > x0, y1 > y0 else { return }
    XRenderComposite(
      x.display, PictOpSrc, source, 0, x.backPicture, x32(sx + x0 - px), x32(sy + y0 - py), 0, 0,
      x32(x0), x32(y0), xLength32(x1 - x0), xLength32(y1 - y0))
  }

  // MARK: Caches

  func sceneFor(width: Int, height: Int) -> Picture {
    if let scene, scene.width == width, scene.height == height { return scene.picture }
    if let scene { x.release(scene.picture) }
    let hint = mapHint.map { MapScene.Hint(text: $0.text, layout: $0.layout()) }
    let picture = MapScene.render(session: x, text: text, width: width, height: height, colors: theme.map, hint: hint)
    // The map wraps around when panned.
    var attributes = XRenderPictureAttributes()
    attributes.repeat = RepeatNormal
    XRenderChangePicture(x.display, picture, UInt(CPRepeat), &attributes)
    scene = (width, height, picture)
    return picture
  }

  func cornerPictures(radiusQuarters: Int, thickness: Double) -> CornerPictures {
    let key = CornerKey(radiusQuarters: radiusQuarters, thickness: thickness)
    if let cached = corners[key] { return cached }
    let masks = CornerMasks(radius: Double(radiusQuarters) / 4, borderThickness: thickness)
    let n = masks.size
    var pictures = CornerPictures(size: n, masks: 0, ring: masks.border != nil)
    if n > 0 {
      // One picture a radius: the fill's left and right corners side by
      // side, the ring's below them.
      var pixels = sideBySide(masks.fill, Coverage.mirrored(masks.fill, width: n), width: n)
      if let ring = masks.border { pixels += sideBySide(ring, Coverage.mirrored(ring, width: n), width: n) }
      pictures.masks = x.makeMask(width: 2 * n, height: pixels.count / (2 * n), pixels: pixels)
    }
    corners.insert(pictures, for: key, release: releaseCorners)
    return pictures
  }

  func shadowPictures(_ key: ShadowKey) -> ShadowPictures {
    if let cached = shadows[key] { return cached }
    let band = ShadowBand(
      shapeWidth: key.width, cornerRadius: Double(key.radiusQuarters) / 4, blurRadius: key.blur,
      extraRows: key.extraRows)
    let pictures = ShadowPictures(
      band: x.makeMask(width: band.width, height: band.height, pixels: band.pixels),
      profile: x.makeMask(width: band.width, height: 1, pixels: band.profile, repeating: true),
      originX: band.originX, originY: band.originY, width: band.width, height: band.height)
    shadows.insert(pictures, for: key, release: releaseShadow)
    return pictures
  }

  func shadowTilePictures(_ key: ShadowTileKey) -> ShadowTilePictures {
    if let cached = shadowTiles[key] { return cached }
    let tile = ShadowTile(
      kernel: shadowKernel(blur: key.blur), cornerRadius: Double(key.radiusQuarters) / 4, extraRows: key.extraRows,
      rows: key.rows, hiddenColumns: key.hiddenColumns)
    let pixels = sideBySide(tile.left, tile.right, width: tile.width)
    let pictures = ShadowTilePictures(
      masks: x.makeMask(width: 2 * tile.width, height: tile.height, pixels: pixels), width: tile.width, height: tile.height)
    shadowTiles.insert(pictures, for: key, release: releaseShadowTile)
    return pictures
  }

  func releaseCorners(_ c: CornerPictures) { c.release(x) }

  func releaseShadow(_ s: ShadowPictures) {
    x.release(s.band)
    x.release(s.profile)
  }

  func releaseShadowTile(_ t: ShadowTilePictures) { x.release(t.masks) }

  func shadowKernel(blur: Double) -> ShadowKernel {
    if let kernel, kernel.blur == blur { return kernel.kernel }
    let made = ShadowKernel(blurRadius: blur)
    kernel = (blur, made)
    return made
  }

  /// The band's edge rows, as wide as the window: every column holds the
  /// same values, so any part of it serves between the two ends.
  func shadowEdgePicture(_ key: ShadowEdgeKey) -> Picture {
    if let shadowEdge, shadowEdge.key == key { return shadowEdge.picture }
    if let shadowEdge { x.release(shadowEdge.picture) }
    let kernel = shadowKernel(blur: key.blur)
    var pixels = [UInt8](repeating: 0, count: key.width * key.rows)
    for j in 0..<key.rows {
      let value = kernel.edge(row: j)
      for i in 0..<key.width { pixels[j * key.width + i] = value }
    }
    let picture = x.makeMask(width: key.width, height: key.rows, pixels: pixels)
    shadowEdge = (key, picture)
    return picture
  }
}

/// A rectangle's left and right edges in whole pixels: where the header's
/// and the list's text go, inside the panel's padding.
func span(_ r: Rect) -> (left: Int, right: Int) {
  (px(r.minX), px(r.maxX))
}

/// Two `width`-wide masks of the same height as one, `a` on the left.
func sideBySide(_ a: [UInt8], _ b: [UInt8], width: Int) -> [UInt8] {
  guard width > 0 else { return [] }
  var out = [UInt8]()
  out.reserveCapacity(a.count + b.count)
  for start in stride(from: 0, to: a.count, by: width) {
    out += a[start..<(start + width)]
    out += b[start..<(start + width)]
  }
  return out
}

/// Whether two rectangles (x, y, width, height) share a pixel.
func overlaps(
  _ a: (x: Int, y: Int, width: Int, height: Int), _ b: (x: Int, y: Int, width: Int, height: Int)
) -> Bool {
  a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0
    && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

// MARK: - Frame state

/// What a frame shows behind the panel; when it changes, the whole window
/// is redrawn (`FramePlan`).
struct FrameBackdrop: Equatable {
  var scene: Picture
  var dimAlpha: UInt16
  var debugMarks: DebugMarks?
  var mapX: Int
  var mapY: Int
}

/// Where drawing goes: `picture` and its Xft draw, positions moved by
/// (`dx`, `dy`) and clipped to `minX`..<`width` and `minY`..<`height`.
struct Canvas {
  let picture: Picture
  let text: OpaquePointer
  let dx: Int
  let dy: Int
  let width: Int
  let height: Int
  var minX = 0
  let minY: Int
}

/// Where the drawer's content falls relative to its top-left pixel: what
/// the content picture holds, compared with what each frame would draw.
struct ContentLayout: Equatable {
  var width = 0
  var height = 0
  var background = DrawerColor.white
  var border = BorderConfiguration()
  var headerBaseline: Int?
  var clipTop = 0
  var clipLeft = 0
  var clipRight = 0
  var selectedRow: Int?
  var hoveredRow: Int?
  /// `RowTexts.version`: the rows' texts, their marks and the query.
  var rowsVersion = 0
  var firstRow = 0
  /// The top of each drawn row from `firstRow`, then the last one's bottom.
  var rowEdges: [Int] = []
}

/// The drawer's content drawn once: a window-format picture, its pixmap
/// (kept for Xft, which draws into drawables) and its Xft draw.
final class ContentPicture {
  let pixmap: Pixmap
  let picture: Picture
  let text: OpaquePointer
  var layout = ContentLayout()
  var version = 0
  /// Where the picture is not background or border (picture positions).
  var inks: [PixelRect] = []

  init(_ x: XSession, width: Int, height: Int) {
    (pixmap, picture) = x.makeCanvas(width: width, height: height)
    text = XftDrawCreate(x.display, pixmap, x.visual, x.colormap)!
  }

  func release(_ x: XSession) {
    XftDrawDestroy(text)
    x.release(picture)
    x.releasePixmap(pixmap)
  }
}

// MARK: - Cache entries

struct CornerKey: Hashable {
  var radiusQuarters: Int
  var thickness: Double
}

/// The corner masks of one radius: `size` square each, the fill's left and
/// right corners side by side, and, with a border, the ring's below them.
struct CornerPictures {
  var size: Int
  var masks: Picture
  var ring: Bool

  func release(_ x: XSession) {
    guard size > 0 else { return }
    x.release(masks)
  }
}

struct ShadowKey: Hashable {
  var width: Int
  var radiusQuarters: Int
  var blur: Double
  var extraRows: Int
}

struct ShadowPictures {
  var band: Picture
  var profile: Picture
  var originX: Int
  var originY: Int
  var width: Int
  var height: Int
}

struct ShadowTileKey: Hashable {
  var radiusQuarters: Int
  var blur: Double
  var extraRows: Int
  /// The band's rows seen above and beside an opaque drawer.
  var rows: Int
  /// Outer columns of each end beyond the window.
  var hiddenColumns: Int
}

/// The shadow's two ends, side by side: `width` columns each.
struct ShadowTilePictures {
  var masks: Picture
  var width: Int
  var height: Int
}

struct ShadowEdgeKey: Equatable {
  var width: Int
  var rows: Int
  var blur: Double
}

struct HandleKey: Hashable {
  var width: Int
  var height: Int
  var radiusQuarters: Int
}

/// A 1×1 repeating picture used as a solid source; it is refilled only when
/// its colour changes, so a fading handle costs one tiny fill per frame and
/// no new server resource.
struct SolidPaint {
  let picture: Picture
  var current: XRenderColor?

  init(_ x: XSession) {
    picture = x.makePaint()
  }

  mutating func set(_ color: XRenderColor, _ x: XSession) {
    if let current, current.red == color.red, current.green == color.green, current.blue == color.blue,
      current.alpha == color.alpha
    {
      return
    }
    var c = color
    XRenderFillRectangle(x.display, PictOpSrc, picture, &c, 0, 0, 1, 1)
    current = color
  }
}
