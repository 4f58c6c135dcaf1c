import TestSupport
import XCTest

@testable import DrawerProcess

final class ValueParsingTests: XCTestCase {
  func testPlainDecimals() {
    let cases: [(String, Double)] = [
      ("0", 0), ("12", 12), ("-0.5", -0.5), ("+3", 3), (".25", 0.25), ("7.", 7), ("1e3", 1000), ("2.5E-2", 0.025),
      ("0.000", 0), ("0e-999", 0), ("-0", 0), ("1e308", 1e308), ("2.3e-308", 2.3e-308),
    ]
    for (text, value) in cases { XCTAssertEqual(parseDecimal(text), value, text) }
  }

  func testHexWordsAndPaddingAreNotDecimal() {
    for text in ["0x10", "0X1p3", "nan", "NaN", "inf", "-infinity", "", "-", "+", ".", "e5", "1e", "1e+", "1.2.3",
      " 1", "1 ", "1_000", "١٢", "\u{FF15}", "1,5", "--1", "1e5.5", "0b101"]
    {
      XCTAssertNil(parseDecimal(text), text)
    }
  }

  func testUnderflowAndOverflowAreRefused() {
    XCTAssertNil(parseDecimal("1e-400"), "underflows to 0")
    XCTAssertNil(parseDecimal("-1e-400"))
    XCTAssertNil(parseDecimal("1e-310"), "subnormal: precision lost")
    XCTAssertNil(parseDecimal("1e400"), "overflows to infinity")
    XCTAssertNil(parseDecimal("-" + String(repeating: "9", count: 400)))
  }

  func testWholeNumbers() {
    XCTAssertEqual(parseWholeNumber("42"), 42)
    XCTAssertEqual(parseWholeNumber("+5"), 5)
    XCTAssertEqual(parseWholeNumber("-0"), 0)
    for text in ["0x10", "1.0", "1e3", "", "+", "-", " 1", String(repeating: "9", count: 30), "٣"] {
      XCTAssertNil(parseWholeNumber(text), text)
    }
  }

  func testRandomStringsNeverTrapAndRoundTrip() {
    var rng = SplitMix64(seed: 7)
    let alphabet = Array("0123456789+-.eExX_ pnaif\u{0}\u{1B}é")
    for _ in 0..<5000 {
      let text = String((0..<Int.random(in: 0...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
      if let v = parseDecimal(text) {
        XCTAssertTrue(v.isFinite, text)
        XCTAssertEqual(v, Double(text), text)
      }
    }
  }
}
