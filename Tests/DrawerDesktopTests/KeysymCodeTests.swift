import XCTest

@testable import DrawerDesktop

final class KeysymCodeTests: XCTestCase {
  func testLatin1KeysymsAreTheirCharacters() {
    XCTAssertEqual(KeysymCode.direct(0x20), 0x20)  // space
    XCTAssertEqual(KeysymCode.direct(0x61), 0x61)  // a
    XCTAssertEqual(KeysymCode.direct(0x7E), 0x7E)  // asciitilde
    XCTAssertEqual(KeysymCode.direct(0xA0), 0xA0)  // nobreakspace
    XCTAssertEqual(KeysymCode.direct(0xE9), 0xE9)  // eacute
    XCTAssertEqual(KeysymCode.direct(0xFF), 0xFF)  // ydiaeresis
  }

  func testUnicodeKeysymsCarryTheirCodePoint() {
    XCTAssertEqual(KeysymCode.direct(0x0100_0100), 0x100)
    XCTAssertEqual(KeysymCode.direct(0x0100_20AC), 0x20AC)  // EuroSign as U20AC
    XCTAssertEqual(KeysymCode.direct(0x0110_FFFF), 0x10_FFFF)
  }

  func testOtherKeysymsNeedTheTable() {
    // Cyrillic_ya, Greek_alpha, ecaron (Latin-2), Return, BackSpace,
    // dead_acute, the C1 controls' place in Latin-1, NoSymbol, below U+0100.
    for keysym: UInt32 in [0x6D1, 0x7E1, 0x1EC, 0xFF0D, 0xFF08, 0xFE51, 0x85, 0, 0x0100_00FF, 0x0111_0000] {
      XCTAssertNil(KeysymCode.direct(keysym), String(keysym, radix: 16))
    }
  }
}
