/// A scalar's font and advance: all the layout needs to know of its glyph.
public struct GlyphMetrics: Equatable, Sendable {
  /// The font that draws the scalar: 0 is the primary font, then the
  /// fallbacks in the order they were opened.
  public var font: Int
  /// How far the glyph moves the pen, px.
  public var advance: Int

  /// A glyph drawn by font `font` that moves the pen `advance` px.
  public init(font: Int, advance: Int) {
    self.font = font
    self.advance = advance
  }
}

/// Answers, for one scalar, which font covers it and how wide its glyph is.
///
/// The layout asks through this protocol so that it needs no font library:
/// the X front end answers with Xft and fontconfig, the tests with a table.
public protocol GlyphMeasuring {
  /// The font that draws `scalar` and its advance, px.
  func glyph(for scalar: Unicode.Scalar) -> GlyphMetrics
}
