import XCTest

@testable import DrawerDesktop

final class ComposeStartTests: XCTestCase {
  func testLettersDigitsAndSpaceBeginNoSequence() {
    for character in "azAZ09 " {
      XCTAssertFalse(ComposeStart.mayBegin(keysym: character.unicodeScalars.first!.value), String(character))
    }
  }

  func testKeysThatTypeNothingBeginNoSequence() {
    // Return, BackSpace, Left, F1, Shift_L, KP_Enter, ISO_Level3_Shift, NoSymbol
    for keysym: UInt32 in [0xFF0D, 0xFF08, 0xFF51, 0xFFBE, 0xFFE1, 0xFF8D, 0xFE03, 0] {
      XCTAssertFalse(ComposeStart.mayBegin(keysym: keysym), String(keysym, radix: 16))
    }
  }

  func testTheComposeKeyAndDeadKeysMayBeginOne() {
    // Multi_key, dead_grave, dead_acute, dead_greek, dead_longsolidusoverlay, Codeinput
    for keysym: UInt32 in [0xFF20, 0xFE50, 0xFE51, 0xFE8C, 0xFE93, 0xFF37] {
      XCTAssertTrue(ComposeStart.mayBegin(keysym: keysym), String(keysym, radix: 16))
    }
  }

  func testTheOtherTablesStartersMayBeginOne() {
    // backslash (Amharic), Greek_accentdieresis, U+FE70 (Arabic), U+17FF
    // (Khmer), and punctuation and letters beyond ASCII, which no table is
    // known not to start with.
    for keysym: UInt32 in [0x5C, 0x7B5, 0x100FE70, 0x10017FF, 0x2D, 0xE9, 0x6C1] {
      XCTAssertTrue(ComposeStart.mayBegin(keysym: keysym), String(keysym, radix: 16))
    }
  }

  func testAUsersOwnTableOpensTheMethodAtOnce() {
    let none: (String) -> Bool = { _ in false }
    XCTAssertTrue(ComposeStart.userTable(variable: { $0 == "XCOMPOSEFILE" ? "/tmp/c" : nil }, exists: none))
    XCTAssertTrue(ComposeStart.userTable(variable: { $0 == "HOME" ? "/home/u" : nil }, exists: { $0 == "/home/u/.XCompose" }))
    XCTAssertFalse(ComposeStart.userTable(variable: { $0 == "HOME" ? "/home/u" : nil }, exists: none))
    XCTAssertFalse(ComposeStart.userTable(variable: { $0 == "XCOMPOSEFILE" ? "" : nil }, exists: { _ in true }))
  }
}
