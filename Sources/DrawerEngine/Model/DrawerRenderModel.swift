/// The handle as drawn now.
public struct HandleModel: Hashable, Sendable {
  public var frame: Rect
  public var cornerRadius: Double
  public var color: DrawerColor
  /// 0...1, multiplied into `color`'s alpha by the renderer.
  public var alpha: Double
}

/// The list's visible window onto its rows.
public struct ListModel: Hashable, Sendable {
  /// Where the list sits in the container, clipped to the container.
  public var viewport: Rect
  /// Scroll position: the content y at the viewport's top, px.
  public var contentOffset: Double
  public var rowHeight: Double
  public var rowCount: Int
  /// The first row that intersects the viewport.
  public var firstVisibleRow: Int
  /// How many rows from `firstVisibleRow` intersect the viewport.
  public var visibleRowCount: Int
  public var selectedRow: Int?

  /// The container y of `row`'s top edge.
  public func rowTop(_ row: Int) -> Double {
    viewport.y + Double(row) * rowHeight - contentOffset
  }
}

/// The y of each debug line, in container px; nil when a line is not drawn.
public struct DebugMarks: Hashable, Sendable {
  /// DrawerKit draws it only when the upper gap is above 0.
  public var upperMarkY: Double?
  public var partialY: Double?
  public var lowerMarkY: Double?
}

/// Everything a front end draws for one frame, as plain values.
///
/// The model holds no arrays and no strings, so producing it every frame
/// costs no allocation; row text comes from the front end's own data.
public struct DrawerRenderModel: Hashable, Sendable {
  public var containerSize: Size
  /// The resting state, or nil while the drawer is between states.
  public var state: DrawerState?
  /// The last state the drawer rested in or is heading for.
  public var nominalState: DrawerState
  /// The y of the drawer's top edge; the container height when dismissed.
  public var drawerTop: Double
  /// Opacity of the black dim over the presenting content, 0...1.
  public var backdropAlpha: Double
  /// The whole sheet: DrawerKit's drawer is a full-height sheet moved in y,
  /// so most of it may lie below the container.
  public var drawerFrame: Rect
  /// Radius of the two top corners, px.
  public var cornerRadius: Double
  public var backgroundColor: DrawerColor
  public var border: BorderConfiguration
  public var shadow: ShadowConfiguration
  /// nil when there is no handle.
  public var handle: HandleModel?
  /// The strip above the list: the handle and the title; a click here counts
  /// toward tap-to-expand.
  public var headerFrame: Rect
  public var list: ListModel
  /// nil unless debug mode is on.
  public var debugMarks: DebugMarks?
  /// Whether the drawer or the list is moving; when false nothing changes
  /// until the next input, and the front end may sleep.
  public var isAnimating: Bool
}
