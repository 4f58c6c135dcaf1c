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
