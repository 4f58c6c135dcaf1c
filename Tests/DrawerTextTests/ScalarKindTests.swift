import XCTest

@testable import DrawerText

final class ScalarKindTests: XCTestCase {
  func testTabsControlsAndFormatCharacters() {
    XCTAssertEqual(ScalarKind(0x09), .tab)
    for v: UInt32 in [0x00, 0x0A, 0x0D, 0x1B, 0x7F, 0x85, 0x9B, 0x200B, 0x200D, 0x200E, 0x202E, 0x2066, 0x2028, 0xFEFF, 0xFE0F, 0xAD] {
      XCTAssertEqual(ScalarKind(v), .invisible, String(v, radix: 16))
    }
    for v: UInt32 in [0x20, 0x41, 0xE9, 0x301, 0x627, 0x6F22, 0x1F600, 0x10FFFD, 0x2026] {
      XCTAssertEqual(ScalarKind(v), .visible, String(v, radix: 16))
    }
  }
}
