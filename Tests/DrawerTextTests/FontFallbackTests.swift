import XCTest

@testable import DrawerText

/// A primary font with Latin only and, on the "system", a CJK font and an
/// emoji font that a search opens; it counts the searches.
final class FakeFonts: FontProvider {
  struct Face {
    var name: String
    var covers: (UInt32) -> Bool
    var advance: Int
  }

  let system: [Face] = [
    Face(name: "cjk", covers: { (0x4E00...0x9FFF).contains($0) || (0x3040...0x30FF).contains($0) }, advance: 15),
    Face(name: "emoji", covers: { (0x1F300...0x1FAFF).contains($0) }, advance: 20),
  ]
  let primary = Face(name: "latin", covers: { $0 < 0x250 }, advance: 9)
  private(set) var open: [Face]
  private(set) var searches: [UInt32] = []

  init() { open = [primary] }

  var fontCount: Int { open.count }
  func font(_ index: Int, covers scalar: Unicode.Scalar) -> Bool { open[index].covers(scalar.value) }
  func advance(of scalar: Unicode.Scalar, inFont index: Int) -> Int { open[index].advance }

  func openFallback(for scalar: Unicode.Scalar) -> Int? {
    searches.append(scalar.value)
    guard let face = system.first(where: { $0.covers(scalar.value) }) else { return nil }
    open.append(face)
    return open.count - 1
  }
}

final class FontFallbackTests: XCTestCase {
  func testNothingIsSearchedForAhead() {
    let fonts = FakeFonts()
    let fallback = FontFallback(provider: fonts)
    _ = fallback.glyph(for: "a")
    XCTAssertEqual(fonts.searches, [])
    XCTAssertEqual(fonts.fontCount, 1)
  }

  func testACJKScalarGetsAFallbackFontThatHasIt() {
    let fonts = FakeFonts()
    let fallback = FontFallback(provider: fonts)
    let g = fallback.glyph(for: "漢")
    XCTAssertEqual(g, GlyphMetrics(font: 1, advance: 15))
    XCTAssertEqual(fonts.open[1].name, "cjk")
    XCTAssertEqual(fonts.searches, [0x6F22])
  }

  func testAnOpenFallbackServesLaterScalarsWithoutASearch() {
    let fonts = FakeFonts()
    let fallback = FontFallback(provider: fonts)
    _ = fallback.glyph(for: "漢")
    XCTAssertEqual(fallback.glyph(for: "字").font, 1)
    XCTAssertEqual(fallback.glyph(for: "か").font, 1)
    XCTAssertEqual(fonts.searches.count, 1)
    XCTAssertEqual(fallback.glyph(for: "\u{1F600}"), GlyphMetrics(font: 2, advance: 20))
    XCTAssertEqual(fallback.glyph(for: "漢").font, 1, "an earlier fallback is still checked first")
    XCTAssertEqual(fonts.searches.count, 2)
  }

  func testAScalarNoFontHasDrawsThePrimaryNotdefAndIsSearchedOnce() {
    let fonts = FakeFonts()
    let fallback = FontFallback(provider: fonts)
    for _ in 0..<3 { XCTAssertEqual(fallback.glyph(for: "\u{10FFFD}"), GlyphMetrics(font: 0, advance: 9)) }
    XCTAssertEqual(fonts.searches, [0x10FFFD])
  }

  func testThePrimaryFontWinsWhereItHasTheGlyph() {
    let fonts = FakeFonts()
    let fallback = FontFallback(provider: fonts)
    _ = fallback.glyph(for: "漢")
    XCTAssertEqual(fallback.glyph(for: "é").font, 0)
  }

  func testLayoutUsesTheFallbacks() {
    let fallback = FontFallback(provider: FakeFonts())
    let line = LineLayout()
    line.layout("a漢😀", width: 100, measurer: fallback)
    XCTAssertEqual(line.glyphs.map(\.font), [0, 1, 2])
    XCTAssertEqual(line.glyphs.map(\.x), [0, 9, 24])
  }
}
