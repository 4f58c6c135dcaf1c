/// Decides where a released drawer goes: DrawerKit's rule, exactly.
///
/// The release speed is the velocity divided by the container height, in
/// container heights per second; "still" means a speed of exactly 0. The
/// "final" state is collapsed when there is one and the drawer dismisses in
/// stages, else dismissed. In order:
/// 1. faster upward than the threshold: full;
/// 2. faster downward than the threshold: final;
/// 3. above the upper mark: full when moving up or still; moving down,
///    partial when partial expansion and staged dismissal are both on, else final;
/// 4. above the lower mark (the band around partial): moving down, final;
///    moving up or still, partial (full without partial expansion);
/// 5. anywhere lower: final, even when moving up slowly.
///
/// Unlike DrawerKit, every path (drawer drags and list pulls alike) hands
/// this the velocity in px/s; DrawerKit's list path passes px/ms unscaled,
/// so its list releases almost never count as flicks.
public struct ReleasePolicy: Hashable, Sendable {
  public var containerHeight: Double
  public var upperMarkY: Double
  public var lowerMarkY: Double
  /// Container heights per second; 0 turns flicks off.
  public var flickSpeedThreshold: Double
  public var supportsPartialExpansion: Bool
  public var dismissesInStages: Bool
  public var hasCollapsedState: Bool

  public init(
    containerHeight: Double, upperMarkY: Double, lowerMarkY: Double, flickSpeedThreshold: Double,
    supportsPartialExpansion: Bool, dismissesInStages: Bool, hasCollapsedState: Bool
  ) {
    self.containerHeight = containerHeight
    self.upperMarkY = upperMarkY
    self.lowerMarkY = lowerMarkY
    self.flickSpeedThreshold = flickSpeedThreshold
    self.supportsPartialExpansion = supportsPartialExpansion
    self.dismissesInStages = dismissesInStages
    self.hasCollapsedState = hasCollapsedState
  }

  public init(layout: DrawerLayout, configuration c: DrawerConfiguration) {
    self.init(
      containerHeight: layout.height, upperMarkY: layout.upperMarkY, lowerMarkY: layout.lowerMarkY,
      flickSpeedThreshold: c.flickSpeedThreshold, supportsPartialExpansion: c.supportsPartialExpansion,
      dismissesInStages: c.dismissesInStages, hasCollapsedState: layout.hasCollapsedState)
  }

  /// The state a downward flick or a low release reaches.
  public var finalState: DrawerState {
    hasCollapsedState && dismissesInStages ? .collapsed : .dismissed
  }

  /// The target for a release at `y` moving at `velocity` px/s (positive down).
  public func target(releasedAt y: Double, velocity: Double) -> (state: DrawerState, rule: ReleaseRule) {
    let speed = containerHeight > 0 ? velocity / containerHeight : 0
    let quick = flickSpeedThreshold != 0 && abs(speed) > flickSpeedThreshold
    let up = speed < 0, down = speed > 0
    if up && quick { return (.fullyExpanded, .flickUp) }
    if down && quick { return (finalState, .flickDown) }
    if y < upperMarkY {
      if !down { return (.fullyExpanded, .aboveUpperMark) }
      return (supportsPartialExpansion && dismissesInStages ? .partiallyExpanded : finalState, .aboveUpperMark)
    }
    if y < lowerMarkY {
      if down { return (finalState, .partialBand) }
      return (supportsPartialExpansion ? .partiallyExpanded : .fullyExpanded, .partialBand)
    }
    return (finalState, .belowLowerMark)
  }
}
