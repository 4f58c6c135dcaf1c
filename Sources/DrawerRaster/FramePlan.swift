import DrawerEngine

/// `v` px in whole pixels: rounded, and kept within ±32,000 so that a
/// position, with an offset added, still fits X's 16-bit coordinates.
/// Every length the painters place goes through it.
public func px(_ v: Double) -> Int { Int(max(-32_000, min(32_000, v.rounded()))) }

/// Where a panel's home edge lies in a window, and how deep a band along it
/// is: the geometry of a frame's damage.
public struct HomeEdge: Hashable, Sendable {
  /// The window side the panel comes from.
  public var edge: Edge
  /// The window's width, px.
  public var width: Int
  /// The window's height, px.
  public var height: Int

  /// The edge `edge` of a `width` × `height` px window; a negative size is 0.
  public init(edge: Edge, width: Int, height: Int) {
    self.edge = edge
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The window's length along the axis, px.
  public var length: Int { edge.isVertical ? height : width }

  /// The band of the window `depth` px deep from the home edge.
  public func band(depth: Int) -> PixelRect {
    let d = max(0, min(depth, length))
    switch edge {
    case .bottom: return PixelRect(x: 0, y: height - d, width: width, height: d)
    case .top: return PixelRect(x: 0, y: 0, width: width, height: d)
    case .left: return PixelRect(x: 0, y: 0, width: d, height: height)
    case .right: return PixelRect(x: width - d, y: 0, width: d, height: height)
    }
  }

  /// The band `depth` px deep from the home edge, narrowed across the axis
  /// to `span` (columns for a top or bottom edge, rows for a side edge).
  public func band(depth: Int, span: Range<Int>?) -> PixelRect {
    let whole = band(depth: depth)
    guard let span else { return whole }
    let across = edge.isVertical
      ? PixelRect(x: span.lowerBound, y: 0, width: span.upperBound - span.lowerBound, height: height)
      : PixelRect(x: 0, y: span.lowerBound, width: width, height: span.upperBound - span.lowerBound)
    return whole.intersection(across)
  }

  /// The columns (top or bottom edge) or rows (side edge) `r` covers;
  /// nil for an empty rectangle.
  public func span(of r: PixelRect) -> Range<Int>? {
    guard !r.isEmpty else { return nil }
    return edge.isVertical ? r.x..<r.maxX : r.y..<r.maxY
  }

  /// How far from the home edge `r` reaches, px, within the window: the
  /// depth of the band that holds it; 0 for an empty rectangle.
  public func reach(of r: PixelRect) -> Int {
    guard !r.isEmpty else { return 0 }
    let far: Int
    switch edge {
    case .bottom: far = height - r.y
    case .top: far = r.maxY
    case .left: far = r.maxX
    case .right: far = width - r.x
    }
    return max(0, min(far, length))
  }
}

/// Decides how much of the window each frame redraws.
///
/// A frame in which only the panel moved changes pixels only between its
/// home edge and the farther of where the panel (with its shadow and
/// anything drawn beyond it) reached in the last frame and where it reaches
/// now: beyond that the window still shows the backdrop it showed. So that
/// band is all a frame draws and presents. Everything else a frame shows —
/// the scene, the dim's 8-bit step, debug marks, the map's pan — is its
/// `Backdrop`; when that differs from the last frame's, the whole window
/// is redrawn.
///
/// The methods are inlinable: its one client instantiates it from another
/// module, where a call left generic looked up the metadata of
/// `(Backdrop, Int)?` at run time, twice a frame (callgrind: 4 % of a
/// drag's instructions).
public struct FramePlan<Backdrop: Equatable> {
  @usableFromInline var last: (backdrop: Backdrop, reach: Int)?
  /// What the last frame planned by `region` touched; nil when unknown.
  @usableFromInline var lastTouched: PixelRect?
  /// The last frame's front (see `region`); nil when it had none.
  @usableFromInline var lastFront: PixelRect?

  /// A plan with no frame before it: the first region is the whole window.
  @inlinable public init() {}

  /// Records this frame and returns the part of the window it must redraw:
  /// the whole window for the first frame, after `reset()`, or when the
  /// backdrop changed; else the band along `home`'s edge as deep as the
  /// farther reach of `touched` and the last frame's, and across the axis
  /// only as wide as the two together. A sheet narrower than the window
  /// leaves the backdrop beside it alone.
  ///
  /// `front` is the part of `touched` whose pixels depend on where the
  /// panel is: its moving edge, corners and the shadow around them, as wide
  /// as `touched`. The rest of `touched`, toward the home edge, looks the
  /// same for every position of the panel that covers it (a sheet's body,
  /// the map beside it and the straight run of its side shadows). When this
  /// frame and the last both name a front, only the stretch from one front
  /// to the other changed, so that is the region: a narrow sheet moving
  /// through a tall window redraws a few dozen rows, not its whole height.
  /// A panel whose span across the axis changed is planned as without
  /// fronts.
  @inlinable public mutating func region(
    backdrop: Backdrop, touched: PixelRect, front: PixelRect? = nil, home: HomeEdge
  ) -> PixelRect {
    let before = lastTouched
    let frontBefore = lastFront
    let kept = last?.backdrop == backdrop
    let depth = nextDepth(backdrop: backdrop, reach: home.reach(of: touched), length: home.length)
    lastTouched = touched
    lastFront = front.flatMap { $0.isEmpty ? nil : $0 }
    // After a frame planned by `depth`, the last frame's span is unknown.
    guard kept, let before else { return home.band(depth: depth) }
    // Fronts say what moved only while the panel keeps its columns (or
    // rows): a sheet that narrows or widens changes its body beside them.
    if let now = lastFront, let frontBefore, home.span(of: before) == home.span(of: touched) {
      return now.union(frontBefore).intersection(home.band(depth: home.length))
    }
    switch (home.span(of: before), home.span(of: touched)) {
    case (nil, nil): return .empty
    case (let a?, nil), (nil, let a?): return home.band(depth: depth, span: a)
    case (let a?, let b?): return home.band(depth: depth, span: min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound))
    }
  }

  /// Records this frame and returns the depth of the band it must redraw,
  /// px from the home edge: all of `length` for the first frame, after
  /// `reset()`, or when the backdrop changed; else the farther reach of
  /// this frame and the last.
  @inlinable public mutating func depth(backdrop: Backdrop, reach: Int, length: Int) -> Int {
    lastTouched = nil
    lastFront = nil
    return nextDepth(backdrop: backdrop, reach: reach, length: length)
  }

  @inlinable mutating func nextDepth(backdrop: Backdrop, reach: Int, length: Int) -> Int {
    let length = max(0, length)
    let reach = max(0, min(reach, length))
    defer { last = (backdrop, reach) }
    guard let last, last.backdrop == backdrop else { return length }
    return max(last.reach, reach)
  }

  /// Forgets the last frame, after anything that invalidates the back
  /// buffer (a resize, a new scene): the next frame redraws everything.
  @inlinable public mutating func reset() {
    last = nil
    lastTouched = nil
    lastFront = nil
  }
}
