/// The kinds of text the program draws, each with its own size and weight
/// applied to the --font pattern.
public enum FontRole: Int, CaseIterable, Sendable {
  /// The map's title.
  case heading
  /// The drawer's header title.
  case title
  /// Row titles and item lines.
  case row
  /// Row details, the header's count, map labels, the hint, debug tags.
  case detail

  /// The size at scale 1 for a pattern without a size, px: pixel sizes
  /// keep the layout independent of the screen's DPI.
  public var pixelSize: Double {
    switch self {
    case .heading: 22
    case .title: 17
    case .row: 15
    case .detail: 12
    }
  }

  /// Whether the role is drawn bold: the map's title and the header's.
  public var isBold: Bool { self == .heading || self == .title }
}
