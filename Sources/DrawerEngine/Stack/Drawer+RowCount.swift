/// A panel whose row count changes while it is on screen: the detail
/// panel's lines, wrapped again at a new width.
extension Drawer {
  /// This panel with `count` rows, in this one's place from now on: the
  /// same place, move, gesture, scroll position (clamped to the new
  /// rows) and undrained events, so a re-wrap in the middle of a drag or a
  /// move goes on where it was. The selection is kept when its row still
  /// exists. Detents fitted to the content (`.content`) take the new
  /// length at the next resize.
  func withRowCount(_ count: Int) -> Drawer {
    var c = configuration
    c.rowCount = count
    guard let next = try? Drawer(configuration: c, containerSize: windowSize, textMetrics: textMetrics, time: now)
    else { return self }
    next.detentSet = detentSet
    next.layout = Drawer.makeLayout(c, detentSet, window: windowSize, textMetrics, rowCount: count)
    next.rest = rest
    next.animation = animation
    next.gesture = gesture
    next.tracker = tracker
    next.clicks = clicks
    next.contentOffset = contentOffset
    next.momentum = momentum
    next.lastScrollTime = lastScrollTime
    next.selectedRow = selectedRow.flatMap { $0 < count ? $0 : nil }
    next.events = events.unread
    next.reportedExtent = reportedExtent
    next.setExtent(extent)
    return next
  }
}
