import XCTest

@testable import DrawerHost

/// Editing the typed query (Rows/QueryEditor.swift).
final class QueryEditorTests: XCTestCase {
  func testEdits() {
    var q = QueryEditor()
    q.deleteBackward()
    XCTAssertEqual(q.text, "")
    q.type("ab cd")
    q.type("e\u{301}")
    q.deleteBackward()
    XCTAssertEqual(q.text, "ab cd", "an accented letter goes at once")
    q.type("  ")
    q.deleteWord()
    XCTAssertEqual(q.text, "ab ")
    q.type("\n\u{7}x")
    XCTAssertEqual(q.text, "ab x", "control characters are dropped")
    q.clear()
    XCTAssertEqual(q.text, "")
  }

  func testTheLengthIsBounded() {
    var q = QueryEditor()
    q.type(String(repeating: "a", count: QueryEditor.maximumLength))
    q.type("b")
    XCTAssertEqual(q.text.utf8.count, QueryEditor.maximumLength)
  }
}
