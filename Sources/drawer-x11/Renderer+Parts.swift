import CX11
import DrawerEngine
import DrawerHost
import DrawerRaster
import DrawerText

/// The parts of a panel every path draws: the dim, the shadow band, the
/// border, the handle, the scroll indicator, the header and the list.
extension Renderer {
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
    let span = right - left - 2 * size
    for run in BorderRule(thickness: t).runs {
      fill(renderColor(color, opacity: run.opacity), left + size, top + run.offset, span, run.depth)
    }
    if sides {
      drawBorderSides(color, t, left: left, right: right, rows: min(top + size, x.height)..<x.height, on: backCanvas)
    }
  }

  /// The border's two sides over `rows`.
  func drawBorderSides(
    _ color: DrawerColor, _ t: Double, left: Int, right: Int, rows: Range<Int>, on canvas: Canvas
  ) {
    let y = rows.lowerBound
    let sideHeight = rows.count
    for run in BorderRule(thickness: t).runs {
      let paint = renderColor(color, opacity: run.opacity)
      fill(paint, left + run.offset, y, run.depth, sideHeight, on: canvas)
      fill(paint, right - run.offset - run.depth, y, run.depth, sideHeight, on: canvas)
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
}
