/// Where the engine asks its delegate a yes or no: whether a drag may begin,
/// whether the list scrolls. Each answers as configured without a delegate.
extension Drawer {
  /// Whether the list scrolls with the panel at `e`: the configured rule,
  /// which the delegate may overrule for the detent the panel is at, or
  /// between detents for its state (the detent a drag left, the one a move
  /// heads for), as FloatingPanel asks with its state.
  func listScrolls(at e: Double) -> Bool {
    let proposed = layout.listScrolls(at: e)
    guard let d = delegate else { return proposed }
    let detent = layout.detents.index(at: e, epsilon: detentEpsilon) ?? nominalDetent
    return d.drawer(self, shouldAllowScrollAt: name(ofDetent: detent), proposed: proposed)
  }

  /// Whether the delegate lets a drag of the panel begin from a press at
  /// `p`, area coordinates.
  func mayBeginDrag(at p: Point) -> Bool {
    guard let d = delegate else { return true }
    return d.drawer(self, shouldBeginDragAt: Point(x: p.x + layout.origin.x, y: p.y + layout.origin.y))
  }
}
