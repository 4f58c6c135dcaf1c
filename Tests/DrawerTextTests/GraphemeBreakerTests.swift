import TestSupport
import XCTest

@testable import DrawerText

final class GraphemeBreakerTests: XCTestCase {
  /// Scalar offsets where `text`'s clusters start, by the breaker.
  func breaks(_ text: String) -> [Int] {
    var b = GraphemeBreaker()
    return text.unicodeScalars.enumerated().compactMap { i, s in b.isBoundary(before: s.value) ? i : nil }
  }

  /// The same by the standard library's `Character`s.
  func reference(_ text: String) -> [Int] {
    var out: [Int] = []
    var i = 0
    for c in text {
      out.append(i)
      i += c.unicodeScalars.count
    }
    return out
  }

  func testEdgeCasesAgreeWithTheStandardLibrary() {
    let cases = [
      "", "a", "ab", "e\u{301}x", "\r\n", "\n\r", "a\u{200D}b",
      "\u{1F469}\u{200D}\u{1F4BB}", "\u{1F44D}\u{1F3FD}", "\u{2764}\u{FE0F}",
      "\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}\u{1F1EC}",
      "\u{1100}\u{1161}\u{11A8}", "\u{AC00}\u{11A8}", "\u{D55C}\u{AE00}",
      "\u{915}\u{93F}", "\u{600}1", "x\u{200D}\u{1F600}", "\t\u{301}",
    ]
    for text in cases {
      XCTAssertEqual(breaks(text), reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  func testRandomTextAgreesWithTheStandardLibrary() {
    let alphabet: [Unicode.Scalar] = [
      "a", " ", "\r", "\n", "\t", "\u{301}", "\u{200D}", "\u{1F600}", "\u{1F3FD}", "\u{FE0F}", "\u{1F1EB}",
      "\u{1F1F7}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}", "漢", "\u{627}", "\u{64E}", "\u{200B}",
      "\u{903}", "\u{2764}",
    ]
    var rng = SplitMix64(seed: 0x6C05)
    for round in 0..<5000 {
      var text = ""
      for _ in 0..<Int.random(in: 0...12, using: &rng) { text.unicodeScalars.append(alphabet.randomElement(using: &rng)!) }
      XCTAssertEqual(
        breaks(text), reference(text), "round \(round): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }
}
