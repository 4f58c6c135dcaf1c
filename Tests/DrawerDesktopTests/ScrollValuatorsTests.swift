import TestSupport
import XCTest

@testable import DrawerDesktop

/// Smooth scrolling from constructed XI 2.1 valuator data. Xvfb's devices
/// have no scroll class and XTest cannot give them one, so this is where
/// the smooth path is tested; the real window gets core buttons 4 to 7.
///
/// The device below is a typical touchpad or mouse: valuators 0 and 1 are
/// x and y, 2 scrolls horizontally and 3 vertically, 15 units a notch.
final class ScrollValuatorsTests: XCTestCase {
  static let mouse = 11
  static let touchpad = 12
  static let master = 2
  static let axes = [
    ScrollValuator(number: 2, axis: .horizontal, increment: 15),
    ScrollValuator(number: 3, axis: .vertical, increment: 15),
  ]

  func tracker() -> ScrollValuators {
    var s = ScrollValuators()
    s.setDevices([Self.mouse: Self.axes, Self.touchpad: Self.axes, 13: []])
    return s
  }

  /// An event's valuator data with `values` by valuator number, packed as XI2 does.
  func event(_ values: [Int: Double]) -> (mask: [UInt8], values: [Double]) {
    var mask = [UInt8](repeating: 0, count: 4)  // XIMaskLen of 4 valuators, rounded up to 4 bytes
    for n in values.keys { mask[n / 8] |= 1 << (n % 8) }
    return (mask, values.keys.sorted().map { values[$0]! })
  }

  func send(_ s: inout ScrollValuators, _ values: [Int: Double], device: Int = mouse, time: UInt = 1) -> ScrollNotches {
    let e = event(values)
    return s.notches(device: device, mask: e.mask, values: e.values, time: time)
  }

  // Edge cases.

  func testTheFirstEventOnlyPrimes() {
    var s = tracker()
    XCTAssertEqual(send(&s, [3: 1000]), .zero)
    XCTAssertEqual(send(&s, [3: 1015]), ScrollNotches(vertical: 1, horizontal: 0))
  }

  func testEnteringTheWindowPrimesAgain() {
    var s = tracker()
    _ = send(&s, [3: 0])
    s.forgetLastValues()
    XCTAssertEqual(send(&s, [3: 600]), .zero, "scrolled over another window meanwhile")
    XCTAssertEqual(send(&s, [3: 585]), ScrollNotches(vertical: -1, horizontal: 0))
  }

  func testAChangedDevicePrimesAgainWithItsNewIncrement() {
    var s = tracker()
    _ = send(&s, [3: 0])
    s.setDevice(Self.mouse, valuators: [ScrollValuator(number: 3, axis: .vertical, increment: 120)])
    XCTAssertEqual(send(&s, [3: 120]), .zero)
    XCTAssertEqual(send(&s, [3: 180]), ScrollNotches(vertical: 0.5, horizontal: 0))
    s.setDevice(Self.mouse, valuators: [])
    XCTAssertEqual(send(&s, [3: 1000]), .zero, "no scroll valuators left")
    XCTAssertEqual(s.scrollingDevice(source: Self.mouse, master: Self.master), nil)
  }

  func testUnknownDevicesAndNonScrollValuatorsScrollNothing() {
    var s = tracker()
    XCTAssertEqual(send(&s, [3: 0], device: 99), .zero)
    XCTAssertEqual(send(&s, [3: 15], device: 99), .zero)
    XCTAssertEqual(send(&s, [0: 10, 1: 10]), .zero)
    XCTAssertEqual(send(&s, [0: 500, 1: 700]), .zero, "x and y are not scrolling")
    XCTAssertEqual(send(&s, [3: 0], device: 13), .zero, "a device without scroll valuators is left out")
    XCTAssertEqual(send(&s, [3: 15], device: 13), .zero)
  }

  func testBrokenValuesAndIncrementsAreIgnored() {
    var s = ScrollValuators()
    s.setDevices([1: [ScrollValuator(number: 0, axis: .vertical, increment: 0)], 2: Self.axes])
    _ = send(&s, [0: 0], device: 1)
    XCTAssertEqual(send(&s, [0: 15], device: 1), .zero)
    _ = send(&s, [3: 0], device: 2)
    XCTAssertEqual(send(&s, [3: .nan], device: 2), .zero)
    XCTAssertEqual(send(&s, [3: .infinity], device: 2), .zero)
    XCTAssertEqual(
      send(&s, [3: 15], device: 2), ScrollNotches(vertical: 1, horizontal: 0), "the last finite value holds")
  }

  func testAHugeJumpIsBounded() {
    var s = tracker()
    _ = send(&s, [3: 0])
    XCTAssertEqual(send(&s, [3: 1e12]).vertical, maximumNotchesPerEvent)
    XCTAssertEqual(send(&s, [3: -1e12]).vertical, -maximumNotchesPerEvent)
  }

  func testAMaskWithMoreBitsThanValuesReadsWhatIsThere() {
    var s = tracker()
    let mask: [UInt8] = [0b1111, 0xFF, 0xFF]
    XCTAssertEqual(s.notches(device: Self.mouse, mask: mask, values: [1, 2, 30, 45], time: 1), .zero)
    XCTAssertEqual(
      s.notches(device: Self.mouse, mask: mask, values: [1, 2, 45], time: 2),
      ScrollNotches(vertical: 0, horizontal: 1), "valuator 3 is missing")
    XCTAssertEqual(s.notches(device: Self.mouse, mask: [UInt8](), values: [Double](), time: 3), .zero)
  }

  // Notches.

  func testFractionsAndBothAxes() {
    var s = tracker()
    _ = send(&s, [2: 100, 3: 100])
    XCTAssertEqual(send(&s, [3: 103.75]), ScrollNotches(vertical: 0.25, horizontal: 0))
    XCTAssertEqual(send(&s, [2: 92.5, 3: 111.25]), ScrollNotches(vertical: 0.5, horizontal: -0.5))
    XCTAssertEqual(send(&s, [2: 122.5]), ScrollNotches(vertical: 0, horizontal: 2))
  }

  func testANegativeIncrementScrollsTheOtherWay() {
    var s = ScrollValuators()
    s.setDevices([Self.mouse: [ScrollValuator(number: 3, axis: .vertical, increment: -15)]])
    _ = send(&s, [3: 0])
    XCTAssertEqual(send(&s, [3: 15]), ScrollNotches(vertical: -1, horizontal: 0))
  }

  func testDevicesKeepTheirOwnValues() {
    var s = tracker()
    _ = send(&s, [3: 0], device: Self.mouse)
    _ = send(&s, [3: 5000], device: Self.touchpad)
    XCTAssertEqual(send(&s, [3: 30], device: Self.mouse), ScrollNotches(vertical: 2, horizontal: 0))
    XCTAssertEqual(send(&s, [3: 4985], device: Self.touchpad), ScrollNotches(vertical: -1, horizontal: 0))
  }

  func testTheSourceDeviceIsPreferredToItsMaster() {
    var s = tracker()
    XCTAssertEqual(s.scrollingDevice(source: Self.touchpad, master: Self.master), Self.touchpad)
    XCTAssertEqual(s.scrollingDevice(source: 40, master: Self.master), nil)
    s.setDevice(Self.master, valuators: Self.axes)
    XCTAssertEqual(s.scrollingDevice(source: 40, master: Self.master), Self.master)
  }

  // The core buttons the server emulates.

  func testTheEmulatedButtonOfACountedScrollIsRecognised() {
    var s = tracker()
    _ = send(&s, [3: 0], time: 100)
    XCTAssertFalse(s.isEmulatedWheelButton(at: 100), "that event only primed: its button counts")
    _ = send(&s, [3: 15], time: 200)
    XCTAssertTrue(s.isEmulatedWheelButton(at: 200))
    XCTAssertFalse(s.isEmulatedWheelButton(at: 201), "a real button a moment later counts")
    _ = send(&s, [0: 5], time: 300)
    XCTAssertTrue(s.isEmulatedWheelButton(at: 200), "motion without scrolling changes nothing")
    XCTAssertFalse(s.isEmulatedWheelButton(at: 300))
  }

  func testNoSmoothScrollNoEmulation() {
    let s = tracker()
    XCTAssertFalse(s.isEmulatedWheelButton(at: 0))
    XCTAssertTrue(ScrollValuators().isEmpty)
    XCTAssertFalse(s.isEmpty)
    XCTAssertEqual(s.valuators(ofDevice: 13), [])
  }

  /// Random slices of one scroll add up to what the valuator travelled.
  func testRandomSlicesAddUp() {
    var rng = SplitMix64(seed: 0x5C_0011)
    for _ in 0..<50 {
      var s = tracker()
      var value = Double(Int.random(in: -10_000...10_000, using: &rng))
      _ = send(&s, [3: value])
      let start = value
      var total = 0.0
      for _ in 0..<40 {
        value += Double(Int.random(in: -60...60, using: &rng)) / 4
        total += send(&s, [3: value]).vertical
      }
      XCTAssertEqual(total, (value - start) / 15, accuracy: 1e-9)
    }
  }
}
