/// How wide a bottom or top panel may grow across its axis.
public enum MaximumWidth: Hashable, Sendable {
  /// As wide as the window less the margins.
  case none
  /// At most this many px, centred.
  case fixed(Double)
  /// As wide as the window in windows up to `threshold` px wide; beyond,
  /// `width` px centred: a sheet on a narrow window, a card on a wide one.
  case adaptive(threshold: Double, width: Double)

  /// Full width up to 900 px windows, a 720 px sheet beyond (issue 11's
  /// rule: 720 px keeps rows of body text under about 90 characters).
  public static let automatic = MaximumWidth.adaptive(threshold: 900, width: 720)

  /// The width allowed in a window `windowWidth` px wide, or nil for no limit.
  public func limit(windowWidth: Double) -> Double? {
    switch self {
    case .none: nil
    case .fixed(let w): w
    case .adaptive(let threshold, let w): windowWidth > threshold ? w : nil
    }
  }
}

/// The rectangle of the window a panel lives in: the window less the
/// margins, and for a bottom or top panel no wider than its maximum width,
/// centred. Detents are measured from this rectangle's home edge.
///
/// A left or right panel's width is its extent, set by its detents, so the
/// maximum width does not apply to it.
public func panelArea(in window: Size, edge: Edge, margins: Insets, maximumWidth: MaximumWidth) -> Rect {
  var area = Rect(x: 0, y: 0, width: max(0, window.width), height: max(0, window.height)).inset(by: margins)
  if edge.isVertical, let limit = maximumWidth.limit(windowWidth: window.width), area.width > limit {
    area.x += ((area.width - max(0, limit)) / 2).rounded(.down)
    area.width = max(0, limit)
  }
  return area
}
