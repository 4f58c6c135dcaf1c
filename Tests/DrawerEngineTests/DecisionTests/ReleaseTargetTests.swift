import XCTest

@testable import DrawerEngine

/// `targetFor`: the app rewrites where a release goes, before anything is
/// reported. (600 px window: collapsed at y 520, partial at 300, full at 0.)
final class ReleaseTargetTests: XCTestCase {
  func testARewrittenTargetSettlesThereWithTheReleasesVelocityAndNoFalseTransition() {
    let d = Driver {
      $0.heightOfCollapsedDrawer = 80
      // Critically damped, so the release's speed shows in the first frame.
      $0.timingCurve = .spring(dampingRatio: 1, response: 0.4)
    }
    let decider = Decider()
    var seen: [(Release, DetentName)] = []
    decider.target = { r, proposed in
      seen.append((r, proposed))
      return .collapsed
    }
    d.engine.delegate = decider
    let before = d.log.count
    // A quick drag up past the upper mark: DrawerKit proposes full.
    d.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 250), duration: 0.05)
    let released = d.engine.currentExtent

    XCTAssertEqual(seen.count, 1)
    XCTAssertEqual(seen.first?.1, .fullyExpanded)
    XCTAssertEqual(seen.first?.0.extent ?? 0, released, accuracy: 1e-9)
    let velocity = seen.first?.0.velocity ?? 0
    XCTAssertGreaterThan(velocity, 1000)
    XCTAssertEqual(d.lastDragEnd?.target, .collapsed)
    XCTAssertEqual(d.lastDragEnd?.rule, .delegated)
    XCTAssertEqual(d.lastDragEnd?.velocity ?? 0, -velocity, accuracy: 1e-9)

    // The move carries the release's upward speed: the first frame goes on up.
    d.wait(1.0 / 60)
    XCTAssertGreaterThan(d.engine.currentExtent, released)
    d.settle()
    XCTAssertEqual(d.state, .collapsed)
    XCTAssertEqual(d.top, 520, accuracy: 0.5)
    let transitions = Array(d.log[before...]).compactMap { e -> String? in
      switch e {
      case let .willTransition(f, t): "will \(f.rawValue)→\(t.rawValue)"
      case let .didTransition(f, t, i): "did \(f.rawValue)→\(t.rawValue) \(i)"
      default: nil
      }
    }
    XCTAssertEqual(transitions, ["will partiallyExpanded→collapsed", "did partiallyExpanded→collapsed false"])
  }

  func testAnAnswerThatIsNoReachableDetentIsIgnored() {
    let d = Driver { $0.allowsRemoval = false }
    let decider = Decider()
    decider.target = { _, _ in "nowhere" }
    d.engine.delegate = decider
    d.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 250), duration: 0.05)
    d.settle()
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertEqual(d.lastDragEnd?.rule, .aboveUpperMark)
    // Hidden is out of reach without removal.
    decider.target = { _, _ in .dismissed }
    d.drag(from: Point(x: 400, y: 10), to: Point(x: 400, y: 60), duration: 0.5, hold: 0.2)
    d.settle()
    XCTAssertNotEqual(d.state, .dismissed)
  }
}
