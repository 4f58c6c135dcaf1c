import XCTest

@testable import DrawerHost

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

  func testNumbersAtTheExtremesNeverTrap() {
    XCTAssertEqual(formatFixed(.nan, decimals: 1), "0")
    XCTAssertEqual(formatFixed(.infinity, decimals: 1), "0")
    XCTAssertEqual(formatFixed(-0.04, decimals: 1), "0.0")
    XCTAssertEqual(formatFixed(1e17, decimals: 1), "100000000000000000")
    XCTAssertEqual(formatFixed(-1e300, decimals: 1), "-1e+300")
    XCTAssertEqual(formatFixed(12.3456, decimals: 2), "12.35")
  }
}
