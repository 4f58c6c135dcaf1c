import DrawerHost
import XCTest

@testable import DrawerAccess

/// The signals between two trees, in the order a screen reader needs them.
final class AccessibleSignalsTests: XCTestCase {
  private func signals(_ old: AccessibleObject, _ new: AccessibleObject) -> [String] {
    accessibleSignals(from: AccessibleIndex(old), to: AccessibleIndex(new)).map { s in
      "\(s.source) \(s.eventName) \(s.detail1) \(s.data)"
    }
  }

  func testTheSameTreeSaysNothing() {
    XCTAssertEqual(signals(AccessibleIndexTests.tree(), AccessibleIndexTests.tree()), [])
  }

  func testAMovedSelectionTurnsTheOldRowOffThenTheNewOneOnThenNamesIt() {
    let heard = signals(AccessibleIndexTests.tree(selected: 0), AccessibleIndexTests.tree(selected: 1))
    XCTAssertEqual(
      heard,
      [
        "row/0 object:state-changed:focused 0 none", "row/0 object:state-changed:selected 0 none",
        "row/1 object:state-changed:focused 1 none", "row/1 object:state-changed:selected 1 none",
        "list object:active-descendant-changed 1 object(\"row/1\")", "list object:selection-changed 0 none",
      ])
  }

  func testANarrowedListRemovesRowsFromTheEndAndRenamesTheRest() {
    let heard = signals(
      AccessibleIndexTests.tree(rows: ["alpha", "beta", "gamma"]), AccessibleIndexTests.tree(rows: ["beta"]))
    XCTAssertEqual(
      heard,
      [
        "list object:children-changed:remove 2 object(\"row/2\")",
        "list object:children-changed:remove 1 object(\"row/1\")",
        "row/0 object:property-change:accessible-name 0 text(\"beta\")",
      ])
  }

  func testNewRowsAreAddedAndANewSelectedRowIsTold() {
    let heard = signals(
      AccessibleIndexTests.tree(rows: ["a"], selected: 0), AccessibleIndexTests.tree(rows: ["a", "b"], selected: 1))
    XCTAssertEqual(
      heard,
      [
        "list object:children-changed:add 1 object(\"row/1\")",
        "row/0 object:state-changed:focused 0 none", "row/0 object:state-changed:selected 0 none",
        "row/1 object:state-changed:focused 1 none", "row/1 object:state-changed:selected 1 none",
        "list object:active-descendant-changed 1 object(\"row/1\")", "list object:selection-changed 0 none",
      ])
  }

  func testTypedTextIsDeletedAndInsertedWholeAndTheCaretFollows() {
    let old = AccessibleIndexTests.tree()
    var new = old
    new.children[0].children[0].children[0].text = "bé"
    new.children[0].children[0].children[0].caret = 2
    old.children[0].children[0].children[0].text.map { XCTAssertEqual($0, "") }
    XCTAssertEqual(
      signals(old, new),
      ["entry object:text-changed:insert 0 text(\"bé\")", "entry object:text-caret-moved 2 none"])
    XCTAssertEqual(
      accessibleSignals(from: AccessibleIndex(old), to: AccessibleIndex(new)).first?.detail2, 2,
      "the length in characters")
    var newer = new
    newer.children[0].children[0].children[0].text = "b"
    newer.children[0].children[0].children[0].caret = 1
    XCTAssertEqual(
      signals(new, newer),
      [
        "entry object:text-changed:delete 0 text(\"bé\")", "entry object:text-changed:insert 0 text(\"b\")",
        "entry object:text-caret-moved 1 none",
      ])
  }

  func testTheWindowIsActivatedAndDeactivatedByTitle() {
    let active = AccessibleIndexTests.tree()
    var inactive = active
    inactive.children[0].states = []
    XCTAssertEqual(
      signals(inactive, active),
      ["frame window:activate 0 text(\"Places\")", "frame object:state-changed:active 1 none"])
    XCTAssertEqual(
      signals(active, inactive),
      ["frame window:deactivate 0 text(\"Places\")", "frame object:state-changed:active 0 none"])
  }
}
