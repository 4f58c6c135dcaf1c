import TestSupport
import XCTest

@testable import DrawerEngine

/// Keys that move the selection, activation, hover, and rows that come and
/// go (Content/Drawer+Selection.swift).
final class SelectionTests: XCTestCase {
  private func selected(_ d: Driver) -> Int? { d.model.list.selectedRow }

  private func activations(_ events: [DrawerEvent]) -> [Int] {
    events.compactMap { if case .rowActivated(let r) = $0 { r } else { nil } }
  }

  /// The events `body` makes the driver report.
  private func during(_ d: Driver, _ body: () -> Void) -> [DrawerEvent] {
    let before = d.log.count
    body()
    return Array(d.log[before...])
  }

  /// A panel resting at full, where the list scrolls.
  private func atFull(_ configure: (inout DrawerConfiguration) -> Void = { _ in }) -> Driver {
    let d = Driver(configure)
    d.send(.request(.move(to: .fullyExpanded, animated: false), time: d.time))
    d.settle()
    XCTAssertEqual(d.state, .fullyExpanded)
    return d
  }

  // Edge cases.

  func testNoRowsLeavesTheKeysToThePanel() {
    let d = atFull { $0.rowCount = 0 }
    d.key(.down)
    d.settle()
    XCTAssertNil(selected(d))
    XCTAssertEqual(d.state, .partiallyExpanded)
  }

  func testAPickerWithNoRowsIgnoresTheListKeys() {
    let d = Driver {
      $0.isPicker = true
      $0.rowCount = 0
    }
    d.settle()
    let before = d.state
    for k in [DrawerKey.down, .up, .pageDown, .home, .end] { d.key(k) }
    d.settle()
    XCTAssertEqual(d.state, before, "a picker's keys never move the panel")
    XCTAssertNil(selected(d))
  }

  func testStageKeysMoveThePanelWhileTheListHoldsTheArrows() {
    let d = atFull()
    d.key(.down)
    let selection = selected(d)
    d.key(.collapseStage)
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded, "the stage key leaves full although the list scrolls there")
    XCTAssertEqual(selected(d), selection, "it does not move the selection")
    d.key(.expandStage)
    d.settle()
    XCTAssertEqual(d.state, .fullyExpanded)
  }

  func testStageKeysMoveAPickerToo() {
    let d = Driver { $0.isPicker = true }
    d.settle()
    let start = d.state
    d.key(.expandStage)
    d.settle()
    XCTAssertNotEqual(d.state, start, "Alt+Up is the one key that moves a picker's panel")
    XCTAssertEqual(d.state, .fullyExpanded)
  }

  /// A dismissal clears the selection; a picker shown again selects its
  /// first row as its presentation starts, so Return has a row to accept.
  func testAPickerShownAgainSelectsItsFirstRow() {
    let d = Driver { $0.isPicker = true }
    d.settle()
    d.key(.down)
    XCTAssertEqual(selected(d), 1)
    d.send(.request(.dismiss(animated: true), time: d.time))
    d.settle()
    XCTAssertNil(selected(d))
    XCTAssertEqual(
      during(d) { d.send(.request(.present(animated: true), time: d.time)) },
      [.willTransition(from: .dismissed, to: .partiallyExpanded), .rowSelected(0)])
    XCTAssertEqual(during(d) { d.key(.enter) }.last, .rowActivated(0))

    let plain = Driver()
    plain.send(.request(.dismiss(animated: false), time: 0))
    XCTAssertFalse(
      during(plain) { plain.send(.request(.present(animated: true), time: 0)) }.contains(.rowSelected(0)),
      "not outside a picker")
  }

  func testTheFirstKeyStartsAtTheFirstRowInView() {
    let d = atFull()
    XCTAssertEqual(during(d) { d.key(.down) }, [.rowSelected(0)])
    XCTAssertEqual(selected(d), 0)
  }

  func testSelectionStopsAtBothEndsWithoutEvents() {
    let d = atFull { $0.rowCount = 3 }
    d.key(.up)
    d.key(.up)
    XCTAssertEqual(selected(d), 0)
    XCTAssertEqual(during(d) { d.key(.up) }, [], "no event when the selection stays")
    d.key(.end)
    XCTAssertEqual(selected(d), 2)
    XCTAssertEqual(during(d) { d.key(.down) }, [])
    XCTAssertEqual(selected(d), 2)
  }

  func testWhereTheListDoesNotScrollArrowsMoveThePanel() {
    let d = Driver()
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded)
    d.key(.up)
    d.settle()
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertNil(selected(d))
  }

  func testAPickerMovesTheSelectionAtAnyDetent() {
    let d = Driver {
      $0.isPicker = true
      $0.rowCount = 50
    }
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertEqual(selected(d), 0, "a picker starts on the first row")
    d.key(.down)
    d.key(.down)
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded, "the panel stays")
    XCTAssertEqual(selected(d), 2)
  }

  func testEnterActivatesTheSelectedRowAndOtherwisePresents() {
    let d = atFull()
    XCTAssertEqual(activations(during(d) { d.key(.enter) }), [], "nothing selected: nothing to activate")
    d.key(.down)
    d.key(.down)
    XCTAssertEqual(activations(during(d) { d.key(.enter) }), [1])
    d.key(.escape)
    d.settle()
    XCTAssertEqual(d.state, .dismissed)
    let presenting = during(d) {
      d.key(.enter)
      d.settle()
    }
    XCTAssertEqual(activations(presenting), [], "a dismissed panel presents, it activates nothing")
    XCTAssertNotEqual(d.state, .dismissed)
  }

  func testADoubleClickActivatesAndASingleClickOnlySelects() {
    let d = atFull()
    let row = d.model.list
    let y = row.rowTop(3) + row.rowHeight / 2
    XCTAssertEqual(activations(during(d) { d.click(100, y) }), [])
    XCTAssertEqual(selected(d), 3)
    XCTAssertEqual(activations(during(d) { d.click(100, y, after: 0.1) }), [3])
    // Two clicks on different rows are no double click.
    let apart = during(d) {
      d.click(100, row.rowTop(5) + 5, after: 1)
      d.click(100, row.rowTop(6) + 5, after: 0.1)
    }
    XCTAssertEqual(activations(apart), [])
  }

  func testAPickerActivatesOnOneClick() {
    let d = atFull {
      $0.isPicker = true
      $0.rowCount = 20
    }
    let list = d.model.list
    XCTAssertEqual(activations(during(d) { d.click(100, list.rowTop(4) + 5) }), [4])
  }

  func testSelectionIsKeptInViewAndPageKeysMoveAPage() {
    let d = atFull { $0.rowCount = 1000 }
    d.key(.down)
    let page = d.engine.rowsPerPage
    XCTAssertGreaterThan(page, 1)
    d.key(.pageDown)
    XCTAssertEqual(selected(d), page)
    d.key(.pageDown)
    XCTAssertEqual(selected(d), 2 * page)
    d.key(.end)
    XCTAssertEqual(selected(d), 999)
    let list = d.model.list
    XCTAssertGreaterThanOrEqual(list.rowTop(999), list.viewport.minY - 0.5)
    XCTAssertLessThanOrEqual(list.rowTop(1000), list.viewport.maxY + 0.5, "the last row shows whole")
    d.key(.home)
    XCTAssertEqual(selected(d), 0)
    XCTAssertEqual(d.model.list.contentOffset, 0)
    d.key(.pageUp)
    XCTAssertEqual(selected(d), 0)
  }

  // Rows that change.

  func testAppendingRowsKeepsSelectionAndScroll() {
    let d = atFull { $0.rowCount = 100 }
    for _ in 0..<40 { d.key(.down) }
    let offset = d.model.list.contentOffset
    XCTAssertGreaterThan(offset, 0)
    d.send(.request(.setRowCount(5000), time: d.time))
    XCTAssertEqual(selected(d), 39)
    XCTAssertEqual(d.model.list.contentOffset, offset)
    XCTAssertEqual(d.model.list.rowCount, 5000)
  }

  func testShrinkingDropsASelectionPastTheEndAndClampsTheScroll() {
    let d = atFull { $0.rowCount = 500 }
    d.key(.end)
    d.send(.request(.setRowCount(10), time: d.time))
    XCTAssertNil(selected(d))
    XCTAssertEqual(d.model.list.contentOffset, d.layout.maximumContentOffset(at: d.engine.currentExtent))
  }

  func testAPickerSelectsTheFirstRowWhenRowsFirstArrive() {
    let d = Driver {
      $0.isPicker = true
      $0.rowCount = 0
    }
    XCTAssertEqual(during(d) { d.send(.request(.setRowCount(3), time: d.time)) }, [.rowSelected(0)])
    XCTAssertEqual(selected(d), 0)
    d.send(.request(.setRowCount(0), time: d.time))
    XCTAssertNil(selected(d))
  }

  // Hover.

  func testHoverFollowsThePointerAndLeavesWithIt() {
    let d = atFull()
    let list = d.model.list
    d.send(.pointerMove(Point(x: 200, y: list.rowTop(2) + 3), time: d.time))
    XCTAssertEqual(d.model.list.hoveredRow, 2)
    d.send(.pointerMove(Point(x: 200, y: list.rowTop(5) + 3), time: d.time + 0.01))
    XCTAssertEqual(d.model.list.hoveredRow, 5)
    d.send(.pointerLeft(time: d.time + 0.02))
    XCTAssertNil(d.model.list.hoveredRow)
  }

  func testNoHoverWhileAButtonIsDown() {
    let d = atFull()
    let y = d.model.list.rowTop(2) + 3
    d.send(.pointerMove(Point(x: 200, y: y), time: d.time))
    d.press(200, y)
    XCTAssertNil(d.model.list.hoveredRow)
    d.release(200, y)
    XCTAssertEqual(d.model.list.hoveredRow, 2)
  }

  // Sweeps.

  func testEveryKeySequenceKeepsTheSelectionInRangeAndInView() {
    var rng = SplitMix64(seed: 12)
    let keys: [DrawerKey] = [.up, .down, .pageUp, .pageDown, .home, .end]
    for count in [1, 2, 7, 60, 1000] {
      let d = atFull { $0.rowCount = count }
      for _ in 0..<200 {
        d.key(keys[Int(rng.next() % UInt64(keys.count))])
        guard let s = selected(d) else { return XCTFail("a list key always leaves a selection") }
        XCTAssertTrue((0..<count).contains(s))
        let list = d.model.list
        XCTAssertGreaterThanOrEqual(list.rowTop(s), list.viewport.minY - 0.5, "row \(s) of \(count) in view")
        XCTAssertLessThanOrEqual(min(list.rowTop(s + 1), list.viewport.maxY), list.viewport.maxY + 0.5)
      }
    }
  }
}
