import DrawerEngine

/// How the panel comes and goes over one run: shown or hidden at start,
/// slid in or put in place, and whether its dismissal ends the program.
///
/// The rule: a pick ends when its panel is dismissed, and so does any run
/// with `slidesIn` or `endsWhenDismissed` (the panel slides out first, the pick with status 1,
/// anything else with 0); with `keeps`, no dismissal ends a run, and the
/// panel waits hidden for `present` or `toggle` (or a click in the window).
public struct PanelLifecycle: Equatable, Sendable {
  /// --initial dismissed: nothing is presented at start.
  public var startsHidden = false
  /// --slide-in: the panel slides in from its edge once the first frame is
  /// on screen, and out before a dismissal ends the run; Esc ends a pick
  /// at once all the same.
  public var slidesIn = false
  /// --keep: a dismissal hides the panel and the program runs on; a pick
  /// prints each choice and hides.
  public var keeps = false
  /// An application's panel that ends its run once dismissed
  /// (`DrawerPanel`'s `endsWhenDismissed`), as a pick does.
  public var endsWhenDismissed = false

  /// How a panel comes and goes; every part off by default.
  public init(
    startsHidden: Bool = false, slidesIn: Bool = false, keeps: Bool = false, endsWhenDismissed: Bool = false
  ) {
    self.startsHidden = startsHidden
    self.slidesIn = slidesIn
    self.keeps = keeps
    self.endsWhenDismissed = endsWhenDismissed
  }

  /// Whether the list panel's dismissal ends the run.
  func dismissalEnds(picking: Bool) -> Bool { !keeps && (picking || slidesIn || endsWhenDismissed) }

}

extension HostSession {
  /// Whether the panel on top is hidden or on its way out: what `toggle`
  /// presents rather than dismisses.
  public var isHiding: Bool { host.stack.top.nominalState == .dismissed }

  /// Slides the panel in, or out, from where it is heading now.
  func toggle(time: Double) {
    feed(.request(isHiding ? .present(animated: true) : .dismiss(animated: true), time: time))
  }

  /// What `reportReady` starts: the slide in, once the first frame (the
  /// panel still hidden) is on screen; or the first key, when one is typed
  /// before that (a launcher's keys typed right after launch), so that it
  /// finds the panel coming, as it would after `ready`. Once only.
  func startSlideIn() {
    guard lifecycle.slidesIn && !lifecycle.startsHidden && isHiding && !slideInStarted else { return }
    slideInStarted = true
    feed(.request(.present(animated: true), time: time))
  }

  /// The list panel was dismissed: the end of the run, unless it keeps
  /// running hidden; with `endingStatus` the end, with that status.
  func listDismissed() {
    guard exitStatus == nil else { return }
    if let endingStatus {
      exitStatus = endingStatus
    } else if lifecycle.dismissalEnds(picking: pick != nil) {
      exitStatus = closeStatus
    }
  }

  /// Slides the panel out and ends the run with `status` once it is out
  /// (an embedded client that exited), whatever `lifecycle` says.
  public func end(afterDismissalWith status: Int32, time: Double) {
    endingStatus = status
    if host.stack.list.state == .dismissed {
      exitStatus = exitStatus ?? status
    } else {
      feed(.request(.dismiss(animated: true), time: time))
    }
  }
}
