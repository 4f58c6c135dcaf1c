/// Gap between the handle (or the drawer's top) and the title line, px.
let titleTopGap = 8.0
/// Gap between the title line and the list, px.
let titleBottomGap = 10.0
/// Padding added to a row's text line when it sets the row height, px.
let rowTextPadding = 8.0
/// A position within this distance of a detent is at that detent, px
/// (DrawerKit's comparison epsilon).
let detentEpsilon = 0.5

/// Where everything is for one container size: DrawerKit's geometry
/// evaluator, as a value.
///
/// The drawer is a sheet as tall as the space between the full position and
/// the container's bottom, moved in y; only its top edge's y ("drawer y")
/// changes. y grows downward: full is the smallest y, dismissed the largest.
public struct DrawerLayout: Hashable, Sendable {
  public let containerSize: Size
  /// y of the top edge when fully expanded.
  public let fullY: Double
  /// y at partial expansion, kept even without partial support because the
  /// marks hang from it.
  public let partialY: Double
  /// y when collapsed; equal to the container height when there is no
  /// collapsed state.
  public let collapsedY: Double
  public let upperMarkY: Double
  public let lowerMarkY: Double
  public let supportsPartialExpansion: Bool
  public let hasCollapsedState: Bool
  /// Height of the strip above the list, px.
  public let headerHeight: Double
  public let rowHeight: Double

  public init(configuration c: DrawerConfiguration, containerSize: Size, textMetrics: any TextMeasuring) {
    self.containerSize = containerSize
    let h = max(0, containerSize.height)
    let full: Double
    switch c.fullExpansionBehaviour {
    case .coversFullScreen: full = 0
    case .doesNotCoverStatusBar: full = c.statusBarHeight
    case .leavesCustomGap(let gap): full = gap
    }
    fullY = clamp(full, 0, h)
    partialY = clamp(h - c.heightOfPartiallyExpandedDrawer, fullY, h)
    hasCollapsedState = c.heightOfCollapsedDrawer > 0
    collapsedY = hasCollapsedState ? clamp(h - c.heightOfCollapsedDrawer, partialY, h) : h
    upperMarkY = max(partialY - c.upperMarkGap, fullY)
    lowerMarkY = min(partialY + c.lowerMarkGap, h)
    supportsPartialExpansion = c.supportsPartialExpansion
    let handleBottom = c.handle.map { $0.top + $0.size.height } ?? 0
    headerHeight = (handleBottom + titleTopGap + textMetrics.titleLineHeight + titleBottomGap).rounded()
    rowHeight = max(c.rowHeight, (textMetrics.rowLineHeight + rowTextPadding).rounded())
  }

  public var height: Double { max(0, containerSize.height) }

  /// The y of `state`, or nil when the configuration has no such state.
  public func y(of state: DrawerState) -> Double? {
    switch state {
    case .dismissed: height
    case .collapsed: hasCollapsedState ? collapsedY : nil
    case .partiallyExpanded: supportsPartialExpansion ? partialY : nil
    case .fullyExpanded: fullY
    }
  }

  /// The states this layout has as detents of a bottom panel, the hidden
  /// position first (reachable by a release only with `allowsRemoval`):
  /// what the release policy decides among. (The engine draws its
  /// backdrop from the configuration, so the alphas here are 0.)
  public func resolvedDetents(allowsRemoval: Bool = true) -> ResolvedDetents {
    var all = [
      ResolvedDetent(name: DetentSet.hiddenName, extent: 0, backdropAlpha: 0, scrollsList: false, isEnabled: allowsRemoval)
    ]
    for s in DrawerState.allCases.dropFirst() {
      guard let sy = y(of: s) else { continue }
      all.append(ResolvedDetent(name: s.rawValue, extent: height - sy, backdropAlpha: 0, scrollsList: false, isEnabled: true))
    }
    return ResolvedDetents(all: all, containerLength: height)
  }

  /// The state the drawer is at when its top is at `y`, or nil between states.
  /// Where two states share a y, the more expanded one wins.
  public func state(at position: Double) -> DrawerState? {
    for s in DrawerState.allCases.reversed() {
      if let sy = y(of: s), abs(sy - position) <= detentEpsilon { return s }
    }
    return nil
  }

  /// DrawerKit's triangular function: 1 at the partial position, falling
  /// linearly to 0 at full and at dismissed. Without partial expansion it is
  /// 0 at full and rises to 1 at dismissed, so it is continuous at rest
  /// (DrawerKit instead animates to 1 at full and then snaps to 0).
  public func triangle(at y: Double) -> Double {
    let h = height
    guard h > fullY else { return 0 }
    if supportsPartialExpansion {
      guard partialY > fullY && partialY < h else { return 0 }
      if y < partialY { return clamp((y - fullY) / (partialY - fullY), 0, 1) }
      return clamp(1 - (y - partialY) / (h - partialY), 0, 1)
    }
    return clamp((y - fullY) / (h - fullY), 0, 1)
  }

  /// Top-corner radius at `y`, following the drawer continuously.
  public func cornerRadius(at y: Double, configuration c: DrawerConfiguration) -> Double {
    let maximum = c.maximumCornerRadius
    switch c.cornerAnimationOption {
    case .maximumAtPartialY:
      return maximum * triangle(at: y)
    case .alwaysShowBelowStatusBar:
      let bar = c.statusBarHeight
      guard bar > 0 else { return maximum }
      return maximum * clamp(y, 0, bar) / bar
    case .none:
      return maximum
    }
  }

  /// Handle opacity at `y`: the triangle when dimming is on, else 1.
  public func handleAlpha(at y: Double, configuration c: DrawerConfiguration) -> Double {
    guard let handle = c.handle else { return 0 }
    return handle.autoAnimatesDimming ? triangle(at: y) : 1
  }

  /// Backdrop dim at `y`: the maximum at full, falling linearly to 0 at dismissed.
  public func backdropAlpha(at y: Double, configuration c: DrawerConfiguration) -> Double {
    let h = height
    guard h > fullY else { return 0 }
    return c.maximumBackdropOpacity * clamp((h - y) / (h - fullY), 0, 1)
  }

  /// Height of the list's own viewport: the sheet below the header.
  public var listViewportHeight: Double { max(0, height - fullY - headerHeight) }

  /// The largest scroll offset for `rowCount` rows.
  public func maximumContentOffset(rowCount: Int) -> Double {
    max(0, Double(rowCount) * rowHeight - listViewportHeight)
  }
}
