import TestSupport
import XCTest

@testable import DrawerEngine

/// A running panel given new detents in the same px (the control
/// channel's `detents`): what it then reports is true. Every event names a
/// detent the panel has when the event is sent, every `willTransition`
/// and `dragBegan` is answered, and the last position reported is where
/// the panel is.
final class ReplaceDetentsTests: XCTestCase {
  /// A bottom panel in an 800 × 600 window with tip, half and full,
  /// reporting moves, at rest at half (300 px).
  private func driver(_ configure: (inout DrawerConfiguration) -> Void = { _ in }) -> Driver {
    Driver {
      $0.detents = [Detent("tip", .fromHome(64)), Detent("half", .fromHome(300)), Detent("full", .fromFar(0))]
      $0.initialState = "half"
      $0.reportsMoves = true
      configure(&$0)
    }
  }

  /// The engine's configuration with `detents` in place of its own.
  private func replaced(_ d: Driver, _ detents: [Detent]) -> DrawerConfiguration {
    var c = d.engine.configuration
    c.detents = detents
    c.initialState = nil
    return c
  }

  private let peekAndMid = [Detent("peek", .fromHome(150)), Detent("mid", .fromHome(420))]

  /// Checks `events`, sent after the replacement, against the new panel:
  /// only its names, and the last `moved` (when any), like the last
  /// position an event reports, is where it is now.
  private func assertTrue(_ events: [DrawerEvent], of d: Driver, file: StaticString = #filePath, line: UInt = #line) {
    let names = Set(d.layout.detents.all.map { DetentName($0.name) })
    for e in events {
      let named: [DetentName]
      switch e {
      case let .willTransition(from, to), let .didTransition(from, to, _), let .transitionCancelled(from, to):
        named = [from, to]
      case let .dragBegan(s), let .dragCancelled(s), let .refitted(s): named = [s]
      case let .dragEnded(_, target, _): named = [target]
      default: named = []
      }
      for n in named { XCTAssertTrue(names.contains(n), "\(e) names \(n), which the panel lacks", file: file, line: line) }
    }
    let moves = events.compactMap { if case let .moved(extent, _) = $0 { extent } else { nil } }
    if let last = moves.last { XCTAssertEqual(last, d.engine.currentExtent, "the last moved", file: file, line: line) }
  }

  // Happy path.

  /// At rest at half, which is gone: the panel goes to the nearest detent
  /// (mid, 120 px away; peek is 150) and says so.
  func testReplacedAtRestThePanelGoesToTheNearestAndSaysSo() throws {
    let d = driver()
    try d.reconfigure(replaced(d, peekAndMid), textMetrics: FixedTextMetrics(), samePixels: true)
    let events = d.drain()
    XCTAssertEqual(events, [.moved(extent: 420, progress: 1), .refitted(state: "mid")])
    XCTAssertEqual(d.state, "mid")
    XCTAssertEqual(d.engine.currentExtent, 420)
    assertTrue(events, of: d)
  }

  /// A detent that keeps its name but moves takes the panel with it: a
  /// `refitted`, as a resize reports; one that stays put reports nothing.
  func testASameNamedDetentThatMovesIsARefit() throws {
    let d = driver()
    try d.reconfigure(
      replaced(d, [Detent("tip", .fromHome(64)), Detent("half", .fromHome(250)), Detent("full", .fromFar(0))]),
      textMetrics: FixedTextMetrics(), samePixels: true)
    XCTAssertEqual(d.drain(), [.moved(extent: 250, progress: 250.0 / 600), .refitted(state: "half")])
    try d.reconfigure(
      replaced(d, [Detent("half", .fromHome(250)), Detent("top", .fromFar(10))]), textMetrics: FixedTextMetrics(),
      samePixels: true)
    XCTAssertEqual(d.drain(), [], "half stayed where it was")
  }

  /// Mid-move the move is answered at once, at the new counterpart of
  /// its target, in names the panel has; no stale `moved` follows.
  func testReplacedWhileMovingTheMoveIsAnsweredInTheNewNames() throws {
    let d = driver()
    d.key(.home)
    d.wait(0.1)
    XCTAssertTrue(d.engine.isAnimating)
    XCTAssertEqual(d.log.filter { if case .willTransition = $0 { true } else { false } }.last, .willTransition(from: "half", to: "full"))
    try d.reconfigure(replaced(d, peekAndMid), textMetrics: FixedTextMetrics(), samePixels: true)
    let events = d.drain()
    XCTAssertEqual(events, [.moved(extent: 420, progress: 1), .didTransition(from: "mid", to: "mid", interrupted: false)])
    XCTAssertFalse(d.engine.isAnimating)
    XCTAssertEqual(d.state, "mid")
    assertTrue(events, of: d)
    d.wait(0.5)
    XCTAssertEqual(d.drain(), [], "nothing after the answer")
  }

  /// Mid-drag the drag is cancelled in the new names and the panel lands
  /// at its detent's counterpart, reported; the rest of the press does
  /// nothing.
  func testReplacedWhileDraggedTheDragIsCancelledAndTheLandingReported() throws {
    let d = driver()
    d.press(400, 320)
    d.move(400, 280)
    d.move(400, 240)
    XCTAssertEqual(d.engine.currentExtent, 380)
    try d.reconfigure(replaced(d, peekAndMid), textMetrics: FixedTextMetrics(), samePixels: true)
    let events = d.drain()
    XCTAssertEqual(
      events, [.dragCancelled(state: "mid"), .moved(extent: 420, progress: 1), .refitted(state: "mid")])
    XCTAssertEqual(d.state, "mid")
    assertTrue(events, of: d)
    d.move(400, 100)
    d.release(400, 100)
    XCTAssertEqual(d.drain(), [])
    XCTAssertEqual(d.engine.currentExtent, 420)
  }

  /// Seeded runs: gestures and keys, then new detents at a random moment;
  /// whatever was under way, the events after it are true and the panel
  /// settles where the last event says.
  func testRandomMomentsOfReplacementReportTruly() throws {
    var rng = SplitMix64(seed: 2026)
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
      let count = 1 + Int(rng.next() % 4)
      let detents = (0..<count).map { Detent("n\($0)", .fromHome(Double(60 + $0 * 120 + Int(rng.next() % 100)))) }
      try d.reconfigure(replaced(d, detents), textMetrics: FixedTextMetrics(), samePixels: true)
      var events = d.drain()
      d.release(400, 200)
      d.settle()
      events += d.drain()
      assertTrue(events, of: d)
      XCTAssertNotNil(d.state, "round \(round): at rest")
      XCTAssertEqual(d.engine.currentExtent, d.layout.detents.all[d.engine.rest].extent, "round \(round)")
    }
  }

  // Edge cases.

  /// Replacing 200,000 detents with 200,000 others, half of them of the
  /// same names, some disabled at run time: each step of the path is
  /// O(n log n) at most. The old by-name search per detent made it about
  /// 2 × 10¹⁰ string comparisons, hours in a debug build; the test runs in
  /// a few seconds.
  func testReplacingManyDetentsKeepsNamesAndFlags() throws {
    let n = 200_000
    let d = Driver {
      $0.detents = (0..<n).map { Detent("a\($0)", .fromHome(Double($0) / 1000)) }
      $0.initialState = "a150000"
    }
    d.engine.setEnabled(false, for: "a199999")
    d.engine.setEnabled(false, for: "a100001")
    var c = d.engine.configuration
    // At the same extents, the odd names stay and the even ones are new.
    c.detents = (0..<n).map { i in Detent(i % 2 == 0 ? "b\(i)" : "a\(i)", .fromHome(Double(i) / 1000)) }
    c.initialState = nil
    try d.reconfigure(c, textMetrics: FixedTextMetrics(), samePixels: true)
    let all = d.layout.detents.all
    XCTAssertEqual(all.count, n + 1)
    XCTAssertEqual(d.state, "b150000", "a150000 is gone; b150000 is where it was")
    XCTAssertEqual(d.engine.currentExtent, 150)
    XCTAssertEqual(d.drain(), [.refitted(state: "b150000")])
    XCTAssertEqual(all.filter { !$0.isEnabled }.map(\.name), ["a100001", "a199999"], "disabled as they were")
  }
}
