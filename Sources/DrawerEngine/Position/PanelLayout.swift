/// Gap between the handle (or the panel's moving edge) and the title line, px.
let titleTopGap = 8.0
/// Gap between the title line and the list, px.
let titleBottomGap = 10.0
/// Padding added to a row's text line when it sets the row height, px.
let rowTextPadding = 8.0
/// A position within this distance of a detent is at that detent, px
/// (DrawerKit's comparison epsilon).
let detentEpsilon = 0.5

/// Where everything is for one container size: the detents' extents and
/// the panel's rectangles at any extent.
///
/// Immutable, and a class so that the engine's hot paths share it by
/// reference instead of copying its detent array on every read.
///
/// The panel is a sheet `max(extent, full)` long whose moving edge lies
/// `extent` px from the home edge; past full (an overdrag) it grows, so no
/// gap opens behind it. Its content is laid out in the part inside the
/// container, FloatingPanel's fit-to-bounds:
/// - bottom and top: a header strip (handle and title) at the moving edge,
///   the list filling the rest up to the home edge;
/// - left and right: a grip column at the moving edge holding the handle
///   upright, the title strip along the top, the list below it.
public final class PanelLayout: Sendable {
  /// The home edge the panel rises from.
  public let edge: Edge
  /// The panel's area (the window less margins and beyond the maximum
  /// width): everything here is in its coordinates, from (0, 0).
  public let containerSize: Size
  /// The area's top-left corner in the window, px.
  public let origin: Point
  /// Space between the surface's sides and its content, px.
  public let padding: Insets
  /// Whether all four corners are rounded (a card, `DrawerConfiguration.isCard`).
  public let isCard: Bool
  /// The detents placed in this area, the hidden position first.
  public let detents: ResolvedDetents
  /// The most expanded detent's extent, px.
  public let fullExtent: Double
  /// The mark detent's extent, where the corner radius and handle peak;
  /// nil when there is none or it is not strictly between 0 and full.
  public let peakExtent: Double?
  /// Depth of the header strip across the list, px: along the axis for
  /// bottom and top panels (handle included), down from the top for left
  /// and right ones (title only).
  public let headerDepth: Double
  /// Width of the grip column of a left or right panel, px; 0 for bottom
  /// and top panels, whose handle sits in the header.
  public let gripDepth: Double
  /// The height of one row, px: the configured height, or the row font's line and padding if taller.
  public let rowHeight: Double
  /// How many rows the list holds.
  public let rowCount: Int
  /// Whether every detent lets the list scroll (DrawerKit's
  /// `listScrollsInAllStates`): then it scrolls between detents too.
  public let listScrollsEverywhere: Bool
  /// The most expanded enabled detent's index (the most expanded one when
  /// none is enabled), and its extent: where a drag stops or overdrags.
  public let mostExpandedIndex: Int
  /// The extent of `mostExpandedIndex`, px.
  public let mostExpandedExtent: Double
  /// The least expanded enabled visible detent's index, nil when none is.
  public let leastExpandedIndex: Int?

  /// The layout of `c`'s panel with `detentSet` in a `containerSize` area at `origin`, px.
  public init(
    configuration c: DrawerConfiguration, detentSet: DetentSet, containerSize: Size, textMetrics: any TextMeasuring,
    origin: Point = Point(x: 0, y: 0), rowCount: Int? = nil
  ) {
    edge = c.edge
    self.containerSize = Size(width: max(0, containerSize.width), height: max(0, containerSize.height))
    self.origin = origin
    // A card's list keeps out of the rounded corners at the end it runs
    // into (the area's bottom, or its top for a top panel): separators and
    // the selection would otherwise show in the corners' cut-outs.
    var p = c.padding
    if c.isCard {
      if c.edge == .top { p.top = max(p.top, c.maximumCornerRadius) } else { p.bottom = max(p.bottom, c.maximumCornerRadius) }
    }
    padding = p
    isCard = c.isCard
    let handleBottom = c.handle.map { $0.top + $0.size.height } ?? 0
    let title =
      c.metrics.titleTopGap + textMetrics.titleLineHeight * Double(1 + c.headerMessageLines) + c.metrics.titleBottomGap
    if c.edge.isVertical {
      headerDepth = (handleBottom + title).rounded()
      gripDepth = 0
    } else {
      headerDepth = title.rounded()
      gripDepth = c.handle.map { ($0.top * 2 + $0.size.height).rounded() } ?? 0
    }
    rowHeight = max(c.rowHeight, (textMetrics.rowLineHeight + c.metrics.rowTextPadding).rounded())
    // The rows the list holds now, which a live source changes at run time.
    let rows = max(0, rowCount ?? c.rowCount)
    self.rowCount = rows
    let contentLength =
      c.edge.isVertical
      ? headerDepth + Double(rows) * rowHeight + p.top + p.bottom : gripDepth + c.contentWidth + p.left + p.right
    detents = detentSet.resolved(containerLength: c.edge.length(of: self.containerSize), contentLength: contentLength)
    let resolved = detents
    let full = resolved.all.last?.extent ?? 0
    fullExtent = full
    let peak = c.markDetent.flatMap { resolved.index(of: $0.rawValue) }.map { resolved.all[$0].extent }
    peakExtent = peak.flatMap { $0 > 0 && $0 < full ? $0 : nil }
    listScrollsEverywhere = resolved.all.dropFirst().allSatisfy(\.scrollsList)
    let most = resolved.all.indices.last { $0 > 0 && resolved.all[$0].isEnabled } ?? resolved.all.count - 1
    mostExpandedIndex = most
    mostExpandedExtent = resolved.all[most].extent
    leastExpandedIndex = resolved.all.indices.first { $0 > 0 && resolved.all[$0].isEnabled }
  }

  /// The container's length along the axis, px.
  public var length: Double { edge.length(of: containerSize) }

  // MARK: Detents

  /// The extent of the detent named `name`, or nil when there is none.
  public func extent(of name: DetentName) -> Double? {
    // A linear scan of a handful of names: no dictionary to build per resize.
    for d in detents.all where d.name == name.rawValue { return d.extent }
    return nil
  }

  /// Whether the list scrolls with the panel at `extent`: everywhere when
  /// every detent scrolls, else only at a detent that does.
  public func listScrolls(at extent: Double) -> Bool {
    if listScrollsEverywhere { return true }
    guard let i = detents.index(at: extent, epsilon: detentEpsilon) else { return false }
    return detents.all[i].scrollsList
  }

  // MARK: Looks by position

  /// DrawerKit's triangular function: 1 at the peak (the mark detent),
  /// falling linearly to 0 at full and at the hidden position. Without a
  /// peak it is 0 at full and rises to 1 at hidden, so it is continuous at
  /// rest (DrawerKit instead animates to 1 at full and then snaps to 0).
  public func triangle(at e: Double) -> Double {
    let full = fullExtent
    guard full > 0 else { return 0 }
    if let peak = peakExtent {
      if e > peak { return clamp((full - e) / (full - peak), 0, 1) }
      return clamp(e / peak, 0, 1)
    }
    return clamp((full - e) / full, 0, 1)
  }

  /// The radius of the corners at the moving edge at extent `e`.
  public func cornerRadius(at e: Double, configuration c: DrawerConfiguration) -> Double {
    let maximum = c.maximumCornerRadius
    // A card floats inside its margins: nothing it could square off against.
    if isCard { return maximum }
    switch c.cornerAnimationOption {
    case .maximumAtPartialY:
      // Only the preset without partial expansion lacks a peak; a custom
      // set with a single detent keeps its corners.
      if peakExtent == nil && c.detents != nil { return maximum }
      return maximum * triangle(at: e)
    case .alwaysShowBelowStatusBar:
      let bar = c.statusBarHeight
      guard bar > 0 else { return maximum }
      return maximum * clamp(length - e, 0, bar) / bar
    case .none:
      return maximum
    }
  }

  /// Handle opacity at `e`: the triangle when dimming is on, but never
  /// below the handle's minimum alpha; else 1.
  public func handleAlpha(at e: Double, configuration c: DrawerConfiguration) -> Double {
    guard let handle = c.handle else { return 0 }
    guard handle.autoAnimatesDimming else { return 1 }
    if peakExtent == nil && c.detents != nil { return 1 }
    return max(handle.minimumAlpha, triangle(at: e))
  }

  /// The backdrop's alpha at `e`: linear between adjacent detents.
  public func backdropAlpha(at e: Double) -> Double { detents.backdropAlpha(at: e) }

  // MARK: Geometry

  /// The list viewport's height with the panel at `e`.
  public func listViewportHeight(at e: Double) -> Double {
    let p = padding.top + padding.bottom
    return edge.isVertical ? max(0, min(e, length) - headerDepth - p) : max(0, containerSize.height - headerDepth - p)
  }

  /// The largest scroll offset with the panel at `e`: what the viewport
  /// shows there, not at full, so the last rows are reachable at every
  /// detent that scrolls.
  public func maximumContentOffset(at e: Double) -> Double {
    max(0, Double(rowCount) * rowHeight - listViewportHeight(at: e))
  }

  /// The panel's rectangles with its moving edge at `e`; hit-testing and
  /// drawing both read these.
  public func geometry(at e: Double, handle h: HandleConfiguration?) -> PanelGeometry {
    let size = containerSize
    let w = size.width, ht = size.height
    let shown = max(0, min(e, length))
    let sheet = edge.frame(extent: e, length: max(e, fullExtent), cross: 0...edge.crossLength(of: size), in: size)
    var g = PanelGeometry(sheet: sheet, header: .zero, grip: .zero, list: .zero, handle: nil)
    let handleSize = h.map { edge.isVertical ? $0.size : Size(width: $0.size.height, height: $0.size.width) }
    // Padding moves the header and the list in from the surface's sides;
    // the handle keeps its place at the moving edge.
    let p = padding
    switch edge {
    case .bottom:
      let top = ht - shown + p.top
      g.header = Rect(x: p.left, y: top, width: max(0, w - p.left - p.right), height: max(0, min(headerDepth, ht - top)))
      g.list = Rect(
        x: p.left, y: min(top + headerDepth, ht), width: max(0, w - p.left - p.right),
        height: max(0, shown - headerDepth - p.top - p.bottom))
      if let h, let s = handleSize {
        g.handle = Rect(x: ((w - s.width) / 2).rounded(), y: ht - e + h.top, width: s.width, height: s.height)
      }
    case .top:
      let bottom = shown - p.bottom
      g.header = Rect(
        x: p.left, y: max(0, bottom - headerDepth), width: max(0, w - p.left - p.right),
        height: max(0, min(headerDepth, bottom)))
      g.list = Rect(
        x: p.left, y: min(p.top, max(0, shown)), width: max(0, w - p.left - p.right),
        height: max(0, shown - headerDepth - p.top - p.bottom))
      if let h, let s = handleSize {
        g.handle = Rect(x: ((w - s.width) / 2).rounded(), y: e - h.top - s.height, width: s.width, height: s.height)
      }
    case .left, .right:
      let inner = max(0, shown - gripDepth - p.left - p.right)
      let gripX = edge == .left ? max(0, shown - gripDepth) : w - shown
      let innerX = (edge == .left ? 0 : w - shown + min(gripDepth, shown)) + p.left
      let headerTop = min(p.top, ht)
      g.grip = Rect(x: gripX, y: 0, width: min(gripDepth, shown), height: ht)
      g.header = Rect(x: innerX, y: headerTop, width: inner, height: max(0, min(headerDepth, ht - headerTop)))
      g.list = Rect(
        x: innerX, y: min(headerTop + headerDepth, ht), width: inner,
        height: max(0, ht - headerDepth - p.top - p.bottom))
      if let h, let s = handleSize {
        let x = edge == .left ? e - h.top - s.width : w - e + h.top
        g.handle = Rect(x: x, y: ((ht - s.height) / 2).rounded(), width: s.width, height: s.height)
      }
    }
    return g
  }
}

extension PanelLayout {
  /// What can be seen of the sheet at extent `e`: from its moving edge to
  /// the area's home edge, its moving edge's corners at `radius` and, for
  /// a card, its home edge's too. Area coordinates.
  public func surface(at e: Double, radius: Double) -> SurfaceShape {
    let depth = max(0, e)
    let frame = edge.frame(extent: depth, length: depth, cross: 0...edge.crossLength(of: containerSize), in: containerSize)
    let moving = radius
    let home = isCard ? radius : 0
    let radii: CornerRadii
    switch edge {
    case .bottom: radii = CornerRadii(topLeft: moving, topRight: moving, bottomRight: home, bottomLeft: home)
    case .top: radii = CornerRadii(topLeft: home, topRight: home, bottomRight: moving, bottomLeft: moving)
    case .left: radii = CornerRadii(topLeft: home, topRight: moving, bottomRight: moving, bottomLeft: home)
    case .right: radii = CornerRadii(topLeft: moving, topRight: home, bottomRight: home, bottomLeft: moving)
    }
    return SurfaceShape(frame: frame, radii: radii)
  }
}

/// The panel's rectangles in container px for one extent.
public struct PanelGeometry: Hashable, Sendable {
  /// The whole sheet, partly beyond the home edge when not at full.
  public var sheet: Rect
  /// The strip that drags the panel and counts toward tap-to-expand.
  public var header: Rect
  /// A left or right panel's column at the moving edge, holding the
  /// handle; drags there always move the panel. Empty otherwise.
  public var grip: Rect
  /// The list's viewport.
  public var list: Rect
  /// The handle's rectangle; nil when there is no handle.
  public var handle: Rect?
}
