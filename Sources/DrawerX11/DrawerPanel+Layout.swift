import DrawerEngine
import DrawerProcess

extension DrawerPanel {
  /// Replaces the panel's layout now, in one step: `change` edits a copy
  /// of its configuration (detents, edge, margins, maximum width, backdrop
  /// alphas), in logical px. FloatingPanel's `invalidateLayout()`,
  /// OverlayContainer's `invalidateNotchHeights()`.
  ///
  /// The rule is `Drawer.replacingLayout(time:_:)`'s: the panel goes to
  /// the detent of the same name, or the nearest one, without a move, and
  /// what it reports is true. `drawer` is the new engine afterwards; the
  /// delegate and a tracked list carry over. Throws, changing nothing, when
  /// the changed configuration is invalid.
  ///
  /// ```swift
  /// try panel.replaceLayout { $0.detents = notches(forHeight: newHeight) }
  /// ```
  public func replaceLayout(_ change: (inout DrawerConfiguration) -> Void) throws(Failure) {
    try session.replaceLayout(time: max(session.time, monotonicSeconds()), change)
  }
}
