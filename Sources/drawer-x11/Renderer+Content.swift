import CX11
import DrawerEngine
import DrawerHost
import DrawerRaster
import DrawerText

/// The content picture: a bottom sheet's body drawn once, relative to its
/// top-left pixel, which the window takes its lower rows from while the
/// sheet moves (`Presentation`).
extension Renderer {
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
