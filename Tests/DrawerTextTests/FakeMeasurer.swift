@testable import DrawerText

/// Glyphs by table, for layouts checked to the pixel: letters 10 px in the
/// primary font, CJK 15 px in font 1, emoji 20 px in font 2, combining
/// marks 0 px, a space 5 px (tab stops every 40 px), "…" 10 px. Counts the
/// questions asked.
final class FakeMeasurer: GlyphMeasuring {
  private(set) var asked = 0
  var ellipsisAdvance = 10

  func glyph(for scalar: Unicode.Scalar) -> GlyphMetrics {
    asked += 1
    let v = scalar.value
    if scalar == LineLayout.ellipsis { return GlyphMetrics(font: 0, advance: ellipsisAdvance) }
    if v == 0x20 { return GlyphMetrics(font: 0, advance: 5) }
    if (0x4E00...0x9FFF).contains(v) || (0x3040...0x30FF).contains(v) { return GlyphMetrics(font: 1, advance: 15) }
    if (0x1F300...0x1FAFF).contains(v) || (0x1F1E6...0x1F1FF).contains(v) { return GlyphMetrics(font: 2, advance: 20) }
    if scalar.properties.generalCategory == .nonspacingMark { return GlyphMetrics(font: 0, advance: 0) }
    return GlyphMetrics(font: 0, advance: 10)
  }
}

extension LineLayout {
  /// The glyphs' scalars as a string, left to right.
  var visual: String {
    var s = ""
    for g in glyphs { s.unicodeScalars.append(g.scalar) }
    return s
  }
}
