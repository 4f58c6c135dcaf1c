import TestSupport
import XCTest

@testable import DrawerText

final class LineLayoutTests: XCTestCase {
  let m = FakeMeasurer()
  let line = LineLayout()

  // MARK: Edge cases

  func testEmptyTextHasNoGlyphsAndNoWidth() {
    line.layout("", width: 100, measurer: m)
    XCTAssertEqual(line.glyphs, [])
    XCTAssertEqual(line.width, 0)
    XCTAssertFalse(line.isTruncated)
  }

  func testTextThatFitsIsPlacedFromTheLeftWithoutEllipsis() {
    line.layout("abc", width: 30, measurer: m)
    XCTAssertEqual(line.glyphs.map(\.x), [0, 10, 20])
    XCTAssertEqual(line.visual, "abc")
    XCTAssertEqual(line.width, 30)
    XCTAssertFalse(line.isTruncated)
    XCTAssertEqual(line.keptScalars, 3)
  }

  func testOverflowEndsInAnEllipsisAtTheLastCutThatFits() {
    // 10 px letters: "abcd" and the 10 px ellipsis take 50 of 55 px.
    line.layout("abcdefghij", width: 55, measurer: m)
    XCTAssertTrue(line.isTruncated)
    XCTAssertEqual(line.keptScalars, 4)
    XCTAssertEqual(line.visual, "abcd…")
    XCTAssertEqual(line.glyphs.last, PlacedGlyph(scalar: "…", font: 0, x: 40))
    XCTAssertEqual(line.width, 50)
  }

  func testTheEllipsisFitsExactly() {
    line.layout("abcdefghij", width: 50, measurer: m)
    XCTAssertEqual(line.keptScalars, 4)
    XCTAssertEqual(line.width, 50)
    line.layout("abcdefghij", width: 49, measurer: m)
    XCTAssertEqual(line.keptScalars, 3)
  }

  func testOneMorePixelThanTheTextNeedsNoEllipsis() {
    line.layout("abcdefghij", width: 100, measurer: m)
    XCTAssertFalse(line.isTruncated)
    XCTAssertEqual(line.visual, "abcdefghij")
    line.layout("abcdefghij", width: 99, measurer: m)
    XCTAssertTrue(line.isTruncated)
    XCTAssertEqual(line.visual, "abcdefgh…")
  }

  func testTheCutNeverSplitsAGraphemeCluster() {
    // "c" and a spacing mark (10 px here) are one cluster: "abc" and "…"
    // would fit in 40 px, but only by dropping the mark, so the cut is
    // before "c".
    line.layout("abc\u{903}defg", width: 40, measurer: m)
    XCTAssertEqual(line.keptScalars, 2)
    XCTAssertEqual(line.visual, "ab…")
    // A flag is two regional indicators: never one of them alone.
    line.layout("\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}", width: 70, measurer: m)
    XCTAssertEqual(line.keptScalars, 2, "three indicators and the ellipsis fit, but the third is half a flag")
    // An emoji ZWJ sequence stays whole.
    line.layout("x\u{1F469}\u{200D}\u{1F4BB}yz", width: 55, measurer: m)
    XCTAssertEqual(line.keptScalars, 1)
    XCTAssertEqual(line.visual, "x…")
  }

  func testAnEllipsisWiderThanTheBoxShowsNothing() {
    m.ellipsisAdvance = 12
    line.layout("abcdef", width: 11, measurer: m)
    XCTAssertTrue(line.isTruncated)
    XCTAssertEqual(line.glyphs, [])
    XCTAssertEqual(line.width, 0)
  }

  func testAZeroOrNegativeWidthShowsNothing() {
    for w in [0, -5] {
      line.layout("abc", width: w, measurer: m)
      XCTAssertEqual(line.glyphs, [], "width \(w)")
      XCTAssertTrue(line.isTruncated)
    }
  }

  func testTabsMoveToStopsOfEightSpacesFromTheTextStart() {
    // A space is 5 px: stops every 40 px.
    line.layout("a\tb", width: 200, measurer: m)
    XCTAssertEqual(line.glyphs.map(\.x), [0, 40])
    line.layout("abcd\tx", width: 200, measurer: m)
    XCTAssertEqual(line.glyphs.map(\.x), [0, 10, 20, 30, 80], "a tab at a stop goes to the next one")
    line.layout("\t\tx", width: 200, measurer: m)
    XCTAssertEqual(line.glyphs.map(\.x), [80])
    XCTAssertEqual(line.width, 90)
  }

  func testATabPastTheWidthOverflows() {
    line.layout("ab\tc", width: 45, measurer: m)
    XCTAssertTrue(line.isTruncated)
    XCTAssertEqual(line.visual, "ab…")
  }

  func testControlAndFormatCharactersDrawNothing() {
    line.layout("a\u{1}b\u{200B}c\u{7F}d\u{200E}e\u{FEFF}", width: 100, measurer: m)
    XCTAssertEqual(line.visual, "abcde")
    XCTAssertEqual(line.glyphs.map(\.x), [0, 10, 20, 30, 40])
  }

  func testFontIndicesComeFromTheMeasurer() {
    line.layout("a漢字😀", width: 100, measurer: m)
    XCTAssertEqual(line.glyphs.map(\.font), [0, 1, 1, 2])
    XCTAssertEqual(line.glyphs.map(\.x), [0, 10, 25, 40])
  }

  func testAnArabicParagraphWithALatinWordIsInVisualOrderAndJoined() {
    // "مرحبا world": a right-to-left paragraph; the Latin word keeps its
    // order and goes to the left of the Arabic, whose letters take their
    // joining forms (initial meem, final reh, initial hah, medial beh,
    // final alef) and run right to left.
    line.layout("\u{645}\u{631}\u{62D}\u{628}\u{627} world", width: 200, measurer: m)
    XCTAssertTrue(line.isRightToLeft)
    let expected: [UInt32] = [0x77, 0x6F, 0x72, 0x6C, 0x64, 0x20, 0xFE8E, 0xFE92, 0xFEA3, 0xFEAE, 0xFEE3]
    XCTAssertEqual(line.glyphs.map(\.scalar.value), expected)
  }

  func testALeftToRightParagraphKeepsAnArabicWordRightToLeft() {
    line.layout("ok \u{644}\u{627} go", width: 200, measurer: m)
    XCTAssertFalse(line.isRightToLeft)
    // Lam and alef become the lam-alef ligature.
    XCTAssertEqual(line.glyphs.map(\.scalar.value), [0x6F, 0x6B, 0x20, 0xFEFB, 0x20, 0x67, 0x6F])
  }

  func testBracketsAreMirroredInARightToLeftRun() {
    line.layout("\u{5D0}(\u{5D1})", width: 200, measurer: m)
    XCTAssertTrue(line.isRightToLeft)
    XCTAssertEqual(line.visual, "(\u{5D1})\u{5D0}")
  }

  func testARightToLeftParagraphAlignsRight() {
    line.layout("\u{5E9}\u{5DC}\u{5D5}\u{5DD}", width: 100, measurer: m)
    XCTAssertEqual(line.width, 40)
    XCTAssertEqual(line.origin, 60)
    XCTAssertEqual(line.glyphs.map(\.x), [60, 70, 80, 90])
    XCTAssertEqual(line.visual, "\u{5DD}\u{5D5}\u{5DC}\u{5E9}")
    line.layout("\u{5E9}\u{5DC}\u{5D5}\u{5DD}", width: 100, measurer: m, alignment: .left)
    XCTAssertEqual(line.origin, 0)
  }

  func testALeadingNeutralTakesTheDirectionOfTheFirstStrongCharacter() {
    line.layout("123 \u{5D0}\u{5D1}", width: 100, measurer: m)
    XCTAssertTrue(line.isRightToLeft)
    XCTAssertEqual(line.glyphs.last?.x, 90, "ends at the right edge")
  }

  func testARightToLeftOverflowHasItsEllipsisOnTheLeft() {
    // Ten Hebrew letters (100 px) in 55 px: the first four, logically, and
    // the ellipsis at the left end.
    let text = "\u{5D0}\u{5D1}\u{5D2}\u{5D3}\u{5D4}\u{5D5}\u{5D6}\u{5D7}\u{5D8}\u{5D9}"
    line.layout(text, width: 55, measurer: m)
    XCTAssertTrue(line.isTruncated)
    XCTAssertEqual(line.keptScalars, 4)
    XCTAssertEqual(line.visual, "…\u{5D3}\u{5D2}\u{5D1}\u{5D0}")
    XCTAssertEqual(line.glyphs.map(\.x), [5, 15, 25, 35, 45], "right-aligned: the line ends at 55")
  }

  func testCentredTextSitsInTheMiddle() {
    line.layout("ab", width: 100, measurer: m, alignment: .center)
    XCTAssertEqual(line.origin, 40)
  }

  func testAHugeRowExaminesOnlyABoundedPrefix() {
    let huge = [UInt8](repeating: UInt8(ascii: "W"), count: 10_000_000)
    let short = [UInt8](repeating: UInt8(ascii: "W"), count: 300)
    huge.withUnsafeBufferPointer { line.layout($0, width: 200, measurer: m) }
    let hugeGlyphs = line.glyphs
    XCTAssertLessThanOrEqual(line.examinedScalars, LineLayout.scalarLimit(width: 200))
    XCTAssertLessThanOrEqual(m.asked, 25, "measured only up to the overflow")
    short.withUnsafeBufferPointer { line.layout($0, width: 200, measurer: m) }
    XCTAssertEqual(hugeGlyphs, line.glyphs)
    XCTAssertEqual(line.visual, String(repeating: "W", count: 19) + "…")
  }

  func testAHugeRowOfZeroWidthCharactersStopsAtTheBound() {
    // Nothing here advances the pen: only the bound stops the work, and
    // the line still says it was cut.
    let marks = "a" + String(repeating: "\u{301}", count: 100_000)
    line.layout(marks, width: 30, measurer: m)
    XCTAssertEqual(line.examinedScalars, LineLayout.scalarLimit(width: 30))
    XCTAssertTrue(line.isTruncated)
    XCTAssertLessThanOrEqual(line.width, 30)
  }

  func testInvalidUTF8ShowsAsReplacementCharacters() {
    let bytes: [UInt8] = [0x61, 0xFF, 0x62]
    bytes.withUnsafeBufferPointer { line.layout($0, width: 100, measurer: m) }
    XCTAssertEqual(line.visual, "a\u{FFFD}b")
  }

  // MARK: Seeded sweep

  func testRandomLinesFitAndAreCutOnlyWhenWider() {
    let alphabet: [String] = [
      "a", "W", " ", "\t", "漢", "か", "😀", "\u{301}", "\u{5D0}", "\u{627}", "\u{644}", "\u{628}", "1", "(", ")",
      "\u{1}", "\u{200D}", "\u{1F1EB}", "\u{200F}", "é", "-",
    ]
    var rng = SplitMix64(seed: 0x7E47)
    let wide = LineLayout()
    for round in 0..<3000 {
      let length = Int.random(in: 0...40, using: &rng)
      var text = ""
      for _ in 0..<length { text += alphabet.randomElement(using: &rng)! }
      let box = Int.random(in: 0...320, using: &rng)
      wide.layout(text, width: 100_000, measurer: m)
      let full = wide.width
      line.layout(text, width: box, measurer: m)
      let what = "round \(round): \(text.unicodeScalars.map { String($0.value, radix: 16) }) in \(box) px"
      XCTAssertLessThanOrEqual(line.width, box, what)
      XCTAssertGreaterThanOrEqual(line.origin, 0, what)
      let scalars = text.unicodeScalars.count
      let bounded = scalars > LineLayout.scalarLimit(width: box)
      XCTAssertEqual(line.isTruncated, full > box || bounded, what)
      let ellipses = line.glyphs.filter { $0.scalar == LineLayout.ellipsis }.count
      XCTAssertEqual(ellipses, line.isTruncated && box >= m.ellipsisAdvance ? 1 : 0, what)
      for g in line.glyphs {
        XCTAssertGreaterThanOrEqual(g.x, 0, what)
        XCTAssertLessThanOrEqual(g.x + m.glyph(for: g.scalar).advance, box, what)
      }
      if line.isTruncated {
        // The cut is a cluster boundary of the text.
        var boundaries: Set<Int> = [0]
        var i = 0
        for c in text {
          i += c.unicodeScalars.count
          boundaries.insert(i)
        }
        XCTAssertTrue(boundaries.contains(line.keptScalars), what)
      }
    }
  }
}
