import DrawerHost
import XCTest

@testable import DrawerAccess

/// The numbers on the wire: at-spi2-core 2.46's roles and state bits.
final class AtspiCodesTests: XCTestCase {
  func testRolesAreAtspiNumbers() {
    let roles: [(AccessibleObject.Role, UInt32, String)] = [
      (.application, 75, "application"), (.frame, 23, "frame"), (.panel, 39, "panel"), (.entry, 79, "entry"),
      (.list, 98, "list box"), (.listItem, 32, "list item"), (.text, 61, "text"),
    ]
    for (role, number, name) in roles {
      XCTAssertEqual(role.atspiRole, number, "\(role)")
      XCTAssertEqual(role.atspiRoleName, name)
    }
  }

  func testEveryStateHasItsOwnAtspiBit() {
    let bits: [AccessibleObject.State: Int] = [
      .active: 1, .editable: 7, .enabled: 8, .focusable: 11, .focused: 12, .multiLine: 17, .multiselectable: 18,
      .selectable: 22, .selected: 23, .sensitive: 24, .showing: 25, .singleLine: 26, .visible: 30,
    ]
    XCTAssertEqual(Set(AccessibleObject.State.allCases), Set(bits.keys))
    for (state, bit) in bits { XCTAssertEqual(state.atspiBit, bit, "\(state)") }
  }

  func testStatesTravelAsTwoWordsOfBits() {
    XCTAssertEqual(atspiStateWords([]), [0, 0])
    XCTAssertEqual(atspiStateWords([.focused, .selected, .visible]), [1 << 12 | 1 << 23 | 1 << 30, 0])
    let all = atspiStateWords(Set(AccessibleObject.State.allCases))
    XCTAssertEqual(all[0].nonzeroBitCount, AccessibleObject.State.allCases.count)
    XCTAssertEqual(all[1], 0, "no state past bit 31 is used")
  }

  func testEventNamesUseDashes() {
    XCTAssertEqual(AccessibleObject.State.singleLine.eventName, "single-line")
    XCTAssertEqual(AccessibleObject.State.focused.eventName, "focused")
  }
}
