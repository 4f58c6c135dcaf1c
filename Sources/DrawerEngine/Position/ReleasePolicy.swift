/// A release of a dragged panel, along its axis.
public struct Release: Hashable, Sendable {
  /// Where the panel was let go, px from its home edge.
  public var extent: Double
  /// px/s; positive grows the panel.
  public var velocity: Double
  /// The index (in `ResolvedDetents.all`) of the detent the panel rested
  /// at when the drag began.
  public var origin: Int

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
  public var rule: ReleaseRule

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
  func target(for release: Release, among detents: ResolvedDetents) -> ReleaseDecision
}
