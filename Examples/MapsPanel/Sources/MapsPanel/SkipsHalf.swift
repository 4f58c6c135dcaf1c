import DrawerEngine

/// A flick never stops at `half`: a quick release that the policy sends
/// there goes on to `full` upward or to `tip` downward, with the release's
/// speed (FloatingPanel's `floatingPanelWillEndDragging(_:withVelocity:targetState:)`).
/// A slow release still settles at the nearest detent, half included.
final class SkipsHalf: DrawerDelegate {
  /// Faster than this, px/s, a release is a flick.
  let flickSpeed = 600.0
  /// Called with each rewrite: the proposed detent, the answer, the speed.
  var rewrote: (DetentName, DetentName, Double) -> Void = { _, _, _ in }

  func drawer(_ drawer: Drawer, targetFor release: Release, proposed: DetentName) -> DetentName {
    guard proposed == "half", abs(release.velocity) > flickSpeed else { return proposed }
    let answer: DetentName = release.velocity > 0 ? "full" : "tip"
    rewrote(proposed, answer, release.velocity)
    return answer
  }
}
