import DrawerEngine
import TestSupport
import XCTest

@testable import DrawerHost
@testable import DrawerRows

/// The paste keys and what a paste does to the query, without X.
final class HostSessionPasteTests: XCTestCase {
  private let items = Array("alpha\nbeta\ngamma\nalphabet\n".utf8)

  private func pick(_ extra: [String] = [], _ outputs: SessionOutputs, events: Bool = true) throws -> HostSession {
    let path = temporaryFile(items, in: self)
    let session = try makeSession(["--pick", "--items", path] + extra, outputs: outputs, events: events)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    return session
  }

  /// The selections `session` asked for, in order.
  private func requests(of session: HostSession) -> () -> [PasteSelection] {
    var asked: [PasteSelection] = []
    session.pasteRequested = { asked.append($0) }
    return { asked }
  }

  func testThePasteKeysAskForTheirSelections() throws {
    let outputs = SessionOutputs()
    let session = try pick([], outputs)
    let asked = requests(of: session)
    session.press(.character("y"), control: true)
    session.press(.insert, shift: true)
    session.press(.character("v"), control: true, shift: true)
    session.press(.character("v"), control: true)
    session.press(.insert)
    XCTAssertEqual(asked(), [.primary, .primary, .clipboard, .clipboard], "Insert alone pastes nothing")
    XCTAssertEqual(session.query?.text, "", "no key typed a letter")
  }

  func testCtrlVPastesInAMultiplePickToo() throws {
    let outputs = SessionOutputs()
    let session = try pick(["--multi"], outputs)
    let asked = requests(of: session)
    session.press(.character("v"), control: true)
    XCTAssertEqual(asked(), [.clipboard])
    XCTAssertTrue(session.rows.marked.isEmpty, "Ctrl+V marks nothing")
  }

  func testAPasteInsertsAtTheCaretAndFilters() throws {
    let outputs = SessionOutputs()
    let session = try pick([], outputs)
    session.type("aa")
    session.press(.left)
    session.paste("lph", dropped: 0, from: .clipboard, time: session.time + 0.1)
    XCTAssertEqual(session.query?.text, "alpha")
    XCTAssertEqual(session.query?.caret, 4, "after the pasted text")
    XCTAssertEqual(session.rows.count, 2)
    XCTAssertEqual(outputs.lines("filtered").last, #"{"event":"filtered","query":"alpha","count":2}"#)
    session.press(.enter)
    XCTAssertEqual(outputs.stdout, Array("alpha\n".utf8))
  }

  func testAPasteTooLongForTheQueryIsCutWithOneNotice() throws {
    let outputs = SessionOutputs()
    let session = try pick([], outputs, events: false)
    session.type("ab")
    let long = String(repeating: "x", count: QueryEditor.maximumLength)
    session.paste(long, dropped: 100, from: .clipboard, time: session.time + 0.1)
    XCTAssertEqual(session.query?.text.utf8.count, QueryEditor.maximumLength)
    XCTAssertEqual(
      outputs.diagnostics,
      ["paste from CLIPBOARD: the query holds 4096 bytes at most: 102 bytes of the paste were cut"])
  }

  func testAFailedPasteIsOneErrorEventAndKeepsTheQuery() throws {
    let outputs = SessionOutputs()
    let session = try pick([], outputs)
    session.type("be")
    session.pasteFailed("the owner of PRIMARY did not answer within 2 s; nothing was pasted", from: .primary)
    XCTAssertEqual(session.query?.text, "be")
    XCTAssertEqual(
      outputs.lines("error"),
      [#"{"event":"error","paste":"PRIMARY","message":"the owner of PRIMARY did not answer within 2 s; nothing was pasted"}"#])
    XCTAssertEqual(outputs.diagnostics, [])
  }

  func testAPastedPasswordShowsInNoEvent() throws {
    let outputs = SessionOutputs()
    let session = try pick(["--password"], outputs)
    session.paste("hunter2", dropped: 0, from: .clipboard, time: session.time + 0.1)
    XCTAssertEqual(session.query?.text, "hunter2")
    XCTAssertFalse(outputs.events.contains { $0.contains("hunter") }, "\(outputs.events)")
    session.press(.character("m"), control: true)
    XCTAssertEqual(outputs.stdout, Array("hunter2\n".utf8))
  }
}
