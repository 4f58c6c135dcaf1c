/// Why a set of detents was refused.
public struct DetentSetError: Error, Hashable, Sendable {
  public var message: String
}

/// A panel's detents: named, ordered most collapsed first, names unique.
///
/// Below them all lies the hidden position, extent 0, named "dismissed".
/// The panel can always be hidden by request (Escape, a tap outside,
/// `dismiss()`), but a release ends there only when removal is allowed.
public struct DetentSet: Hashable, Sendable {
  /// The hidden position's name.
  public static let hiddenName = "dismissed"

  public private(set) var detents: [Detent]
  /// Whether a release (a flick or a drag down) may end hidden.
  public var allowsRemoval: Bool

  /// Refuses an empty set, a repeated or reserved name, and numbers that
  /// are not finite or out of range (alpha 0...1, fraction 0...1, px ≥ 0).
  public init(_ detents: [Detent], allowsRemoval: Bool) throws(DetentSetError) {
    guard !detents.isEmpty else { throw DetentSetError(message: "at least one detent is needed") }
    var seen = Set<String>()
    for d in detents {
      guard !d.name.isEmpty else { throw DetentSetError(message: "a detent needs a name") }
      guard d.name != DetentSet.hiddenName else {
        throw DetentSetError(message: "\"\(DetentSet.hiddenName)\" names the hidden position, not a detent")
      }
      guard seen.insert(d.name).inserted else { throw DetentSetError(message: "the detent name \"\(d.name)\" is repeated") }
      if let a = d.backdropAlpha, !(a.isFinite && (0...1).contains(a)) {
        throw DetentSetError(message: "the backdrop alpha of \"\(d.name)\" must be between 0 and 1")
      }
      switch d.anchor {
      case .fromHome(let v), .fromFar(let v):
        guard v.isFinite && v >= 0 else { throw DetentSetError(message: "the anchor of \"\(d.name)\" must be a px value of 0 or more") }
      case .fraction(let f):
        guard f.isFinite && (0...1).contains(f) else { throw DetentSetError(message: "the anchor of \"\(d.name)\" must be between 0% and 100%") }
      case .content:
        break
      }
    }
    self.detents = detents
    self.allowsRemoval = allowsRemoval
  }

  /// Enables or disables the detent named `name`; false when there is none.
  @discardableResult
  public mutating func setEnabled(_ enabled: Bool, for name: String) -> Bool {
    guard let i = detents.firstIndex(where: { $0.name == name }) else { return false }
    detents[i].isEnabled = enabled
    return true
  }

  /// Places every detent in a container `containerLength` px long whose
  /// content is `contentLength` px long.
  ///
  /// Collisions: a detent never lies beyond the one after it. Going from the
  /// most expanded down, each extent is cut to the next one's, so in a
  /// window shorter than the partial height, partial sits exactly at full.
  /// Both keep their names: a panel resting at partial keeps reporting
  /// partial, at full's extent, and returns to its own extent when the
  /// container grows. `ResolvedDetents.index(at:)` answers the more
  /// expanded of two that share an extent.
  public func resolved(containerLength: Double, contentLength: Double) -> ResolvedDetents {
    var extents = detents.map { $0.anchor.extent(containerLength: containerLength, contentLength: contentLength) }
    if extents.count > 1 {
      for i in stride(from: extents.count - 2, through: 0, by: -1) { extents[i] = min(extents[i], extents[i + 1]) }
    }
    // Backdrop: the hidden position is 0; a detent without its own alpha
    // lies on the line between its neighbours that have one.
    var points: [(extent: Double, alpha: Double)] = [(0, 0)]
    for (d, e) in zip(detents, extents) { if let a = d.backdropAlpha { points.append((e, a)) } }
    var all = [
      ResolvedDetent(name: DetentSet.hiddenName, extent: 0, backdropAlpha: 0, scrollsList: false, isEnabled: allowsRemoval)
    ]
    for (d, e) in zip(detents, extents) {
      all.append(
        ResolvedDetent(
          name: d.name, extent: e, backdropAlpha: d.backdropAlpha ?? interpolate(points, at: e),
          scrollsList: d.scrollsList, isEnabled: d.isEnabled))
    }
    return ResolvedDetents(all: all, containerLength: max(0, containerLength))
  }
}

/// A piecewise-linear function through `points` (ascending extents),
/// held flat beyond both ends; at a repeated extent the later point (the
/// more expanded detent) wins. Generic so that a lazy view allocates nothing.
func interpolate<C: BidirectionalCollection>(_ points: C, at e: Double) -> Double
where C.Element == (extent: Double, alpha: Double) {
  guard let first = points.first else { return 0 }
  func lastAlpha(at x: Double) -> Double { points.last { $0.extent == x }!.alpha }
  if e <= first.extent { return lastAlpha(at: first.extent) }
  var previous = first
  for p in points.dropFirst() {
    if e <= p.extent {
      if e == p.extent { return lastAlpha(at: p.extent) }
      return previous.alpha + (p.alpha - previous.alpha) * (e - previous.extent) / (p.extent - previous.extent)
    }
    previous = p
  }
  return previous.alpha
}

/// Detents placed for one container: the hidden position first (index 0),
/// then the set's detents, most collapsed first, extents ascending.
public struct ResolvedDetents: Hashable, Sendable {
  public let all: [ResolvedDetent]
  public let containerLength: Double

  public init(all: [ResolvedDetent], containerLength: Double) {
    self.all = all
    self.containerLength = containerLength
  }

  /// The index of the detent named `name`.
  public func index(of name: String) -> Int? { all.firstIndex { $0.name == name } }

  /// The index of the most expanded detent at `extent` (within `epsilon`,
  /// DrawerKit's 0.5 px), or nil between detents.
  public func index(at extent: Double, epsilon: Double = 0.5) -> Int? {
    all.indices.last { abs(all[$0].extent - extent) <= epsilon }
  }

  /// Where a release may end: the enabled detents, the hidden position when
  /// removal is allowed, and `current` even when disabled, so a panel
  /// resting at a detent that was just disabled can still settle back.
  public func reachable(including current: Int?) -> [Int] {
    all.indices.filter { all[$0].isEnabled || $0 == current }
  }

  /// The backdrop's alpha at `extent`: linear between adjacent detents,
  /// held beyond the ends.
  public func backdropAlpha(at extent: Double) -> Double {
    interpolate(all.lazy.map { (extent: $0.extent, alpha: $0.backdropAlpha) }, at: extent)
  }
}
