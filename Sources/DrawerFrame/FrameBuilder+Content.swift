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
  ) -> (version: Int, inks: [PixelRect])? {
    guard layoutContent(m, left: left, right: right, top: top, cornerSize: cornerSize, headerBaseline: headerBaseline) else {
      pendingLayout = nil
      return nil
    }
    // The first picture is drawn at once: the first frame comes before the
    // window maps, and a sheet at rest usually moves next with its content
    // unchanged.
    if content?.layout != layout {
      guard content == nil || pendingLayout == layout else {
        pendingLayout = layout
        return nil
      }
      drawContent(m, left: left, right: right, top: top, headerBaseline: headerBaseline)
    }
    return content.map { ($0.version, $0.inks) }
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
      target: .content, dx: left, dy: top, bounds: PixelRect(x: 0, y: 0, width: layout.width, height: layout.height))
    fill(Paint(m.backgroundColor), PixelRect(x: left, y: top, width: layout.width, height: layout.height), on: canvas)
    inks = []
    if let headerBaseline {
      drawHeaderTexts(baseline: headerBaseline, left: px(m.headerFrame.minX), right: px(m.headerFrame.maxX), on: canvas)
    }
    drawList(
      m.list, left: px(m.list.viewport.minX), right: px(m.list.viewport.maxX), on: canvas,
      clipBottom: top + layout.height, end: layout.firstRow + layout.rowEdges.count - 1)
    // The sides from the sheet's top: the frames that use the picture
    // start it below the corners, whatever their size.
    let t = m.border.thickness.isFinite ? max(0, m.border.thickness) : 0
    if t > 0 {
      for run in BorderRule(thickness: t).runs {
        let paint = Paint(m.border.color, opacity: run.opacity)
        fill(paint, PixelRect(x: left + run.offset, y: top, width: run.depth, height: layout.height), on: canvas)
        fill(paint, PixelRect(x: right - run.offset - run.depth, y: top, width: run.depth, height: layout.height), on: canvas)
      }
    }
    contentVersion += 1
    content = (layout, contentVersion, inks ?? [])
    inks = nil
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
}
