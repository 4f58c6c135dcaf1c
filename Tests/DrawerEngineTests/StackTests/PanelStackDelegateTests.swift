import XCTest

@testable import DrawerEngine

/// `PanelStack.delegate`: stacked panels ask the app as a lone one does,
/// the detail from its push on, and `panel(of:)` names the one asking.
final class PanelStackDelegateTests: XCTestCase {
  typealias StackDriver = PanelStackTests.StackDriver

  /// Refuses every drag of the detail, and lets the list's begin.
  final class DetailStays: DrawerDelegate {
    weak var stack: PanelStack?
    var asked: [StackPanel?] = []
    func drawer(_ drawer: Drawer, shouldBeginDragAt point: Point) -> Bool {
      let panel = stack?.panel(of: drawer)
      asked.append(panel)
      return panel != .detail
    }
  }

  /// A drag on the detail's header from y `from` to `to`, over 0.2 s.
  private func drag(_ d: StackDriver, from: Double, to: Double) {
    d.time += 0.1
    d.send(.pointerDown(Point(x: 400, y: from), button: .primary, time: d.time))
    for i in 1...10 {
      d.time += 0.02
      d.send(.pointerMove(Point(x: 400, y: from + (to - from) * Double(i) / 10), time: d.time))
    }
    d.time += 0.2
    d.send(.pointerUp(Point(x: 400, y: to), button: .primary, time: d.time))
    d.settle()
  }

  func testADetailPushedAfterTheDelegateIsSetAsksIt() {
    let d = StackDriver()
    let delegate = DetailStays()
    delegate.stack = d.stack
    d.stack.delegate = delegate
    d.request(.pushDetail(row: 2, lines: 40))
    d.settle()
    let top = d.stack.detail!.drawerTop
    let before = d.log.count
    drag(d, from: top + 10, to: top - 150)
    XCTAssertEqual(delegate.asked, [.detail])
    XCTAssertEqual(d.stack.detail?.drawerTop, top, "the veto held")
    XCTAssertFalse(d.log[before...].contains { if case .dragBegan = $0.1 { true } else { false } })
  }

  func testADelegateSetWhileADetailIsOpenReachesIt() {
    let d = StackDriver()
    d.request(.pushDetail(row: 2, lines: 40))
    d.settle()
    let delegate = DetailStays()
    delegate.stack = d.stack
    d.stack.delegate = delegate
    let top = d.stack.detail!.drawerTop
    drag(d, from: top + 10, to: top - 150)
    XCTAssertEqual(delegate.asked, [.detail])
    XCTAssertEqual(d.stack.detail?.drawerTop, top)
  }

  func testTheListAsksTooAndANewConfigurationKeepsTheDelegate() throws {
    let d = StackDriver()
    let delegate = DetailStays()
    delegate.stack = d.stack
    d.stack.delegate = delegate
    try d.stack.reconfigure(
      list: d.stack.list.configuration, detail: d.stack.detailConfiguration, textMetrics: FixedTextMetrics(),
      time: d.time, samePixels: true)
    let top = d.stack.list.drawerTop
    drag(d, from: top + 10, to: top - 150)
    XCTAssertEqual(delegate.asked, [.list])
    XCTAssertLessThan(d.stack.list.drawerTop, top, "the list's drag began")
  }

  func testPanelOfNamesOnlyTheStacksPanels() throws {
    let d = StackDriver()
    d.request(.pushDetail(row: 2, lines: 4))
    XCTAssertEqual(d.stack.panel(of: d.stack.list), .list)
    XCTAssertEqual(d.stack.panel(of: d.stack.detail!), .detail)
    let stranger = try Drawer(
      configuration: DrawerConfiguration(), containerSize: Size(width: 10, height: 10), textMetrics: FixedTextMetrics(),
      time: 0)
    XCTAssertNil(d.stack.panel(of: stranger))
  }
}
