/// The rule that decides where a released drawer goes.
public enum ReleasePolicyChoice: Hashable, Sendable {
  /// DrawerKit's flick threshold and marks (`DrawerKitPolicy`).
  case drawerKit
  /// FloatingPanel's momentum projection (`ProjectionPolicy`): adjacent
  /// states unless `allowsSkipping`; with removal allowed, a release toward
  /// dismissed at `removalRate` times its distance per second dismisses.
  case projection(allowsSkipping: Bool, removalRate: Double)
  /// OverlayContainer's nearest state, rushing forward past 400 px/s
  /// (`NearestPolicy`).
  case nearest
}

/// How far up a fully expanded drawer goes.
public enum FullExpansionBehaviour: Hashable, Sendable {
  /// The drawer's top reaches the container's top (y = 0).
  case coversFullScreen
  /// The drawer stops `statusBarHeight` below the top.
  case doesNotCoverStatusBar
  /// The drawer stops `gap` pixels below the top; 0 is `coversFullScreen`.
  case leavesCustomGap(Double)
}

/// How the top corners' radius follows the drawer.
public enum CornerAnimationOption: Hashable, Sendable {
  /// Largest at the partial position, 0 at full and dismissed (DrawerKit's
  /// default). Without partial expansion: 0 at full, growing toward dismissed.
  case maximumAtPartialY
  /// Largest until the top edge enters the status bar, then shrinking to 0 at
  /// y = 0. A status bar height of 0 keeps the radius at its maximum, where
  /// DrawerKit divides by zero.
  case alwaysShowBelowStatusBar
  /// Always the maximum radius.
  case none
}

/// The grabber handle drawn centred near the drawer's top.
public struct HandleConfiguration: Hashable, Sendable {
  /// Fill colour. DrawerKit default: grey.
  public var color: DrawerColor = .gray
  /// Width and height in px. DrawerKit default: 40 × 6.
  public var size: Size = Size(width: 40, height: 6)
  /// Distance from the drawer's top edge to the handle's top, px. DrawerKit default: 8.
  public var top: Double = 8
  /// Corner radius in px; nil is automatic (half the height). DrawerKit default: automatic.
  public var cornerRadius: Double? = nil
  /// Whether the handle fades out toward full and dismissed, following the
  /// drawer continuously. DrawerKit default: true.
  public var autoAnimatesDimming: Bool = true
  /// The least opacity the dimming fades to, 0...1, so that at full
  /// expansion the handle still shows the way back. DrawerKit default: 0
  /// (it fades out completely).
  public var minimumAlpha: Double = 0

  /// DrawerKit's handle: a grey 40 × 6 px bar, 8 px from the top, fading out.
  public init() {}
}

/// The line around the drawer's edge, following the rounded corners.
public struct BorderConfiguration: Hashable, Sendable {
  /// Thickness in px; fractions are drawn as partial coverage (0.5 is a
  /// hairline). DrawerKit default: 0.
  public var thickness: Double = 0
  /// DrawerKit default: none; black here when a thickness is set.
  public var color: DrawerColor = .black

  /// A border `thickness` px thick in `color`; none by default.
  public init(thickness: Double = 0, color: DrawerColor = .black) {
    self.thickness = thickness
    self.color = color
  }
}

/// A Gaussian drop shadow following the drawer's rounded shape.
public struct ShadowConfiguration: Hashable, Sendable {
  /// 0...1. DrawerKit default: 0 (no shadow).
  public var opacity: Double = 0
  /// Blur radius in px (the Gaussian's extent, σ = radius / 2). DrawerKit default: 0.
  public var radius: Double = 0
  /// Offset in px. DrawerKit clamps both components to ≥ 0, which makes an
  /// upward shadow impossible; negative values are allowed here.
  public var offset: Point = Point(x: 0, y: 0)
  /// DrawerKit default: none; black here.
  public var color: DrawerColor = .black
  /// Grows (or, below 0, shrinks) the shape before the blur, px.
  /// FloatingPanel's `Shadow.spread`, default 0.
  public var spread: Double = 0

  /// A shadow of these values; by default none (opacity 0).
  public init(
    opacity: Double = 0, radius: Double = 0, offset: Point = Point(x: 0, y: 0), color: DrawerColor = .black,
    spread: Double = 0
  ) {
    self.opacity = opacity
    self.radius = radius
    self.offset = offset
    self.color = color
    self.spread = spread
  }

  /// Whether it darkens anything.
  public var isVisible: Bool { opacity > 0 && color.alpha > 0 }
}

/// Everything that shapes the drawer's behaviour and look.
///
/// Field names and defaults follow DrawerKit's `DrawerConfiguration`; each
/// field says its unit. Call `validate()` before handing a configuration to
/// the engine: the engine refuses invalid ones.
public struct DrawerConfiguration: Hashable, Sendable {
  /// Visible height of the partially expanded drawer, px. DrawerKit takes it
  /// from the presented content; 300 here.
  public var heightOfPartiallyExpandedDrawer: Double = 300
  /// Visible height of the collapsed (peek) drawer, px; 0 means there is no
  /// collapsed state. DrawerKit default: 0.
  public var heightOfCollapsedDrawer: Double = 0
  /// The detent the drawer is presented in. nil: with the DrawerKit preset,
  /// partially expanded when that is supported, else fully expanded; with
  /// `detents`, the middle one (the lower of two middles). DrawerKit default: nil.
  public var initialState: DetentName? = nil
  /// Duration of every animated move, seconds. DrawerKit default: 0.4.
  public var totalDurationInSeconds: Double = 0.4
  /// When true a move lasts `total × distance / container height`.
  /// DrawerKit default: false.
  public var durationIsProportionalToDistanceTraveled: Bool = false
  /// Reduced motion: every move completes in the frame it starts, never
  /// sliding (a release, a key, present and dismiss); drags still follow
  /// the pointer. For users whom motion makes unwell (WCAG 2.3.3).
  public var reducesMotion: Bool = false
  /// DrawerKit default: `UISpringTimingParameters()`.
  public var timingCurve: TimingCurve = .drawerKitDefault
  /// DrawerKit default: covers the full screen.
  public var fullExpansionBehaviour: FullExpansionBehaviour = .coversFullScreen
  /// Status bar height for `.doesNotCoverStatusBar` and the corner option
  /// `.alwaysShowBelowStatusBar`, px. 24 here (a desktop panel).
  public var statusBarHeight: Double = 24
  /// DrawerKit default: true.
  public var supportsPartialExpansion: Bool = true
  /// A downward release from full stops at partial before it dismisses.
  /// Effective only with partial expansion. DrawerKit default: true.
  public var dismissesInStages: Bool = true
  /// False turns off every drag of the drawer. DrawerKit default: true.
  public var isDrawerDraggable: Bool = true
  /// Clicks on the drawer that expand it fully; 0 turns it off. DrawerKit default: 1.
  public var numberOfTapsForFullDrawerPresentation: Int = 1
  /// Clicks outside the drawer that dismiss it; 0 turns it off. DrawerKit
  /// default: 1. Unlike DrawerKit's passthrough default, it works in every
  /// visible state.
  public var numberOfTapsForOutsideDrawerDismissal: Int = 1
  /// Release speed above which a release is a flick, container heights per
  /// second; 0 turns flicks off. DrawerKit default: 3.
  public var flickSpeedThreshold: Double = 3
  /// Distance above the partial position of the upper mark, px. DrawerKit default: 40.
  public var upperMarkGap: Double = 40
  /// Distance below the partial position of the lower mark, px. DrawerKit default: 40.
  public var lowerMarkGap: Double = 40
  /// Largest top-corner radius, px. DrawerKit default: 15.
  public var maximumCornerRadius: Double = 15
  /// DrawerKit default: `.maximumAtPartialY`.
  public var cornerAnimationOption: CornerAnimationOption = .maximumAtPartialY
  /// nil hides the handle. DrawerKit default: a handle.
  public var handle: HandleConfiguration? = HandleConfiguration()
  /// DrawerKit default: none (thickness 0).
  public var border: BorderConfiguration = BorderConfiguration()
  /// DrawerKit default: none (opacity 0).
  public var shadow: ShadowConfiguration = ShadowConfiguration()
  /// Further shadows drawn under `shadow`, as FloatingPanel's surface
  /// takes several. Empty by default.
  public var additionalShadows: [ShadowConfiguration] = []
  /// States in which clicks outside the drawer are left to the content behind
  /// and never dismiss. DrawerKit's default, collapsed and partial, is why its
  /// tap-outside never fires out of the box; empty here.
  public var passthroughTouchesInStates: Set<DetentName> = []
  /// Draw the upper mark, the partial position and the lower mark.
  /// DrawerKit's `inDebugMode`, default false.
  public var debugMode: Bool = false

  // Beyond DrawerKit.

  /// The container edge the panel comes from.
  public var edge: Edge = .bottom
  /// The panel's detents, most collapsed first; nil builds DrawerKit's
  /// (collapsed, partiallyExpanded, fullyExpanded) from the heights, the
  /// full expansion behaviour, the backdrop opacity and the list scrolling
  /// above, so that those fields keep their meaning.
  public var detents: [Detent]? = nil
  /// Backdrop alphas (0...1) by detent name, over those of `detents` or
  /// the preset; the alpha between detents follows the extent linearly.
  public var backdropAlphas: [DetentName: Double] = [:]
  /// The detents where the list scrolls, replacing the flags of `detents`
  /// or the preset; nil keeps them.
  public var scrollingDetents: Set<DetentName>? = nil
  /// Non-modal: the pointer outside the panel belongs to the presenting
  /// content at every detent (FloatingPanel's passthrough), and a click
  /// there never dismisses. `Drawer.passesThrough(_:)` tells a front end
  /// which presses to give the content.
  public var passthrough: Bool = false
  /// The length a `.content` detent gives a left or right panel besides its
  /// grip: a list has no natural width, px.
  public var contentWidth: Double = 360
  /// Space kept clear between the window's sides and the panel, px. Any
  /// margin above 0 makes the panel a card: all four corners rounded at
  /// `maximumCornerRadius`, whatever its position. Default: none.
  public var margins: Insets = .zero
  /// Space between the surface's sides and its content (header and list), px.
  public var padding: Insets = .zero
  /// How wide a bottom or top panel may grow. DrawerKit: the window's width.
  public var maximumWidth: MaximumWidth = .none
  /// Report `moved` (extent and progress) once per frame while the panel
  /// moves. Off by default: most readers want transitions only.
  public var reportsMoves: Bool = false
  /// Drawer fill colour.
  public var backgroundColor: DrawerColor = DrawerColor(red: 0.98, green: 0.98, blue: 0.99)
  /// Backdrop dim at full expansion, 0...1; it falls linearly with the
  /// drawer's height to 0 at dismissed (Qt's modal overlay is 0.5).
  public var maximumBackdropOpacity: Double = 0.5
  /// Height of one list row, px.
  public var rowHeight: Double = 44
  /// Number of rows in the list.
  public var rowCount: Int = 200
  /// Whether the panel is a picker (`--pick`): the arrow, page, Home and
  /// End keys always move the selection, whatever the detent; a single
  /// click on a row activates it; and the first row is selected as soon as
  /// there is one. Otherwise the keys move the selection only where the
  /// list scrolls, and activating a row takes a double click or Enter.
  public var isPicker: Bool = false
  /// Whether a click on a row selects it, and Enter or a double click
  /// activates it; off, a click on a row counts as one on the header (a
  /// panel of wrapped text, whose rows are its lines).
  public var selectsRows: Bool = true
  /// Whether the list scrolls in partial and collapsed states too. DrawerKit
  /// scrolls only at full.
  public var listScrollsInAllStates: Bool = false
  /// Lines under the header's title for a message (rofi's -mesg), each as
  /// deep as the title's line; 0 or 1.
  public var headerMessageLines: Int = 0
  /// Longest interval between clicks of one multi-click, seconds. 0.4 is the
  /// usual desktop double-click time.
  public var multiClickInterval: Double = 0.4
  /// Pointer travel that still counts as a click, px.
  public var clickSlop: Double = 6
  /// Where a release goes. DrawerKit's rule by default.
  public var releasePolicy: ReleasePolicyChoice = .drawerKit
  /// What a drag of the drawer past full (or, without removal, below its
  /// lowest state) does. DrawerKit clamps. Drags that come from the list
  /// are always clamped, as OverlayContainer's are.
  public var overdrag: Overdrag = .clamp
  /// What a drag below the least expanded detent does (without removal),
  /// where it should differ from `overdrag`, which then rules the most
  /// expanded end alone: FloatingPanel's `allowsRubberBanding(for:)` per
  /// edge. nil, the default: `overdrag` at both ends.
  public var overdragAtCollapsedEnd: Overdrag? = nil
  /// The deceleration rate the projection policy (`.projection`) projects
  /// a release with: `v/1000 · r/(1 − r)` seconds ahead; in (0, 1).
  /// FloatingPanel's `momentumProjectionRate`, default UIScrollView's
  /// normal rate, 0.998 (0.499 s ahead).
  public var momentumProjectionRate: Double = ProjectionPolicy.defaultMomentumProjectionRate
  /// The fraction (0...1) of the way to the next detent past which the
  /// projection policy's release goes on rather than back.
  /// FloatingPanel's `redirectionalProgress`, default 0.5.
  public var redirectionalProgress: Double = ProjectionPolicy.defaultRedirectionProgress
  /// Whether a release (a flick or a drag down) may dismiss the drawer.
  /// Escape, clicks outside and requests dismiss it either way. DrawerKit
  /// (and FloatingPanel's removal interaction, when on): true.
  public var allowsRemoval: Bool = true
  /// The engine's own lengths and speeds, px and px/s.
  public var metrics = PanelMetrics()

  /// DrawerKit's defaults, with what this program adds at its own defaults.
  public init() {}
}

/// A configuration value outside its allowed range.
public struct DrawerConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The field, by its DrawerKit name.
  public var field: String
  /// What is allowed, in words.
  public var allowed: String
  /// The value that was given, printed.
  public var value: String

  /// The error as one phrase: `field must be allowed (got value)`.
  public var description: String { "\(field) must be \(allowed) (got \(value))" }

  /// The error that `field` was given `value` where `allowed` was asked.
  public init(field: String, allowed: String, value: String) {
    self.field = field
    self.allowed = allowed
    self.value = value
  }
}

extension DrawerConfiguration {
  /// Throws the first field whose value is out of range, naming the field
  /// and the allowed range. A configuration that passes never produces NaN.
  public func validate() throws(DrawerConfigurationError) {
    func check(_ ok: Bool, _ field: String, _ allowed: String, _ value: Any) throws(DrawerConfigurationError) {
      if !ok { throw DrawerConfigurationError(field: field, allowed: allowed, value: "\(value)") }
    }
    func finiteNonNegative(_ v: Double, _ field: String) throws(DrawerConfigurationError) {
      try check(v.isFinite && v >= 0, field, "a finite number ≥ 0", v)
    }
    func unit(_ v: Double, _ field: String) throws(DrawerConfigurationError) {
      try check(v.isFinite && v >= 0 && v <= 1, field, "between 0 and 1", v)
    }
    func color(_ c: DrawerColor, _ field: String) throws(DrawerConfigurationError) {
      for v in [c.red, c.green, c.blue, c.alpha] { try unit(v, field) }
    }
    try finiteNonNegative(heightOfPartiallyExpandedDrawer, "heightOfPartiallyExpandedDrawer")
    try finiteNonNegative(heightOfCollapsedDrawer, "heightOfCollapsedDrawer")
    if supportsPartialExpansion && heightOfCollapsedDrawer > 0 {
      try check(
        heightOfCollapsedDrawer < heightOfPartiallyExpandedDrawer, "heightOfCollapsedDrawer",
        "smaller than heightOfPartiallyExpandedDrawer (\(heightOfPartiallyExpandedDrawer))", heightOfCollapsedDrawer)
    }
    if let s = initialState {
      if detents == nil {
        try check(s != .dismissed, "initialState", "collapsed, partiallyExpanded or fullyExpanded", s.rawValue)
        try check(
          DetentName.drawerKitNames.contains(s), "initialState", "collapsed, partiallyExpanded or fullyExpanded",
          s.rawValue)
        try check(
          s != .collapsed || heightOfCollapsedDrawer > 0, "initialState",
          "not collapsed while heightOfCollapsedDrawer is 0", s.rawValue)
        try check(
          s != .partiallyExpanded || supportsPartialExpansion, "initialState",
          "not partiallyExpanded while supportsPartialExpansion is false", s.rawValue)
      } else {
        let names = detents!.map(\.name)
        try check(names.contains(s.rawValue), "initialState", "one of the detents (\(names.joined(separator: ", ")))", s.rawValue)
      }
    }
    if let list = detents {
      do {
        _ = try DetentSet(list, allowsRemoval: allowsRemoval)
      } catch {
        throw DrawerConfigurationError(field: "detents", allowed: error.message, value: list.map(\.name).joined(separator: ","))
      }
    }
    let names = Set((detents ?? drawerKitDetents).map { DetentName($0.name) })
    for (name, alpha) in backdropAlphas.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      try check(names.contains(name), "backdropAlphas", "names of detents", name.rawValue)
      try check(alpha.isFinite && (0...1).contains(alpha), "backdropAlphas", "alphas between 0 and 1", "\(name)=\(alpha)")
    }
    for name in (scrollingDetents ?? []).sorted(by: { $0.rawValue < $1.rawValue }) {
      try check(names.contains(name), "scrollingDetents", "names of detents", name.rawValue)
    }
    for name in passthroughTouchesInStates.sorted(by: { $0.rawValue < $1.rawValue }) {
      try check(names.contains(name), "passthroughTouchesInStates", "names of detents", name.rawValue)
    }
    try check(
      contentWidth.isFinite && contentWidth >= 0 && contentWidth <= 100_000, "contentWidth", "between 0 and 100000 px",
      contentWidth)
    try check(
      totalDurationInSeconds.isFinite && totalDurationInSeconds >= 0 && totalDurationInSeconds <= 60,
      "totalDurationInSeconds", "between 0 and 60 seconds", totalDurationInSeconds)
    switch timingCurve {
    case let .spring(dampingRatio, response):
      try check(
        dampingRatio.isFinite && dampingRatio > 0 && dampingRatio <= 100, "timingCurve",
        "a spring damping ratio in (0, 100]", dampingRatio)
      if let r = response {
        try check(r.isFinite && r > 0 && r <= 10, "timingCurve", "a spring response in (0, 10] seconds", r)
      }
    case let .cubicBezier(x1, y1, x2, y2):
      try check(x1.isFinite && x1 >= 0 && x1 <= 1, "timingCurve", "a Bézier x1 between 0 and 1", x1)
      try check(x2.isFinite && x2 >= 0 && x2 <= 1, "timingCurve", "a Bézier x2 between 0 and 1", x2)
      try check(y1.isFinite && y2.isFinite, "timingCurve", "finite Bézier y values", "\(y1),\(y2)")
    }
    if case let .leavesCustomGap(g) = fullExpansionBehaviour { try finiteNonNegative(g, "fullExpansionBehaviour gap") }
    try finiteNonNegative(statusBarHeight, "statusBarHeight")
    try check(
      numberOfTapsForFullDrawerPresentation >= 0 && numberOfTapsForFullDrawerPresentation <= 10,
      "numberOfTapsForFullDrawerPresentation", "between 0 and 10", numberOfTapsForFullDrawerPresentation)
    try check(
      numberOfTapsForOutsideDrawerDismissal >= 0 && numberOfTapsForOutsideDrawerDismissal <= 10,
      "numberOfTapsForOutsideDrawerDismissal", "between 0 and 10", numberOfTapsForOutsideDrawerDismissal)
    try finiteNonNegative(flickSpeedThreshold, "flickSpeedThreshold")
    try finiteNonNegative(upperMarkGap, "upperMarkGap")
    try finiteNonNegative(lowerMarkGap, "lowerMarkGap")
    try finiteNonNegative(maximumCornerRadius, "maximumCornerRadius")
    if let h = handle {
      try color(h.color, "handle color")
      try check(
        h.size.width.isFinite && h.size.width > 0 && h.size.height.isFinite && h.size.height > 0,
        "handle size", "a positive width and height", "\(h.size.width)x\(h.size.height)")
      try finiteNonNegative(h.top, "handle top")
      if let r = h.cornerRadius { try finiteNonNegative(r, "handle cornerRadius") }
      try check(h.minimumAlpha.isFinite && (0...1).contains(h.minimumAlpha), "handle minimumAlpha", "between 0 and 1", h.minimumAlpha)
    }
    try finiteNonNegative(border.thickness, "border thickness")
    try color(border.color, "border color")
    for (i, s) in ([shadow] + additionalShadows).enumerated() {
      let name = i == 0 ? "shadow" : "shadow \(i + 1)"
      try unit(s.opacity, "\(name) opacity")
      try check(s.radius.isFinite && s.radius >= 0 && s.radius <= 200, "\(name) radius", "between 0 and 200 px", s.radius)
      try check(
        s.offset.x.isFinite && s.offset.y.isFinite && abs(s.offset.x) <= 1000 && abs(s.offset.y) <= 1000,
        "\(name) offset", "finite, within ±1000 px", "\(s.offset.x),\(s.offset.y)")
      try check(s.spread.isFinite && abs(s.spread) <= 200, "\(name) spread", "within ±200 px", s.spread)
      try color(s.color, "\(name) color")
    }
    try check(additionalShadows.count <= 7, "shadows", "at most 8", additionalShadows.count + 1)
    for (side, v) in [("top", margins.top), ("right", margins.right), ("bottom", margins.bottom), ("left", margins.left)] {
      try check(v.isFinite && v >= 0 && v <= 10_000, "margins \(side)", "between 0 and 10000 px", v)
    }
    for (side, v) in [("top", padding.top), ("right", padding.right), ("bottom", padding.bottom), ("left", padding.left)] {
      try check(v.isFinite && v >= 0 && v <= 10_000, "padding \(side)", "between 0 and 10000 px", v)
    }
    switch maximumWidth {
    case .none: break
    case .fixed(let w): try check(w.isFinite && w >= 1 && w <= 100_000, "maximumWidth", "between 1 and 100000 px", w)
    case .adaptive(let t, let w):
      try check(t.isFinite && t >= 0 && w.isFinite && w >= 1 && w <= 100_000, "maximumWidth", "a finite threshold and width", "\(t),\(w)")
    }
    try color(backgroundColor, "backgroundColor")
    try unit(maximumBackdropOpacity, "maximumBackdropOpacity")
    try check(rowHeight.isFinite && rowHeight >= 1 && rowHeight <= 1000, "rowHeight", "between 1 and 1000 px", rowHeight)
    try check(rowCount >= 0 && rowCount <= 100_000_000, "rowCount", "between 0 and 100000000", rowCount)
    try check(headerMessageLines == 0 || headerMessageLines == 1, "headerMessageLines", "0 or 1", headerMessageLines)
    try check(
      multiClickInterval.isFinite && multiClickInterval > 0 && multiClickInterval <= 5,
      "multiClickInterval", "in (0, 5] seconds", multiClickInterval)
    try check(clickSlop.isFinite && clickSlop >= 0 && clickSlop <= 100, "clickSlop", "between 0 and 100 px", clickSlop)
    if case let .projection(_, rate) = releasePolicy {
      try check(rate.isFinite && rate > 0 && rate <= 1000, "releasePolicy removalRate", "in (0, 1000] per second", rate)
    }
    for o in [overdrag, overdragAtCollapsedEnd] {
      if case .rubberBand(.overlayContainer(let factor)) = o {
        try check(factor.isFinite && factor > 0 && factor <= 10, "overdrag factor", "in (0, 10]", factor)
      }
    }
    try check(
      momentumProjectionRate.isFinite && momentumProjectionRate > 0 && momentumProjectionRate < 1,
      "momentumProjectionRate", "in (0, 1)", momentumProjectionRate)
    try unit(redirectionalProgress, "redirectionalProgress")
    try metrics.validate()
  }
}
