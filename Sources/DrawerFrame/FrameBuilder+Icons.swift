import DrawerEngine
import DrawerRaster

/// The rows' icons (`RowTexts.icons`, rofi's `-show-icons`): a square at
/// each row's leading edge, as tall as a line of the row's text and a
/// quarter more, with the text moved past it.
///
/// The rule: with icons on, every row keeps the room, whether its icon
/// has come, is still being decoded or does not exist, so that the text
/// does not move when an icon arrives. Without them nothing is asked and
/// no room is kept: the frame is what it was.
extension FrameBuilder {
  /// The icons' side in device pixels, for a row `rowHeight` px tall; 0
  /// without icons.
  func iconSide(rowHeight: Int) -> Int {
    guard rows.icons != nil else { return 0 }
    let line = text.lineHeight(.row)
    return max(0, min(rowHeight - 2, line + line / 4))
  }

  /// The room an icon takes before the text: its side and a gap.
  func iconRoom(side: Int) -> Int { side > 0 ? side + max(2, side / 3) : 0 }

  /// Draws input row `storeRow`'s icon, when it is decoded, as a `side`
  /// px square from `left`, centred between `top` and `bottom`.
  func drawRowIcon(storeRow: Int, side: Int, left: Int, top: Int, bottom: Int, on canvas: Canvas) {
    guard side > 0, let icons = rows.icons, let id = icons.icon(storeRow: storeRow, size: side) else { return }
    let r = PixelRect(x: left, y: top + (bottom - top - side) / 2, width: side, height: side)
    let local = PixelRect(x: r.x - canvas.dx, y: r.y - canvas.dy, width: side, height: side)
    if inks != nil { recordInk(local, on: canvas) }
    for b in canvas.bounds {
      var c = local.intersection(b)
      if let listClip { c = c.intersection(listClip) }
      guard !c.isEmpty else { continue }
      frame.ops.append(.icon(id: id, rect: c, sourceX: c.x - local.x, sourceY: c.y - local.y, target: canvas.target))
    }
  }
}
