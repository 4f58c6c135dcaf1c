/// The painters' own lengths, px: what the frame builder spaces and draws that
/// the panel's configuration does not say.
///
/// The defaults are logical px; `DisplayScale.paint(_:)` gives the device
/// px the frame builder draws with.
public struct PaintMetrics: Hashable, Sendable {
  /// Left and right padding of the header and the rows' text, px (iOS table
  /// cells inset by 16–20).
  public var textInset = 20.0
  /// Gap between a row's title and detail lines, px.
  public var lineGap = 3.0
  /// Thickness of each debug line, px (the 3 px).
  public var debugLineThickness = 3.0
  /// Width of the selected row's focus ring, px: 2, as desktop toolkits
  /// draw keyboard focus.
  public var focusRingWidth = 2.0
  /// Width of the query's caret in the header, px.
  public var caretWidth = 1.0
  /// Width of the bar that marks a row in a multiple pick, px.
  public var markBarWidth = 4.0
  /// Room around a debug line's name in its tag, px.
  public var markTagPadding = 4.0
  /// The window's smallest size, px: below it the map and the header no
  /// longer fit. Handed to the window manager only.
  public var minimumWindowWidth = 160.0
  /// The window's smallest height, px, handed to the window manager with its smallest width.
  public var minimumWindowHeight = 120.0

  /// The defaults, in logical px.
  public init() {}
}
