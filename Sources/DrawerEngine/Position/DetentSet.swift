/// Why a set of detents was refused.
public struct DetentSetError: Error, Hashable, Sendable {
  /// What is wrong with the set, as a phrase for a message.
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

  /// The detents, most collapsed first, as given; the hidden position is not among them.
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

  /// Disables every detent whose name is in `names`, in one pass.
  public mutating func disable(named names: Set<String>) {
    for i in detents.indices where names.contains(detents[i].name) { detents[i].isEnabled = false }
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
    var pointExtents = [0.0], pointAlphas = [0.0]
    for (d, e) in zip(detents, extents) {
      if let a = d.backdropAlpha {
        pointExtents.append(e)
        pointAlphas.append(a)
      }
    }
    var all = [
      ResolvedDetent(name: DetentSet.hiddenName, extent: 0, backdropAlpha: 0, scrollsList: false, isEnabled: allowsRemoval)
    ]
    for (d, e) in zip(detents, extents) {
      all.append(
        ResolvedDetent(
          name: d.name, extent: e, backdropAlpha: d.backdropAlpha ?? interpolate(extents: pointExtents, alphas: pointAlphas, at: e),
          scrollsList: d.scrollsList, isEnabled: d.isEnabled))
    }
    return ResolvedDetents(all: all, containerLength: max(0, containerLength))
  }
}

/// A piecewise-linear function through the points (`extents[i]`,
/// `alphas[i]`), extents ascending, held flat beyond both ends; at a
/// repeated extent the later point (the more expanded detent) wins.
/// A binary search: O(log n), so placing every detent of a large set stays
/// O(n log n).
func interpolate(extents: [Double], alphas: [Double], at e: Double) -> Double {
  let n = min(extents.count, alphas.count)
  guard n > 0 else { return 0 }
  // The last point at or beyond `e`'s extent decides ties: find the first
  // point past `e`; the one before it is the last one not past it.
  let i = firstIndex(in: extents, n, beyond: e)
  if i == 0 {
    // Before the first point: held at the last point sharing its extent.
    return alphas[firstIndex(in: extents, n, beyond: extents[0]) - 1]
  }
  let below = i - 1
  if extents[below] == e || i == n { return alphas[below] }
  let (x0, x1) = (extents[below], extents[i])
  return alphas[below] + (alphas[i] - alphas[below]) * (e - x0) / (x1 - x0)
}

/// The index of the first of the ascending `values[0..<n]` greater than
/// `e`, or `n` when none is.
private func firstIndex(in values: [Double], _ n: Int, beyond e: Double) -> Int {
  var low = 0, high = n
  while low < high {
    let mid = (low + high) / 2
    if values[mid] <= e { low = mid + 1 } else { high = mid }
  }
  return low
}

/// Detents placed for one container: the hidden position first (index 0),
/// then the set's detents, most collapsed first, extents ascending.
public struct ResolvedDetents: Hashable, Sendable {
  /// Every detent placed, the hidden position first, extents ascending.
  public let all: [ResolvedDetent]
  /// The container's length along the axis, px: the most any extent may be.
  public let containerLength: Double
  /// `all`'s extents and backdrop alphas, apart: the per-frame lookups read
  /// plain numbers instead of copying detents with their names.
  let extents: [Double]
  let backdropAlphas: [Double]

  /// Detents already placed and ordered, for a container `containerLength` px long.
  public init(all: [ResolvedDetent], containerLength: Double) {
    self.all = all
    self.containerLength = containerLength
    extents = all.map(\.extent)
    backdropAlphas = all.map(\.backdropAlpha)
  }

  /// The index of the detent named `name`.
  public func index(of name: String) -> Int? { all.firstIndex { $0.name == name } }

  /// The index of the most expanded detent at `extent` (within `epsilon`,
  /// DrawerKit's 0.5 px), or nil between detents.
  public func index(at extent: Double, epsilon: Double = 0.5) -> Int? {
    extents.indices.last { abs(extents[$0] - extent) <= epsilon }
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
    interpolate(extents: extents, alphas: backdropAlphas, at: extent)
  }
}
