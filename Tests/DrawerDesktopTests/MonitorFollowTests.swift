import XCTest

@testable import DrawerDesktop

/// A shown --desktop window follows its monitor by RandR name, and leaves
/// when the name is gone (DrawerDesktop/MonitorFollow.swift).
final class MonitorFollowTests: XCTestCase {
  let screen = ScreenMonitor(x: 0, y: 0, width: 2560, height: 1024)
  let left = ScreenMonitor(x: 0, y: 0, width: 1280, height: 1024)
  let right = ScreenMonitor(x: 1280, y: 0, width: 1280, height: 1024)

  private func follow(_ current: ScreenMonitor, _ name: String?, _ monitors: [NamedMonitor]) -> MonitorFollow {
    MonitorFollow.next(current: current, name: name, among: monitors, choice: .focus, pointer: nil, screen: screen)
  }

  func testTheSameNameIsFollowedToItsNewPlace() {
    let moved = ScreenMonitor(x: 1000, y: 0, width: 1560, height: 1024)
    XCTAssertEqual(follow(right, "B", [NamedMonitor(name: "A", rect: left), NamedMonitor(name: "B", rect: moved)]), .move(moved))
    XCTAssertEqual(follow(right, "B", [NamedMonitor(name: "B", rect: right), NamedMonitor(name: "A", rect: left)]), .stay)
  }

  func testAMonitorWhoseNameIsGoneSendsThePanelOut() {
    XCTAssertEqual(follow(right, "B", [NamedMonitor(name: "A", rect: screen)]), .gone)
    // A monitor left with no part on the screen is as good as gone.
    let off = ScreenMonitor(x: 3000, y: 0, width: 100, height: 100)
    XCTAssertEqual(follow(right, "B", [NamedMonitor(name: "B", rect: off)]), .gone)
  }

  func testWithoutNamesTheBestOverlapIsFollowed() {
    XCTAssertEqual(follow(right, nil, [NamedMonitor(name: nil, rect: screen)]), .move(screen))
  }

  func testTheChosenMonitorsNameIsFound() {
    let both = [NamedMonitor(name: "A", rect: left), NamedMonitor(name: "B", rect: right)]
    XCTAssertEqual(MonitorFollow.name(of: right, among: both, screen: screen), "B")
    // A bar's strip of a monitor overlaps that monitor most.
    XCTAssertEqual(MonitorFollow.name(of: ScreenMonitor(x: 0, y: 0, width: 1280, height: 30), among: both, screen: screen), "A")
    XCTAssertNil(MonitorFollow.name(of: right, among: [], screen: screen))
  }
}
