import TestSupport
import XCTest

@testable import DrawerDesktop
@testable import DrawerProcess

/// --monitor's choice without X (DrawerDesktop/MonitorChoice.swift): monitors,
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
    XCTAssertEqual(choose(.index(2)), .failure(MonitorChoiceError.pastLast(index: 2, count: 2)))
    XCTAssertEqual(
      MonitorChoiceError.pastLast(index: 2, count: 2).failure.message,
      "--monitor must be a monitor's number from 0 to 1 (this display has 2), pointer or focus (got 2)")
    XCTAssertEqual(MonitorChoiceError.pastLast(index: 2, count: 2).failure.status, ExitStatus.usage)
  }

  func testWithoutMonitorsTheScreenIsMonitorZero() {
    XCTAssertEqual(choose(.index(0), []), .success(screen))
    XCTAssertEqual(choose(.pointer, [], pointer: (1500, 10)), .success(screen))
    XCTAssertEqual(choose(.index(1), []), .failure(MonitorChoiceError.pastLast(index: 1, count: 1)))
    XCTAssertEqual(
      MonitorChoiceError.pastLast(index: 1, count: 1).failure.message,
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

  /// A monitor larger than the screen (xrandr --setmonitor big
  /// 8192/1000x8192/1000+0+0) is the screen's part of it, however it is
  /// chosen: the window never outgrows the root.
  func testAMonitorLargerThanTheScreenIsClippedToIt() {
    let big = ScreenMonitor(x: 0, y: 0, width: 8192, height: 8192)
    XCTAssertEqual(choose(.index(0), [big]), .success(screen))
    XCTAssertEqual(choose(.pointer, [big], pointer: (10, 10)), .success(screen))
    XCTAssertEqual(choose(.focus, [big], focused: left), .success(screen))
    let overRight = ScreenMonitor(x: 1500, y: -100, width: 1000, height: 700)
    XCTAssertEqual(choose(.index(1), [left, overRight]), .success(ScreenMonitor(x: 1500, y: 0, width: 420, height: 600)))
    XCTAssertEqual(big.clipped(to: screen), screen)
  }

  /// A monitor with nothing on the screen, named by its number: status
  /// 64, one line naming it; chosen by a rule: never, the next usable one
  /// is taken.
  func testAMonitorOffTheScreenOrEmptyIsRefusedByNumberAndSkippedByARule() {
    let off = ScreenMonitor(x: 5000, y: 0, width: 1000, height: 1000)
    let empty = ScreenMonitor(x: 100, y: 100, width: 0, height: 0)
    let list = [off, empty, right]
    XCTAssertEqual(choose(.index(0), list), .failure(.offScreen(index: 0, monitor: off, screen: screen)))
    XCTAssertEqual(choose(.index(1), list), .failure(.offScreen(index: 1, monitor: empty, screen: screen)))
    XCTAssertEqual(choose(.index(2), list), .success(right))
    let failure = MonitorChoiceError.offScreen(index: 0, monitor: off, screen: screen).failure
    XCTAssertEqual(failure.status, ExitStatus.usage)
    XCTAssertEqual(
      failure.message,
      "--monitor must be a monitor on the 1920x1080 screen, pointer or focus (got 0, which is 1000x1000+5000+0: "
        + "no part of it is on the screen)")
    XCTAssertEqual(
      MonitorChoiceError.offScreen(index: 3, monitor: ScreenMonitor(x: -20, y: -30, width: 10, height: 10), screen: screen)
        .failure.message?.contains("which is 10x10-20-30"), true)
    // The pointer unknown, or nearest the off-screen one: the usable one.
    XCTAssertEqual(choose(.pointer, list), .success(right))
    XCTAssertEqual(choose(.pointer, list, pointer: (1919, 0)), .success(right))
    XCTAssertEqual(choose(.pointer, [off, left], pointer: (1919, 0)), .success(left))
    // A focused window off the screen, over the off-screen monitor.
    XCTAssertEqual(choose(.focus, [off, left], pointer: nil, focused: off), .success(left))
    // No usable monitor at all: the whole screen.
    XCTAssertEqual(choose(.pointer, [off, empty], pointer: (10, 10)), .success(screen))
    XCTAssertEqual(choose(.focus, [off, empty], focused: left), .success(screen))
    // After a change that took the number's monitor off the screen.
    XCTAssertEqual(MonitorChoice.index(0).following(left, among: [off, left], pointer: nil, screen: screen), left)
    XCTAssertEqual(MonitorChoice.index(0).following(left, among: [off], pointer: nil, screen: screen), screen)
  }

  /// Seeded random layouts, some off the screen or larger than it: a
  /// rule's choice always lies on the screen and has area.
  func testRandomLayoutsAlwaysChooseAPartOfTheScreen() {
    var random = SplitMix64(seed: 64)
    for _ in 0..<500 {
      let monitors = (0..<Int.random(in: 0...4, using: &random)).map { _ in
        ScreenMonitor(
          x: Int.random(in: -9000...9000, using: &random), y: Int.random(in: -9000...9000, using: &random),
          width: Int.random(in: 0...9000, using: &random), height: Int.random(in: 0...9000, using: &random))
      }
      let p = (x: Int.random(in: 0..<1920, using: &random), y: Int.random(in: 0..<1080, using: &random))
      for choice in [MonitorChoice.pointer, .focus] {
        let focused = ScreenMonitor(x: p.x, y: p.y, width: 300, height: 200)
        guard case .success(let m) = choose(choice, monitors, pointer: p, focused: focused) else { return XCTFail() }
        XCTAssertFalse(m.isEmpty)
        XCTAssertEqual(m.intersection(screen), m, "\(monitors) → \(m)")
      }
    }
  }

  func testAWindowIsCentredAndALargerOneStartsAtTheCorner() {
    XCTAssertEqual(right.centred(width: 800, height: 600).x, 960 + 80)
    XCTAssertEqual(right.centred(width: 800, height: 600).y, 240)
    XCTAssertEqual(right.centred(width: 2000, height: 2000).x, 960)
    XCTAssertEqual(right.centred(width: 2000, height: 2000).y, 0)
  }

  /// Random monitor layouts and points, seeded: the pointer's monitor
  /// contains the pointer whenever any does, and no other monitor is
  /// nearer than the one chosen. The screen holds every monitor, so none
  /// is clipped (`testRandomLayoutsAlwaysChooseAPartOfTheScreen` has
  /// monitors off it).
  func testRandomLayoutsPickTheNearestMonitor() {
    var random = SplitMix64(seed: 26)
    let screen = ScreenMonitor(x: 0, y: 0, width: 2800, height: 2800)
    for _ in 0..<500 {
      let monitors = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        ScreenMonitor(
          x: Int.random(in: 0...2000, using: &random), y: Int.random(in: 0...2000, using: &random),
          width: Int.random(in: 1...800, using: &random), height: Int.random(in: 1...800, using: &random))
      }
      let p = (x: Int.random(in: -100...3000, using: &random), y: Int.random(in: -100...3000, using: &random))
      guard case .success(let chosen) = MonitorChoice.pointer.monitor(among: monitors, pointer: p, focused: nil, screen: screen)
      else { return XCTFail() }
      if monitors.contains(where: { $0.contains(x: p.x, y: p.y) }) {
        XCTAssertTrue(chosen.contains(x: p.x, y: p.y))
      }
      let d = chosen.distanceSquared(x: p.x, y: p.y)
      XCTAssertTrue(monitors.allSatisfy { $0.distanceSquared(x: p.x, y: p.y) >= d })
    }
  }
}
