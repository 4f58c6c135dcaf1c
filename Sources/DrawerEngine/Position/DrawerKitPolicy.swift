/// DrawerKit's release rule, for any set of detents.
///
/// Speed is the velocity over the container's length, in lengths per
/// second; "still" is exactly 0, and a flick is strictly faster than the
/// threshold. The marks hang from the mark detent (DrawerKit's partial
/// position): the upper one `upperMarkGap` px more expanded, the lower one
/// `lowerMarkGap` px less, both within the container. "Full" is the most
/// expanded reachable detent; "final" is the least expanded other visible
/// detent when the panel dismisses in stages (DrawerKit's collapsed), else
/// the hidden position. In order:
/// 1. faster growing than the threshold: full;
/// 2. faster shrinking than the threshold: final;
/// 3. beyond the upper mark: full when growing or still; shrinking, the mark
///    detent when it is reachable and dismissal is staged, else final;
/// 4. beyond the lower mark (the band around the mark detent): shrinking,
///    final; growing or still, the mark detent (full without one);
/// 5. anywhere lower: final, even when growing slowly.
///
/// With DrawerKit's detents (collapsed, partiallyExpanded, fullyExpanded)
/// this is DrawerKit's `nextStateFrom`, exactly; every path hands it the
/// velocity in px/s, where DrawerKit's list path passes px/ms.
public struct DrawerKitPolicy: ReleasePolicy {
  /// The detent the marks hang from; DrawerKit's partial position.
  public var markName: String
  /// Where the marks hang when the mark detent is absent (DrawerKit keeps
  /// the partial height's marks without partial expansion).
  public var markAnchor: Anchor
  /// px. DrawerKit default: 40.
  public var upperMarkGap: Double
  /// px. DrawerKit default: 40.
  public var lowerMarkGap: Double
  /// Container lengths per second; 0 turns flicks off. DrawerKit default: 3.
  public var flickSpeedThreshold: Double
  /// A shrinking release from beyond the upper mark stops at the mark
  /// detent, and "final" is the lowest visible detent. DrawerKit default: true.
  public var dismissesInStages: Bool

  /// DrawerKit's rule with its defaults: marks 40 px either side of a 300 px partial detent, flicks at 3 lengths/s.
  public init(
    markName: String = "partiallyExpanded", markAnchor: Anchor = .fromHome(300), upperMarkGap: Double = 40,
    lowerMarkGap: Double = 40, flickSpeedThreshold: Double = 3, dismissesInStages: Bool = true
  ) {
    self.markName = markName
    self.markAnchor = markAnchor
    self.upperMarkGap = upperMarkGap
    self.lowerMarkGap = lowerMarkGap
    self.flickSpeedThreshold = flickSpeedThreshold
    self.dismissesInStages = dismissesInStages
  }

  /// The extents of the upper and lower marks among `d`.
  public func marks(among d: ResolvedDetents, full: Double) -> (upper: Double, lower: Double) {
    let mark = clamp(
      d.index(of: markName).map { d.all[$0].extent }
        ?? markAnchor.extent(containerLength: d.containerLength, contentLength: 0), 0, full)
    return (min(mark + upperMarkGap, full), max(mark - lowerMarkGap, 0))
  }

  /// The detent a shrinking flick or a low release reaches.
  public func finalTarget(among d: ResolvedDetents, origin: Int?) -> Int {
    let reachable = d.reachable(including: origin)
    let full = reachable.last ?? 0
    let mark = d.index(of: markName)
    if dismissesInStages, let lowest = reachable.first(where: { $0 != 0 && $0 != full && $0 != mark }) { return lowest }
    if reachable.first == 0 { return 0 }
    return reachable.first(where: { $0 != full && $0 != mark }) ?? mark.flatMap { reachable.contains($0) ? $0 : nil } ?? full
  }

  /// The detent DrawerKit's rule sends release `r` to, and which of its steps chose it.
  public func target(for r: Release, among d: ResolvedDetents) -> ReleaseDecision {
    let reachable = d.reachable(including: r.origin)
    let full = reachable.last ?? r.origin
    let (upper, lower) = marks(among: d, full: d.all[full].extent)
    let final = finalTarget(among: d, origin: r.origin)
    let markIndex = d.index(of: markName).flatMap { reachable.contains($0) ? $0 : nil }
    let speed = d.containerLength > 0 ? r.velocity / d.containerLength : 0
    let quick = flickSpeedThreshold != 0 && abs(speed) > flickSpeedThreshold
    let growing = speed > 0, shrinking = speed < 0
    if growing && quick { return ReleaseDecision(target: full, rule: .flickUp) }
    if shrinking && quick { return ReleaseDecision(target: final, rule: .flickDown) }
    if r.extent > upper {
      if !shrinking { return ReleaseDecision(target: full, rule: .aboveUpperMark) }
      let staged = dismissesInStages ? markIndex : nil
      return ReleaseDecision(target: staged ?? final, rule: .aboveUpperMark)
    }
    if r.extent > lower {
      if shrinking { return ReleaseDecision(target: final, rule: .partialBand) }
      return ReleaseDecision(target: markIndex ?? full, rule: .partialBand)
    }
    return ReleaseDecision(target: final, rule: .belowLowerMark)
  }
}

extension DrawerKitPolicy {
  /// The rule a `DrawerConfiguration` asks for: its marks, threshold and
  /// staging, hanging from its mark detent (the partial height when the
  /// preset leaves partial expansion out).
  public init(configuration c: DrawerConfiguration) {
    self.init(
      markName: (c.markDetent ?? .partiallyExpanded).rawValue,
      markAnchor: c.detents == nil ? .fromHome(c.heightOfPartiallyExpandedDrawer) : .fraction(0.5),
      upperMarkGap: c.upperMarkGap, lowerMarkGap: c.lowerMarkGap, flickSpeedThreshold: c.flickSpeedThreshold,
      dismissesInStages: c.dismissesInStages)
  }
}
