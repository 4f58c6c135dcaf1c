import CX11
import DrawerEngine

/// Colours of what the configuration does not colour: text, separators and
/// the selection, close to a light desktop theme.
private enum Palette {
  static let rowText = DrawerColor(red: 0.11, green: 0.11, blue: 0.12)
  static let detailText = DrawerColor(red: 0.42, green: 0.42, blue: 0.45)
  static let separator = DrawerColor(red: 0.87, green: 0.87, blue: 0.89)
  static let selection = DrawerColor(red: 0.83, green: 0.89, blue: 0.98)
  static let upperMark = DrawerColor.black
  static let partialMark = DrawerColor.white
  static let lowerMark = DrawerColor.black
}

/// Left and right padding of the header and the rows' text, px (iOS table
/// cells inset by 16–20).
private let textInset = 20
/// Gap between a row's title and detail lines, px.
private let lineGap = 3
/// Thickness of each debug line, px (the 3 px).
private let debugLineThickness = 3
/// Cached mask sets kept per cache before all are dropped. A drag from
/// partial to full sweeps the radius through about 4 × 15 quarter-pixel
/// buckets; 128 holds a full sweep with room to spare.
private let maximumCachedGeometries = 128

/// Corner radii are cached in quarter pixels: finer steps are invisible and
/// would defeat the cache while a drag changes the radius continuously.
private func quarters(_ radius: Double) -> Int { Int((max(0, radius) * 4).rounded()) }

/// Draws frames from the engine's render model into the back buffer.
///
/// It owns every cached picture: the map, the corner masks keyed by radius
/// bucket and border thickness, the shadow bands keyed by width, blur and
/// radius bucket, the handle mask, and four solid paints. Nothing that
/// depends only on geometry is computed per frame.
final class Renderer {
  private let x: XSession
  private let rows: RowTexts

  private var scene: (width: Int, height: Int, picture: Picture)?
  private var corners: [CornerKey: CornerPictures] = [:]
  private var shadows: [ShadowKey: ShadowPictures] = [:]
  private var handle: (key: HandleKey, picture: Picture)?

  private var fillPaint: SolidPaint
  private var borderPaint: SolidPaint
  private var shadowPaint: SolidPaint
  private var handlePaint: SolidPaint

  private var rowTextColor: XftColor
  private var detailTextColor: XftColor
  private let summaryWidth: Int
  private static let emptyListText = Array("No rows".utf8)
  private let emptyListWidth: Int

  init(session: XSession, rows: RowTexts) {
    x = session
    self.rows = rows
    fillPaint = SolidPaint(session)
    borderPaint = SolidPaint(session)
    shadowPaint = SolidPaint(session)
    handlePaint = SolidPaint(session)
    rowTextColor = session.textColor(Palette.rowText)
    detailTextColor = session.textColor(Palette.detailText)
    summaryWidth = session.textWidth(session.fonts.detail, rows.summary)
    emptyListWidth = session.textWidth(session.fonts.row, Renderer.emptyListText)
  }

  /// Drops what depends on the window's size after a resize.
  func windowResized() {
    if let scene { x.release(scene.picture) }
    scene = nil
    for s in shadows.values {
      x.release(s.band)
      x.release(s.profile)
    }
    shadows.removeAll(keepingCapacity: true)
  }

  /// Draws `m` into the back buffer, back to front: map, dim, shadow, debug
  /// marks, drawer surface, handle, header, list, border.
  func render(_ m: DrawerRenderModel) {
    let dpy = x.display
    let dst = x.backPicture
    let width = x.width
    let height = x.height
    let scenePicture = sceneFor(width: width, height: height)

    let left = Int(max(-32_000, min(32_000, m.drawerFrame.minX.rounded())))
    let right = Int(max(-32_000, min(32_000, m.drawerFrame.maxX.rounded())))
    let top = Int(max(-32_000, min(32_000, m.drawerTop.rounded())))
    let drawerWidth = right - left
    let shown = top < height && drawerWidth > 0
    // Beyond half the width the two corners would overlap.
    let radius = min(max(0, m.cornerRadius), Double(max(drawerWidth, 0)) / 2)
    let radiusKey = quarters(radius)
    let thickness = m.border.thickness.isFinite ? max(0, m.border.thickness) : 0
    let cornerMasks = shown ? cornerPictures(radiusQuarters: radiusKey, thickness: thickness) : nil
    let cornerSize = cornerMasks?.size ?? 0

    // An opaque full-width drawer hides everything below its corners, so
    // the map and dim stop there: at 1280×800 that halves the fill work.
    let opaque = m.backgroundColor.alpha >= 1 && left <= 0 && right >= width
    let coverTop = shown && opaque ? min(max(top + cornerSize, 0), height) : height
    if coverTop > 0 {
      XRenderComposite(dpy, PictOpSrc, scenePicture, 0, dst, 0, 0, 0, 0, 0, 0, UInt32(width), UInt32(coverTop))
      if m.backdropAlpha > 0 {
        fill(renderColor(.black, opacity: m.backdropAlpha), 0, 0, width, coverTop)
      }
    }

    if shown && m.shadow.opacity > 0 && m.shadow.color.alpha > 0 {
      drawShadow(m.shadow, left: left, top: top, width: drawerWidth, radiusQuarters: radiusKey, opaque: opaque)
    }
    if let marks = m.debugMarks {
      drawDebugLine(marks.upperMarkY, Palette.upperMark)
      drawDebugLine(marks.partialY, Palette.partialMark)
      drawDebugLine(marks.lowerMarkY, Palette.lowerMark)
    }
    guard shown, let cornerMasks else { return }

    // Surface: corner masks, the strip between them, and the body below.
    let background = renderColor(m.backgroundColor)
    if cornerSize > 0 {
      fillPaint.set(background, x)
      composite(fillPaint.picture, cornerMasks.fillLeft, left, top, cornerSize, cornerSize)
      composite(fillPaint.picture, cornerMasks.fillRight, right - cornerSize, top, cornerSize, cornerSize)
    }
    fill(background, left + cornerSize, top, drawerWidth - 2 * cornerSize, cornerSize)
    fill(background, left, top + cornerSize, drawerWidth, height - top - cornerSize)

    if let h = m.handle { drawHandle(h) }
    drawHeader(m.headerFrame, handleBottom: m.handle.map { $0.frame.maxY }, left: left, right: right)
    drawList(m.list, left: left, right: right)
    // Last, so that row separators and the selection never cover it.
    if thickness > 0 {
      drawBorder(m.border.color, thickness, cornerMasks, left: left, right: right, top: top)
    }
  }

  // MARK: Parts

  private func drawShadow(_ s: ShadowConfiguration, left: Int, top: Int, width: Int, radiusQuarters: Int, opaque: Bool) {
    // Rows below the corners are part of the band only when the offset
    // lifts them above the drawer's edge.
    let lift = max(0, Int((-s.offset.y).rounded(.up)))
    let key = ShadowKey(width: width, radiusQuarters: radiusQuarters, blur: s.radius, extraRows: lift)
    let pictures = shadowPictures(key)
    shadowPaint.set(renderColor(s.color, opacity: s.opacity), x)
    let sx = left + pictures.originX + Int(s.offset.x.rounded())
    let sy = top + pictures.originY + Int(s.offset.y.rounded())
    composite(shadowPaint.picture, pictures.band, sx, sy, pictures.width, pictures.height)
    if !opaque {
      // Seen through a translucent drawer: the constant part below the band.
      let below = sy + pictures.height
      composite(shadowPaint.picture, pictures.profile, sx, below, pictures.width, x.height - below)
    }
  }

  private func drawDebugLine(_ y: Double?, _ color: DrawerColor) {
    guard let y, y.isFinite, abs(y) < 32_000 else { return }
    let centre = Int(y.rounded())
    fill(renderColor(color), 0, centre - debugLineThickness / 2, x.width, debugLineThickness)
  }

  /// The ring in the corner masks, then straight runs: the top edge between
  /// the corners and both sides below them. A fractional thickness ends in
  /// a one-pixel run at that fraction of the colour's alpha.
  private func drawBorder(_ color: DrawerColor, _ t: Double, _ masks: CornerPictures, left: Int, right: Int, top: Int) {
    let size = masks.size
    if let ringLeft = masks.borderLeft, let ringRight = masks.borderRight {
      borderPaint.set(renderColor(color), x)
      composite(borderPaint.picture, ringLeft, left, top, size, size)
      composite(borderPaint.picture, ringRight, right - size, top, size, size)
    }
    let whole = Int(t.rounded(.down))
    let fraction = t - Double(whole)
    let solid = renderColor(color)
    let partial = renderColor(color, opacity: fraction)
    let span = right - left - 2 * size
    let sideHeight = x.height - top - size
    fill(solid, left + size, top, span, whole)
    fill(solid, left, top + size, whole, sideHeight)
    fill(solid, right - whole, top + size, whole, sideHeight)
    if fraction > 0 {
      fill(partial, left + size, top + whole, span, 1)
      fill(partial, left + whole, top + size, 1, sideHeight)
      fill(partial, right - whole - 1, top + size, 1, sideHeight)
    }
  }

  private func drawHandle(_ h: HandleModel) {
    guard h.alpha > 0, h.color.alpha > 0 else { return }
    let w = Int(h.frame.width.rounded())
    let hh = Int(h.frame.height.rounded())
    guard w > 0, hh > 0, w <= 4096, hh <= 4096 else { return }
    let key = HandleKey(width: w, height: hh, radiusQuarters: quarters(h.cornerRadius))
    let mask: Picture
    if let handle, handle.key == key {
      mask = handle.picture
    } else {
      if let handle { x.release(handle.picture) }
      let coverage = RoundedRectMask(width: w, height: hh, radius: Double(key.radiusQuarters) / 4)
      mask = x.makeMask(width: w, height: hh, pixels: coverage.pixels)
      handle = (key, mask)
    }
    handlePaint.set(renderColor(h.color, opacity: h.alpha), x)
    composite(handlePaint.picture, mask, Int(h.frame.minX.rounded()), Int(h.frame.minY.rounded()), w, hh)
  }

  /// The title on the left and the row count on the right, centred in the
  /// part of the header below the handle.
  private func drawHeader(_ frame: Rect, handleBottom: Double?, left: Int, right: Int) {
    let font = x.fonts.title
    let textTop = max(frame.minY, handleBottom ?? frame.minY)
    let lineHeight = Double(font.pointee.ascent + font.pointee.descent)
    let baseline = Int((textTop + (frame.maxY - textTop - lineHeight) / 2).rounded()) + Int(font.pointee.ascent)
    guard baseline > 0, baseline - Int(font.pointee.ascent) < x.height else { return }
    rows.title.withUnsafeBufferPointer { drawText($0, font, &rowTextColor, left + textInset, baseline) }
    let detailFont = x.fonts.detail
    rows.summary.withUnsafeBufferPointer {
      drawText($0, detailFont, &detailTextColor, right - textInset - summaryWidth, baseline)
    }
  }

  /// Only the visible rows, clipped to the viewport: a million rows cost
  /// what twenty do.
  private func drawList(_ list: ListModel, left: Int, right: Int) {
    let v = list.viewport
    let clipTop = max(0, Int(v.minY.rounded()))
    let clipBottom = min(x.height, Int(v.maxY.rounded()))
    let clipLeft = max(0, Int(v.minX.rounded()))
    let clipRight = min(x.width, Int(v.maxX.rounded()))
    guard clipBottom > clipTop, clipRight > clipLeft else { return }
    var clip = XRectangle(
      x: Int16(clipLeft), y: Int16(clipTop), width: UInt16(clipRight - clipLeft), height: UInt16(clipBottom - clipTop))
    XftDrawSetClipRectangles(x.textDraw, 0, 0, &clip, 1)
    XRenderSetPictureClipRectangles(x.display, x.backPicture, 0, 0, &clip, 1)
    defer {
      XftDrawSetClip(x.textDraw, nil)
      var attributes = XRenderPictureAttributes()
      attributes.clip_mask = 0
      XRenderChangePicture(x.display, x.backPicture, UInt(CPClipMask), &attributes)
    }

    let rowFont = x.fonts.row
    let detailFont = x.fonts.detail
    if list.rowCount == 0 {
      let baseline = (clipTop + clipBottom) / 2
      Renderer.emptyListText.withUnsafeBufferPointer {
        drawText($0, rowFont, &detailTextColor, (left + right - emptyListWidth) / 2, baseline)
      }
      return
    }
    let rowAscent = Int(rowFont.pointee.ascent)
    let rowLine = rowAscent + Int(rowFont.pointee.descent)
    let detailAscent = Int(detailFont.pointee.ascent)
    let detailLine = detailAscent + Int(detailFont.pointee.descent)
    let separator = renderColor(Palette.separator)
    let selection = renderColor(Palette.selection)
    let end = min(list.rowCount, list.firstVisibleRow + list.visibleRowCount)
    var row = max(0, list.firstVisibleRow)
    while row < end {
      let y0 = Int(list.rowTop(row).rounded())
      let y1 = Int(list.rowTop(row + 1).rounded())
      let rowHeight = y1 - y0
      if row == list.selectedRow { fill(selection, left, y0, right - left, rowHeight) }
      let twoLines = rows.hasDetail && rowHeight >= rowLine + lineGap + detailLine + 4
      rows.withRow(row) { title, detail in
        if twoLines, let detail {
          let top = y0 + (rowHeight - (rowLine + lineGap + detailLine)) / 2
          drawText(title, rowFont, &rowTextColor, left + textInset, top + rowAscent)
          drawText(detail, detailFont, &detailTextColor, left + textInset, top + rowLine + lineGap + detailAscent)
        } else {
          drawText(title, rowFont, &rowTextColor, left + textInset, y0 + (rowHeight - rowLine) / 2 + rowAscent)
        }
      }
      fill(separator, left + textInset, y1 - 1, right - left - textInset, 1)
      row += 1
    }
  }

  // MARK: Primitives

  private func drawText(
    _ bytes: UnsafeBufferPointer<UInt8>, _ font: UnsafeMutablePointer<XftFont>, _ color: inout XftColor, _ px: Int, _ baseline: Int
  ) {
    guard let base = bytes.baseAddress, bytes.count > 0, abs(baseline) < 32_000 else { return }
    XftDrawStringUtf8(x.textDraw, &color, font, Int32(px), Int32(baseline), base, Int32(bytes.count))
  }

  /// Fills a rectangle with a premultiplied colour, clipped to the window
  /// first: the protocol's coordinates are 16-bit.
  private func fill(_ color: XRenderColor, _ px: Int, _ py: Int, _ w: Int, _ h: Int) {
    let x0 = max(px, 0)
    let y0 = max(py, 0)
    let x1 = min(px + w, x.width)
    let y1 = min(py + h, x.height)
    guard x1 > x0, y1 > y0, color.alpha > 0 else { return }
    var c = color
    XRenderFillRectangle(x.display, PictOpOver, x.backPicture, &c, Int32(x0), Int32(y0), UInt32(x1 - x0), UInt32(y1 - y0))
  }

  /// Paints `source` through `mask` (aligned with the destination rectangle)
  /// over the back buffer, clipped to the window.
  private func composite(_ source: Picture, _ mask: Picture, _ px: Int, _ py: Int, _ w: Int, _ h: Int) {
    let x0 = max(px, 0)
    let y0 = max(py, 0)
    let x1 = min(px + w, x.width)
    let y1 = min(py + h, x.height)
    guard x1 > x0, y1 > y0 else { return }
    XRenderComposite(
      x.display, PictOpOver, source, mask, x.backPicture, 0, 0, Int32(x0 - px), Int32(y0 - py),
      Int32(x0), Int32(y0), UInt32(x1 - x0), UInt32(y1 - y0))
  }

  // MARK: Caches

  private func sceneFor(width: Int, height: Int) -> Picture {
    if let scene, scene.width == width, scene.height == height { return scene.picture }
    if let scene { x.release(scene.picture) }
    let picture = MapScene.render(session: x, width: width, height: height)
    scene = (width, height, picture)
    return picture
  }

  private func cornerPictures(radiusQuarters: Int, thickness: Double) -> CornerPictures {
    let key = CornerKey(radiusQuarters: radiusQuarters, thickness: thickness)
    if let cached = corners[key] { return cached }
    if corners.count >= maximumCachedGeometries {
      for c in corners.values { c.release(x) }
      corners.removeAll(keepingCapacity: true)
    }
    let masks = CornerMasks(radius: Double(radiusQuarters) / 4, borderThickness: thickness)
    let n = masks.size
    var pictures = CornerPictures(size: n, fillLeft: 0, fillRight: 0, borderLeft: nil, borderRight: nil)
    if n > 0 {
      pictures.fillLeft = x.makeMask(width: n, height: n, pixels: masks.fill)
      pictures.fillRight = x.makeMask(width: n, height: n, pixels: Coverage.mirrored(masks.fill, width: n))
      if let ring = masks.border {
        pictures.borderLeft = x.makeMask(width: n, height: n, pixels: ring)
        pictures.borderRight = x.makeMask(width: n, height: n, pixels: Coverage.mirrored(ring, width: n))
      }
    }
    corners[key] = pictures
    return pictures
  }

  private func shadowPictures(_ key: ShadowKey) -> ShadowPictures {
    if let cached = shadows[key] { return cached }
    if shadows.count >= maximumCachedGeometries {
      for s in shadows.values {
        x.release(s.band)
        x.release(s.profile)
      }
      shadows.removeAll(keepingCapacity: true)
    }
    let band = ShadowBand(
      shapeWidth: key.width, cornerRadius: Double(key.radiusQuarters) / 4, blurRadius: key.blur,
      extraRows: key.extraRows)
    let pictures = ShadowPictures(
      band: x.makeMask(width: band.width, height: band.height, pixels: band.pixels),
      profile: x.makeMask(width: band.width, height: 1, pixels: band.profile, repeating: true),
      originX: band.originX, originY: band.originY, width: band.width, height: band.height)
    shadows[key] = pictures
    return pictures
  }
}

// MARK: - Cache entries

private struct CornerKey: Hashable {
  var radiusQuarters: Int
  var thickness: Double
}

private struct CornerPictures {
  var size: Int
  var fillLeft: Picture
  var fillRight: Picture
  var borderLeft: Picture?
  var borderRight: Picture?

  func release(_ x: XSession) {
    guard size > 0 else { return }
    x.release(fillLeft)
    x.release(fillRight)
    if let borderLeft { x.release(borderLeft) }
    if let borderRight { x.release(borderRight) }
  }
}

private struct ShadowKey: Hashable {
  var width: Int
  var radiusQuarters: Int
  var blur: Double
  var extraRows: Int
}

private struct ShadowPictures {
  var band: Picture
  var profile: Picture
  var originX: Int
  var originY: Int
  var width: Int
  var height: Int
}

private struct HandleKey: Hashable {
  var width: Int
  var height: Int
  var radiusQuarters: Int
}

/// A 1×1 repeating picture used as a solid source; it is refilled only when
/// its colour changes, so a fading handle costs one tiny fill per frame and
/// no new server resource.
private struct SolidPaint {
  let picture: Picture
  private var current: XRenderColor?

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
