/// Why a release sent the drawer where it went: DrawerKit's rules, in order.
public enum ReleaseRule: String, Hashable, Sendable {
  /// Faster upward than the flick threshold: fully expanded.
  case flickUp
  /// Faster downward than the flick threshold: collapsed or dismissed.
  case flickDown
  /// Released above the upper mark.
  case aboveUpperMark
  /// Released between the upper and lower marks.
  case partialBand
  /// Released below the lower mark.
  case belowLowerMark
}

/// Something that happened, for the front end to report.
public enum DrawerEvent: Hashable, Sendable {
  /// An animated or immediate move toward `to` starts.
  case willTransition(from: DrawerState, to: DrawerState)
  /// The move announced by the last `willTransition` ended. `interrupted` is
  /// true when a press caught the drawer before it arrived; `to` is then the
  /// state it was heading for.
  case didTransition(from: DrawerState, to: DrawerState, interrupted: Bool)
  /// Enough clicks on the drawer to expand it.
  case interiorTap
  /// Enough clicks outside the drawer to dismiss it.
  case exteriorTap
  /// A drag of the drawer (not of the list) began.
  case dragBegan(state: DrawerState)
  /// A drag of the drawer ended: release velocity in px/s (positive is
  /// downward), the target chosen and the rule that chose it.
  case dragEnded(velocity: Double, target: DrawerState, rule: ReleaseRule)
  /// A click selected a row.
  case rowSelected(Int)
  /// The drawer finished appearing from dismissed.
  case presented
  /// The drawer finished disappearing.
  case dismissed
}
