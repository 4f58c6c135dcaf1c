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
