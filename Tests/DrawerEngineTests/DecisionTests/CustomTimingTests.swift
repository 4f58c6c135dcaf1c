import XCTest

@testable import DrawerEngine

/// `timingFor`: an app's own curve times a move.
final class CustomTimingTests: XCTestCase {
  struct Linear: DrawerTiming {
    var duration: Double
    func progress(at t: Double) -> Double { t / duration }
  }

  /// A drawer whose app times every move linearly over 0.5 s, sent from
  /// partial (extent 300) to full (600) by Home.
  private func linearMoveToFull() -> (Driver, Decider) {
    let d = Driver()
    let decider = Decider()
    decider.timing = { _ in Linear(duration: 0.5) }
    d.engine.delegate = decider
    d.key(.home)
    return (d, decider)
  }

  func testAnAppsTimingMovesThePanel() {
    let (d, decider) = linearMoveToFull()
    d.wait(0.25)
    XCTAssertEqual(d.engine.currentExtent, 450, accuracy: 1e-6)
    d.wait(0.2)
    XCTAssertEqual(d.engine.currentExtent, 570, accuracy: 1e-6)
    d.wait(0.05)
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertFalse(d.engine.isAnimating)
    XCTAssertEqual(
      decider.moves, [DrawerMove(origin: .partiallyExpanded, target: .fullyExpanded, from: 300, to: 600, velocity: 0)])
  }

  func testAFunctionOfTimeMovesThePanel() {
    let d = Driver()
    let decider = Decider()
    // Half the way at once, the rest at the end.
    decider.timing = { _ in TimingFunction(duration: 0.4) { t in t < 0.4 ? 0.5 : 1 } }
    d.engine.delegate = decider
    d.send(.request(.dismiss(animated: true), time: d.time))
    d.wait(0.1)
    XCTAssertEqual(d.engine.currentExtent, 150, accuracy: 1e-6)
    d.wait(0.3)
    XCTAssertEqual(d.state, .dismissed)
  }

  /// A resize mid-move starts the move again from where the panel is,
  /// still on the app's curve, which the drawer holds beside the move.
  func testAResizeMidMoveKeepsTheAppsTiming() {
    let (d, decider) = linearMoveToFull()
    d.wait(0.25)
    XCTAssertEqual(d.engine.currentExtent, 450, accuracy: 1e-6)
    // The same height: the full detent stays at 600, and the move goes on
    // from 450 over another 0.5 s, linearly.
    d.send(.resize(Size(width: 700, height: 600), time: d.time))
    d.wait(0.25)
    XCTAssertEqual(d.engine.currentExtent, 525, accuracy: 1e-6)
    d.wait(0.25)
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertEqual(decider.calls["timing"], 1, "asked once, kept across the resize")
  }

  /// A move caught by a press ends, and the drawer lets go of the app's
  /// timing with it.
  func testACaughtMoveLetsGoOfTheTiming() {
    let (d, _) = linearMoveToFull()
    d.wait(0.1)
    XCTAssertNotNil(d.engine.animationTiming)
    d.press(400, 580)
    XCTAssertFalse(d.engine.isAnimating, "the press caught the panel")
    XCTAssertNil(d.engine.animationTiming)
  }

  func testNilKeepsTheConfiguredCurve() {
    let d = Driver()
    let decider = Decider()
    d.engine.delegate = decider
    d.key(.home)
    d.wait(0.25)
    XCTAssertNotEqual(d.engine.currentExtent, 450, accuracy: 1)
    XCTAssertEqual(decider.calls["timing"], 1)
  }
}
