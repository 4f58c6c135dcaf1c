import XCTest

@testable import DrawerScripting

final class JSONLineTests: XCTestCase {
  func testFieldsInOrder() {
    var line = JSONLine(event: "dragEnded")
    line.add("velocity", -2470.56, decimals: 1)
    line.add("target", "fullyExpanded")
    line.add("row", 3)
    line.add("interrupted", true)
    XCTAssertEqual(
      line.json, #"{"event":"dragEnded","velocity":-2470.6,"target":"fullyExpanded","row":3,"interrupted":true}"#)
  }

  func testStringsAreEscaped() {
    var line = JSONLine(event: "selected")
    line.add("text", "a\"b\\c\nd\u{0}\u{1B}\u{7F}é\u{9B}x")
    XCTAssertEqual(line.json, #"{"event":"selected","text":"a\"b\\c\nd\u0000\u001b\u007fé\u009bx"}"#)
  }

  func testEveryControlCharacterHasItsEscape() {
    var line = JSONLine(event: "e")
    line.add("t", "\u{8}\u{C}\t\r\u{1F} \u{80}\u{9F}\u{A0}\"\\")
    XCTAssertEqual(line.json, #"{"event":"e","t":"\u0008\u000c\t\r\u001f \u0080\u009f\#u{A0}\"\\"}"#)
  }

  /// Escaping costs one pass over the text: a string that is nothing but
  /// escapes, 10⁶ of each kind, comes back escaped in full. Copying the
  /// line so far at every escape (as appending to a string's scalars did)
  /// takes minutes here, so the suite would visibly hang.
  func testAMillionEscapesTakeOnePass() {
    let count = 1_000_000
    for (character, escaped) in [("\"", #"\""#), ("\t", #"\t"#), ("\u{1}", #"\u0001"#), ("\u{85}", #"\u0085"#)] {
      var line = JSONLine(event: "selected")
      line.add("text", String(repeating: character, count: count))
      let json = line.json
      let prefix = #"{"event":"selected","text":""#
      XCTAssertEqual(json.utf8.count, prefix.utf8.count + count * escaped.utf8.count + 2, escaped)
      XCTAssertTrue(json.hasPrefix(prefix + escaped + escaped))
      XCTAssertTrue(json.hasSuffix(escaped + escaped + "\"}"))
      XCTAssertEqual(json, prefix + String(repeating: escaped, count: count) + "\"}", escaped)
    }
  }

  func testNumbersAtTheExtremesNeverTrap() {
    XCTAssertEqual(formatFixed(.nan, decimals: 1), "0")
    XCTAssertEqual(formatFixed(.infinity, decimals: 1), "0")
    XCTAssertEqual(formatFixed(-0.04, decimals: 1), "0.0")
    XCTAssertEqual(formatFixed(1e17, decimals: 1), "100000000000000000")
    XCTAssertEqual(formatFixed(-1e300, decimals: 1), "-1e+300")
    XCTAssertEqual(formatFixed(12.3456, decimals: 2), "12.35")
  }
}
