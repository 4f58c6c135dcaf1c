import DrawerEngine
import XCTest

@testable import DrawerHost

final class PanelHostTests: XCTestCase {
  /// A left list with a detail opened on its first row; the text takes
  /// one line per 100 px of width it lacks from 4,000.
  private func leftHostWithADetail() throws -> (host: PanelHost, time: Double) {
    let (host, time) = try leftHostDoubleClicked()
    while let e = host.nextEvent() {
      if e.panel == .list, case .rowActivated(let row) = e.event { host.openDetail(row: row) }
    }
    XCTAssertNotNil(host.stack.detail, "the double click opened the detail")
    return (host, settle(host, from: time))
  }

  /// A left list whose first row was double-clicked, its events not yet drained.
  private func leftHostDoubleClicked(reducesMotion: Bool = false) throws -> (host: PanelHost, time: Double) {
    var c = DrawerConfiguration()
    c.reducesMotion = reducesMotion
    c.edge = .left
    c.detents = [Detent("rail", .fromHome(72)), Detent("open", .fromHome(340))]
    c.initialState = "open"
    c.rowCount = 10
    let host = try PanelHost(
      configuration: c, scale: 1, containerSize: Size(width: 800, height: 600), textMetrics: FixedTextMetrics(), time: 0)
    host.detailLineCount = { _, width in Int((4000 / width).rounded(.up)) }
    var time = 0.0
    _ = host.feed(.request(.present(animated: false), time: time))
    // A double click on the first row.
    let list = host.drawer.renderModel.list
    let p = Point(x: list.viewport.x + 40, y: list.rowTop(0) + 5)
    for _ in 0..<2 {
      time += 0.05
      _ = host.feed(.pointerDown(p, button: .primary, time: time))
      _ = host.feed(.pointerUp(p, button: .primary, time: time + 0.01))
    }
    return (host, time)
  }

  /// Draining events changes nothing: the activation is reported, and the
  /// detail opens only when asked.
  func testDrainingAnActivationOpensNoDetail() throws {
    let (host, _) = try leftHostDoubleClicked()
    var activated: [Int] = []
    while let e = host.nextEvent() {
      if case .rowActivated(let row) = e.event { activated.append(row) }
    }
    XCTAssertEqual(activated, [0])
    XCTAssertNil(host.stack.detail)
    host.openDetail(row: 0)
    XCTAssertEqual(host.stack.detailRow, 0)
  }

  /// Under reduced motion the detail lands at half in the frame it opens,
  /// as the list does: no frame of a slide.
  func testUnderReducedMotionTheDetailDoesNotSlide() throws {
    let (host, time) = try leftHostDoubleClicked(reducesMotion: true)
    while let e = host.nextEvent() {
      if e.panel == .list, case .rowActivated(let row) = e.event { host.openDetail(row: row) }
    }
    let detail = try XCTUnwrap(host.stack.detail)
    XCTAssertTrue(detail.configuration.reducesMotion)
    XCTAssertEqual(detail.state, "half", "at rest at half as soon as it opens")
    XCTAssertFalse(host.stack.isAnimating, "nothing left to slide")
    host.advance(to: time + 1.0 / 60)
    XCTAssertEqual(detail.currentExtent, detail.layout.extent(of: "half"))
  }

  /// The card copies the list's whole configuration: what it does not set
  /// for itself is the list's.
  func testTheDetailTakesEveryListSettingItDoesNotSetItself() {
    var list = DrawerConfiguration()
    list.reducesMotion = true
    list.debugMode = true
    list.totalDurationInSeconds = 1.5
    list.timingCurve = .cubicBezier(x1: 0.1, y1: 0.2, x2: 0.3, y2: 1)
    list.edge = .right
    list.backgroundColor = .black
    list.clickSlop = 3
    list.passthrough = true
    list.detents = [Detent("tip", .fromHome(40))]
    list.backdropAlphas = ["tip": 0.2]
    let detail = DetailPanel.configuration(for: list)
    XCTAssertTrue(detail.reducesMotion)
    XCTAssertTrue(detail.debugMode)
    XCTAssertEqual(detail.totalDurationInSeconds, 1.5)
    XCTAssertEqual(detail.timingCurve, list.timingCurve)
    XCTAssertEqual(detail.edge, .right)
    XCTAssertEqual(detail.backgroundColor, .black)
    XCTAssertEqual(detail.clickSlop, 3)
    // The card's own: its detents, and modal whatever the list is.
    XCTAssertEqual(detail.detents?.map(\.name), ["half", "full"])
    XCTAssertEqual(detail.backdropAlphas, [:])
    XCTAssertFalse(detail.passthrough)
    XCTAssertNoThrow(try detail.validate())
  }

  private func settle(_ host: PanelHost, from start: Double) -> Double {
    var time = start
    while host.stack.isAnimating && time < start + 5 {
      time += 1.0 / 60
      host.advance(to: time)
      while host.nextEvent() != nil {}
    }
    return time
  }

  private func lines(_ host: PanelHost, at detents: [DetentName]) -> Int {
    Int((4000 / host.stack.detailListWidth(at: detents)).rounded(.up))
  }

  func testASideCardsTextWrapsToTheDetentItRestsAt() throws {
    var (host, time) = try leftHostWithADetail()
    let detail = { host.stack.detail! }
    XCTAssertEqual(detail().state, "half")
    XCTAssertEqual(detail().layout.rowCount, lines(host, at: ["half"]))
    time += 0.1
    _ = host.feed(.key(.up, time: time))
    time = settle(host, from: time)
    XCTAssertEqual(detail().state, "full")
    XCTAssertEqual(detail().layout.rowCount, lines(host, at: ["full"]))
    XCTAssertLessThan(lines(host, at: ["full"]), lines(host, at: ["half"]), "wider at full: fewer lines")
    XCTAssertEqual(host.detailWrapWidth, detail().renderModel.list.viewport.width, accuracy: 0.5)
    // On the way back the text wraps to the narrower end at once.
    time += 0.1
    _ = host.feed(.key(.down, time: time))
    time += 1.0 / 60
    host.advance(to: time)
    XCTAssertNil(detail().state, "moving")
    XCTAssertEqual(detail().layout.rowCount, lines(host, at: ["half"]))
    _ = settle(host, from: time)
    XCTAssertEqual(detail().layout.rowCount, lines(host, at: ["half"]))
  }
}
