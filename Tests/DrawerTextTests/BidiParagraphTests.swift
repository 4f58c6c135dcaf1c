import XCTest

@testable import DrawerText

final class BidiParagraphTests: XCTestCase {
  func scalars(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

  func testLeftToRightTextNeedsNoReordering() {
    var bidi = BidiParagraph()
    for text in ["", "plain text 123", "漢字 かな", "😀 (x)", "é\u{301}"] {
      XCTAssertFalse(bidi.needsReordering(scalars(text)), text)
    }
  }

  func testRightToLeftLettersNumbersAndControlsNeedIt() {
    var bidi = BidiParagraph()
    for text in ["a \u{5D0}", "\u{627}", "1\u{661}", "a\u{202E}b", "a\u{2067}b\u{2069}"] {
      XCTAssertTrue(bidi.needsReordering(scalars(text)), text)
    }
  }

  func testTheVisualMapOfAHebrewLineWithADigitRun() {
    var bidi = BidiParagraph()
    var text = scalars("\u{5D0}\u{5D1} 12")
    XCTAssertTrue(bidi.needsReordering(text))
    bidi.resolveAndShape(&text)
    XCTAssertTrue(bidi.isRightToLeft)
    bidi.reorder(count: text.count)
    // Digits keep their order, to the left of the letters.
    XCTAssertEqual(bidi.visualMap, [3, 4, 2, 1, 0])
  }
}
