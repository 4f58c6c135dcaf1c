import XCTest

@testable import DrawerEngine

/// `releasePolicy(for:)`: an app's own policy decides releases.
final class CustomPolicyTests: XCTestCase {
  /// Every release goes to the most expanded detent.
  struct AlwaysMostExpanded: ReleasePolicy {
    func target(for release: Release, among detents: ResolvedDetents) -> ReleaseDecision {
      ReleaseDecision(target: detents.all.count - 1, rule: .projected)
    }
  }

  /// Every release answers a detent given at its making.
  struct Fixed: ReleasePolicy {
    var index: Int
    func target(for release: Release, among detents: ResolvedDetents) -> ReleaseDecision {
      ReleaseDecision(target: index, rule: .nearest)
    }
  }

  func testAnAppsPolicyIsUsed() {
    let d = Driver()
    let decider = Decider()
    decider.policy = AlwaysMostExpanded()
    d.engine.delegate = decider
    // A quick drag down: DrawerKit would dismiss.
    d.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 410), duration: 0.05)
    d.settle()
    XCTAssertEqual(decider.calls["policy"], 1)
    XCTAssertEqual(d.state, .fullyExpanded)
    XCTAssertEqual(d.lastDragEnd?.rule, .projected)
  }

  func testAnUnreachableAnswerSettlesBackAtTheOrigin() {
    let d = Driver { $0.allowsRemoval = false }
    let decider = Decider()
    decider.policy = Fixed(index: 0)
    d.engine.delegate = decider
    d.drag(from: Point(x: 400, y: 310), to: Point(x: 400, y: 410), duration: 0.05)
    d.settle()
    XCTAssertEqual(d.state, .partiallyExpanded)
    XCTAssertEqual(d.lastDragEnd?.rule, .delegated)
  }
}
