import XCTest

@testable import DrawerHost

/// A selection's bytes as the one line a paste puts into the query.
final class PastedTextTests: XCTestCase {
  func testLineBreaksBecomeSpacesAndTheLastOnesGo() {
    XCTAssertEqual(PastedText.line(Array("one\ntwo\r\nthree\rfour\n\n".utf8), encoding: .utf8), "one two three four")
    XCTAssertEqual(PastedText.line(Array("a\u{2028}b\u{85}c\r\n".utf8), encoding: .utf8), "a b c")
    XCTAssertEqual(PastedText.line(Array("\nlead".utf8), encoding: .utf8), " lead", "a break at the start is a space")
  }

  func testTabsBecomeSpacesAndOtherControlsGo() {
    XCTAssertEqual(PastedText.line(Array("a\tb\u{07}c\u{1B}[0m".utf8), encoding: .utf8), "a bc[0m")
  }

  func testLatin1BytesAreTheirOwnCharacters() {
    // "café £5" in ISO 8859-1: é is 0xE9, £ is 0xA3.
    let bytes: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x20, 0xA3, 0x35]
    XCTAssertEqual(PastedText.line(bytes, encoding: .latin1), "café £5")
    XCTAssertEqual(PastedText.line(bytes, encoding: .utf8), "caf\u{FFFD} \u{FFFD}5", "not UTF-8")
  }

  func testUTF8IsKeptAsItIs() {
    XCTAssertEqual(PastedText.line(Array("日本 👍🏽 é".utf8), encoding: .utf8), "日本 👍🏽 é")
  }
}
