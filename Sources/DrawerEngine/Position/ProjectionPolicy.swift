/// FloatingPanel's release rule: momentum projection and redirection.
///
/// The release is projected forward, `e + projectionTime · v`: where a
/// panel decelerating like a scroll view would stop. The segment between
/// the detent behind and the detent ahead, in the direction of motion, is
/// taken at the release (at the projection when skipping is allowed), and
/// the panel goes to the detent ahead when the projection has covered more
/// than `redirectionProgress` of it, else back to the one behind. A still
/// release moves on in the direction it was dragged from its origin.
/// Before all that, with removal allowed, a shrinking release whose speed
/// over its distance to the hidden position reaches `removalRate` removes
/// the panel.
public struct ProjectionPolicy: ReleasePolicy {
  /// UIKit's normal deceleration rate, per ms: FloatingPanel's
  /// momentumProjectionRate default.
  public static let defaultMomentumProjectionRate = 0.998
  /// s: v/1000 · r/(1 − r) with UIKit's normal deceleration rate r = 0.998
  /// (FloatingPanel's momentumProjectionRate), so 0.499.
  public static let defaultProjectionTime = projectionTime(momentumProjectionRate: defaultMomentumProjectionRate)

  /// The projection time, s, of a deceleration rate `r` per ms (in (0, 1)):
  /// `r/(1 − r)/1000`, where a scroll view decelerating at `r` stops.
  public static func projectionTime(momentumProjectionRate r: Double) -> Double { r / (1 - r) / 1000 }
  /// FloatingPanel's redirectionalProgress default.
  public static let defaultRedirectionProgress = 0.5
  /// 1/s: FloatingPanel's removalInteractionVelocityThreshold.
  public static let defaultRemovalRate = 5.5

  /// How far ahead the release is projected, s (`e + projectionTime · v`).
  public var projectionTime: Double
  /// The share of the segment ahead, 0...1, the projection must cover to go on to the next detent.
  public var redirectionProgress: Double
  /// Whether a fast release may pass detents (FloatingPanel's
  /// shouldProjectMomentum, false by default: adjacent detents only).
  public var allowsSkipping: Bool
  /// The speed over the distance to hidden, 1/s, from which a shrinking release removes the panel.
  public var removalRate: Double

  /// The rule with these values; FloatingPanel's defaults, adjacent detents only.
  public init(
    projectionTime: Double = defaultProjectionTime, redirectionProgress: Double = defaultRedirectionProgress,
    allowsSkipping: Bool = false, removalRate: Double = defaultRemovalRate
  ) {
    self.projectionTime = projectionTime
    self.redirectionProgress = redirectionProgress
    self.allowsSkipping = allowsSkipping
    self.removalRate = removalRate
  }

  /// The detent FloatingPanel's rule sends release `r` to: removal, redirection or the projection.
  public func target(for r: Release, among d: ResolvedDetents) -> ReleaseDecision {
    let e = r.extent, v = r.velocity
    let removable = d.all[0].isEnabled
    if removable && v < 0 && (e <= 0 || -v / e >= removalRate) { return ReleaseDecision(target: 0, rule: .removal) }
    // The hidden position is no detent for the projection: only removal
    // reaches it.
    let candidates = d.all.indices.filter { $0 != 0 && (d.all[$0].isEnabled || $0 == r.origin) }
    guard !candidates.isEmpty else { return ReleaseDecision(target: r.origin, rule: .returned) }
    let growing = v != 0 ? v > 0 : e >= d.all[r.origin].extent
    let projected = e + projectionTime * v
    let probe = allowsSkipping ? projected : e
    func extent(_ i: Int) -> Double { d.all[i].extent }
    let from: Int, to: Int
    if growing {
      from = candidates.last { extent($0) <= probe } ?? candidates[0]
      to = candidates.first { extent($0) > extent(from) } ?? from
    } else {
      from = candidates.first { extent($0) >= probe } ?? candidates[candidates.count - 1]
      to = candidates.last { extent($0) < extent(from) } ?? from
    }
    // At the last detent in the direction of motion there is nothing ahead.
    guard to != from else { return ReleaseDecision(target: from, rule: from == r.origin ? .returned : .projected) }
    let covered = growing ? projected - extent(from) : extent(from) - projected
    let progress = covered / abs(extent(to) - extent(from))
    if progress > redirectionProgress { return ReleaseDecision(target: to, rule: .projected) }
    return ReleaseDecision(target: from, rule: .returned)
  }
}
