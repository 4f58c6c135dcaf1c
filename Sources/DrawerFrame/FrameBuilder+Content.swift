import DrawerEngine
import DrawerRaster
import DrawerText

/// The content picture: a bottom sheet's body drawn once, relative to its
/// top-left pixel, which the window takes its lower rows from while the
/// sheet moves (`Presentation`).
extension FrameBuilder {
  /// The content picture for this frame, redrawn when its layout is the
  /// last frame's too; nil when the frame must be drawn directly.
  func prepareContent(
    _ m: DrawerRenderModel, left: Int, right: Int, top: Int, cornerSize: Int, headerBaseline: Int?
  ) -> (version: Int, inks: [PixelRect], patched: BodyPatch?)? {
    guard layoutContent(m, left: left, right: right, top: top, cornerSize: cornerSize, headerBaseline: headerBaseline) else {
      pendingLayout = nil
      return nil
    }
    // The first picture is drawn at once: the first frame comes before the
    // window maps, and a sheet at rest usually moves next with its content
    // unchanged.
    if let c = content, c.layout != layout, c.layout.differsOnlyInTints(from: layout) {
      // The pointer's or the keyboard's row moved: as the sheet flies under
      // a still pointer, every few frames. Two rows drawn again keep the
      // picture in use.
      patchContent(m, rows: [c.layout.hoveredRow, layout.hoveredRow, c.layout.selectedRow, layout.selectedRow], top: top)
    } else if content?.layout != layout {
      guard content == nil || pendingLayout == layout else {
        pendingLayout = layout
        return nil
      }
      drawContent(m, left: left, right: right, top: top, headerBaseline: headerBaseline)
    }
    return content.map { ($0.version, $0.inks, $0.patched) }
  }

  /// Fills `layout` with where this frame's content falls relative to the
  /// sheet's top-left pixel. False when the content cannot come from a
  /// picture: the empty list's note is centred in the window, not the
  /// sheet, and header text near the handle or a corner would be drawn in
  /// a different order than directly.
  func layoutContent(
    _ m: DrawerRenderModel, left: Int, right: Int, top: Int, cornerSize: Int, headerBaseline: Int?
  ) -> Bool {
    let list = m.list
    let v = list.viewport
    let clipTop = max(0, Int(v.minY.rounded()))
    let clipLeft = max(0, Int(v.minX.rounded()))
    let clipRight = min(width, Int(v.maxX.rounded()))
    guard list.rowCount > 0, clipTop < height, clipRight > clipLeft, min(height, Int(v.maxY.rounded())) == height,
      clipTop - top >= cornerSize
    else { return false }

    if let headerBaseline {
      let handle = m.handle.flatMap(handleRect)
      let places = headerPlaces(left: px(m.headerFrame.minX), right: px(m.headerFrame.maxX))
      let corners = [
        PixelRect(x: left, y: top, width: cornerSize, height: cornerSize),
        PixelRect(x: right - cornerSize, y: top, width: cornerSize, height: cornerSize),
      ]
      func clear(_ ink: TextInk?) -> Bool {
        guard let ink, !ink.isEmpty else { return true }
        let box = PixelRect(x: ink.x, y: headerBaseline + ink.y, width: ink.width, height: ink.height)
        if box.y < top { return false }
        if let handle, !box.intersection(handle).isEmpty { return false }
        return corners.allSatisfy { box.intersection($0).isEmpty }
      }
      guard clear(places.titleInk), clear(places.summaryInk) else { return false }
    }

    layout.width = right - left
    layout.height = height
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
    // as the sheet rises, rows below the window come into view.
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
  /// moved by the sheet's top-left pixel.
  func drawContent(_ m: DrawerRenderModel, left: Int, right: Int, top: Int, headerBaseline: Int?) {
    frame.content = (layout.width, layout.height)
    let canvas = Canvas(
      target: .content, dx: left, dy: top, bounds: [PixelRect(x: 0, y: 0, width: layout.width, height: layout.height)])
    fill(Paint(m.backgroundColor), PixelRect(x: left, y: top, width: layout.width, height: layout.height), on: canvas)
    inks = []
    if let headerBaseline {
      drawHeaderTexts(baseline: headerBaseline, left: px(m.headerFrame.minX), right: px(m.headerFrame.maxX), on: canvas)
    }
    drawList(
      m.list, left: px(m.list.viewport.minX), right: px(m.list.viewport.maxX), on: canvas,
      clipBottom: top + layout.height, end: layout.firstRow + layout.rowEdges.count - 1)
    drawBorderSides(m.border, left: left, top: top, on: canvas)
    contentVersion += 1
    content = (layout, contentVersion, inks ?? [], nil)
    inks = nil
  }

  /// Draws `rows` of the content picture again, as `drawContent` would for
  /// `layout`: their background, the list within them and the border's
  /// sides. The rows become ink, and the picture a patch of the last one.
  func patchContent(_ m: DrawerRenderModel, rows: [Int?], top: Int) {
    guard let old = content else { return }
    let list = PixelRect(x: 0, y: layout.clipTop, width: layout.width, height: layout.height - layout.clipTop)
    var rects: [PixelRect] = []
    for row in Set(rows.compactMap { $0 }) where row >= 0 && row < m.list.rowCount {
      let y0 = Int(m.list.rowTop(row).rounded()) - top
      let y1 = Int(m.list.rowTop(row + 1).rounded()) - top
      let r = PixelRect(x: 0, y: y0, width: layout.width, height: y1 - y0).intersection(list)
      if !r.isEmpty { rects.append(r) }
    }
    rects.sort { $0.y < $1.y }
    guard !rects.isEmpty else {
      content = (layout, old.version, old.inks, old.patched)
      return
    }
    frame.content = (layout.width, layout.height)
    let left = px(m.surface.frame.minX)
    let canvas = Canvas(target: .content, dx: left, dy: top, bounds: rects)
    fill(Paint(m.backgroundColor), PixelRect(x: left, y: top, width: layout.width, height: layout.height), on: canvas)
    drawList(
      m.list, left: px(m.list.viewport.minX), right: px(m.list.viewport.maxX), on: canvas,
      clipBottom: top + layout.height, end: layout.firstRow + layout.rowEdges.count - 1)
    drawBorderSides(m.border, left: left, top: top, on: canvas)
    var inks = old.inks
    for r in rects where !inks.contains(where: { $0.intersection(r) == r }) { inks.append(r) }
    contentVersion += 1
    content = (layout, contentVersion, inks, BodyPatch(from: old.version, rects: rects))
  }

  /// The border's runs down both sides of the content picture, from the
  /// sheet's top: the frames that use the picture start it below the
  /// corners, whatever their size.
  func drawBorderSides(_ border: BorderConfiguration, left: Int, top: Int, on canvas: Canvas) {
    let t = border.thickness.isFinite ? max(0, border.thickness) : 0
    guard t > 0 else { return }
    let right = left + layout.width
    for run in BorderRule(thickness: t).runs {
      let paint = Paint(border.color, opacity: run.opacity)
      fill(paint, PixelRect(x: left + run.offset, y: top, width: run.depth, height: layout.height), on: canvas)
      fill(paint, PixelRect(x: right - run.offset - run.depth, y: top, width: run.depth, height: layout.height), on: canvas)
    }
  }
}

/// Where a sheet's content falls relative to its top-left pixel: what
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

  /// Whether the two differ in nothing but the rows the pointer and the
  /// keyboard tint.
  func differsOnlyInTints(from other: ContentLayout) -> Bool {
    var a = self
    a.hoveredRow = other.hoveredRow
    a.selectedRow = other.selectedRow
    return a == other
  }
}
