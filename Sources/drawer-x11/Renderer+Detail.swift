import CX11
import DrawerEngine
import DrawerRaster

/// Drawing the detail panel over the list.
///
/// While a detail panel is on screen (or moving) a frame draws the list's
/// frame as it would alone, over the whole window and without the content
/// picture, then dims it and draws the detail card over it: its shadows,
/// its surface, handle, header, wrapped lines and scroll indicator. The
/// whole window is damaged: two panels seldom move at once for long, and
/// the simple path cannot leave a stale pixel. The frame after the detail
/// goes redraws the whole window too, from the list alone.
extension Renderer {
  /// Draws `m`, and `detail` over it when a detail panel is open.
  func render(_ m: DrawerRenderModel, detail: DrawerRenderModel?, text: DetailText) {
    guard let detail else {
      if overlaid {
        overlaid = false
        plan.reset()
        x.damageWholeWindow()
      }
      render(m)
      return
    }
    overlaid = true
    plan.reset()
    render(m)
    drawDetail(detail, text: text)
  }

  /// The detail card, its dim and its shadows over the whole window.
  private func drawDetail(_ m: DrawerRenderModel, text: DetailText) {
    x.presentBody(nil)
    (clipLeft, clipTop, clipRight, clipBottom) = (0, 0, x.width, x.height)
    x.damage(x.surface)
    fill(dimColor(m.backdropAlpha), 0, 0, x.width, x.height)
    let surface = roundedShape(m)
    guard m.extent > 0, !surface.rect.isEmpty else { return }
    let casts = shadowCasts(detailShadows, of: surface)
    if !casts.isEmpty { drawShadows(casts, cutting: surface, within: x.surface) }
    fillSurface(surface, renderColor(m.backgroundColor))
    if let h = m.handle { drawHandle(h) }
    text.position.withUnsafeBufferPointer { drawEdgeHeader(m, count: $0) }
    drawLines(m.list, text: text)
    drawScrollIndicator(m.list.scrollIndicator)
  }

  /// The wrapped lines in the list's viewport, one a row, clipped to it.
  private func drawLines(_ list: ListModel, text: DetailText) {
    let v = list.viewport
    let (left, right) = span(v)
    let top = max(0, Int(v.minY.rounded()))
    let bottom = min(x.height, Int(v.maxY.rounded()))
    guard bottom > top, right > left else { return }
    var clip = xRectangle(x: max(0, left), y: top, width: min(x.width, right) - max(0, left), height: bottom - top)
    XftDrawSetClipRectangles(x.textDraw, 0, 0, &clip, 1)
    defer { XftDrawSetClip(x.textDraw, nil) }
    let ascent = x.fonts.ascent(.row)
    let lineHeight = x.fonts.lineHeight(.row)
    let lines = text.lines
    let end = min(lines.count, list.firstVisibleRow + list.visibleRowCount)
    var row = max(0, list.firstVisibleRow)
    text.bytes.withUnsafeBufferPointer { bytes in
      while row < end {
        let y0 = Int(list.rowTop(row).rounded())
        let y1 = Int(list.rowTop(row + 1).rounded())
        let baseline = y0 + (y1 - y0 - lineHeight) / 2 + ascent
        // The last line made holds the rest of a text longer than the
        // most lines kept, which the layout ends in an ellipsis.
        drawText(
          UnsafeBufferPointer(rebasing: bytes[lines[row]]), .row, &rowTextColor, left: left + textInset,
          width: text.width, baseline: baseline, on: backCanvas)
        row += 1
      }
    }
  }
}
