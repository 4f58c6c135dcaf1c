import DrawerEngine
import TestSupport
import XCTest

@testable import DrawerHost

/// What a screen reader is shown of a run, and told as it changes, without
/// X and without a bus.
final class AccessibleTreeTests: XCTestCase {
  private let items = Array("alpha\nbeta\ngamma\nalphabet\n".utf8)
  /// Kept for the test's length: a session writes through it.
  private let outputs = SessionOutputs()

  private func pick() throws -> HostSession {
    let path = temporaryFile(items, in: self)
    let session = try makeSession(["--pick", "--items", path, "--prompt", "Open"], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    return session
  }

  func testTheTreeIsTheApplicationItsFrameThePanelTheEntryAndTheRows() throws {
    let session = try pick()
    let tree = session.accessibleTree(title: "Open a file", active: true)
    XCTAssertEqual(tree.role, .application)
    XCTAssertEqual(tree.name, "drawer-x11")
    let frame = try XCTUnwrap(tree.find("frame"))
    XCTAssertEqual(frame.name, "Open a file")
    XCTAssertTrue(frame.states.isSuperset(of: [.active, .enabled, .sensitive]), "usable, not grayed")
    let entry = try XCTUnwrap(tree.find("entry"))
    XCTAssertEqual([entry.name, entry.text], ["Open", ""])
    let list = try XCTUnwrap(tree.find("list"))
    XCTAssertEqual(list.children.map(\.name), ["alpha", "beta", "gamma", "alphabet"])
    XCTAssertEqual(list.children.map(\.role), Array(repeating: .listItem, count: 4))
    let selected = list.children.filter { $0.states.contains(.selected) }.map(\.name)
    XCTAssertEqual(selected, ["alpha"], "a pick starts on its first row")
    XCTAssertTrue(list.children[0].states.contains(.focused))
    XCTAssertNil(tree.find("detail"))
  }

  func testDownMovesTheSelectionAndSaysSo() throws {
    let session = try pick()
    var tree = session.accessibleTree(title: "t", active: true)
    var heard: [AccessibleEvent] = accessibleEvents(from: nil, to: tree)
    XCTAssertEqual(heard, [.windowActivated, .selected(id: "row/0")])
    for _ in 0..<2 {
      session.press(.down)
      session.settle()
      let next = session.accessibleTree(title: "t", active: true)
      heard = accessibleEvents(from: tree, to: next)
      tree = next
    }
    XCTAssertEqual(heard, [.selected(id: "row/2")])
    XCTAssertEqual(tree.find("row/2")?.states.isSuperset(of: [.selected, .focused]), true)
    XCTAssertEqual(tree.find("row/0")?.states.contains(.selected), false)
  }

  func testTypingChangesTheEntryAndTheRows() throws {
    let session = try pick()
    let before = session.accessibleTree(title: "t", active: true)
    session.type("alp")
    session.settle()
    let after = session.accessibleTree(title: "t", active: true)
    XCTAssertEqual(after.find("list")?.children.map(\.name), ["alpha", "alphabet"])
    let heard = accessibleEvents(from: before, to: after)
    XCTAssertTrue(heard.contains(.childrenChanged(id: "list")), "\(heard)")
    XCTAssertTrue(heard.contains(.textChanged(id: "entry", text: "alp")), "\(heard)")
  }

  func testLosingTheFocusDeactivatesAndUnfocuses() throws {
    let session = try pick()
    let active = session.accessibleTree(title: "t", active: true)
    let inactive = session.accessibleTree(title: "t", active: false)
    XCTAssertEqual(accessibleEvents(from: active, to: inactive), [.windowDeactivated])
    XCTAssertEqual(inactive.find("row/0")?.states.contains(.focused), false, "no focus outside the active window")
  }

  func testAnOpenDetailShowsItsText() throws {
    let session = try makeSession(["--rows", "30"], outputs: outputs)
    session.host.detailLineCount = { _, _ in 3 }
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    session.host.openDetail(row: 4)
    session.settle()
    let detail = try XCTUnwrap(session.accessibleTree(title: "t", active: true).find("detail"))
    XCTAssertEqual(detail.role, .text)
    XCTAssertEqual(detail.text, session.rows.text(ofRow: 4))
    XCTAssertNil(session.accessibleTree(title: "t", active: true).find("entry"), "no entry outside a pick or a filter")
  }

  func testTheEntrySaysWhereTheCaretIsInCharacters() throws {
    let session = try pick()
    session.type("né")
    session.press(.left)
    session.settle()
    let entry = try XCTUnwrap(session.accessibleTree(title: "t", active: true).find("entry"))
    XCTAssertEqual(entry.text, "né")
    XCTAssertEqual(entry.caret, 1, "before the é, which is two bytes")
  }

  func testAPasswordIsToldAsBulletsNeverItsText() throws {
    let path = temporaryFile(items, in: self)
    let session = try makeSession(["--pick", "--password", "--items", path], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    session.type("sécret")
    session.settle()
    let entry = try XCTUnwrap(session.accessibleTree(title: "t", active: true).find("entry"))
    XCTAssertEqual(entry.text, String(repeating: "\u{25CF}", count: 6))
  }
}
