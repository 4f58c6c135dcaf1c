import DrawerEngine
import TestSupport
import XCTest

import DrawerCommandLine
@testable import DrawerHost

/// dmenu's one line (`--bar` with `--lines 0`, HostSession+Pick.swift):
/// Left and Right move the selection along the matches once the caret is
/// at the query's end, and the caret otherwise, as in dmenu 5.2.
final class InlineBarKeysTests: XCTestCase {
  private func bar(_ outputs: SessionOutputs, lines: String = "0") throws -> HostSession {
    let path = temporaryFile(Array("xterm\nuxterm\nlxterm\nxclock\n".utf8), in: self)
    let session = try makeSession(["--pick", "--bar", "top", "--lines", lines, "--items", path], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    return session
  }

  func testRightAtTheEndAndLeftTakeTheNextAndTheMatchBefore() throws {
    let outputs = SessionOutputs()
    let session = try bar(outputs)
    session.type("xte")
    XCTAssertEqual(session.drawer.selection, 0)
    session.press(.right)
    session.press(.right)
    XCTAssertEqual(session.drawer.selection, 2, "the caret was at the end: the selection moves")
    XCTAssertEqual(session.query?.caret, 3)
    session.press(.left)
    XCTAssertEqual(session.drawer.selection, 1, "the match before")
    XCTAssertEqual(session.query?.caret, 3, "the caret stays")
    session.press(.left)
    session.press(.left)
    XCTAssertEqual(session.drawer.selection, 0)
    XCTAssertEqual(session.query?.caret, 2, "from the first match Left moves the caret")
    session.press(.right)
    XCTAssertEqual(session.query?.caret, 3, "before the end Right moves the caret")
    XCTAssertEqual(session.drawer.selection, 0)
    session.press(.right)
    session.press(.enter)
    XCTAssertEqual(outputs.stdout, Array("uxterm\n".utf8))
  }

  func testWithAListLeftAndRightOnlyMoveTheCaret() throws {
    let outputs = SessionOutputs()
    let session = try bar(outputs, lines: "3")
    session.type("xte")
    session.press(.right)
    session.press(.left)
    XCTAssertEqual(session.drawer.selection, 0)
    XCTAssertEqual(session.query?.caret, 2)
  }
}
