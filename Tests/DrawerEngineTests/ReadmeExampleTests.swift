import XCTest

import DrawerEngine

/// The engine example of docs/Architecture.md, verbatim between the markers,
/// so the guide never shows code that does not compile or does not do what
/// it says.
final class ReadmeExampleTests: XCTestCase {
  func testTheReadmeExample() throws {
    var printed: [String] = []
    func print(_ item: Any) { printed.append("\(item)") }

    // README example begins
    var config = DrawerConfiguration()
    config.heightOfPartiallyExpandedDrawer = 320
    config.shadow = ShadowConfiguration(opacity: 0.3, radius: 10)

    let engine = try Drawer(
      configuration: config, containerSize: Size(width: 800, height: 600),
      textMetrics: FixedTextMetrics(), time: 0)
    engine.handle(.request(.present(animated: false), time: 0))

    // A quick upward drag on the drawer's header; times are seconds.
    engine.handle(.pointerDown(Point(x: 400, y: 300), button: .primary, time: 0.00))
    engine.handle(.pointerMove(Point(x: 400, y: 250), time: 0.01))
    engine.handle(.pointerMove(Point(x: 400, y: 200), time: 0.02))
    engine.handle(.pointerUp(Point(x: 400, y: 200), button: .primary, time: 0.02))

    // Frames until it settles: draw each render model, report each event.
    var now = 0.02
    while engine.isAnimating {
      now += 1.0 / 60
      engine.advance(to: now)
      let frame = engine.renderModel  // drawerFrame, cornerRadius, backdropAlpha, list…
      _ = frame
    }
    while let event = engine.nextEvent() { print(event) }
    // … dragEnded(velocity: -5000.0, target: fullyExpanded, rule: flickUp)
    // willTransition(from: partiallyExpanded, to: fullyExpanded)
    // didTransition(from: partiallyExpanded, to: fullyExpanded, interrupted: false)
    // README example ends

    XCTAssertEqual(engine.state, .fullyExpanded)
    XCTAssertEqual(
      printed.suffix(3),
      [
        "dragEnded(velocity: -5000.0, target: fullyExpanded, rule: DrawerEngine.ReleaseRule.flickUp)",
        "willTransition(from: partiallyExpanded, to: fullyExpanded)",
        "didTransition(from: partiallyExpanded, to: fullyExpanded, interrupted: false)",
      ])
  }
}

import Foundation

final class ReadmeIsTrueTests: XCTestCase {
  /// The example in docs/Architecture.md is the code above, line for line.
  func testTheReadmeShowsTheTestedExample() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let guide = try String(contentsOf: root.appendingPathComponent("docs/Architecture.md"), encoding: .utf8)
    let test = try String(contentsOf: here, encoding: .utf8)
    func lines(_ text: String, after start: String, before end: String) -> [String] {
      guard let a = text.range(of: start), let b = text.range(of: end, range: a.upperBound..<text.endIndex) else { return [] }
      return text[a.upperBound..<b.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    let tested = lines(test, after: "// README example begins", before: "// README example ends")
    let shown = lines(guide, after: "import DrawerEngine\n", before: "```")
    XCTAssertFalse(tested.isEmpty)
    XCTAssertEqual(shown, tested)
  }
}
