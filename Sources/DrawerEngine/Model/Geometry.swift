/// A point in container pixels; y grows downward.
public struct Point: Hashable, Sendable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// A size in pixels.
public struct Size: Hashable, Sendable {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// An axis-aligned rectangle in container pixels; y grows downward.
public struct Rect: Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  public var minX: Double { x }
  public var minY: Double { y }
  public var maxX: Double { x + width }
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

/// Clamps `value` into `lower...upper`; when the range is empty, `lower`
/// wins, and NaN becomes `lower`, so no NaN leaves a clamp.
@inlinable
func clamp(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
  !(value >= lower) ? lower : (value > upper ? max(lower, upper) : value)
}

/// Distances in from each side of a rectangle, px.
public struct Insets: Hashable, Sendable {
  public var top: Double
  public var right: Double
  public var bottom: Double
  public var left: Double

  public init(top: Double = 0, right: Double = 0, bottom: Double = 0, left: Double = 0) {
    self.top = top
    self.right = right
    self.bottom = bottom
    self.left = left
  }

  /// The same distance on every side.
  public init(all v: Double) { self.init(top: v, right: v, bottom: v, left: v) }

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
