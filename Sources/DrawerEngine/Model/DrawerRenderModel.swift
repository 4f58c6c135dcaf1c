/// The handle as drawn now.
public struct HandleModel: Hashable, Sendable {
  /// Where the handle lies in the container, px.
  public var frame: Rect
  /// The handle's corner radius, px: the configured one, or half its height.
  public var cornerRadius: Double
  /// The handle's colour, before `alpha`.
  public var color: DrawerColor
  /// 0...1, multiplied into `color`'s alpha by the front end.
  public var alpha: Double
}

/// The list's visible window onto its rows.
public struct ListModel: Hashable, Sendable {
  /// Where the list sits in the container, clipped to the container.
  public var viewport: Rect
  /// Scroll position: the content y at the viewport's top, px.
  public var contentOffset: Double
  /// The height of every row, px.
  public var rowHeight: Double
  /// How many rows the list holds, shown or not.
  public var rowCount: Int
  /// The first row that intersects the viewport.
  public var firstVisibleRow: Int
  /// How many rows from `firstVisibleRow` intersect the viewport.
  public var visibleRowCount: Int
  /// The row the keyboard acts on, drawn as a focus ring.
  public var selectedRow: Int?
  /// The row under the pointer while no button is down, drawn as a
  /// highlight; nil when the pointer is elsewhere.
  public var hoveredRow: Int?
  /// The scroll indicator while the list scrolls and shortly after; nil
  /// otherwise, and when the rows fit.
  public var scrollIndicator: ScrollIndicatorModel?

  /// The container y of `row`'s top edge.
  public func rowTop(_ row: Int) -> Double {
    viewport.y + Double(row) * rowHeight - contentOffset
  }
}

/// The extent of each debug line, px from the home edge; nil when a line
/// is not drawn. The front end draws each across the container where the
/// panel's moving edge would be at that extent.
public struct DebugMarks: Hashable, Sendable {
  /// DrawerKit draws it only when the upper gap is above 0.
  public var upperMark: Double?
  /// The mark detent (DrawerKit's partial position).
  public var mark: Double?
  /// The lower mark's extent; DrawerKit draws it only when the lower gap is above 0.
  public var lowerMark: Double?
}

/// Everything a front end draws for one frame, as plain values.
///
/// The model holds no arrays and no strings, so producing it every frame
/// costs no allocation; row text comes from the front end's own data.
public struct DrawerRenderModel: Hashable, Sendable {
  /// The window's size; every rectangle below is in window px.
  public var containerSize: Size
  /// The part of the window the panel lives in: the window less the
  /// margins, no wider than the maximum width. Extents (the panel's, the
  /// debug marks') are measured from this area's home edge.
  public var panelArea: Rect
  /// The edge the panel comes from.
  public var edge: Edge
  /// The resting detent's index in `Drawer.layout.detents.all`, or nil
  /// while the panel is between detents; `Drawer.name(ofDetent:)` names it.
  /// An index, not a name, so the model holds no string.
  public var stateIndex: Int?
  /// The index of the last detent the panel rested at or is heading for.
  public var nominalStateIndex: Int
  /// Where the panel is: its moving edge's distance from the home edge, px.
  public var extent: Double
  /// The y of the sheet's top edge; for a bottom panel, the container
  /// height minus the extent (DrawerKit's drawer y).
  public var drawerTop: Double
  /// Opacity of the black dim over the presenting content, 0...1.
  public var backdropAlpha: Double
  /// The dim's opacity where the panel's animation ends, 0...1; nil while
  /// nothing animates the panel (at rest, or under the pointer). A front
  /// end may make that dim ready before the panel gets there.
  public var restingBackdropAlpha: Double? = nil
  /// The whole sheet: it is as long as full expansion and moves along the
  /// axis, so part of it may lie beyond the home edge.
  public var drawerFrame: Rect
  /// What can be seen of the panel: `drawerFrame` cut at the area's home
  /// edge, with its rounded corners. Shadows and the fill follow it.
  public var surface: SurfaceShape
  /// Whether the panel is a card, with margins: all four corners rounded,
  /// and a shadow all around.
  public var isCard: Bool
  /// Radius of the two corners at the moving edge, px.
  public var cornerRadius: Double
  /// The panel's fill.
  public var backgroundColor: DrawerColor
  /// The line around the surface; thickness 0 draws none.
  public var border: BorderConfiguration
  /// The shadow under the surface; opacity 0 draws none.
  public var shadow: ShadowConfiguration
  /// nil when there is no handle.
  public var handle: HandleModel?
  /// The strip beside the list: the title, and the handle for bottom and
  /// top panels; a click here counts toward tap-to-expand.
  public var headerFrame: Rect
  /// A left or right panel's grip column at the moving edge; empty otherwise.
  public var gripFrame: Rect
  /// The list inside the panel, with its scroll position.
  public var list: ListModel
  /// nil unless debug mode is on.
  public var debugMarks: DebugMarks?
  /// Whether the drawer or the list is moving; when false nothing changes
  /// until the next input, and the front end may sleep.
  public var isAnimating: Bool
}

extension DrawerRenderModel {
  /// The window point where the panel's moving edge would be at `extent`,
  /// at the start of the area across the axis: where a debug line goes.
  public func windowPoint(extent: Double) -> Point {
    let a = panelArea
    let p = edge.point(extent: extent, cross: 0, in: Size(width: a.width, height: a.height))
    return Point(x: p.x + a.x, y: p.y + a.y)
  }
}
