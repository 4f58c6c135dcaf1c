/// The release of a dragged panel: the policy's proposal, then the
/// delegate's removal and target decisions, then one move.
extension Drawer {
  /// Ends a drag of the panel: the release policy picks the target, and the
  /// release velocity (px/s, positive grows) seeds the move. A release at
  /// the most expanded detent from the list hands its speed back to the list.
  ///
  /// Every decision is taken before anything is reported: `dragEnded`,
  /// `willTransition` and `didTransition` all name the final target, and
  /// the move starts from the release with its velocity.
  func release(velocity: Double, fromList: Bool) {
    let decision = decideRelease(Release(extent: extent, velocity: velocity, origin: rest))
    let target = decision.target
    emit(.dragEnded(velocity: -velocity, target: name(ofDetent: target), rule: decision.rule))
    if fromList, target == mostExpanded, abs(extent - layout.detents.all[target].extent) <= detentEpsilon {
      transition(to: target, velocity: 0, animated: false)
      coast(offsetVelocity: listDirection * velocity)
      return
    }
    transition(to: target, velocity: velocity, animated: true, afterRelease: true)
  }

  /// Where `r` goes: the delegate's policy or the configured one, then
  /// whether it removes, then the delegate's rewrite of the target.
  func decideRelease(_ r: Release) -> ReleaseDecision {
    let d = layout.detents
    guard let delegate else { return policy.target(for: r, among: d) }
    let reachable = d.reachable(including: r.origin)
    var decision: ReleaseDecision
    if let own = delegate.releasePolicy(for: self) {
      decision = own.target(for: r, among: d)
      // An app's policy may answer anything; only a reachable detent counts.
      if !reachable.contains(decision.target) { decision = ReleaseDecision(target: r.origin, rule: .delegated) }
    } else {
      decision = policy.target(for: r, among: d)
    }
    let removable = d.all[0].isEnabled
    if removable {
      let proposed = decision.target == 0
      let removes = delegate.drawer(self, shouldRemoveFor: r, proposed: proposed)
      if removes && !proposed {
        decision = ReleaseDecision(target: 0, rule: .removal)
      } else if !removes && proposed {
        decision = ReleaseDecision(target: leastExpanded ?? r.origin, rule: .delegated)
      }
    }
    let proposed = name(ofDetent: decision.target)
    let answer = delegate.drawer(self, targetFor: r, proposed: proposed)
    if answer != proposed, let i = detentIndex(of: answer), reachable.contains(i) {
      decision = ReleaseDecision(target: i, rule: .delegated)
    }
    return decision
  }
}
