/// A running panel given a new configuration: a front end whose scale
/// changed hands it the same settings in new px.
extension Drawer {
  /// A panel with `configuration` and `textMetrics` that takes over from
  /// this one at `time`, keeping what the user sees: the panel at the
  /// detent it rests at or was heading for (by name, or the nearest one
  /// where the new detents have no such name, with no move animated), the list at the same row and the selection, the detents
  /// enabled or disabled at run time as they were, and the events not yet
  /// drained. Use it in this one's place from then on.
  ///
  /// What was in flight ends first, with its answer: a move completes at
  /// its target (`didTransition`); a drag reports `dragCancelled` and the
  /// rest of its press does nothing, since its pointer positions were in
  /// the old px; a coasting list stops, and its indicator goes. The
  /// container keeps its size. Throws, changing nothing, when
  /// `configuration` is invalid.
  ///
  /// A new panel rather than this one changed: the configuration and the
  /// rules made from it stay constants, which the hot paths read without
  /// copying.
  public func reconfigured(
    _ configuration: DrawerConfiguration, textMetrics: any TextMeasuring, time: Double
  ) throws(DrawerConfigurationError) -> Drawer {
    let next = try Drawer(configuration: configuration, containerSize: windowSize, textMetrics: textMetrics, time: time)
    step(to: time)
    if let running = animation { complete(running) }
    abandonGesture()

    for d in layout.detents.all.dropFirst() { next.detentSet.setEnabled(d.isEnabled, for: d.name) }
    next.layout = Drawer.makeLayout(
      configuration, next.detentSet, window: windowSize, textMetrics, rowCount: layout.rowCount)
    next.now = now
    next.delegate = delegate
    next.rest =
      next.layout.detents.index(of: layout.detents.all[rest].name)
      ?? (rest == 0 ? 0 : next.nearestShownDetent(to: layout.detents.all[rest].extent))
    next.setExtent(next.layout.detents.all[next.rest].extent)
    // The scroll position counts in rows, which keep their meaning in any px.
    let offset = layout.rowHeight > 0 ? contentOffset * next.layout.rowHeight / layout.rowHeight : 0
    next.contentOffset = clamp(offset, 0, next.layout.maximumContentOffset(at: next.extent))
    next.selectedRow = selectedRow
    if case .ignored = gesture { next.gesture = .ignored }
    next.events = events.unread
    // The same place in new px is no move.
    next.reportedExtent = next.extent
    return next
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
