import DrawerEngine
import DrawerRaster
import DrawerText

/// dmenu's one line (`--bar` with `--lines 0`): the prompt in the
/// selection's colours, the query in a third of the width, then the
/// matches side by side (`InlinePages`), the selected one in the
/// selection's colours, with `<` and `>` when more lie to either side.
/// Every box is padded by half a line on each side, as dmenu pads its
/// boxes by the font's height.
extension FrameBuilder {
  /// Draws the one line over the strip `m`'s surface fills.
  func drawInlineBar(_ m: DrawerRenderModel) {
    let f = m.surface.frame
    let left = px(f.minX), right = px(f.maxX), top = px(f.minY), bottom = px(f.maxY)
    let line = text.lineHeight(.row)
    let pad = line
    let baseline = top + (bottom - top - line) / 2 + text.ascent(.row)
    let canvas = backCanvas
    let selectedFill = Paint(theme.selection)
    let selectedText = theme.selectionText ?? theme.rowText
    func boxWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int { text.measure(bytes, .row).width + pad }
    func boxWidth(_ s: String) -> Int { Array(s.utf8).withUnsafeBufferPointer { boxWidth($0) } }
    var x = left

    let prompt = Array((rows.prompt ?? "").utf8)
    if !prompt.isEmpty {
      let w = prompt.withUnsafeBufferPointer { boxWidth($0) } - pad / 4
      fill(selectedFill, PixelRect(x: x, y: top, width: w, height: bottom - top), on: canvas, ink: true)
      prompt.withUnsafeBufferPointer {
        drawText($0, .row, selectedText, left: x + pad / 2, width: w - pad / 2, baseline: baseline, on: canvas)
      }
      x += w
    }

    // The query: the title's end, after the prompt and its space.
    let count = rows.count
    let inputWidth = count > 0 ? (right - left) / 3 : right - x
    let queryBytes = rows.hidesQuery ? String(repeating: "•", count: rows.query.count).utf8.count : rows.query.utf8.count
    let title = rows.title
    let queryStart = max(0, title.count - queryBytes)
    title.withUnsafeBufferPointer { t in
      let q = UnsafeBufferPointer(rebasing: t[queryStart...])
      drawText(q, .row, theme.rowText, left: x + pad / 2, width: max(0, inputWidth - pad), baseline: baseline, on: canvas)
      // dmenu shows its cursor in an empty input too.
      if let caret = rows.caretInTitle ?? (rows.query.isEmpty ? queryStart : nil), caret >= queryStart {
        let before = text.measure(UnsafeBufferPointer(rebasing: t[queryStart..<min(caret, t.count)]), .row).width
        if before < inputWidth - pad {
          let bar = PixelRect(x: x + pad / 2 + before, y: top + 2, width: caretWidth, height: max(1, bottom - top - 4))
          fill(Paint(theme.rowText), bar, on: canvas, ink: true)
        }
      }
    }
    guard count > 0 else { return }
    x += inputWidth

    // A new query starts again from the first match, as dmenu's does.
    if rows.query != inlineQuery {
      inlineQuery = rows.query
      inlinePages.reset()
    }
    let less = boxWidth("<"), more = boxWidth(">")
    let room = right - left - (x - left) - less - more
    let shown = inlinePages.shown(selected: m.list.selectedRow, count: count, room: max(1, room)) { i in
      rows.withRow(i) { title, _ in boxWidth(title) }
    }
    if shown.lowerBound > 0 {
      Array("<".utf8).withUnsafeBufferPointer {
        drawText($0, .row, theme.rowText, left: x + pad / 2, width: less, baseline: baseline, on: canvas)
      }
    }
    x += less
    for i in shown {
      let selected = i == m.list.selectedRow
      let matched = rows.filter == nil ? [] : rows.highlights(ofRow: i)
      rows.withRow(i) { title, _ in
        let w = max(0, min(boxWidth(title), right - x - more))
        if selected { fill(selectedFill, PixelRect(x: x, y: top, width: w, height: bottom - top), on: canvas, ink: true) }
        drawText(
          title, .row, selected ? selectedText : theme.rowText, left: x + pad / 2, width: max(0, w - pad),
          baseline: baseline, highlighted: matched, highlightColor: selected ? matchColors.selected : matchColors.normal,
          on: canvas)
        x += w
      }
    }
    if shown.upperBound < count {
      Array(">".utf8).withUnsafeBufferPointer {
        drawText($0, .row, theme.rowText, left: right - more + pad / 2, width: more, baseline: baseline, on: canvas)
      }
    }
  }
}
