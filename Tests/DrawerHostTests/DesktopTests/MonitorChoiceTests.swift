import TestSupport
import XCTest

@testable import DrawerHost

/// --monitor's choice without X (Desktop/MonitorChoice.swift): monitors,
/// the pointer and the focused window in, one monitor out.
final class MonitorChoiceTests: XCTestCase {
  let left = ScreenMonitor(x: 0, y: 0, width: 960, height: 1080)
  let right = ScreenMonitor(x: 960, y: 0, width: 960, height: 1080)
  let screen = ScreenMonitor(x: 0, y: 0, width: 1920, height: 1080)
  var both: [ScreenMonitor] { [left, right] }

  private func choose(
    _ choice: MonitorChoice, _ monitors: [ScreenMonitor]? = nil, pointer: (x: Int, y: Int)? = nil,
    focused: ScreenMonitor? = nil
  ) -> Result<ScreenMonitor, MonitorChoiceError> {
    choice.monitor(among: monitors ?? both, pointer: pointer, focused: focused, screen: screen)
  }

  func testTheWords() {
    XCTAssertEqual(MonitorChoice("0"), .index(0))
    XCTAssertEqual(MonitorChoice("12"), .index(12))
    XCTAssertEqual(MonitorChoice("pointer"), .pointer)
    XCTAssertEqual(MonitorChoice("focus"), .focus)
    for bad in ["", "-1", "+1", "1.0", "0x1", " 1", "1024", "99999999999999999999", "Pointer", "primary"] {
      XCTAssertNil(MonitorChoice(bad), bad)
    }
  }

  func testAnIndexPicksInTheServersOrderAndOnePastTheLastFails() {
    XCTAssertEqual(choose(.index(0)), .success(left))
    XCTAssertEqual(choose(.index(1), pointer: (10, 10)), .success(right))
    XCTAssertEqual(choose(.index(2)), .failure(MonitorChoiceError(index: 2, count: 2)))
    XCTAssertEqual(
      MonitorChoiceError(index: 2, count: 2).failure.message,
      "--monitor must be a monitor's number from 0 to 1 (this display has 2), pointer or focus (got 2)")
    XCTAssertEqual(MonitorChoiceError(index: 2, count: 2).failure.status, ExitStatus.usage)
  }

  func testWithoutMonitorsTheScreenIsMonitorZero() {
    XCTAssertEqual(choose(.index(0), []), .success(screen))
    XCTAssertEqual(choose(.pointer, [], pointer: (1500, 10)), .success(screen))
    XCTAssertEqual(choose(.index(1), []), .failure(MonitorChoiceError(index: 1, count: 1)))
    XCTAssertEqual(
      MonitorChoiceError(index: 1, count: 1).failure.message,
      "--monitor must be 0 (this display has one monitor), pointer or focus (got 1)")
  }

  func testThePointersMonitorOrTheNearestFromAGap() {
    XCTAssertEqual(choose(.pointer, pointer: (959, 500)), .success(left))
    XCTAssertEqual(choose(.pointer, pointer: (960, 500)), .success(right))
    XCTAssertEqual(choose(.pointer), .success(left), "pointer unknown: the first")
    let apart = [ScreenMonitor(x: 0, y: 0, width: 100, height: 100), ScreenMonitor(x: 301, y: 0, width: 100, height: 100)]
    XCTAssertEqual(choose(.pointer, apart, pointer: (250, 50)), .success(apart[1]), "51 px from the second")
    XCTAssertEqual(choose(.pointer, apart, pointer: (150, 50)), .success(apart[0]))
    XCTAssertEqual(choose(.pointer, apart, pointer: (200, 50)), .success(apart[0]), "101 px from each: the first")
  }

  func testTheFocusedWindowsMonitorByTheLargestOverlapElseThePointers() {
    let mostlyRight = ScreenMonitor(x: 900, y: 100, width: 400, height: 300)
    XCTAssertEqual(choose(.focus, pointer: (10, 10), focused: mostlyRight), .success(right))
    let mostlyLeft = ScreenMonitor(x: 700, y: 100, width: 400, height: 300)
    XCTAssertEqual(choose(.focus, pointer: (1500, 10), focused: mostlyLeft), .success(left))
    let evenly = ScreenMonitor(x: 860, y: 100, width: 200, height: 300)
    XCTAssertEqual(choose(.focus, pointer: (1500, 10), focused: evenly), .success(left), "a tie: the first")
    let offScreen = ScreenMonitor(x: 5000, y: 5000, width: 10, height: 10)
    XCTAssertEqual(choose(.focus, pointer: (1500, 10), focused: offScreen), .success(right), "on no monitor")
    XCTAssertEqual(choose(.focus, pointer: (1500, 10)), .success(right), "no focused window")
  }

  /// Overlapping monitors (RandR lists `--setmonitor`'s beside the
  /// automatic one): an index still picks one, and the pointer the first
  /// under it.
  func testOverlappingMonitors() {
    let list = [screen, right]
    XCTAssertEqual(choose(.pointer, list, pointer: (1500, 10)), .success(screen))
    XCTAssertEqual(choose(.index(1), list), .success(right))
  }

  /// After a change of monitors: the same number while it exists, else
  /// the monitor that overlaps the old place most, else the pointer's.
  func testTheMonitorAfterAChange() {
    let shorter = ScreenMonitor(x: 960, y: 540, width: 960, height: 540)
    XCTAssertEqual(MonitorChoice.index(1).following(right, among: [left, shorter], pointer: (0, 0), screen: screen), shorter)
    XCTAssertEqual(MonitorChoice.index(1).following(right, among: [screen], pointer: (0, 0), screen: screen), screen)
    XCTAssertEqual(MonitorChoice.pointer.following(right, among: [shorter, left], pointer: (0, 0), screen: screen), shorter)
    let elsewhere = ScreenMonitor(x: 3000, y: 0, width: 100, height: 100)
    XCTAssertEqual(MonitorChoice.focus.following(elsewhere, among: both, pointer: (1000, 5), screen: screen), right)
    XCTAssertEqual(MonitorChoice.focus.following(right, among: [], pointer: nil, screen: screen), screen)
  }

  func testAWindowIsCentredAndALargerOneStartsAtTheCorner() {
    XCTAssertEqual(right.centred(width: 800, height: 600).x, 960 + 80)
    XCTAssertEqual(right.centred(width: 800, height: 600).y, 240)
    XCTAssertEqual(right.centred(width: 2000, height: 2000).x, 960)
    XCTAssertEqual(right.centred(width: 2000, height: 2000).y, 0)
  }

  /// Random monitor layouts and points, seeded: the pointer's monitor
  /// contains the pointer whenever any does, and no other monitor is
  /// nearer than the one chosen.
  func testRandomLayoutsPickTheNearestMonitor() {
    var random = SplitMix64(seed: 26)
    for _ in 0..<500 {
      let monitors = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        ScreenMonitor(
          x: Int.random(in: 0...2000, using: &random), y: Int.random(in: 0...2000, using: &random),
          width: Int.random(in: 1...800, using: &random), height: Int.random(in: 1...800, using: &random))
      }
      let p = (x: Int.random(in: -100...3000, using: &random), y: Int.random(in: -100...3000, using: &random))
      guard case .success(let chosen) = choose(.pointer, monitors, pointer: p) else { return XCTFail() }
      if monitors.contains(where: { $0.contains(x: p.x, y: p.y) }) {
        XCTAssertTrue(chosen.contains(x: p.x, y: p.y))
      }
      let d = chosen.distanceSquared(x: p.x, y: p.y)
      XCTAssertTrue(monitors.allSatisfy { $0.distanceSquared(x: p.x, y: p.y) >= d })
    }
  }
}
