/// The decisions an app makes about its panel, asked at the moment the
/// seeds ask them (FloatingPanel's controller delegate and behaviour,
/// OverlayContainer's delegate and transitioning delegate).
///
/// One style for every decision: a delegate object, held weakly by the
/// `Drawer` (`Drawer.delegate`), whose methods all have defaults that leave
/// the engine as configured. A delegate rather than closures in
/// `DrawerConfiguration`: the configuration is a plain `Hashable`, `Sendable`
/// value that `reconfigured(_:textMetrics:time:)` and the host compare and
/// copy, which closures would break; the decisions need the app's state at
/// the moment they are asked, which an object holds; and it is the shape
/// both seeds use. Weak, because the app owns the panel, not the reverse.
///
/// The rules of a call: the engine calls on the thread that handles its
/// inputs, while it handles an input or advances; a method may read the
/// drawer (its `state`, `currentExtent`, the queries) but must not hand it
/// inputs, requests or commands. Every answer is taken before anything is
/// reported, so a rewritten decision never shows a false event. Answers
/// must be finite; a non-finite extent is ignored.
///
/// ```swift
/// final class StaysOpen: DrawerDelegate {
///   func drawer(_ drawer: Drawer, shouldRemoveFor release: Release, proposed: Bool) -> Bool { false }
/// }
/// let delegate = StaysOpen()
/// engine.delegate = delegate  // held weakly: keep `delegate` alive
/// ```
public protocol DrawerDelegate: AnyObject {
  /// Whether a drag of the panel may begin from the press at `point`
  /// (window px). FloatingPanel's `floatingPanelShouldBeginDragging`,
  /// OverlayContainer's `shouldStartDraggingOverlay(at:)`.
  ///
  /// Asked when a press would start moving the panel: once the pointer
  /// leaves the click slop on the header (or along the axis on a list), on
  /// the first motion a list hands to the panel, and at the press that
  /// would catch a moving panel. Refused, the panel does not move and no
  /// `dragBegan`, `dragEnded` or `dragCancelled` is sent: a press past the
  /// slop then does nothing until it is released (as a cancelled pan in
  /// both seeds, it is no tap either); a list keeps scrolling what it
  /// scrolls; a refused catch lets the moving panel go on, and the press
  /// stays an ordinary press that may still be a click. Default: true.
  func drawer(_ drawer: Drawer, shouldBeginDragAt point: Point) -> Bool

  /// The detent a release settles at, given the release and the detent
  /// the release policy (and the removal decision) proposed.
  /// FloatingPanel's `floatingPanelWillEndDragging(_:withVelocity:targetState:)`.
  ///
  /// Asked once per release of a dragged panel, before `dragEnded` and
  /// before the move starts; the move then goes to the answer with the
  /// release's velocity, so `dragEnded`, `willTransition` and
  /// `didTransition` all name the answer (rule `.delegated` when it
  /// differs). An answer that is no detent, or a disabled one other than
  /// the release's origin, or the hidden position while removal is off,
  /// is ignored. Default: `proposed`.
  func drawer(_ drawer: Drawer, targetFor release: Release, proposed: DetentName) -> DetentName

  /// Whether this release removes (hides) the panel. FloatingPanel's
  /// `floatingPanel(_:shouldRemoveAt:with:)`.
  ///
  /// Asked at every release of a dragged panel while removal is allowed
  /// (`allowsRemoval`), before `drawer(_:targetFor:proposed:)`;
  /// `proposed` is whether the release policy chose the hidden position.
  /// True removes (rule `.removal` when the policy did not); false, when
  /// the policy chose to remove, settles at the least expanded enabled
  /// detent instead (rule `.delegated`). FloatingPanel hands the velocity
  /// over the distance to hidden, 1/s: here it is
  /// `release.velocity / release.extent`. Default: `proposed`.
  func drawer(_ drawer: Drawer, shouldRemoveFor release: Release, proposed: Bool) -> Bool

  /// A release policy of the app's own, used in place of the configured
  /// one (`DrawerConfiguration.releasePolicy`) for every release.
  /// OverlayContainer's `overlayTargetNotchPolicy(for:)`.
  ///
  /// Asked at each release; nil keeps the configured policy. Its decision
  /// then passes through the removal and target decisions above. It may
  /// only choose a detent that `ResolvedDetents.reachable(including:)`
  /// lists; any other answer settles back at the release's origin.
  /// Default: nil.
  func releasePolicy(for drawer: Drawer) -> (any ReleasePolicy)?

  /// The timing of one animated move: the app's curve in place of the
  /// configured `timingCurve`. FloatingPanel's `animatorForPresentingTo`,
  /// `animatorForDismissingWith`, `animatorForMovingTo` and the release's
  /// attraction; OverlayContainer's `animationController(for:)`.
  ///
  /// Asked when an animated move starts (a release, a click, a key, a
  /// request, a presentation or a dismissal), never for a move that
  /// completes at once (unanimated, zero length, reduced motion). nil
  /// keeps the configured curve. Default: nil.
  func drawer(_ drawer: Drawer, timingFor move: DrawerMove) -> (any DrawerTiming)?

  /// The extent the panel takes when it would take `proposed` px: a limit
  /// on every position. FloatingPanel's `floatingPanelDidMove` moving the
  /// surface back.
  ///
  /// Asked at every change of position: each drag motion, each frame of a
  /// move, the end of a move and a refit. The answer is where the panel is;
  /// `moved` events, `currentExtent` and the render model report it. A
  /// move still ends at its detent's name even where the answer holds the
  /// panel short of it. Default: `proposed`.
  func drawer(_ drawer: Drawer, clampedExtent proposed: Double) -> Double

  /// Whether the list scrolls while the panel is at `detent`.
  /// FloatingPanel's `floatingPanel(_:shouldAllowToScroll:in:)`.
  ///
  /// Asked wherever the engine asks whether the list scrolls (a drag on the
  /// list, a wheel step, a coast, the selection keys). `detent` is the one
  /// the panel is at; between detents, its state as FloatingPanel keeps
  /// it: the detent a drag started from, or the one a move heads for, so a
  /// refusal holds for the whole of a drag that leaves the detent.
  /// `proposed` is the configured answer where the panel is
  /// (`scrollingDetents`, or the detents' flags). Refused, a drag on the
  /// list moves the panel or nothing, and the wheel moves the panel as it
  /// does where the list never scrolls.
  /// Default: `proposed`.
  func drawer(_ drawer: Drawer, shouldAllowScrollAt detent: DetentName, proposed: Bool) -> Bool
}

extension DrawerDelegate {
  /// Default: every drag may begin.
  public func drawer(_ drawer: Drawer, shouldBeginDragAt point: Point) -> Bool { true }
  /// Default: the proposed detent.
  public func drawer(_ drawer: Drawer, targetFor release: Release, proposed: DetentName) -> DetentName { proposed }
  /// Default: the release policy's answer.
  public func drawer(_ drawer: Drawer, shouldRemoveFor release: Release, proposed: Bool) -> Bool { proposed }
  /// Default: the configured policy.
  public func releasePolicy(for drawer: Drawer) -> (any ReleasePolicy)? { nil }
  /// Default: the configured curve.
  public func drawer(_ drawer: Drawer, timingFor move: DrawerMove) -> (any DrawerTiming)? { nil }
  /// Default: no limit.
  public func drawer(_ drawer: Drawer, clampedExtent proposed: Double) -> Double { proposed }
  /// Default: the configured answer.
  public func drawer(_ drawer: Drawer, shouldAllowScrollAt detent: DetentName, proposed: Bool) -> Bool { proposed }
}

/// One animated move of the panel, as the timing decision sees it.
public struct DrawerMove: Hashable, Sendable {
  /// The detent the move leaves (the one the panel rested at or last headed for).
  public var origin: DetentName
  /// The detent the move goes to.
  public var target: DetentName
  /// Where the move starts, px from the home edge.
  public var from: Double
  /// Where the move ends, px from the home edge: the target's extent.
  public var to: Double
  /// The release's velocity, px/s, positive growing; 0 for a move no
  /// release started.
  public var velocity: Double

  /// A move from `origin` at extent `from` to `target` at `to`, started at `velocity` px/s.
  public init(origin: DetentName, target: DetentName, from: Double, to: Double, velocity: Double) {
    self.origin = origin
    self.target = target
    self.from = from
    self.to = to
    self.velocity = velocity
  }
}
