import DrawerEngine

/// Where the embedded client's window goes: the panel's body (the list's
/// place, below the header) at its most expanded detent, inside the
/// panel's border and clear of its rounded corners, moved with the panel
/// but never resized by a drag.
public enum EmbedArea {
  /// The client's rectangle in window px for `drawer` now: the size of the
  /// body at the most expanded detent, within the sheet's interior there,
  /// shifted as far as the sheet is from where it is there. A panel short
  /// of that detent shows the part of the client the sheet shows; the rest
  /// lies beyond the window's edge.
  public static func frame(for drawer: Drawer) -> Rect {
    frame(for: drawer, sizedAt: mostExpanded(drawer))
  }

  /// The extent of the most expanded detent, px.
  static func mostExpanded(_ drawer: Drawer) -> Double {
    drawer.layout.detents.all.last?.extent ?? drawer.layout.fullExtent
  }

  /// The client's rectangle when it is sized to the body at the extent
  /// `sized` (a detent's), placed as `frame(for:)` places it.
  public static func frame(for drawer: Drawer, sizedAt sized: Double) -> Rect {
    let layout = drawer.layout
    let handle = drawer.configuration.handle
    let full = layout.geometry(at: sized, handle: handle)
    let now = layout.geometry(at: drawer.currentExtent, handle: handle)
    let o = layout.origin
    let body = inside(full.list, sheet: full.sheet, drawer: drawer)
    return body.offsetBy(dx: now.sheet.minX - full.sheet.minX + o.x, dy: now.sheet.minY - full.sheet.minY + o.y)
  }

  /// `body` cut to the sheet's interior: inside the border (a fraction of a
  /// px counts whole, as its pixels are partly the border's colour), and
  /// short of each rounded corner's square along the panel's axis, so that
  /// no pixel of the client lies on the border or beyond a corner's arc.
  static func inside(_ body: Rect, sheet: Rect, drawer: Drawer) -> Rect {
    let t = max(0, drawer.configuration.border.thickness).rounded(.up)
    var x0 = max(body.minX, sheet.minX + t)
    var x1 = min(body.maxX, sheet.maxX - t)
    var y0 = max(body.minY, sheet.minY + t)
    var y1 = min(body.maxY, sheet.maxY - t)
    let edge = drawer.configuration.edge
    let r = max(0, drawer.configuration.maximumCornerRadius)
    // The corners at the moving edge are rounded, a card's at both ends.
    let card = drawer.renderModel.isCard
    if r > 0 {
      switch edge {
      case .top:
        if x0 < sheet.minX + r || x1 > sheet.maxX - r { y1 = min(y1, sheet.maxY - r) }
        if card && (x0 < sheet.minX + r || x1 > sheet.maxX - r) { y0 = max(y0, sheet.minY + r) }
      case .bottom:
        if x0 < sheet.minX + r || x1 > sheet.maxX - r { y0 = max(y0, sheet.minY + r) }
        if card && (x0 < sheet.minX + r || x1 > sheet.maxX - r) { y1 = min(y1, sheet.maxY - r) }
      case .left:
        if y0 < sheet.minY + r || y1 > sheet.maxY - r { x1 = min(x1, sheet.maxX - r) }
        if card && (y0 < sheet.minY + r || y1 > sheet.maxY - r) { x0 = max(x0, sheet.minX + r) }
      case .right:
        if y0 < sheet.minY + r || y1 > sheet.maxY - r { x0 = max(x0, sheet.minX + r) }
        if card && (y0 < sheet.minY + r || y1 > sheet.maxY - r) { x1 = min(x1, sheet.maxX - r) }
      }
    }
    return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }
}

/// --embed-resize, in the manner of OverlayContainer's `flexibleHeight`:
/// the client takes the body's size at each detent the panel comes to rest
/// at, and keeps it while the panel moves; by default it is sized once, at
/// the most expanded detent.
public struct EmbedSizing: Equatable, Sendable {
  /// Whether the client follows the detents.
  public let resizes: Bool
  /// The extent the client is sized at; nil until the first frame.
  public private(set) var extent: Double?

  /// Sizing that follows the detents when `resizes`, else sizes the client once.
  public init(resizes: Bool) {
    self.resizes = resizes
  }

  /// The client's rectangle for `drawer` now. Resizing, it is sized at the
  /// detent the panel rests at, or first heads for; a dismissed panel
  /// keeps the last size.
  public mutating func frame(for drawer: Drawer) -> Rect {
    guard resizes else { return EmbedArea.frame(for: drawer) }
    let m = drawer.renderModel
    let detents = drawer.layout.detents.all
    let resting = m.stateIndex != nil && !m.isAnimating
    let index = resting ? m.stateIndex : extent == nil ? m.nominalStateIndex : nil
    if let index, detents.indices.contains(index), detents[index].extent > 0 { extent = detents[index].extent }
    return EmbedArea.frame(for: drawer, sizedAt: extent ?? EmbedArea.mostExpanded(drawer))
  }
}
