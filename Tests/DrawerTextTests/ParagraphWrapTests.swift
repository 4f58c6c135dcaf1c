import XCTest

import TestSupport

@testable import DrawerText

/// Wrapping a paragraph: at spaces, after ideographs, inside overlong words.
final class ParagraphWrapTests: XCTestCase {
  func lines(_ text: String, width: Int, maximumLines: Int = 100) -> [String] {
    let wrap = ParagraphWrap()
    let bytes = Array(text.utf8)
    bytes.withUnsafeBufferPointer { wrap.wrap($0, width: width, measurer: FakeMeasurer(), maximumLines: maximumLines) }
    return wrap.lines.map { String(decoding: bytes[$0], as: UTF8.self) }
  }

  func testWordsWrapAtSpacesAndEachLineFits() {
    // Letters are 10 px, a space 5: "aaa bbb" is 65 px.
    XCTAssertEqual(lines("aaa bbb ccc ddd", width: 70), ["aaa bbb", "ccc ddd"])
    XCTAssertEqual(lines("aaa bbb ccc ddd", width: 64), ["aaa", "bbb", "ccc", "ddd"])
    XCTAssertEqual(lines("short", width: 500), ["short"])
    XCTAssertEqual(lines("", width: 50), [""])
  }

  func testAnOverlongWordBreaksBetweenClusters() {
    XCTAssertEqual(lines("abcdefghij", width: 40), ["abcd", "efgh", "ij"])
    // A combining mark (0 px here) stays with its base.
    XCTAssertEqual(lines("abce\u{301}fg", width: 40), ["abce\u{301}", "fg"])
    XCTAssertEqual(lines("abcde\u{301}fg", width: 40), ["abcd", "e\u{301}fg"])
    // Not even one glyph fits: one a line, never none.
    XCTAssertEqual(lines("abc", width: 5), ["a", "b", "c"])
  }

  func testIdeographsBreakAnywhereAndSpacesRunTogether() {
    // 15 px each: three to a 45 px line.
    XCTAssertEqual(lines("東京都港区芝公園", width: 45), ["東京都", "港区芝", "公園"])
    XCTAssertEqual(lines("aa    bb", width: 30), ["aa", "bb"])
  }

  func testTheLastLineKeptHoldsTheRest() {
    XCTAssertEqual(lines("aa bb cc dd", width: 25, maximumLines: 2), ["aa", "bb cc dd"])
  }

  func testRandomTextAlwaysProgressesAndFits() {
    var rng = SplitMix64(seed: 12)
    let alphabet = Array("ab c東é\u{301}\t-مرح😀")
    let measurer = FakeMeasurer()
    let layout = LineLayout()
    for _ in 0..<300 {
      let text = String((0..<Int(rng.next() % 60)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
      let width = 20 + Int(rng.next() % 100)
      let wrap = ParagraphWrap()
      let bytes = Array(text.utf8)
      bytes.withUnsafeBufferPointer { wrap.wrap($0, width: width, measurer: measurer, maximumLines: 1000) }
      var covered = 0
      for r in wrap.lines {
        XCTAssertGreaterThanOrEqual(r.lowerBound, covered, text)
        // Only spaces between lines.
        XCTAssertTrue(bytes[covered..<r.lowerBound].allSatisfy { $0 == 0x20 || $0 == 0x09 }, text)
        covered = r.upperBound
        bytes.withUnsafeBufferPointer {
          layout.layout(UnsafeBufferPointer(rebasing: $0[r]), width: width, measurer: measurer)
        }
        // A line fits, unless it is a single cluster wider than the box.
        XCTAssertTrue(!layout.isTruncated || layout.examinedScalars <= 2, "\(text) \(width) \(r)")
      }
      XCTAssertTrue(bytes[covered...].allSatisfy { $0 == 0x20 || $0 == 0x09 }, text)
    }
  }
}
