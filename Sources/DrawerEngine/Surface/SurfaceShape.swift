/// The radius of each corner of a rectangle, px.
public struct CornerRadii: Hashable, Sendable {
  /// The top-left corner's radius, px.
  public var topLeft: Double
  /// The top-right corner's radius, px.
  public var topRight: Double
  /// The bottom-right corner's radius, px.
  public var bottomRight: Double
  /// The bottom-left corner's radius, px.
  public var bottomLeft: Double

  /// Radii as given, px; 0 (square) for each corner not given.
  public init(topLeft: Double = 0, topRight: Double = 0, bottomRight: Double = 0, bottomLeft: Double = 0) {
    self.topLeft = topLeft
    self.topRight = topRight
    self.bottomRight = bottomRight
    self.bottomLeft = bottomLeft
  }

  /// The same radius at every corner.
  public init(all r: Double) { self.init(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r) }

  /// Square corners all round.
  public static let zero = CornerRadii()

  /// The largest of the four.
  public var maximum: Double { max(max(topLeft, topRight), max(bottomRight, bottomLeft)) }
}

/// What the user sees of the panel: a rectangle with rounded corners.
///
/// Drawing and hit-testing both read it, so a click lands on the panel
/// exactly where its pixels are: in a corner's cut-out it is outside.
public struct SurfaceShape: Hashable, Sendable {
  /// The rectangle the shape fills, container px.
  public var frame: Rect
  /// Each at most half the shorter side, so two corners never overlap.
  public var radii: CornerRadii

  /// The shape of `frame` with `radii`, each cut to half the shorter side; a negative or non-finite one is 0.
  public init(frame: Rect, radii: CornerRadii) {
    self.frame = frame
    let limit = max(0, min(frame.width, frame.height) / 2)
    func fit(_ r: Double) -> Double { r.isFinite ? min(max(0, r), limit) : 0 }
    self.radii = CornerRadii(
      topLeft: fit(radii.topLeft), topRight: fit(radii.topRight), bottomRight: fit(radii.bottomRight),
      bottomLeft: fit(radii.bottomLeft))
  }

  /// No surface: an empty frame at the origin.
  public static let empty = SurfaceShape(frame: .zero, radii: .zero)

  /// Whether `p` lies on the surface: inside the rectangle and, within a
  /// corner's square, inside its quarter circle.
  public func contains(_ p: Point) -> Bool {
    guard frame.contains(p) else { return false }
    let f = frame
    // The corner whose square holds p, if any, and that corner's centre.
    func outside(_ r: Double, _ cx: Double, _ cy: Double, _ inX: Bool, _ inY: Bool) -> Bool {
      guard r > 0, inX, inY else { return false }
      let dx = p.x - cx, dy = p.y - cy
      return dx * dx + dy * dy > r * r
    }
    let r = radii
    return !(outside(r.topLeft, f.minX + r.topLeft, f.minY + r.topLeft, p.x < f.minX + r.topLeft, p.y < f.minY + r.topLeft)
      || outside(r.topRight, f.maxX - r.topRight, f.minY + r.topRight, p.x >= f.maxX - r.topRight, p.y < f.minY + r.topRight)
      || outside(
        r.bottomRight, f.maxX - r.bottomRight, f.maxY - r.bottomRight, p.x >= f.maxX - r.bottomRight,
        p.y >= f.maxY - r.bottomRight)
      || outside(
        r.bottomLeft, f.minX + r.bottomLeft, f.maxY - r.bottomLeft, p.x < f.minX + r.bottomLeft,
        p.y >= f.maxY - r.bottomLeft))
  }
}
