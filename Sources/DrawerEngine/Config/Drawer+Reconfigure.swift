/// A running panel given a new configuration: a front end whose scale
/// changed hands it the same settings in new px.
extension Drawer {
  /// A panel with `configuration` and `textMetrics` that takes over from
  /// this one at `time`, keeping what the user sees: the panel at the
  /// detent it rests at or was heading for (by name, or the nearest one
  /// where the new detents have no such name, with no move animated), the
  /// list at the same row and the selection, the detents enabled or
  /// disabled at run time as they were, and the events not yet drained.
  /// Use it in this one's place from then on.
  ///
  /// What was in flight ends first, with its answer, in the new panel's
  /// names and px, so that every event names a detent the panel has and
  /// the last position reported is the one drawn: a move lands at once at
  /// its target's counterpart (`moved`, then `didTransition`); a drag
  /// reports `dragCancelled` and the rest of its press does nothing, since
  /// its pointer positions were in the old px, and the panel lands at its
  /// detent's counterpart (`refitted`); a coasting list stops, and its
  /// indicator goes. A panel at rest whose detent changed its name or,
  /// with `samePixels`, its place (its extent, its edge, or its area:
  /// margins and width) reports `refitted` too. The container
  /// keeps its size. Throws, changing nothing, when `configuration` is
  /// invalid.
  ///
  /// `samePixels` says the configuration is in this one's px (new
  /// detents); false, it is in new px (a new scale), where the same
  /// detent's new extent is the same place on screen and no move.
  ///
  /// A new panel rather than this one changed: the configuration and the
  /// rules made from it stay constants, which the hot paths read without
  /// copying.
  public func reconfigured(
    _ configuration: DrawerConfiguration, textMetrics: any TextMeasuring, time: Double, samePixels: Bool = false
  ) throws(DrawerConfigurationError) -> Drawer {
    let next = try Drawer(configuration: configuration, containerSize: windowSize, textMetrics: textMetrics, time: time)
    step(to: time)
    let running = animation
    animation = nil
    var dragStart: Int?
    switch gesture {
    case .draggingDrawer(let press), .draggingList(let press, true): dragStart = press.startDetent
    default: break
    }
    // A drag's answer is the new panel's to give, in the new names.
    if dragStart != nil { gesture = .idle }
    abandonGesture()

    // One pass over each set: a by-name search per detent made replacing
    // many detents quadratic.
    var disabled = Set<String>()
    for d in layout.detents.all.dropFirst() where !d.isEnabled { disabled.insert(d.name) }
    if !disabled.isEmpty { next.detentSet.disable(named: disabled) }
    next.layout = Drawer.makeLayout(
      configuration, next.detentSet, window: windowSize, textMetrics, rowCount: layout.rowCount)
    next.now = now
    next.delegate = delegate
    next.events = events.unread
    next.reportedExtent = reportedExtent

    let target = next.counterpart(of: running?.target ?? rest, in: self)
    next.rest = running.map { next.counterpart(of: $0.origin, in: self) } ?? target
    next.setExtent(next.layout.detents.all[target].extent)
    // The scroll position counts in rows, which keep their meaning in any
    // px; the app's own content keeps its offset until the app says more.
    next.tracked = tracked
    let offset = tracked != nil ? contentOffset : layout.rowHeight > 0 ? contentOffset * next.layout.rowHeight / layout.rowHeight : 0
    next.contentOffset = clamp(offset, 0, next.maximumContentOffset(at: next.extent))
    next.selectedRow = selectedRow
    if let start = dragStart {
      next.gesture = .ignored
      next.emit(.dragCancelled(state: next.name(ofDetent: next.counterpart(of: start, in: self))))
    } else if case .ignored = gesture {
      next.gesture = .ignored
    }

    // In the same px, a new edge or a new area (margins, width) puts the
    // panel elsewhere on screen at the same extent: that is a move too, and
    // the position last reported, in the old edge's terms, is stale. A
    // hidden panel is nowhere on screen, in any layout.
    let shows = extent > detentEpsilon || next.extent > detentEpsilon
    let relaid = samePixels && shows && (configuration.edge != self.configuration.edge
      || next.layout.origin != layout.origin || next.layout.containerSize != layout.containerSize)
    if relaid { next.reportedExtent = .nan }
    if let running {
      next.complete(
        DrawerAnimation(
          origin: next.rest, target: target, from: running.from, to: next.extent, velocity: 0, time: now,
          configuration: configuration, containerLength: next.layout.length))
    } else {
      let renamed = next.layout.detents.all[target].name != layout.detents.all[rest].name
      let moved = dragStart != nil || relaid || (samePixels && abs(next.extent - extent) > detentEpsilon)
      if renamed || moved {
        next.reportMove()
        next.emit(.refitted(state: next.name(ofDetent: target)))
      }
    }
    // The same place in new px is no move.
    next.reportedExtent = next.extent
    return next
  }

  /// This panel's counterpart of `old`'s detent at `index`: the detent of
  /// the same name, else (the hidden position aside) the nearest enabled
  /// one to its extent.
  func counterpart(of index: Int, in old: Drawer) -> Int {
    guard index > 0 else { return 0 }
    let d = old.layout.detents.all[index]
    return layout.detents.index(of: d.name) ?? nearestShownDetent(to: d.extent)
  }

  /// The enabled detent, dismissed aside, whose extent is nearest `extent`
  /// (the more expanded of two as near); the initial one when every other
  /// is disabled.
  func nearestShownDetent(to extent: Double) -> Int {
    var best: Int?
    for (i, d) in layout.detents.all.enumerated().dropFirst() where d.isEnabled {
      if best == nil || abs(d.extent - extent) <= abs(layout.detents.all[best!].extent - extent) { best = i }
    }
    return best ?? initialDetent
  }

  /// The release rule `configuration` names; DrawerKit's is `stages` itself.
  static func releasePolicy(for configuration: DrawerConfiguration, stages: DrawerKitPolicy) -> any ReleasePolicy {
    switch configuration.releasePolicy {
    case .drawerKit: stages
    case let .projection(skipping, rate):
      ProjectionPolicy(
        projectionTime: ProjectionPolicy.projectionTime(momentumProjectionRate: configuration.momentumProjectionRate),
        redirectionProgress: configuration.redirectionalProgress, allowsSkipping: skipping, removalRate: rate)
    case .nearest: NearestPolicy(minimumSpeed: configuration.metrics.rushingSpeed)
    }
  }
}
