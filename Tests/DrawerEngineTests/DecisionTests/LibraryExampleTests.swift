import Foundation
import XCTest

import DrawerEngine

/// The code of docs/Library.md, each block verbatim between the markers,
/// so the guide never shows code that does not compile or does not do what
/// it says. (The engine: DrawerKit's detents in an 800 × 600 window, at half.)
final class LibraryExampleTests: XCTestCase {
  func testTheLibraryExamples() throws {
    var engine = try Drawer(
      configuration: DrawerConfiguration(), containerSize: Size(width: 800, height: 600),
      textMetrics: FixedTextMetrics(), time: 0)
    engine.handle(.request(.present(animated: false), time: 0))
    do {
      // Library example begins
      /// Drags begin only on the top 40 px of the panel.
      final class GripOnly: DrawerDelegate {
        func drawer(_ drawer: Drawer, shouldBeginDragAt point: Point) -> Bool {
          point.y < drawer.drawerTop + 40
        }
      }
      let gripOnly = GripOnly()
      engine.delegate = gripOnly  // held weakly: keep gripOnly alive
      // Library example ends
      XCTAssertTrue(gripOnly.drawer(engine, shouldBeginDragAt: Point(x: 400, y: 310)))
      XCTAssertFalse(gripOnly.drawer(engine, shouldBeginDragAt: Point(x: 400, y: 400)))
    }
    do {
      // Library example begins
      /// A slow release never goes straight to full: it stops at half first.
      final class OneStepAtATime: DrawerDelegate {
        func drawer(_ drawer: Drawer, targetFor release: Release, proposed: DetentName) -> DetentName {
          proposed == .fullyExpanded && abs(release.velocity) < 1000 ? .partiallyExpanded : proposed
        }
      }
      // Library example ends
      let slow = Release(extent: 320, velocity: 100, origin: 2)
      XCTAssertEqual(OneStepAtATime().drawer(engine, targetFor: slow, proposed: .fullyExpanded), .partiallyExpanded)
    }
    do {
      // Library example begins
      /// Not while the user is editing.
      final class KeepsOpenWhileEditing: DrawerDelegate {
        var editing = true
        func drawer(_ drawer: Drawer, shouldRemoveFor release: Release, proposed: Bool) -> Bool {
          proposed && !editing
        }
      }
      // Library example ends
      let release = Release(extent: 300, velocity: -3000, origin: 2)
      XCTAssertFalse(KeepsOpenWhileEditing().drawer(engine, shouldRemoveFor: release, proposed: true))
    }
    do {
      // Library example begins
      /// Always the reachable detent nearest the release, whatever its speed.
      struct NearestOnly: ReleasePolicy {
        func target(for release: Release, among detents: ResolvedDetents) -> ReleaseDecision {
          func distance(_ i: Int) -> Double { abs(detents.all[i].extent - release.extent) }
          let nearest = detents.reachable(including: release.origin).min { distance($0) < distance($1) }
          return ReleaseDecision(target: nearest ?? release.origin, rule: .nearest)
        }
      }
      final class UsesNearestOnly: DrawerDelegate {
        func releasePolicy(for drawer: Drawer) -> (any ReleasePolicy)? { NearestOnly() }
      }
      // Library example ends
      let delegate = UsesNearestOnly()
      engine.delegate = delegate
      // A fast flick up from half, released nearer half: the policy keeps half.
      engine.handle(.pointerDown(Point(x: 400, y: 310), button: .primary, time: 1))
      engine.handle(.pointerMove(Point(x: 400, y: 290), time: 1.01))
      engine.handle(.pointerMove(Point(x: 400, y: 250), time: 1.02))
      engine.handle(.pointerUp(Point(x: 400, y: 250), button: .primary, time: 1.02))
      XCTAssertEqual(engine.headingState, .partiallyExpanded)
      engine.advance(to: 3)
      engine.delegate = nil
    }
    do {
      // Library example begins
      struct EaseOut: DrawerTiming {
        var duration: Double
        func progress(at t: Double) -> Double {
          let left = 1 - t / duration
          return 1 - left * left * left
        }
      }
      final class Timed: DrawerDelegate {
        func drawer(_ drawer: Drawer, timingFor move: DrawerMove) -> (any DrawerTiming)? {
          // Dismissals quick and linear, every other move eased out over 0.3 s.
          move.target == .dismissed ? TimingFunction(duration: 0.15) { t in t / 0.15 } : EaseOut(duration: 0.3)
        }
      }
      // Library example ends
      let move = DrawerMove(origin: .partiallyExpanded, target: .fullyExpanded, from: 300, to: 600, velocity: 0)
      let timing = Timed().drawer(engine, timingFor: move)
      XCTAssertEqual(timing?.duration, 0.3)
      XCTAssertEqual(timing?.progress(at: 0.3) ?? 0, 1, accuracy: 1e-12)
    }
    do {
      // Library example begins
      /// Never more than 300 px of panel.
      final class AtMost300: DrawerDelegate {
        func drawer(_ drawer: Drawer, clampedExtent proposed: Double) -> Double { min(proposed, 300) }
      }
      // Library example ends
      XCTAssertEqual(AtMost300().drawer(engine, clampedExtent: 450), 300)
    }
    do {
      // Library example begins
      /// The list scrolls at half as well as where it is configured to.
      final class ScrollsAtHalfToo: DrawerDelegate {
        func drawer(_ drawer: Drawer, shouldAllowScrollAt detent: DetentName, proposed: Bool) -> Bool {
          proposed || detent == .partiallyExpanded
        }
      }
      // Library example ends
      XCTAssertTrue(ScrollsAtHalfToo().drawer(engine, shouldAllowScrollAt: .partiallyExpanded, proposed: false))
    }
    do {
      // Library example begins
      var config = DrawerConfiguration()
      config.releasePolicy = .projection(allowsSkipping: false, removalRate: 5.5)
      config.momentumProjectionRate = 0.99  // 0.099 s ahead: a short throw
      config.redirectionalProgress = 0.3  // past 30 % of the way, go on
      config.allowsRemoval = false
      config.overdrag = .clamp  // the expanded end stops
      config.overdragAtCollapsedEnd = .rubberBand(.floatingPanel)  // the collapsed end stretches
      try config.validate()
      // Library example ends
      XCTAssertEqual(config.momentumProjectionRate, 0.99)
    }
    do {
      // Library example begins
      let fullAt = engine.surfaceLocation(for: .fullyExpanded)  // Point(x: 0, y: 0) in an 800 × 600 window
      if engine.isAttracting, let target = engine.headingState { print("settling at", target) }
      let wouldSettleAt = engine.nearbyState  // .partiallyExpanded at rest at half
      // Library example ends
      XCTAssertEqual(fullAt, Point(x: 0, y: 0))
      XCTAssertEqual(wouldSettleAt, .partiallyExpanded)
    }
    do {
      // Library example begins
      // The app's list: 120 rows of 30 px, in the list's viewport.
      engine.track(TrackedScroll(contentLength: 120 * 30))
      // After each input and frame: put the list where the engine holds it.
      engine.handle(.pointerDown(Point(x: 400, y: 500), button: .primary, time: 4))
      engine.handle(.pointerMove(Point(x: 400, y: 530), time: 4.05))  // pulled down: the panel follows
      let listFrame = engine.renderModel.list.viewport  // where the app's list window goes
      let scrolledTo = engine.trackedScroll?.offset ?? 0  // how far its content is scrolled
      engine.handle(.pointerUp(Point(x: 400, y: 530), button: .primary, time: 4.3))
      // The app scrolled its list by itself: the engine takes the new offset.
      engine.track(TrackedScroll(contentLength: 120 * 30, offset: 600))
      // Library example ends
      XCTAssertEqual(engine.drawerTop, 330, "the list at half does not scroll: the pull moved the panel")
      XCTAssertEqual(listFrame.minY, engine.renderModel.list.viewport.minY)
      XCTAssertEqual(scrolledTo, 0)
      XCTAssertEqual(engine.trackedScroll?.offset, 600)
      engine.advance(to: 4.9)
      while engine.nextEvent() != nil {}
    }
    do {
      // Library example begins
      engine = try engine.replacingLayout(time: 5) {
        $0.edge = .right
        $0.detents = [Detent("narrow", .fromHome(240)), Detent("wide", .fraction(0.6))]
        $0.margins = Insets(top: 8, right: 8, bottom: 8, left: 8)
        $0.backdropAlphas = ["wide": 0.3]
      }
      while let event = engine.nextEvent() { print(event) }  // … refitted(state: narrow)
      // Library example ends
      XCTAssertEqual(engine.state, "narrow")
      XCTAssertEqual(engine.renderModel.drawerFrame.minX, 800 - 8 - 240)
    }
  }

  /// Each block of docs/Library.md is the code of a marked region above, in order.
  func testTheGuideShowsTheTestedExamples() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let guide = try String(contentsOf: root.appendingPathComponent("docs/Library.md"), encoding: .utf8)
    let test = try String(contentsOf: here, encoding: .utf8)
    func blocks(_ text: String, start: String, end: String) -> [[String]] {
      var found: [[String]] = []
      var rest = text[...]
      while let a = rest.range(of: start), let b = rest.range(of: end, range: a.upperBound..<rest.endIndex) {
        found.append(
          rest[a.upperBound..<b.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        rest = rest[b.upperBound...]
      }
      return found
    }
    let tested = blocks(test, start: "// Library example begins", end: "// Library example ends")
    let shown = blocks(guide, start: "```swift", end: "```")
    XCTAssertEqual(shown.count, 11)
    XCTAssertEqual(shown, Array(tested.prefix(shown.count)))
  }
}
