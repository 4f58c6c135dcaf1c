import XCTest

@testable import DrawerRows

/// Editing the typed query (DrawerRows/QueryEditor.swift).
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

  // The caret.

  func testTypingGoesAtTheCaret() {
    var q = QueryEditor()
    q.type("ab")
    XCTAssertEqual(q.caret, 2)
    q.moveLeft()
    q.type("X")
    XCTAssertEqual(q.text, "aXb")
    XCTAssertEqual(q.caret, 2, "after what was typed")
    q.moveToStart()
    q.type(">")
    XCTAssertEqual(q.text, ">aXb")
    q.moveToEnd()
    q.type("<")
    XCTAssertEqual(q.text, ">aXb<")
    XCTAssertEqual(QueryEditor("abc").caret, 3, "a query starts with the caret at its end")
  }

  func testTheCaretMovesByCharactersNotBytes() {
    var q = QueryEditor("e\u{301}🇫🇷z")
    q.moveLeft()
    q.moveLeft()
    XCTAssertEqual(q.caret, "e\u{301}".utf8.count, "a flag is one step")
    q.moveLeft()
    XCTAssertEqual(q.caret, 0, "an accented letter is one step")
    q.moveLeft()
    XCTAssertEqual(q.caret, 0, "nothing before the start")
    q.moveRight()
    q.type("\u{301}")
    XCTAssertEqual(q.text, "e\u{301}\u{301}🇫🇷z", "a mark typed joins the character before it")
    XCTAssertEqual(q.caret, "e\u{301}\u{301}".utf8.count)
    q.moveToEnd()
    q.moveRight()
    XCTAssertEqual(q.caret, q.text.utf8.count, "nothing past the end")
  }

  func testDeletingAroundTheCaret() {
    var q = QueryEditor("abcd")
    q.moveLeft()
    q.moveLeft()
    q.deleteBackward()
    XCTAssertEqual(q.text, "acd")
    XCTAssertEqual(q.caret, 1)
    q.deleteForward()
    XCTAssertEqual(q.text, "ad")
    XCTAssertEqual(q.caret, 1)
    q.deleteToEnd()
    XCTAssertEqual(q.text, "a")
    XCTAssertEqual(q.caret, 1)
    q.deleteForward()
    XCTAssertEqual(q.text, "a", "nothing after the caret to delete")
    q.moveToStart()
    q.deleteBackward()
    XCTAssertEqual(q.text, "a", "nothing before the caret to delete")
  }

  func testWordsAreSeparatedBySpaces() {
    var q = QueryEditor("one two  three")
    q.moveWordLeft()
    XCTAssertEqual(q.caret, 9, "the start of three")
    q.moveWordLeft()
    XCTAssertEqual(q.caret, 4, "the start of two, over the spaces")
    q.moveWordRight()
    XCTAssertEqual(q.caret, 7, "the end of two")
    q.moveWordRight()
    XCTAssertEqual(q.caret, 14, "the end of three")
    q.moveWordLeft()
    q.moveWordLeft()
    q.deleteWord()
    XCTAssertEqual(q.text, "two  three", "Ctrl+W takes the word before the caret")
    XCTAssertEqual(q.caret, 0)
    q.moveWordRight()
    q.deleteWord()
    XCTAssertEqual(q.text, "  three")
    XCTAssertEqual(q.caret, 0)
  }
}

/// A paste into the query.
final class QueryEditorPasteTests: XCTestCase {
  func testAPasteInsertsAtTheCaret() {
    var q = QueryEditor("ab")
    q.moveLeft()
    XCTAssertEqual(q.paste("XY"), 0)
    XCTAssertEqual(q.text, "aXYb")
    XCTAssertEqual(q.caret, 3)
  }

  func testAPasteIsCutBetweenCharactersToTheLongestQuery() {
    var q = QueryEditor(String(repeating: "a", count: QueryEditor.maximumLength - 5))
    // Two 3-byte characters fit in 5 bytes once: the second would split.
    XCTAssertEqual(q.paste("€€z"), 4)
    XCTAssertEqual(q.text.utf8.count, QueryEditor.maximumLength - 2)
    XCTAssertTrue(q.text.hasSuffix("a€"))
  }
}
