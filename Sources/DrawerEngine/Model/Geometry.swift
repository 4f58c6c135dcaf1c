/// A point in container pixels; y grows downward.
public struct Point: Hashable, Sendable {
  /// The horizontal position, px from the container's left edge.
  public var x: Double
  /// The vertical position, px from the container's top edge.
  public var y: Double

  /// The point (`x`, `y`), px.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// A size in pixels.
public struct Size: Hashable, Sendable {
  /// The horizontal length, px.
  public var width: Double
  /// The vertical length, px.
  public var height: Double

  /// A size `width` × `height` px.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// An axis-aligned rectangle in container pixels; y grows downward.
public struct Rect: Hashable, Sendable {
  /// The left edge, px.
  public var x: Double
  /// The top edge, px.
  public var y: Double
  /// The horizontal length, px.
  public var width: Double
  /// The vertical length, px.
  public var height: Double

  /// The rectangle with its top-left at (`x`, `y`), `width` × `height` px.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The left edge, `x`.
  public var minX: Double { x }
  /// The top edge, `y`.
  public var minY: Double { y }
  /// The right edge: `x` plus `width`.
  public var maxX: Double { x + width }
  /// The bottom edge: `y` plus `height`.
  public var maxY: Double { y + height }

  /// Whether `p` lies inside; the left and top edges are inside, the right
  /// and bottom edges are not, so adjacent rectangles never share a point.
  public func contains(_ p: Point) -> Bool {
    p.x >= x && p.x < x + width && p.y >= y && p.y < y + height
  }

  /// Whether the two rectangles share an area (touching edges do not).
  public func intersects(_ r: Rect) -> Bool {
    width > 0 && height > 0 && r.width > 0 && r.height > 0
      && x < r.x + r.width && r.x < x + width && y < r.y + r.height && r.y < y + height
  }
}

/// A rectangle of whole pixels, x and y down and right from the top-left.
///
/// Its members are inlinable: the frame builder and the masks call them
/// thousands of times a frame, across modules.
public struct PixelRect: Hashable, Sendable {
  /// The left edge, whole px.
  public var x: Int
  /// The top edge, whole px.
  public var y: Int
  /// The horizontal length, whole px; 0 or less is empty.
  public var width: Int
  /// The vertical length, whole px; 0 or less is empty.
  public var height: Int

  /// The rectangle with its top-left at (`x`, `y`), `width` × `height` px, as given.
  @inlinable public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The empty rectangle at the origin.
  public static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

  /// The right edge, excluded: `x` plus `width`.
  @inlinable public var maxX: Int { x + width }
  /// The bottom edge, excluded: `y` plus `height`.
  @inlinable public var maxY: Int { y + height }
  /// Whether it covers no pixel: a width or height of 0 or less.
  @inlinable public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// The smallest rectangle holding both; an empty one adds nothing.
  @inlinable public func union(_ other: PixelRect) -> PixelRect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let x0 = min(x, other.x), y0 = min(y, other.y)
    return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
  }

  /// Its pixels' count; 0 when empty.
  @inlinable public var area: Int { isEmpty ? 0 : width * height }

  /// Whether the pixel (`px`, `py`) lies inside.
  @inlinable public func contains(x px: Int, y py: Int) -> Bool {
    px >= x && px < x + width && py >= y && py < y + height
  }

  /// The part inside both; `.empty` when they share no pixel.
  @inlinable public func intersection(_ other: PixelRect) -> PixelRect {
    let x0 = max(x, other.x), y0 = max(y, other.y)
    let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}

/// Clamps `value` into `lower...upper`; when the range is empty, `lower`
/// wins, and NaN becomes `lower`, so no NaN leaves a clamp.
@inlinable
func clamp(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
  !(value >= lower) ? lower : (value > upper ? max(lower, upper) : value)
}

/// Distances in from each side of a rectangle, px.
public struct Insets: Hashable, Sendable {
  /// Distance in from the top side, px.
  public var top: Double
  /// Distance in from the right side, px.
  public var right: Double
  /// Distance in from the bottom side, px.
  public var bottom: Double
  /// Distance in from the left side, px.
  public var left: Double

  /// Insets of these distances, px; 0 on every side not given.
  public init(top: Double = 0, right: Double = 0, bottom: Double = 0, left: Double = 0) {
    self.top = top
    self.right = right
    self.bottom = bottom
    self.left = left
  }

  /// The same distance on every side.
  public init(all v: Double) { self.init(top: v, right: v, bottom: v, left: v) }

  /// No inset on any side.
  public static let zero = Insets()

  /// Whether any side is above 0.
  public var isEmpty: Bool { !(top > 0 || right > 0 || bottom > 0 || left > 0) }
}

extension Rect {
  /// The rectangle moved in by `i` on each side; never negative in size.
  public func inset(by i: Insets) -> Rect {
    Rect(
      x: x + i.left, y: y + i.top, width: max(0, width - i.left - i.right), height: max(0, height - i.top - i.bottom))
  }

  /// The rectangle moved by (`dx`, `dy`).
  public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }

  /// The part both rectangles cover; `.zero` when they do not meet.
  public func intersection(_ r: Rect) -> Rect {
    let x0 = max(minX, r.minX), y0 = max(minY, r.minY)
    let x1 = min(maxX, r.maxX), y1 = min(maxY, r.maxY)
    guard x1 > x0, y1 > y0 else { return .zero }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}
