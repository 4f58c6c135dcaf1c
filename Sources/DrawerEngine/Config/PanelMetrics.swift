/// The engine's own lengths and speeds: the gaps around the title, the
/// wheel's step, the release and coasting speeds.
///
/// They are configuration, in the same px as every other field, so a front
/// end that draws at a scale (a HiDPI screen) converts them with the rest
/// and the engine sees one unit throughout. The defaults are the values at
/// 1×. Sub-pixel tolerances (a detent's 0.5 px, a spring's rest distance)
/// are about the device's pixel grid and are not here.
public struct PanelMetrics: Hashable, Sendable {
  /// Gap between the handle (or the panel's moving edge) and the title line, px.
  public var titleTopGap: Double = DrawerEngine.titleTopGap
  /// Gap between the title line and the list, px.
  public var titleBottomGap: Double = DrawerEngine.titleBottomGap
  /// Padding added to a row's text line when it sets the row height, px.
  public var rowTextPadding: Double = DrawerEngine.rowTextPadding
  /// List scroll per wheel notch, px.
  public var wheelStep: Double = DrawerEngine.wheelStep
  /// The fastest release velocity measured, px/s (see `VelocityTracker`).
  public var maximumReleaseSpeed: Double = VelocityTracker.maximumSpeed
  /// A release slower than this does not start the list coasting, px/s.
  public var coastingMinimumSpeed: Double = ScrollMomentum.minimumSpeed
  /// A coasting list slower than this stops, px/s.
  public var coastingRestingSpeed: Double = ScrollMomentum.restingSpeed
  /// Above this release speed OverlayContainer's rule takes the detent in
  /// the direction of motion, px/s (`NearestPolicy.minimumSpeed`).
  public var rushingSpeed: Double = NearestPolicy.defaultMinimumSpeed
  /// The scroll indicator's thickness, px (iOS's is about 3).
  public var scrollIndicatorWidth: Double = 3
  /// Its gap to the list's trailing side and to the list's ends, px.
  public var scrollIndicatorInset: Double = 3
  /// Its shortest length, px, however long the list (iOS keeps about 36).
  public var scrollIndicatorMinimumLength: Double = 36

  /// The defaults, logical px and px/s.
  public init() {}
}

extension PanelMetrics {
  /// Throws the first value that is not finite, or not above 0 where a
  /// zero would stop something working (a step, a speed).
  func validate() throws(DrawerConfigurationError) {
    let gaps: [(String, Double)] = [
      ("metrics titleTopGap", titleTopGap), ("metrics titleBottomGap", titleBottomGap),
      ("metrics rowTextPadding", rowTextPadding), ("metrics scrollIndicatorInset", scrollIndicatorInset),
      ("metrics scrollIndicatorMinimumLength", scrollIndicatorMinimumLength),
    ]
    for (field, v) in gaps where !(v.isFinite && v >= 0 && v <= 100_000) {
      throw DrawerConfigurationError(field: field, allowed: "between 0 and 100000 px", value: "\(v)")
    }
    let positive: [(String, Double)] = [
      ("metrics wheelStep", wheelStep), ("metrics maximumReleaseSpeed", maximumReleaseSpeed),
      ("metrics coastingMinimumSpeed", coastingMinimumSpeed), ("metrics coastingRestingSpeed", coastingRestingSpeed),
      ("metrics rushingSpeed", rushingSpeed), ("metrics scrollIndicatorWidth", scrollIndicatorWidth),
    ]
    for (field, v) in positive where !(v.isFinite && v > 0 && v <= 1_000_000) {
      throw DrawerConfigurationError(field: field, allowed: "above 0 and at most 1000000", value: "\(v)")
    }
  }
}
