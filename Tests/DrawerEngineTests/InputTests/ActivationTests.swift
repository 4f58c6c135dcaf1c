import XCTest

@testable import DrawerEngine

/// Activating a row: Enter with a row selected, or a double click on it.
final class ActivationTests: XCTestCase {
  func testEnterActivatesTheSelectedRowAndOnlyThen() {
    let d = Driver()
    d.send(.key(.enter, time: d.time))
    XCTAssertFalse(d.log.contains { if case .rowActivated = $0 { true } else { false } })
    d.send(.request(.selectRow(4), time: d.time))
    d.send(.key(.enter, time: d.time))
    XCTAssertEqual(d.log.last, .rowActivated(4))
  }

  func testADoubleClickOnARowActivatesItAndClicksOnTwoRowsDoNot() {
    let d = Driver()
    let list = d.model.list
    let y0 = list.rowTop(1) + 10, y1 = list.rowTop(2) + 10
    func click(_ y: Double, after dt: Double) {
      d.wait(dt)
      d.send(.pointerDown(Point(x: 400, y: y), button: .primary, time: d.time))
      d.wait(0.02)
      d.send(.pointerUp(Point(x: 400, y: y), button: .primary, time: d.time))
    }
    click(y0, after: 1)
    click(y1, after: 0.1)
    XCTAssertFalse(d.log.contains { if case .rowActivated = $0 { true } else { false } })
    click(y1, after: 0.1)
    XCTAssertEqual(d.log.suffix(2), [.rowSelected(2), .rowActivated(2)])
    // Too slow for a double click.
    click(y0, after: 1)
    click(y0, after: 0.5)
    XCTAssertEqual(d.log.last, .rowSelected(1))
  }
}
