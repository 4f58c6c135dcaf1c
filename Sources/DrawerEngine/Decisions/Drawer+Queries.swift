/// The questions the seeds' controllers answer about their panel.
extension Drawer {
  /// Where the surface's origin (its sheet's top-left corner, window px)
  /// would be with the panel resting at `detent`; nil when the panel has
  /// no such detent. FloatingPanel's `surfaceLocation(for:)`.
  ///
  /// The rule: the sheet frame the render model would show at the
  /// detent's extent, as resolved now (the container's size, the content,
  /// any clamp aside). The hidden position's name is
  /// `DetentName.dismissed`.
  ///
  /// ```swift
  /// let full = engine.surfaceLocation(for: .fullyExpanded)  // Point(x: 0, y: 0) for a bottom panel
  /// ```
  public func surfaceLocation(for detent: DetentName) -> Point? {
    guard let e = layout.extent(of: detent) else { return nil }
    let sheet = layout.geometry(at: e, handle: nil).sheet
    return Point(x: sheet.minX + layout.origin.x, y: sheet.minY + layout.origin.y)
  }

  /// Whether the panel is moving toward a detent after a release of a
  /// drag: FloatingPanel's `isAttracting`. False at rest, during a drag,
  /// and during a move a click, key or request started.
  public var isAttracting: Bool { animation?.afterRelease ?? false }

  /// The detent the panel is moving toward, whatever started the move;
  /// nil at rest or while dragged. FloatingPanel's target of attraction,
  /// OverlayContainer's `targetNotchIndex`. `nominalState` answers the
  /// same while moving and the resting detent otherwise.
  public var headingState: DetentName? { animation.map { name(ofDetent: $0.target) } }

  /// The detent a release here without speed would settle at:
  /// FloatingPanel's `nearbyState`. The rule: the release policy in use
  /// (the delegate's own, else the configured one) asked about a release
  /// at the current extent at 0 px/s from the detent the panel last rested
  /// at; an answer the panel cannot reach is that detent. The delegate's
  /// removal and target decisions are not asked: a query decides nothing.
  public var nearbyState: DetentName {
    let r = Release(extent: extent, velocity: 0, origin: rest)
    let own = delegate?.releasePolicy(for: self) ?? policy
    let target = own.target(for: r, among: layout.detents).target
    return name(ofDetent: layout.detents.reachable(including: rest).contains(target) ? target : rest)
  }

  /// Whether the pointer holds the panel now (a drag of the panel, or of
  /// a list that moved it): OverlayContainer's `isDragging`.
  public var isDragged: Bool { isDrawerDragged }

  /// How far the move under way has gone, 0 at its start and 1 at its
  /// target; nil at rest or while dragged. OverlayContainer's
  /// `translationProgress()`; `moved` events carry the overall progress.
  public var moveProgress: Double? {
    guard let a = animation else { return nil }
    let span = a.to - a.from
    return abs(span) > detentEpsilon ? (extent - a.from) / span : 1
  }
}
