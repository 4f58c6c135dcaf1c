/// The container edge a panel comes from: its home edge.
///
/// A panel's position is one number, its extent: how far its moving edge
/// lies from the home edge, in px along the axis (0 is hidden, the
/// container's length covers everything). Growth is positive: a pointer
/// moving away from the home edge grows the panel. This type is the only
/// place that turns extents into x and y and back.
public enum Edge: String, CaseIterable, Hashable, Sendable {
  /// The window side the panel rises from (its home edge).
  case bottom, top, left, right

  /// Whether the axis is vertical (bottom and top panels).
  public var isVertical: Bool { self == .bottom || self == .top }

  /// The container's length along the axis, px.
  public func length(of size: Size) -> Double { isVertical ? size.height : size.width }

  /// The container's length across the axis, px.
  public func crossLength(of size: Size) -> Double { isVertical ? size.width : size.height }

  /// The extent at which `p` lies: its distance from the home edge.
  public func extent(of p: Point, in size: Size) -> Double {
    switch self {
    case .bottom: size.height - p.y
    case .top: p.y
    case .left: p.x
    case .right: size.width - p.x
    }
  }

  /// `p`'s coordinate across the axis: x for bottom and top, y for left and right.
  public func cross(of p: Point) -> Double { isVertical ? p.x : p.y }

  /// How far a pointer moving from `a` to `b` grows the panel, px.
  public func growth(from a: Point, to b: Point) -> Double {
    switch self {
    case .bottom: a.y - b.y
    case .top: b.y - a.y
    case .left: b.x - a.x
    case .right: a.x - b.x
    }
  }

  /// The container point at `extent` along the axis and `cross` across it.
  public func point(extent: Double, cross: Double, in size: Size) -> Point {
    switch self {
    case .bottom: Point(x: cross, y: size.height - extent)
    case .top: Point(x: cross, y: extent)
    case .left: Point(x: extent, y: cross)
    case .right: Point(x: size.width - extent, y: cross)
    }
  }

  /// The panel's rectangle: its moving edge at `extent`, `length` px deep
  /// along the axis (the part beyond the home edge is off the container),
  /// spanning `cross` across it.
  public func frame(extent: Double, length: Double, cross: ClosedRange<Double>, in size: Size) -> Rect {
    let span = cross.upperBound - cross.lowerBound
    switch self {
    case .bottom: return Rect(x: cross.lowerBound, y: size.height - extent, width: span, height: length)
    case .top: return Rect(x: cross.lowerBound, y: extent - length, width: span, height: length)
    case .left: return Rect(x: extent - length, y: cross.lowerBound, width: length, height: span)
    case .right: return Rect(x: size.width - extent, y: cross.lowerBound, width: length, height: span)
    }
  }

  // MARK: The list

  /// Where `p` lies along the list, px down the container: rows run top to
  /// bottom whatever the edge, so a left or right panel's list scrolls
  /// across its axis.
  public func listPosition(of p: Point) -> Double { p.y }

  /// Whether the list scrolls along the axis (bottom and top panels), so
  /// that one drag can share its motion between the list and the panel.
  public var listScrollsAlongAxis: Bool { isVertical }

  /// How the scroll offset follows growth along the axis, so the content
  /// follows the pointer: +1 for a bottom panel (the pointer moving up
  /// scrolls toward the end), −1 for a top panel, 0 across the axis.
  public var listDirection: Double {
    switch self {
    case .bottom: 1
    case .top: -1
    case .left, .right: 0
    }
  }
}
