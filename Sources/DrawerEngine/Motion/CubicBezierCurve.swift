/// A CSS-style cubic Bézier timing function from (0, 0) to (1, 1).
///
/// `progress(at:)` maps elapsed fraction to travelled fraction, solving the
/// curve's x for its parameter by Newton steps with a bisection fallback.
public struct CubicBezierCurve: Hashable, Sendable {
  /// Newton steps tried before bisection, and the x error that ends them.
  static let newtonSteps = 8
  static let tolerance = 1e-7

  /// The control points (`x1`, `y1`) and (`x2`, `y2`); x1 and x2 lie in 0...1.
  public let x1: Double, y1: Double, x2: Double, y2: Double

  /// The curve through these control points, as CSS's `cubic-bezier(x1, y1, x2, y2)`.
  public init(x1: Double, y1: Double, x2: Double, y2: Double) {
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
  }

  private static func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
  }

  private static func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
  }

  /// The curve's y where its x equals `fraction`, with `fraction` clamped to 0...1.
  public func progress(at fraction: Double) -> Double {
    let x = clamp(fraction, 0, 1)
    if x == 0 || x == 1 { return x }
    var s = x
    for _ in 0..<CubicBezierCurve.newtonSteps {
      let error = CubicBezierCurve.coordinate(s, x1, x2) - x
      if abs(error) < CubicBezierCurve.tolerance {
        return CubicBezierCurve.coordinate(s, y1, y2)
      }
      let d = CubicBezierCurve.slope(s, x1, x2)
      if abs(d) < 1e-9 { break }
      s -= error / d
      if s < 0 || s > 1 { break }
    }
    // x(s) is monotonic for x1, x2 in 0...1, so bisection always converges.
    var lo = 0.0, hi = 1.0
    s = x
    for _ in 0..<60 {
      let value = CubicBezierCurve.coordinate(s, x1, x2)
      if abs(value - x) < CubicBezierCurve.tolerance { break }
      if value < x { lo = s } else { hi = s }
      s = (lo + hi) / 2
    }
    return CubicBezierCurve.coordinate(s, y1, y2)
  }
}
