/// A named place a panel rests at.
public struct Detent: Hashable, Sendable {
  /// The name events and requests use for it; `dismissed` is reserved for the hidden position.
  public var name: String
  /// Where it lies, given relative to the container.
  public var anchor: Anchor
  /// The backdrop's alpha when the panel rests here, 0...1; nil follows the
  /// straight line between the nearest detents that set one (the hidden
  /// position is 0), which is how DrawerKit dims by position.
  public var backdropAlpha: Double?
  /// Whether the list scrolls while the panel rests here.
  public var scrollsList: Bool
  /// Whether releases and keys may end here; changes at run time, as
  /// OverlayContainer's `canReachNotchAt` allows.
  public var isEnabled: Bool

  /// A detent named `name` at `anchor`, enabled, not scrolling the list, dimmed by position.
  public init(
    _ name: String, _ anchor: Anchor, backdropAlpha: Double? = nil, scrollsList: Bool = false, isEnabled: Bool = true
  ) {
    self.name = name
    self.anchor = anchor
    self.backdropAlpha = backdropAlpha
    self.scrollsList = scrollsList
    self.isEnabled = isEnabled
  }
}

/// A detent placed for one container: its extent in px and its backdrop
/// alpha, both settled.
public struct ResolvedDetent: Hashable, Sendable {
  /// The detent's name.
  public var name: String
  /// Its moving edge's distance from the home edge, px, within the container.
  public var extent: Double
  /// The backdrop's alpha here, 0...1, interpolated when the detent set none.
  public var backdropAlpha: Double
  /// Whether the list scrolls while the panel rests here.
  public var scrollsList: Bool
  /// Whether releases and keys may end here.
  public var isEnabled: Bool
}
