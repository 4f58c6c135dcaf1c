import TestSupport
import XCTest

@testable import DrawerScripting

final class DiagnosticsTests: XCTestCase {
  func testPlainTextIsUnchanged() {
    XCTAssertEqual(terminalSafe("--duration must be 0 to 60 (got abc) é 漢"), "--duration must be 0 to 60 (got abc) é 漢")
  }

  func testEveryControlCharacterIsEscaped() {
    XCTAssertEqual(terminalSafe("\u{1B}]0;owned\u{07}"), "\\e]0;owned\\x07")
    XCTAssertEqual(terminalSafe("a\nb\rc\td"), "a\\nb\\rc\\td")
    XCTAssertEqual(terminalSafe("\u{9B}31m"), "\\x9b31m")
    XCTAssertEqual(terminalSafe("\u{7F}\u{0}"), "\\x7f\\x00")
    XCTAssertEqual(terminalSafe("evil\u{202E}txt"), "evil\\u{202e}txt")
    XCTAssertEqual(terminalSafe("\u{2028}"), "\\u{2028}")
  }

  func testEveryScalarBelowTheC1EndComesOutSafe() {
    for v in UInt32(0)...0xA0 {
      let text = terminalSafe(String(Unicode.Scalar(v)!))
      XCTAssertFalse(hasControlCharacters(text), "U+\(String(v, radix: 16))")
    }
  }

  func testTheLineNamesTheProgram() {
    XCTAssertEqual(diagnosticLine("bad\nthing"), "drawer-x11: bad\\nthing")
  }

  func testAnotherProgramNamesItself() {
    let saved = Diagnostics.programName
    defer { Diagnostics.programName = saved }
    Diagnostics.programName = "drawer-replay"
    XCTAssertEqual(diagnosticLine("t.jsonl: line 2 is not a trace step"), "drawer-replay: t.jsonl: line 2 is not a trace step")
  }
}
