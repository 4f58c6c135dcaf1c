/// The layout replaced while the panel runs: FloatingPanel's
/// `invalidateLayout()`, OverlayContainer's `invalidateNotchHeights()`.
extension Drawer {
  /// The panel with its layout replaced in one step, at `time`: `change`
  /// edits a copy of the configuration (its detents, edge, margins,
  /// maximum width, backdrop alphas, or anything else), and the panel made
  /// from it takes over, in the same px. Use it in this one's place.
  ///
  /// The rule (that of `reconfigured(_:textMetrics:time:samePixels:)`
  /// with `samePixels`): the panel goes to the detent of the same name, or
  /// the nearest enabled one, without an animated move. Whatever it tells
  /// is true afterwards: at rest, a panel whose detent was renamed or
  /// whose place changed (its extent, edge or area) reports `moved` then
  /// `refitted`; a move in flight ends at once at its target's counterpart
  /// (`moved`, then `didTransition` naming detents the panel has); a drag
  /// reports `dragCancelled` and the landing (`refitted`), and the rest of
  /// its press does nothing. Nothing changed of the place reports nothing.
  /// The delegate, the tracked content, the selection and the detents
  /// disabled at run time carry over. Throws, changing nothing, when the
  /// changed configuration is invalid.
  ///
  /// ```swift
  /// engine = try engine.replacingLayout(time: now) {
  ///   $0.edge = .right
  ///   $0.detents = [Detent("narrow", .fromHome(240)), Detent("wide", .fraction(0.6))]
  ///   $0.margins = Insets(top: 8, right: 8, bottom: 8, left: 8)
  /// }
  /// ```
  public func replacingLayout(
    time: Double, _ change: (inout DrawerConfiguration) -> Void
  ) throws(DrawerConfigurationError) -> Drawer {
    var c = configuration
    change(&c)
    return try reconfigured(c, textMetrics: textMetrics, time: time, samePixels: true)
  }
}
