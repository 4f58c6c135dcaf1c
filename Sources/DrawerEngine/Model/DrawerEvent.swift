/// Why a release sent the panel where it went: the rule of the release
/// policy that decided, so that a surprising release can be explained.
public enum ReleaseRule: String, Hashable, Sendable {
  // DrawerKit (`DrawerKitPolicy`), in the order its rules apply.
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
  // FloatingPanel (`ProjectionPolicy`).
  /// Fast enough toward the hidden position to remove the panel.
  case removal
  /// The projected release passed the redirection point: the detent ahead.
  case projected
  /// The projected release fell short of the redirection point: the
  /// detent behind.
  case returned
  // OverlayContainer (`NearestPolicy`).
  /// The reachable detent nearest the projected release.
  case nearest
  /// Faster than the minimum speed: of the two detents nearest the
  /// projected release, the one in the direction of motion.
  case rushedForward
  // The app (`DrawerDelegate`).
  /// The delegate chose the target: it rewrote the proposed one, refused
  /// a removal, or its own policy answered a detent it may not reach (the
  /// release then settles back at its origin).
  case delegated
}

/// Something that happened, for the front end to report.
public enum DrawerEvent: Hashable, Sendable {
  /// An animated or immediate move toward `to` starts.
  case willTransition(from: DetentName, to: DetentName)
  /// The move announced by the last `willTransition` ended. `interrupted` is
  /// true when a press caught the drawer before it arrived; `to` is then the
  /// state it was heading for.
  case didTransition(from: DetentName, to: DetentName, interrupted: Bool)
  /// Enough clicks on the drawer to expand it.
  case interiorTap
  /// Enough clicks outside the drawer to dismiss it.
  case exteriorTap
  /// A drag of the drawer (not of the list) began.
  case dragBegan(state: DetentName)
  /// A drag of the drawer ended: release velocity in px/s along the axis,
  /// positive toward the home edge (downward for a bottom panel), the
  /// target chosen and the rule that chose it.
  case dragEnded(velocity: Double, target: DetentName, rule: ReleaseRule)
  /// A drag of the drawer that reported `dragBegan` ended without a
  /// release: Escape, a request or `finish(at:)` took the drawer from the
  /// pointer. `state` is the state the drag began in. A move back, if any,
  /// follows with its own `willTransition`.
  case dragCancelled(state: DetentName)
  /// The move announced by the last `willTransition` will never arrive:
  /// `finish(at:)` stopped it. Each `willTransition` is answered by exactly
  /// one `didTransition` or one `transitionCancelled`.
  case transitionCancelled(from: DetentName, to: DetentName)
  /// The panel moved: its extent (px from the home edge) and its progress
  /// toward the most expanded detent (0 hidden, 1 there, more in an
  /// overdrag). At most once per `advance(to:)`, and only with
  /// `DrawerConfiguration.reportsMoves`.
  case moved(extent: Double, progress: Double)
  /// A click, a key or a request selected a row.
  case rowSelected(Int)
  /// A row was activated: Enter with the row selected, a double click on
  /// it, or in a picker a single click. Only a panel whose rows are
  /// selectable sends it.
  case rowActivated(Int)
  /// The detent the panel rests at moved, and the panel with it, without
  /// a transition: its content refitted (rows came or went under a
  /// `content` detent), the window was resized, or a detent was enabled or
  /// disabled. `state` is the detent, whose new extent the panel now has.
  case refitted(state: DetentName)
  /// The drawer finished appearing from dismissed.
  case presented
  /// The drawer finished disappearing.
  case dismissed
}
