/// A running panel taking a new configuration: a front end whose scale
/// changed hands it the same settings in new px.
extension Drawer {
  /// Replaces the configuration and the text metrics at `time`, keeping
  /// what the user sees: the panel at the detent it rests at or was heading
  /// for (by name, with no move animated), the list at the same row, the
  /// detents enabled or disabled at run time as they were.
  ///
  /// What was in flight ends first, with its answer: a move completes at
  /// its target (`didTransition`); a drag reports `dragCancelled` and the
  /// rest of its press does nothing, since its pointer positions were in
  /// the old px; a coasting list stops. The container keeps its size.
  /// Throws, changing nothing, when `configuration` is invalid.
  public func reconfigure(
    _ configuration: DrawerConfiguration, textMetrics: any TextMeasuring, time: Double
  ) throws(DrawerConfigurationError) {
    try configuration.validate()
    step(to: time)
    if let running = animation { complete(running) }
    abandonGesture()
    momentum = nil
    lastScrollTime = nil
    clicks.reset()
    // The scroll position counts in rows, which keep their meaning in any px.
    let (scrolled, oldRowHeight) = (contentOffset, layout.rowHeight)
    let restName = layout.detents.all[rest].name

    var detents = configuration.detentSet
    for d in layout.detents.all.dropFirst() { detents.setEnabled(d.isEnabled, for: d.name) }
    self.configuration = configuration
    self.textMetrics = textMetrics
    detentSet = detents
    stages = DrawerKitPolicy(configuration: configuration)
    policy = Drawer.releasePolicy(for: configuration, stages: stages)
    tracker.speedLimit = configuration.metrics.maximumReleaseSpeed
    layout = PanelLayout(
      configuration: configuration, detentSet: detents, containerSize: layout.containerSize, textMetrics: textMetrics)

    rest = layout.detents.index(of: restName) ?? (rest == 0 ? 0 : initialDetent)
    contentOffset = 0
    setExtent(layout.detents.all[rest].extent)
    let offset = oldRowHeight > 0 ? scrolled * layout.rowHeight / oldRowHeight : 0
    contentOffset = clamp(offset, 0, layout.maximumContentOffset(at: extent))
    // The same place in new px is no move.
    reportedExtent = extent
  }

  /// The release rule `configuration` names; DrawerKit's is `stages` itself.
  static func releasePolicy(for configuration: DrawerConfiguration, stages: DrawerKitPolicy) -> any ReleasePolicy {
    switch configuration.releasePolicy {
    case .drawerKit: stages
    case let .projection(skipping, rate): ProjectionPolicy(allowsSkipping: skipping, removalRate: rate)
    case .nearest: NearestPolicy(minimumSpeed: configuration.metrics.rushingSpeed)
    }
  }
}
