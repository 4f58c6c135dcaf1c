/// A release of a dragged panel, along its axis.
public struct Release: Hashable, Sendable {
  /// Where the panel was let go, px from its home edge.
  public var extent: Double
  /// px/s; positive grows the panel.
  public var velocity: Double
  /// The index (in `ResolvedDetents.all`) of the detent the panel rested
  /// at when the drag began.
  public var origin: Int

  /// A release at `extent` px moving at `velocity` px/s, from the detent at index `origin`.
  public init(extent: Double, velocity: Double, origin: Int) {
    self.extent = extent
    self.velocity = velocity
    self.origin = origin
  }
}

/// Where a release goes, and the rule that chose it.
public struct ReleaseDecision: Hashable, Sendable {
  /// An index in `ResolvedDetents.all`.
  public var target: Int
  /// The step of the policy's rule that chose the target, as the events report it.
  public var rule: ReleaseRule

  /// A decision for the detent at index `target`, by `rule`.
  public init(target: Int, rule: ReleaseRule) {
    self.target = target
    self.rule = rule
  }
}

/// Decides where a released panel settles.
///
/// A policy sees extents and velocities along the axis only, so each one
/// works for every edge. It may only choose a detent that
/// `ResolvedDetents.reachable(including:)` lists for the release's origin.
public protocol ReleasePolicy: Sendable {
  /// The detent `release` goes to, among those `detents` lets it reach, and why.
  func target(for release: Release, among detents: ResolvedDetents) -> ReleaseDecision
}
