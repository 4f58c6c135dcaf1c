import DrawerHost
import XCTest

@testable import DrawerAccess

/// Object paths, parents and places, from a tree.
final class AccessibleIndexTests: XCTestCase {
  static func tree(rows: [String] = ["alpha", "beta"], selected: Int? = 0) -> AccessibleObject {
    let items = rows.enumerated().map { i, name in
      AccessibleObject(
        id: "row/\(i)", role: .listItem, name: name,
        states: i == selected ? [.selectable, .selected, .focused] : [.selectable])
    }
    let list = AccessibleObject(id: "list", role: .list, name: "Rows", children: items)
    let entry = AccessibleObject(id: "entry", role: .entry, name: "Filter", text: "", caret: 0)
    let panel = AccessibleObject(id: "panel", role: .panel, name: "Rows", children: [entry, list])
    let frame = AccessibleObject(id: "frame", role: .frame, name: "Places", states: [.active], children: [panel])
    return AccessibleObject(id: "app", role: .application, name: "drawer-x11", children: [frame])
  }

  func testTheRootIsWhereTheRegistryLooksAndTheRestFollowTheirIds() {
    XCTAssertEqual(AccessibleIndex.path(of: "app"), "/org/a11y/atspi/accessible/root")
    XCTAssertEqual(AccessibleIndex.path(of: "row/3"), "/org/a11y/atspi/accessible/row/3")
    XCTAssertEqual(AccessibleIndex.id(ofPath: "/org/a11y/atspi/accessible/root"), "app")
    XCTAssertEqual(AccessibleIndex.id(ofPath: "/org/a11y/atspi/accessible/row/3"), "row/3")
    XCTAssertNil(AccessibleIndex.id(ofPath: "/org/a11y/atspi/cache"))
    XCTAssertNil(AccessibleIndex.id(ofPath: "/org/a11y/atspi/accessible"))
  }

  func testEachObjectKnowsItsParentAndPlace() throws {
    let index = AccessibleIndex(Self.tree())
    let row = try XCTUnwrap(index.entry(atPath: "/org/a11y/atspi/accessible/row/1"))
    XCTAssertEqual(row.object.name, "beta")
    XCTAssertEqual(row.parent, "list")
    XCTAssertEqual(row.index, 1)
    XCTAssertEqual(index["list"]?.index, 1, "after the entry")
    XCTAssertNil(index["app"]?.parent)
    XCTAssertEqual(index["app"]?.index, -1)
    XCTAssertNil(index["row/2"])
  }

  func testInterfacesFollowTheRole() {
    let index = AccessibleIndex(Self.tree())
    XCTAssertEqual(
      atspiInterfaces(of: index["app"]!.object), ["org.a11y.atspi.Accessible", "org.a11y.atspi.Application"])
    XCTAssertTrue(atspiInterfaces(of: index["list"]!.object).contains("org.a11y.atspi.Selection"))
    XCTAssertTrue(atspiInterfaces(of: index["entry"]!.object).contains("org.a11y.atspi.Text"))
    XCTAssertTrue(atspiInterfaces(of: index["row/0"]!.object).contains("org.a11y.atspi.Action"))
  }

  func testTextOffsetsCountCharactersNotBytes() {
    let text = Array("héllo wörld\nnext".unicodeScalars)
    XCTAssertEqual(textSlice(text, from: 1, to: 5), "éllo")
    XCTAssertEqual(textSlice(text, from: 6, to: -1), "wörld\nnext")
    XCTAssertEqual(textSlice(text, from: 20, to: 30), "")
    XCTAssertTrue(textRange(text, at: 8, unit: .word) == (6, 11))
    XCTAssertTrue(textRange(text, at: 8, unit: .line) == (0, 11))
    XCTAssertTrue(textRange(text, at: 13, unit: .line) == (12, 16))
    XCTAssertTrue(textRange(text, at: 1, unit: .character) == (1, 2))
    XCTAssertEqual(rowNumber("row/12"), 12)
    XCTAssertNil(rowNumber("list"))
  }
}
