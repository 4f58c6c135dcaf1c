import RealModule

/// What a drag past the first or last detent does.
public enum Overdrag: Hashable, Sendable {
  /// Stops at the end detent (DrawerKit).
  case clamp
  /// Follows the pointer to the container's ends (FloatingPanel without
  /// rubber banding).
  case follow
  /// Follows with growing resistance.
  case rubberBand(RubberBand)

  /// The extent shown for a pointer that asks for `requested`, with the
  /// detents between `lower` and `upper` in a container `length` px long.
  /// Never below 0 or beyond the container.
  public func extent(for requested: Double, lower: Double, upper: Double, length: Double) -> Double {
    let top = max(0, length)
    switch self {
    case .clamp:
      return min(max(requested, lower), max(lower, upper))
    case .follow:
      return min(max(requested, 0), top)
    case .rubberBand(let band):
      if requested > upper { return min(top, band.beyond(upper, by: requested - upper, length: top)) }
      if requested < lower { return max(0, band.short(of: lower, by: lower - requested, length: top)) }
      return requested
    }
  }
}

/// A rubber band's resistance curve.
public enum RubberBand: Hashable, Sendable {
  /// FloatingPanel's: `(1 − 1/(0.55·x/D + 1))·D` for an overshoot x in a
  /// view D long; 100 px on 844 gives about 52.
  case floatingPanel
  /// OverlayContainer's: `m·(1 + f·log10(t/m))` for a target t past a
  /// limit m; 700 past 600 with f 0.5 gives 620.08.
  case overlayContainer(factor: Double)

  /// FloatingPanel's coefficient.
  public static let floatingPanelCoefficient = 0.55
  /// OverlayContainer's default factor.
  public static let overlayContainerFactor = 0.5

  /// The shown overshoot for a requested overshoot `x` in a dimension `d`.
  public static func floatingPanel(overshoot x: Double, dimension d: Double) -> Double {
    guard d > 0, x > 0 else { return 0 }
    return (1 - 1 / (floatingPanelCoefficient * x / d + 1)) * d
  }

  /// The shown position for a requested `t` past the limit `m` (t > m > 0).
  public static func overlayContainer(target t: Double, limit m: Double, factor f: Double) -> Double {
    guard m > 0, t > m else { return max(t, 0) }
    return m * (1 + f * Double.log10(t / m))
  }

  /// The extent shown for a request `x` px beyond `limit`.
  func beyond(_ limit: Double, by x: Double, length: Double) -> Double {
    switch self {
    case .floatingPanel: limit + RubberBand.floatingPanel(overshoot: x, dimension: length)
    case .overlayContainer(let f): RubberBand.overlayContainer(target: limit + x, limit: limit, factor: f)
    }
  }

  /// The extent shown for a request `x` px short of `limit`, mirrored:
  /// OverlayContainer reflects the target about the limit.
  func short(of limit: Double, by x: Double, length: Double) -> Double {
    switch self {
    case .floatingPanel:
      return limit - RubberBand.floatingPanel(overshoot: x, dimension: length)
    case .overlayContainer(let f):
      guard limit > 0 else { return 0 }
      return 2 * limit - RubberBand.overlayContainer(target: limit + x, limit: limit, factor: f)
    }
  }
}
