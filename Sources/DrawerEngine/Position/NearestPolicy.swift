/// OverlayContainer's release rule (RushingForwardTargetNotchPolicy).
///
/// The release is projected `projectionTime` ahead. Slower than
/// `minimumSpeed`, the panel goes to the reachable detent nearest the
/// projection (ties to the less expanded); faster, of the two nearest it
/// takes the one in the direction of motion. So detents are skipped only
/// through the projection: 3000 px/s projects 300 px.
public struct NearestPolicy: ReleasePolicy {
  /// s: OverlayContainer's minimumDuration.
  public static let defaultProjectionTime = 0.1
  /// px/s: OverlayContainer's minimumVelocity.
  public static let defaultMinimumSpeed = 400.0

  /// How far ahead the release is projected, s.
  public var projectionTime: Double
  /// The release speed, px/s, from which the panel goes on in its direction of motion.
  public var minimumSpeed: Double

  /// The rule with these values: OverlayContainer's 0.1 s and 400 px/s by default.
  public init(projectionTime: Double = defaultProjectionTime, minimumSpeed: Double = defaultMinimumSpeed) {
    self.projectionTime = projectionTime
    self.minimumSpeed = minimumSpeed
  }

  /// The reachable detent nearest the projection, or the next one along the motion for a fast release.
  public func target(for r: Release, among d: ResolvedDetents) -> ReleaseDecision {
    let projected = r.extent + projectionTime * r.velocity
    // The two nearest reachable detents, in index order on ties.
    var best: Int?
    var second: Int?
    var reachableCount = 0
    func distance(_ i: Int) -> Double { abs(d.all[i].extent - projected) }
    for i in d.all.indices where d.all[i].isEnabled || i == r.origin {
      reachableCount += 1
      if best == nil || distance(i) < distance(best!) {
        second = best
        best = i
      } else if second == nil || distance(i) < distance(second!) {
        second = i
      }
    }
    guard let best else { return ReleaseDecision(target: r.origin, rule: .nearest) }
    if let second, reachableCount >= 2, abs(r.velocity) > minimumSpeed {
      let target = r.velocity > 0 ? max(best, second) : min(best, second)
      return ReleaseDecision(target: target, rule: .rushedForward)
    }
    return ReleaseDecision(target: best, rule: .nearest)
  }
}
