import DrawerEngine

/// What --scale asks for.
public enum ScaleChoice: Hashable, Sendable {
  /// The desktop's Xft.dpi over 96 (1 when unset), following its changes.
  case auto
  /// This many device px per logical px, whatever the desktop says.
  case fixed(Double)
}

extension ScaleChoice {
  /// The scales the program draws at: from half size to four times.
  public static let range = 0.5...4.0

  /// The scale to use, given the desktop's Xft.dpi (nil when unset).
  public func resolve(xftDPI: Double?) -> Double {
    switch self {
    case .fixed(let s): return s
    case .auto: return xftDPI.map(DisplayScale.factor(forDPI:)) ?? 1
    }
  }
}

/// The one conversion between logical px, in which every flag, the window's
/// --geometry and the events speak, and the device px of the screen, in
/// which the engine and the painters work: `factor` device px a logical px.
///
/// The launch configuration is converted once, here, and the events are
/// converted back once, at the output. What lies on the pixel grid (detents,
/// heights, gaps, the handle, rows, insets, the window) is rounded to whole
/// device px, so panels rest on whole pixels at 1.5× too; what is
/// continuous (corner radii, blur, click slop, speeds, a hairline border)
/// is multiplied exactly; what has no length (alphas, colours, durations,
/// counts, the flick threshold in window lengths a second) stays. A length
/// beyond the engine's limit at this scale is held at the limit.
public struct DisplayScale: Hashable, Sendable {
  /// Device px per logical px.
  public let factor: Double

  /// A scale of `factor` device px per logical px (1.5 at 144 dpi).
  public init(_ factor: Double) {
    self.factor = factor
  }

  /// Auto's scale for a desktop's `dpi`: over X's 96 dpi at 1×, to the
  /// nearest quarter (the steps desktops offer, which keep whole logical px
  /// on quarter device px), within `ScaleChoice.range`.
  public static func factor(forDPI dpi: Double) -> Double {
    guard dpi.isFinite, dpi > 0 else { return 1 }
    return min(max((dpi / 96 * 4).rounded() / 4, ScaleChoice.range.lowerBound), ScaleChoice.range.upperBound)
  }

  // MARK: Lengths

  // The one-line conversions are inlinable: the events and the session
  // convert each coordinate they report, and the painters each length they
  // draw, from other modules.

  /// A length on the pixel grid: whole device px.
  @inlinable
  public func snapped(_ v: Double) -> Double { (v * factor).rounded() }

  /// A size that must stay visible: whole device px, at least 1 when the
  /// logical size is above 0.
  func visible(_ v: Double) -> Double { v > 0 ? max(1, snapped(v)) : 0 }

  /// A continuous length, multiplied exactly.
  @inlinable
  public func exact(_ v: Double) -> Double { v * factor }

  /// A device length in logical px, for the events.
  @inlinable
  public func logical(_ v: Double) -> Double { v / factor }

  /// A border: whole device px from 1 px up, a hairline's fraction below.
  func border(_ t: Double) -> Double { t >= 1 ? snapped(t) : exact(t) }

  // MARK: What is converted

  /// The window's size for a logical `width` × `height`.
  public func window(width: Int, height: Int) -> (width: Int, height: Int) {
    (Int(visible(Double(width))), Int(visible(Double(height))))
  }

  /// The painters' lengths in device px.
  public func paint(_ m: PaintMetrics) -> PaintMetrics {
    var d = m
    d.textInset = snapped(m.textInset)
    d.lineGap = snapped(m.lineGap)
    d.debugLineThickness = visible(m.debugLineThickness)
    d.focusRingWidth = visible(m.focusRingWidth)
    d.caretWidth = visible(m.caretWidth)
    d.markBarWidth = visible(m.markBarWidth)
    d.markTagPadding = snapped(m.markTagPadding)
    d.minimumWindowWidth = visible(m.minimumWindowWidth)
    d.minimumWindowHeight = visible(m.minimumWindowHeight)
    return d
  }

  /// The panel's configuration in device px.
  public func configuration(_ c: DrawerConfiguration) -> DrawerConfiguration {
    var d = c
    d.heightOfPartiallyExpandedDrawer = snapped(c.heightOfPartiallyExpandedDrawer)
    d.heightOfCollapsedDrawer = snapped(c.heightOfCollapsedDrawer)
    if d.supportsPartialExpansion && d.heightOfCollapsedDrawer > 0
      && d.heightOfCollapsedDrawer >= d.heightOfPartiallyExpandedDrawer
    {
      // Rounding must not make two heights a flag told apart the same.
      d.heightOfPartiallyExpandedDrawer = exact(c.heightOfPartiallyExpandedDrawer)
      d.heightOfCollapsedDrawer = exact(c.heightOfCollapsedDrawer)
    }
    if case .leavesCustomGap(let gap) = c.fullExpansionBehaviour { d.fullExpansionBehaviour = .leavesCustomGap(snapped(gap)) }
    d.statusBarHeight = snapped(c.statusBarHeight)
    d.upperMarkGap = snapped(c.upperMarkGap)
    d.lowerMarkGap = snapped(c.lowerMarkGap)
    d.maximumCornerRadius = exact(c.maximumCornerRadius)
    if let h = c.handle {
      d.handle?.size = Size(width: visible(h.size.width), height: visible(h.size.height))
      d.handle?.top = snapped(h.top)
      d.handle?.cornerRadius = h.cornerRadius.map(exact)
    }
    d.border.thickness = border(c.border.thickness)
    d.shadow = shadow(c.shadow)
    d.additionalShadows = c.additionalShadows.map(shadow)
    d.margins = insets(c.margins)
    d.padding = insets(c.padding)
    switch c.maximumWidth {
    case .none: break
    case .fixed(let w): d.maximumWidth = .fixed(min(visible(w), DisplayScale.maximumWidthLimit))
    case .adaptive(let threshold, let w):
      // The threshold compares with the window's width in device px.
      d.maximumWidth = .adaptive(threshold: snapped(threshold), width: min(visible(w), DisplayScale.maximumWidthLimit))
    }
    d.detents = c.detents?.map { detent in
      var s = detent
      switch detent.anchor {
      case .fromHome(let v): s.anchor = .fromHome(snapped(v))
      case .fromFar(let v): s.anchor = .fromFar(snapped(v))
      case .fraction, .content: break
      }
      return s
    }
    d.contentWidth = min(snapped(c.contentWidth), DisplayScale.contentWidthLimit)
    d.rowHeight = min(visible(c.rowHeight), DisplayScale.rowHeightLimit)
    d.clickSlop = min(exact(c.clickSlop), DisplayScale.clickSlopLimit)
    d.metrics.titleTopGap = snapped(c.metrics.titleTopGap)
    d.metrics.titleBottomGap = snapped(c.metrics.titleBottomGap)
    d.metrics.rowTextPadding = snapped(c.metrics.rowTextPadding)
    d.metrics.wheelStep = max(1, snapped(c.metrics.wheelStep))
    d.metrics.maximumReleaseSpeed = exact(c.metrics.maximumReleaseSpeed)
    d.metrics.coastingMinimumSpeed = exact(c.metrics.coastingMinimumSpeed)
    d.metrics.coastingRestingSpeed = exact(c.metrics.coastingRestingSpeed)
    d.metrics.rushingSpeed = exact(c.metrics.rushingSpeed)
    d.metrics.scrollIndicatorWidth = visible(c.metrics.scrollIndicatorWidth)
    d.metrics.scrollIndicatorInset = snapped(c.metrics.scrollIndicatorInset)
    d.metrics.scrollIndicatorMinimumLength = snapped(c.metrics.scrollIndicatorMinimumLength)
    return d
  }

  /// A shadow: its blur and spread exactly, its offset on the pixel grid.
  private func shadow(_ s: ShadowConfiguration) -> ShadowConfiguration {
    var d = s
    d.radius = min(exact(s.radius), DisplayScale.shadowRadiusLimit)
    d.offset = Point(x: offset(s.offset.x), y: offset(s.offset.y))
    d.spread = min(max(snapped(s.spread), -DisplayScale.shadowSpreadLimit), DisplayScale.shadowSpreadLimit)
    return d
  }

  /// Margins or padding, on the pixel grid.
  private func insets(_ i: Insets) -> Insets {
    func side(_ v: Double) -> Double { min(snapped(v), DisplayScale.insetLimit) }
    return Insets(top: side(i.top), right: side(i.right), bottom: side(i.bottom), left: side(i.left))
  }

  private func offset(_ v: Double) -> Double {
    min(max(snapped(v), -DisplayScale.shadowOffsetLimit), DisplayScale.shadowOffsetLimit)
  }

  // The engine's limits (`DrawerConfiguration.validate()`), in device px:
  // they bound the masks and caches a value can make.
  static let shadowRadiusLimit = 200.0
  static let shadowOffsetLimit = 1000.0
  static let shadowSpreadLimit = 200.0
  static let insetLimit = 10_000.0
  static let maximumWidthLimit = 100_000.0
  static let contentWidthLimit = 100_000.0
  static let rowHeightLimit = 1000.0
  static let clickSlopLimit = 100.0
}
