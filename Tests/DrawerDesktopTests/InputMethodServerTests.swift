import XCTest

@testable import DrawerDesktop

final class InputMethodServerTests: XCTestCase {
  func testTheImModifierNamesTheServer() {
    XCTAssertEqual(InputMethodServer.name(modifiers: "@im=uim"), "uim")
    XCTAssertEqual(InputMethodServer.name(modifiers: "@im=fcitx@other=x"), "fcitx")
    XCTAssertEqual(InputMethodServer.name(modifiers: "@other=x@im=ibus"), "ibus")
    XCTAssertEqual(InputMethodServer.selection(name: "ibus"), "@server=ibus")
  }

  func testNoServerIsWaitedForWhenNoneIsNamed() {
    for modifiers: String? in [nil, "", "@im=", "@im=none", "@im=local", "@other=x", "im=uim"] {
      XCTAssertNil(InputMethodServer.name(modifiers: modifiers), String(describing: modifiers))
    }
  }

  func testTheAnswerIsWaitedForABoundedTime() {
    XCTAssertGreaterThan(InputMethodServer.answerDeadline, 0)
    XCTAssertLessThanOrEqual(InputMethodServer.answerDeadline, 1)
  }
}
