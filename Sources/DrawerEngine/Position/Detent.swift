/// A named place a panel rests at.
public struct Detent: Hashable, Sendable {
  public var name: String
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
  public var name: String
  public var extent: Double
  public var backdropAlpha: Double
  public var scrollsList: Bool
  public var isEnabled: Bool
}
