import DrawerEngine
import DrawerRaster
import DrawerText

/// Rows of antialiasing a glyph may put above its font's ascent, px.
private let headerInkMargin = 2

/// The parts inside a panel: the handle, the scroll indicator, the header,
/// the list, the detail's lines, and the debug marks over everything.
extension FrameBuilder {
  /// The handle's rectangle in whole pixels, nil when it is not drawn.
  func handleRect(_ h: HandleModel) -> PixelRect? {
    let w = Int(h.frame.width.rounded())
    let hh = Int(h.frame.height.rounded())
    guard w > 0, hh > 0, w <= 4096, hh <= 4096 else { return nil }
    return PixelRect(x: Int(h.frame.minX.rounded()), y: Int(h.frame.minY.rounded()), width: w, height: hh)
  }

  func drawHandle(_ h: HandleModel) {
    guard h.alpha > 0, h.color.alpha > 0, let r = handleRect(h) else { return }
    composite(
      Paint(h.color, opacity: h.alpha), .roundedRect(width: r.width, height: r.height, radiusQuarters: quarters(h.cornerRadius)), r)
  }

  /// The list's scroll indicator over the rows: a bar with round ends in
  /// the theme's colour at the indicator's alpha.
  func drawScrollIndicator(_ indicator: ScrollIndicatorModel?) {
    guard let indicator, indicator.alpha > 0 else { return }
    let f = indicator.frame
    let r = PixelRect(x: Int(f.minX.rounded()), y: Int(f.minY.rounded()), width: Int(f.width.rounded()), height: Int(f.height.rounded()))
    guard r.width > 0, r.height > 0, r.width <= 4096, r.height <= 32_000, abs(r.x) < 32_000, abs(r.y) < 32_000 else { return }
    damage(r)
    let key = MaskKey.roundedRect(width: r.width, height: r.height, radiusQuarters: quarters(Double(r.width) / 2))
    composite(Paint(theme.scrollIndicator, opacity: indicator.alpha), key, r)
  }

  /// The baseline of `m`'s header text, or nil when it has no header: the
  /// line is centred in the header, in the part beside the handle when the
  /// handle shares it.
  func headerBaseline(_ m: DrawerRenderModel) -> Int? {
    let h = m.headerFrame
    guard h.width > 0, h.height > 0 else { return nil }
    var textTop = h.minY, textBottom = h.maxY
    if let handle = m.handle?.frame, handle.minX < h.maxX, handle.maxX > h.minX {
      // The handle shares a bottom or top panel's header: the text takes
      // the part on the far side of it.
      if handle.minY + handle.height / 2 < h.minY + h.height / 2 {
        textTop = max(textTop, handle.maxY)
      } else {
        textBottom = min(textBottom, handle.minY)
      }
    }
    let lineHeight = Double(text.lineHeight(.title))
    // A message (--mesg) takes a title line's depth at the bottom, which
    // the header was made deeper by.
    if !rows.message.isEmpty { textBottom -= lineHeight }
    return Int((textTop + (textBottom - textTop - lineHeight) / 2).rounded()) + text.ascent(.title)
  }

  /// The header's texts, clipped to the header: the list's title and count,
  /// or for a detail panel the title and `count`, which of the list's rows
  /// the card shows.
  func drawHeader(_ m: DrawerRenderModel, count: UnsafeBufferPointer<UInt8>? = nil) {
    let h = m.headerFrame
    guard let baseline = headerBaseline(m) else { return }
    let left = Int(h.minX.rounded()), right = Int(h.maxX.rounded())
    var header = PixelRect(x: left, y: Int(h.minY.rounded()), width: right - left, height: Int(h.height.rounded()))
    if count == nil {
      // The list's header line puts no ink above its tallest glyph: a clip
      // above that (the band a drag redraws over the body, at every frame)
      // is sent no text, which would be clipped away whole.
      let above = max(text.ascent(.title), text.ascent(.detail), -titleLine.ink.y, -summaryLine.ink.y)
      let top = min(header.maxY, max(header.y, baseline - above - headerInkMargin))
      header = PixelRect(x: header.x, y: top, width: header.width, height: header.maxY - top)
    }
    guard clips.contains(where: { !$0.intersection(header).isEmpty }) else { return }
    textClip = header
    defer { textClip = nil }
    if let count {
      let countWidth = text.measure(count, .detail).width
      let countLeft = right - textInset - countWidth
      let titleWidth = countLeft - textInset - (left + textInset)
      rows.title.withUnsafeBufferPointer {
        drawText($0, .title, theme.rowText, left: left + textInset, width: titleWidth, baseline: baseline, on: backCanvas)
      }
      drawText(count, .detail, theme.detailText, left: countLeft, width: countWidth, baseline: baseline, on: backCanvas)
    } else {
      drawHeaderTexts(baseline: baseline, left: left, right: right, on: backCanvas)
    }
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

  /// The title on the left and the row count on the right (`headerPlaces`),
  /// and the message, if any, on the line below.
  func drawHeaderTexts(baseline: Int, left: Int, right: Int, on canvas: Canvas) {
    let places = headerPlaces(left: left, right: right)
    rows.title.withUnsafeBufferPointer {
      drawText($0, .title, theme.rowText, left: places.titleLeft, width: places.titleWidth, baseline: baseline, on: canvas)
    }
    drawPlaceholder(places, right: places.summaryLeft ?? right, baseline: baseline, on: canvas)
    if let caret = rows.caretInTitle, titleLine.width <= places.titleWidth, !titleLine.isRightToLeft {
      // A line before the character the caret stands at, as tall as the
      // title's line; a title cut short or right to left has none, as
      // the place would be wrong.
      let before = rows.title.withUnsafeBufferPointer {
        text.measure(UnsafeBufferPointer(rebasing: $0[..<min(caret, $0.count)]), .title).width
      }
      let top = baseline - text.ascent(.title)
      let bar = PixelRect(x: places.titleLeft + before, y: top, width: caretWidth, height: text.lineHeight(.title))
      fill(Paint(theme.rowText), bar, on: canvas, ink: true)
    }
    if !rows.message.isEmpty {
      let width = right - textInset - places.titleLeft
      rows.message.withUnsafeBufferPointer {
        drawText(
          $0, .detail, theme.detailText, left: places.titleLeft, width: width, baseline: baseline + text.lineHeight(.title),
          on: canvas)
      }
    }
    guard let summaryLeft = places.summaryLeft else { return }
    rows.summary.withUnsafeBufferPointer {
      drawText($0, .detail, theme.detailText, left: summaryLeft, width: summaryLine.width, baseline: baseline, on: canvas)
    }
  }

  /// The placeholder, dimmed, a space after the whole title and clear of
  /// the count (ending at `right`), in the title's type, where the query
  /// will stand (after a prompt); cut where it does not fit, and left out
  /// where not a character of it would show or the title is cut or right
  /// to left.
  private func drawPlaceholder(
    _ places: (titleLeft: Int, titleWidth: Int, titleInk: TextInk, summaryLeft: Int?, summaryInk: TextInk?),
    right: Int, baseline: Int, on canvas: Canvas
  ) {
    guard !rows.placeholder.isEmpty, titleLine.width <= places.titleWidth, !titleLine.isRightToLeft else { return }
    let left = places.titleLeft + titleLine.width + (titleLine.width > 0 ? titleSpaceWidth : 0)
    let width = min(placeholderWidth, right - textInset - left)
    guard width >= text.lineHeight(.title) else { return }
    rows.placeholder.withUnsafeBufferPointer {
      drawText($0, .title, theme.detailText, left: left, width: width, baseline: baseline, on: canvas)
    }
  }

  /// Rows up to `end`, clipped to the viewport (ending at `clipBottom`):
  /// a million rows cost what twenty do.
  func drawList(_ list: ListModel, left: Int, right: Int, on canvas: Canvas, clipBottom: Int, end: Int) {
    let v = list.viewport
    let box = canvas.bounds.reduce(PixelRect.empty) { $0.union($1) }
    let clipTop = max(0, box.y + canvas.dy, Int(v.minY.rounded()))
    let clipLeft = max(box.x + canvas.dx, Int(v.minX.rounded()))
    let clipRight = min(box.maxX + canvas.dx, Int(v.maxX.rounded()))
    guard clipBottom > clipTop, clipRight > clipLeft else { return }
    listClip = PixelRect(x: clipLeft - canvas.dx, y: clipTop - canvas.dy, width: clipRight - clipLeft, height: clipBottom - clipTop)
    defer { listClip = nil }

    if list.rowCount == 0 {
      rows.emptyText.withUnsafeBufferPointer {
        drawText(
          $0, .row, theme.detailText, left: left, width: right - left, baseline: (clipTop + clipBottom) / 2,
          alignment: .center, on: canvas)
      }
      return
    }
    let rowAscent = text.ascent(.row)
    let rowLine = text.lineHeight(.row)
    let detailAscent = text.ascent(.detail)
    let detailLine = text.lineHeight(.detail)
    // Rows' text runs between the insets; what does not fit ends in "…".
    var textWidth = right - left - 2 * textInset
    var textLeft = left + textInset
    let first = max(0, list.firstVisibleRow)
    let iconSide = rows.icons == nil ? 0 : iconSide(rowHeight: Int((list.rowTop(first + 1) - list.rowTop(first)).rounded()))
    if iconSide > 0 {
      textLeft += iconRoom(side: iconSide)
      textWidth -= iconRoom(side: iconSide)
    }
    let separator = Paint(theme.separator)
    let accent = Paint(theme.accent)
    let ring = max(1, focusRingWidth)
    let width = right - left
    var row = max(0, list.firstVisibleRow)
    while row < end {
      let y0 = Int(list.rowTop(row).rounded())
      let y1 = Int(list.rowTop(row + 1).rounded())
      let rowHeight = y1 - y0
      if row == list.selectedRow {
        fill(Paint(theme.selection), PixelRect(x: left, y: y0, width: width, height: rowHeight), on: canvas, ink: true)
      } else if row == list.hoveredRow {
        fill(Paint(theme.hover), PixelRect(x: left, y: y0, width: width, height: rowHeight), on: canvas, ink: true)
      }
      if rows.isMarked(row) {
        // A bar at the row's start says it is part of a multiple pick.
        fill(accent, PixelRect(x: left, y: y0, width: markBarWidth, height: rowHeight), on: canvas, ink: true)
      }
      let twoLines = rows.hasDetail && rowHeight >= rowLine + lineGap + detailLine + 4
      let matched = rows.filter == nil ? [] : rows.highlights(ofRow: row)
      var textColor = row == list.selectedRow ? theme.selectionText ?? theme.rowText : theme.rowText
      if !rows.active.ranges.isEmpty || !rows.urgent.ranges.isEmpty {
        textColor = emphasized(storeRow: rows.storeRow(row), textColor, selected: row == list.selectedRow)
      }
      let matchColor = row == list.selectedRow ? matchColors.selected : matchColors.normal
      if iconSide > 0 {
        drawRowIcon(storeRow: rows.storeRow(row), side: iconSide, left: left + textInset, top: y0, bottom: y1, on: canvas)
      }
      rows.withRow(row) { title, detail in
        if twoLines, let detail {
          let top = y0 + (rowHeight - (rowLine + lineGap + detailLine)) / 2
          drawText(
            title, .row, textColor, left: textLeft, width: textWidth, baseline: top + rowAscent,
            highlighted: matched, highlightColor: matchColor, on: canvas)
          drawText(
            detail, .detail, theme.detailText, left: textLeft, width: textWidth,
            baseline: top + rowLine + lineGap + detailAscent, on: canvas)
        } else {
          drawText(
            title, .row, textColor, left: textLeft, width: textWidth,
            baseline: y0 + (rowHeight - rowLine) / 2 + rowAscent, highlighted: matched, highlightColor: matchColor,
            on: canvas)
        }
      }
      fill(separator, PixelRect(x: left + textInset, y: y1 - 1, width: width - textInset, height: 1), on: canvas, ink: true)
      if row == list.selectedRow && rowHeight > 2 * ring {
        // The focus ring: the keyboard's row, apart from the pointer's tint.
        fill(accent, PixelRect(x: left, y: y0, width: width, height: ring), on: canvas, ink: true)
        fill(accent, PixelRect(x: left, y: y1 - ring, width: width, height: ring), on: canvas, ink: true)
        fill(accent, PixelRect(x: left, y: y0 + ring, width: ring, height: rowHeight - 2 * ring), on: canvas, ink: true)
        fill(accent, PixelRect(x: right - ring, y: y0 + ring, width: ring, height: rowHeight - 2 * ring), on: canvas, ink: true)
      }
      row += 1
    }
  }

  /// The detail's wrapped lines in the list's viewport, one a row, clipped
  /// to it.
  func drawLines(_ list: ListModel, text lines: DetailText) {
    let v = list.viewport
    let (left, right) = (px(v.minX), px(v.maxX))
    let top = max(0, Int(v.minY.rounded()))
    let bottom = min(height, Int(v.maxY.rounded()))
    guard bottom > top, right > left else { return }
    textClip = PixelRect(x: max(0, left), y: top, width: min(width, right) - max(0, left), height: bottom - top)
    defer { textClip = nil }
    let ascent = text.ascent(.row)
    let lineHeight = text.lineHeight(.row)
    let ranges = lines.lines
    let end = min(ranges.count, list.firstVisibleRow + list.visibleRowCount)
    var row = max(0, list.firstVisibleRow)
    lines.bytes.withUnsafeBufferPointer { bytes in
      while row < end {
        let y0 = Int(list.rowTop(row).rounded())
        let y1 = Int(list.rowTop(row + 1).rounded())
        // The last line made holds the rest of a text longer than the
        // most lines kept, which the layout ends in an ellipsis.
        drawText(
          UnsafeBufferPointer(rebasing: bytes[ranges[row]]), .row, theme.rowText, left: left + textInset,
          width: lines.width, baseline: y0 + (y1 - y0 - lineHeight) / 2 + ascent, on: backCanvas)
        row += 1
      }
    }
  }

  /// The debug lines across the container where the moving edge would be
  /// at each mark's extent, each with a tag naming it, over everything.
  func drawDebugMarks(_ m: DrawerRenderModel) {
    guard let marks = m.debugMarks else { return }
    let t = debugLineThickness
    let lineHeight = text.lineHeight(.detail)
    let ascent = text.ascent(.detail)
    for (i, extent) in [marks.upperMark, marks.mark, marks.lowerMark].enumerated() {
      guard let extent, extent.isFinite, abs(extent) < 32_000 else { continue }
      let p = m.windowPoint(extent: extent)
      let color = Paint(markColors[i])
      let tag = (width: markLabelWidths[i] + 2 * markTagPadding, height: lineHeight + markTagPadding)
      // The tag sits against the line on the side away from the home edge,
      // near the far end of the line from the panel's title.
      let tagAt: (x: Int, y: Int)
      if m.edge.isVertical {
        let y = Int(p.y.rounded())
        fill(color, PixelRect(x: 0, y: y - t / 2, width: width, height: t))
        let above = m.edge == .bottom
        tagAt = (width - textInset - tag.width, above ? y - t / 2 - tag.height : y + t - t / 2)
      } else {
        let xx = Int(p.x.rounded())
        fill(color, PixelRect(x: xx - t / 2, y: 0, width: t, height: height))
        let right = m.edge == .left
        // Lines 40 px apart would overlap tags side by side: they step up.
        let y = height - textInset - tag.height - (2 - i) * (tag.height + markTagPadding)
        tagAt = (right ? xx + t - t / 2 : xx - t / 2 - tag.width, y)
      }
      fill(color, PixelRect(x: tagAt.x, y: tagAt.y, width: tag.width, height: tag.height))
      FrameBuilder.markLabels[i].withUnsafeBufferPointer {
        drawText(
          $0, .detail, markTextColors[i], left: tagAt.x + markTagPadding, width: markLabelWidths[i],
          baseline: tagAt.y + markTagPadding / 2 + ascent, on: backCanvas)
      }
    }
  }
}
