import TestSupport
import XCTest

@testable import DrawerEngine

/// `replacingLayout(time:_:)`: detents, edge, margins, width and backdrop
/// replaced in one step while the panel runs, at rest, dragged or moving;
/// what it reports afterwards is true. (800 × 600 window; a bottom panel
/// rests at partial, 300 px, and full is 600; on the right edge partial is
/// 300 px of the 800 px width.)
final class ReplaceLayoutTests: XCTestCase {
  private func driver(_ configure: @escaping (inout DrawerConfiguration) -> Void = { _ in }) -> Driver {
    Driver {
      $0.reportsMoves = true
      configure(&$0)
    }
  }

  /// Every name an event gives is one the panel has, and the last `moved`
  /// is where the panel is.
  private func assertTrue(_ events: [DrawerEvent], of d: Driver, _ message: String = "", line: UInt = #line) {
    let names = Set(d.layout.detents.all.map { DetentName($0.name) })
    for e in events {
      var named: [DetentName] = []
      switch e {
      case let .willTransition(from, to), let .didTransition(from, to, _), let .transitionCancelled(from, to):
        named = [from, to]
      case let .dragBegan(s), let .dragCancelled(s), let .refitted(s): named = [s]
      case let .dragEnded(_, target, _): named = [target]
      default: break
      }
      for n in named { XCTAssertTrue(names.contains(n), "\(message) \(e) names \(n)", line: line) }
    }
    let moves = events.compactMap { if case let .moved(extent, _) = $0 { extent } else { nil } }
    if let last = moves.last { XCTAssertEqual(last, d.engine.currentExtent, "\(message) the last moved", line: line) }
  }

  // Happy path: at rest.

  func testANewEdgeAtRestIsARefitWhereThePanelIsDrawn() throws {
    let d = driver()
    try d.replaceLayout { $0.edge = .right }
    XCTAssertEqual(d.drain(), [.moved(extent: 300, progress: 300.0 / 800), .refitted(state: .partiallyExpanded)])
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertEqual(d.model.drawerFrame.minX, 500)
    XCTAssertEqual(d.model.edge, .right)
  }

  func testNewMarginsAtRestAreARefit() throws {
    let d = driver()
    try d.replaceLayout { $0.margins = Insets(top: 20, bottom: 20) }
    XCTAssertEqual(d.drain(), [.moved(extent: 300, progress: 300.0 / 560), .refitted(state: .partiallyExpanded)])
    XCTAssertEqual(d.top, 280)
  }

  func testANewWidthAtRestIsARefit() throws {
    let d = driver()
    try d.replaceLayout { $0.maximumWidth = .fixed(400) }
    XCTAssertEqual(d.drain(), [.moved(extent: 300, progress: 0.5), .refitted(state: .partiallyExpanded)])
    XCTAssertEqual(d.model.drawerFrame, Rect(x: 200, y: 300, width: 400, height: 600))
  }

  /// The dim is drawn anew from the render model; the panel did not move,
  /// so nothing is reported.
  func testANewBackdropAtRestChangesTheDimAndReportsNothing() throws {
    let d = driver()
    XCTAssertNotEqual(d.model.backdropAlpha, 0.1)
    try d.replaceLayout { $0.backdropAlphas = [.partiallyExpanded: 0.1, .fullyExpanded: 0.2] }
    XCTAssertEqual(d.drain(), [])
    XCTAssertEqual(d.model.backdropAlpha, 0.1)
  }

  func testAHiddenPanelGivenANewEdgeReportsNothing() throws {
    let d = driver()
    d.send(.request(.dismiss(animated: false), time: d.time))
    d.drain()
    try d.replaceLayout {
      $0.edge = .left
      $0.margins = Insets(left: 12)
    }
    XCTAssertEqual(d.drain(), [])
    XCTAssertEqual(d.state, .dismissed)
    d.send(.request(.present(animated: false), time: d.time))
    XCTAssertEqual(d.model.drawerFrame.maxX, 312, "shown on its new edge")
  }

  func testTheSameLayoutAgainReportsNothing() throws {
    let d = driver()
    try d.replaceLayout { _ in }
    XCTAssertEqual(d.drain(), [])
  }

  /// All at once, the detent gone: the nearest in the new layout.
  func testDetentsEdgeAndMarginsAtOnce() throws {
    let d = driver()
    try d.replaceLayout {
      $0.edge = .left
      $0.detents = [Detent("narrow", .fromHome(200)), Detent("wide", .fromHome(500))]
      $0.margins = Insets(left: 10)
    }
    let events = d.drain()
    XCTAssertEqual(events, [.moved(extent: 200, progress: 200.0 / 500), .refitted(state: "narrow")])
    XCTAssertEqual(d.model.drawerFrame.maxX, 210)
    assertTrue(events, of: d)
  }

  // While dragged and while moving.

  func testReplacedWhileDraggedTheDragIsCancelledAndTheLandingReported() throws {
    let d = driver()
    d.press(400, 310)
    d.move(400, 280)
    d.move(400, 240)
    XCTAssertEqual(d.engine.currentExtent, 370)
    try d.replaceLayout { $0.margins = Insets(top: 20, bottom: 20) }
    let events = d.drain()
    XCTAssertEqual(
      events,
      [.dragCancelled(state: .partiallyExpanded), .moved(extent: 300, progress: 300.0 / 560),
       .refitted(state: .partiallyExpanded)])
    d.move(400, 100)
    d.release(400, 100)
    d.settle()
    XCTAssertEqual(d.drain(), [], "the rest of the press does nothing")
    XCTAssertEqual(d.top, 280)
  }

  func testReplacedWhileMovingTheMoveEndsInTheNewLayout() throws {
    let d = driver()
    d.key(.home)
    d.wait(0.1)
    XCTAssertTrue(d.engine.isAnimating)
    try d.replaceLayout { $0.edge = .right }
    let events = d.drain()
    XCTAssertEqual(
      events, [.moved(extent: 800, progress: 1), .didTransition(from: .partiallyExpanded, to: .fullyExpanded, interrupted: false)])
    XCTAssertFalse(d.engine.isAnimating)
    XCTAssertEqual(d.model.drawerFrame.minX, 0)
    d.wait(0.5)
    XCTAssertEqual(d.drain(), [], "no stale moved after the answer")
  }

  /// Mid-move to a detent that the new layout lacks: the answer names its
  /// counterpart, never the detent that is gone.
  func testReplacedWhileMovingToADetentThatIsGone() throws {
    let d = driver()
    d.key(.home)
    d.wait(0.1)
    try d.replaceLayout {
      $0.detents = [Detent("peek", .fromHome(150)), Detent("mid", .fromHome(420))]
      $0.initialState = "peek"
    }
    let events = d.drain()
    XCTAssertEqual(events, [.moved(extent: 420, progress: 1), .didTransition(from: "mid", to: "mid", interrupted: false)])
    assertTrue(events, of: d)
  }

  func testTheDelegateAndTheTrackedContentCarryOver() throws {
    let d = driver { $0.rowCount = 0 }
    let decider = Decider()
    decider.beginDrag = { _ in false }
    d.engine.delegate = decider
    d.engine.track(TrackedScroll(contentLength: 900, offset: 40))
    try d.replaceLayout { $0.edge = .top }
    XCTAssertTrue(d.engine.delegate === decider)
    XCTAssertEqual(d.engine.trackedScroll?.offset, 40)
  }

  // Errors.

  func testAnInvalidLayoutThrowsAndChangesNothing() {
    let d = driver()
    let before = d.engine
    XCTAssertThrowsError(try d.replaceLayout { $0.detents = [] })
    XCTAssertTrue(d.engine === before)
    XCTAssertEqual(d.drain(), [])
    XCTAssertEqual(d.state, .partiallyExpanded)
  }

  // Sweep.

  /// Seeded runs: drags, keys and pauses, then a random new layout at a
  /// random moment; the events after it are true and the panel settles
  /// where the last of them says.
  func testRandomLayoutsAtRandomMomentsReportTruly() throws {
    var rng = SplitMix64(seed: 34)
    let edges: [Edge] = [.bottom, .top, .left, .right]
    for round in 0..<200 {
      let d = driver()
      for _ in 0..<Int(rng.next() % 4) {
        switch rng.next() % 4 {
        case 0: d.key(.home)
        case 1: d.key(.down)
        case 2:
          d.press(400, 310)
          d.move(400, 300 - Double(rng.next() % 200))
        default: d.wait(Double(rng.next() % 20) / 100)
        }
      }
      let edge = edges[Int(rng.next() % 4)]
      let margin = Double(rng.next() % 40)
      let renamed = rng.next() % 2 == 0
      try d.replaceLayout {
        $0.edge = edge
        $0.margins = Insets(top: margin, right: margin, bottom: margin, left: margin)
        $0.maximumWidth = rng.next() % 2 == 0 ? .none : .fixed(500)
        if renamed {
          $0.detents = [Detent("a", .fromHome(100)), Detent("b", .fraction(0.5)), Detent("c", .fromFar(20))]
          $0.initialState = "b"
        }
      }
      var events = d.drain()
      d.release(400, 200)
      d.settle()
      events += d.drain()
      assertTrue(events, of: d, "round \(round)")
      XCTAssertNotNil(d.state, "round \(round): at rest")
      XCTAssertEqual(d.engine.currentExtent, d.layout.detents.all[d.engine.rest].extent, "round \(round)")
    }
  }
}
