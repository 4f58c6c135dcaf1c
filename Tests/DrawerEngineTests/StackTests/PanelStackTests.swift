import XCTest

@testable import DrawerEngine

/// The panel stack: the list, a detail panel pushed over it, input to the
/// topmost, events tagged with their panel, the list kept as it was.
final class PanelStackTests: XCTestCase {
  /// A stack whose list is presented at rest, with a clock of its own.
  final class StackDriver {
    let stack: PanelStack
    var time = 0.0
    var log: [(StackPanel, DrawerEvent)] = []

    init(edge: Edge = .bottom, size: Size = Size(width: 800, height: 600)) {
      var list = DrawerConfiguration()
      list.edge = edge
      list.rowHeight = 44
      list.listScrollsInAllStates = true
      var detail = DrawerConfiguration()
      detail.edge = edge
      detail.detents = [
        Detent("half", .fraction(0.5), backdropAlpha: 0.25, scrollsList: true),
        Detent("full", .fromFar(24), backdropAlpha: 0.4, scrollsList: true),
      ]
      detail.initialState = "half"
      detail.margins = Insets(all: 10)
      detail.selectsRows = false
      detail.rowHeight = 20
      stack = try! PanelStack(list: list, detail: detail, containerSize: size, textMetrics: FixedTextMetrics(), time: 0)
      send(.request(.present(animated: false), time: 0))
    }

    @discardableResult
    func drain() -> [(StackPanel, DrawerEvent)] {
      var out: [(StackPanel, DrawerEvent)] = []
      while let e = stack.nextEvent() { out.append((e.panel, e.event)) }
      log += out
      return out
    }

    @discardableResult
    func send(_ input: DrawerInput) -> [(StackPanel, DrawerEvent)] {
      stack.handle(input)
      return drain()
    }

    @discardableResult
    func request(_ r: PanelStackRequest) -> [(StackPanel, DrawerEvent)] {
      stack.handle(r, time: time)
      return drain()
    }

    func settle() {
      let end = time + 20
      while stack.isAnimating && time < end {
        time += 1.0 / 60
        stack.advance(to: time)
        drain()
      }
    }

    func key(_ k: DrawerKey) -> [(StackPanel, DrawerEvent)] {
      time += 0.05
      return send(.key(k, time: time))
    }

    func click(_ p: Point) -> [(StackPanel, DrawerEvent)] {
      time += 0.5
      var out = send(.pointerDown(p, button: .primary, time: time))
      time += 0.02
      out += send(.pointerUp(p, button: .primary, time: time))
      return out
    }
  }

  func names(_ events: [(StackPanel, DrawerEvent)]) -> [String] {
    events.map { "\($0.0.rawValue):\($0.1)" }
  }

  func testAPushedDetailTakesInputAndItsEventsAreTaggedDetail() {
    let d = StackDriver()
    d.request(.pushDetail(row: 3, lines: 40))
    XCTAssertEqual(d.stack.topPanel, .detail)
    XCTAssertEqual(d.stack.detailRow, 3)
    d.settle()
    let detailEvents = d.log.filter { $0.0 == .detail }.map(\.1)
    XCTAssertTrue(detailEvents.contains(.presented))
    XCTAssertEqual(d.stack.detail?.state, "half")
    // A key goes to the detail only: the list, at partial, does not move.
    let up = d.key(.home)
    XCTAssertFalse(up.isEmpty)
    XCTAssertTrue(up.allSatisfy { $0.0 == .detail }, "\(names(up))")
    d.settle()
    XCTAssertEqual(d.stack.detail?.state, "full")
    XCTAssertEqual(d.stack.list.state, "partiallyExpanded")
  }

  func testEscapePopsTheDetailAndTheListKeepsSelectionAndOffset() {
    let d = StackDriver()
    // Scroll the list and select a row there.
    d.time += 0.1
    d.send(.wheel(steps: 3, at: Point(x: 400, y: 500), time: d.time))
    let offset = d.stack.list.renderModel.list.contentOffset
    XCTAssertGreaterThan(offset, 0)
    d.send(.request(.selectRow(7), time: d.time))
    let before = d.stack.list.renderModel
    XCTAssertEqual(before.list.selectedRow, 7)

    d.request(.pushDetail(row: 7, lines: 3))
    d.settle()
    // The wheel scrolls the detail, never the list under it.
    d.time += 0.1
    d.send(.wheel(steps: 1, at: Point(x: 400, y: 500), time: d.time))
    let popped = d.key(.escape)
    XCTAssertEqual(popped.first?.0, .detail)
    d.settle()
    XCTAssertNil(d.stack.detail)
    XCTAssertEqual(d.stack.topPanel, .list)
    XCTAssertTrue(d.log.contains { $0.0 == .detail && $0.1 == .dismissed })
    let after = d.stack.list.renderModel
    XCTAssertEqual(after.list.selectedRow, 7)
    XCTAssertEqual(after.list.contentOffset, before.list.contentOffset)
    XCTAssertEqual(after.extent, before.extent)
    XCTAssertFalse(d.log.contains { $0.0 == .list && $0.1 == .dismissed })
  }

  func testAClickOutsideTheDetailAndAPopRequestDismissIt() {
    let d = StackDriver()
    d.request(.pushDetail(row: 0, lines: 5))
    d.settle()
    // Above the half-height card, over the list: outside the detail.
    let out = d.click(Point(x: 400, y: 100))
    XCTAssertTrue(out.contains { $0.0 == .detail && $0.1 == .exteriorTap }, "\(names(out))")
    d.settle()
    XCTAssertNil(d.stack.detail)
    XCTAssertEqual(d.stack.list.state, "partiallyExpanded")

    d.request(.pushDetail(row: 1, lines: 5))
    d.settle()
    d.request(.popDetail(animated: true))
    d.settle()
    XCTAssertNil(d.stack.detail)
  }

  func testMovesAndDismissalsGoToTheTopPanelAndRowRequestsToTheList() {
    let d = StackDriver()
    d.request(.pushDetail(row: 0, lines: 40))
    d.settle()
    d.time += 0.1
    let moved = d.send(.request(.move(to: "full", animated: true), time: d.time))
    XCTAssertTrue(moved.allSatisfy { $0.0 == .detail }, "\(names(moved))")
    d.settle()
    XCTAssertEqual(d.stack.detail?.state, "full", "move moves the detail on top")
    XCTAssertEqual(d.stack.list.state, "partiallyExpanded")

    d.send(.request(.selectRow(4), time: d.time))
    XCTAssertEqual(d.stack.list.renderModel.list.selectedRow, 4, "the rows are the list's")

    d.time += 0.1
    d.send(.request(.dismiss(animated: true), time: d.time))
    d.settle()
    XCTAssertNil(d.stack.detail, "dismiss closes the detail first")
    XCTAssertTrue(d.log.contains { $0.0 == .detail && $0.1 == .dismissed })
    XCTAssertEqual(d.stack.list.state, "partiallyExpanded", "the list under it stays")
    XCTAssertFalse(d.log.contains { $0.0 == .list && $0.1 == .dismissed })
  }

  func testAPopBeforeTheDetailArrivesStillAnswersWithDismissed() {
    let d = StackDriver()
    d.request(.pushDetail(row: 0, lines: 5))
    d.time += 0.05
    d.stack.advance(to: d.time)
    d.drain()
    d.request(.popDetail(animated: false))
    XCTAssertNil(d.stack.detail)
    XCTAssertEqual(d.log.filter { $0.0 == .detail && $0.1 == .dismissed }.count, 1)
  }

  func testAResizeReachesBothPanelsAndARewrapKeepsTheDetailsPlace() {
    let d = StackDriver()
    d.request(.pushDetail(row: 0, lines: 200))
    d.settle()
    d.time += 0.1
    d.send(.wheel(steps: 2, at: Point(x: 400, y: 500), time: d.time))
    let offset = d.stack.detail!.renderModel.list.contentOffset
    XCTAssertGreaterThan(offset, 0)
    d.time += 0.1
    d.send(.resize(Size(width: 600, height: 500), time: d.time))
    XCTAssertEqual(d.stack.list.windowSize, Size(width: 600, height: 500))
    XCTAssertEqual(d.stack.detail?.windowSize, Size(width: 600, height: 500))
    d.request(.setDetailLines(260))
    XCTAssertEqual(d.stack.detail?.layout.rowCount, 260)
    XCTAssertEqual(d.stack.detail?.renderModel.list.contentOffset, offset)
    XCTAssertEqual(d.stack.detail?.state, "half")
    // Fewer lines clamp the offset to what can scroll.
    d.request(.setDetailLines(1))
    XCTAssertEqual(d.stack.detail?.renderModel.list.contentOffset, 0)
  }

  func testASecondPushWhileOneIsOpenIsIgnored() {
    let d = StackDriver()
    d.request(.pushDetail(row: 2, lines: 5))
    d.request(.pushDetail(row: 9, lines: 5))
    XCTAssertEqual(d.stack.detailRow, 2)
  }

  func testEveryEdgeOpensAndClosesADetail() {
    for edge in Edge.allCases {
      let d = StackDriver(edge: edge)
      let list = d.stack.list.renderModel
      d.request(.pushDetail(row: 0, lines: 30))
      d.settle()
      let model = d.stack.detail!.renderModel
      XCTAssertEqual(model.edge, edge)
      XCTAssertTrue(model.isCard, "\(edge)")
      XCTAssertGreaterThan(model.extent, 0, "\(edge)")
      XCTAssertGreaterThan(model.backdropAlpha, 0, "\(edge)")
      XCTAssertGreaterThan(d.stack.detailListWidth, 0, "\(edge)")
      XCTAssertEqual(d.key(.escape).first?.0, .detail, "\(edge)")
      d.settle()
      XCTAssertNil(d.stack.detail, "\(edge)")
      XCTAssertEqual(d.stack.list.renderModel, list, "\(edge)")
    }
  }

  func testADetailsTextWrapsToItsCardsNarrowestRestingWidth() {
    for edge in Edge.allCases {
      let d = StackDriver(edge: edge)
      d.request(.pushDetail(row: 0, lines: 30))
      d.settle()
      // At rest at half, the narrowest detent: the text's width is the
      // list's width drawn there, on every edge.
      let drawn = d.stack.detail!.renderModel.list.viewport.width
      XCTAssertEqual(d.stack.detailListWidth, drawn, accuracy: 0.5, "\(edge)")
      _ = d.key(.up)
      d.settle()
      XCTAssertEqual(d.stack.detail!.state, "full", "\(edge)")
      XCTAssertLessThanOrEqual(d.stack.detailListWidth, d.stack.detail!.renderModel.list.viewport.width + 0.5, "\(edge)")
      // Wrapped for the detent it rests at: the width drawn there.
      XCTAssertEqual(
        d.stack.detailListWidth(at: ["full"]), d.stack.detail!.renderModel.list.viewport.width, accuracy: 0.5, "\(edge)")
      XCTAssertEqual(d.stack.detailListWidth(at: ["half", "full"]), d.stack.detailListWidth, "\(edge)")
    }
  }

  func testRowsOfATextPanelAreNotSelected() {
    let d = StackDriver()
    d.request(.pushDetail(row: 0, lines: 60))
    d.settle()
    let model = d.stack.detail!.renderModel
    let p = Point(x: 400, y: model.list.viewport.minY + 30)
    let events = d.click(p) + d.key(.enter)
    XCTAssertFalse(events.contains { if case .rowSelected = $0.1 { true } else { false } }, "\(names(events))")
    XCTAssertFalse(events.contains { if case .rowActivated = $0.1 { true } else { false } }, "\(names(events))")
  }
}
