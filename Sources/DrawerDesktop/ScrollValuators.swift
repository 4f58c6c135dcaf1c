/// The most notches one event may scroll, each axis: no wheel or touchpad
/// sends more between two events, and a jump past it (a device that reset
/// its counters) must not fling the list or make a step a trace refuses
/// (`Trace` reads at most 1000).
let maximumNotchesPerEvent = 100.0

/// One scroll axis of a pointer device, as XInput 2.1 describes it
/// (XIScrollClassInfo): which valuator scrolls, along which axis, and how
/// many of its units make one notch.
public struct ScrollValuator: Hashable, Sendable {
  /// Which way a valuator scrolls: up and down, or left and right.
  public enum Axis: Hashable, Sendable { case vertical, horizontal }

  /// The valuator's number on its device.
  public var number: Int
  /// The direction the valuator scrolls in.
  public var axis: Axis
  /// Valuator units per notch (the wheel's click); negative when the
  /// device scrolls the other way.
  public var increment: Double

  /// Valuator `number` scrolling along `axis`, `increment` units a notch.
  public init(number: Int, axis: Axis, increment: Double) {
    self.number = number
    self.axis = axis
    self.increment = increment
  }
}

/// Notches scrolled on both axes: positive `vertical` scrolls down,
/// positive `horizontal` right, as X's buttons 5 and 7 do.
public struct ScrollNotches: Hashable, Sendable {
  /// Notches down (positive) or up (negative); a fraction for smooth scrolling.
  public var vertical: Double
  /// Notches right (positive) or left (negative); a fraction for smooth scrolling.
  public var horizontal: Double

  /// `vertical` notches down and `horizontal` notches right.
  public init(vertical: Double, horizontal: Double) {
    self.vertical = vertical
    self.horizontal = horizontal
  }

  /// No scrolling on either axis.
  public static let zero = ScrollNotches(vertical: 0, horizontal: 0)
}

/// Smooth scrolling's arithmetic, without X: turns the absolute values of
/// the devices' scroll valuators, as XI 2.1 motion events carry them, into
/// notches.
///
/// A scroll valuator counts up and down for as long as the device lives;
/// what scrolled is the change since the last event, over the increment.
/// The first value seen from a device, and the first after
/// `forgetLastValues()` (the pointer entered the window, where another
/// client may have been sent the scrolling meanwhile) or after its
/// valuators changed, only primes: its change is unknown.
///
/// The server also turns smooth scrolling into core buttons 4 to 7 for
/// older clients, stamped with the time of the motion they come from and
/// queued right behind it; `isEmulatedWheelButton(at:)` recognises them,
/// so a notch is never counted twice.
public struct ScrollValuators: Sendable {
  /// Each device's scroll valuators, by device id; devices without any
  /// are left out.
  private var devices: [Int: [ScrollValuator]] = [:]
  /// The last value of each device's scroll valuators, by device id and
  /// valuator number.
  private var lastValues: [Int: [Int: Double]] = [:]
  /// The server time of the last event that scrolled by its valuators, ms.
  private var lastScrollTime: UInt?

  /// No device known yet: nothing scrolls until `setDevices` lists some.
  public init() {}

  /// Whether any device scrolls by valuators.
  public var isEmpty: Bool { devices.isEmpty }

  /// The scroll valuators of `device`; empty when it has none.
  public func valuators(ofDevice device: Int) -> [ScrollValuator] { devices[device] ?? [] }

  /// Replaces every device's scroll valuators (the device list changed);
  /// every device primes again.
  public mutating func setDevices(_ all: [Int: [ScrollValuator]]) {
    devices = all.filter { !$0.value.isEmpty }
    lastValues = [:]
  }

  /// Replaces one device's scroll valuators (its classes changed); it
  /// primes again.
  public mutating func setDevice(_ device: Int, valuators: [ScrollValuator]) {
    devices[device] = valuators.isEmpty ? nil : valuators
    lastValues[device] = nil
  }

  /// Makes every device's next event prime only.
  public mutating func forgetLastValues() { lastValues = [:] }

  /// The device whose valuators an event carries: its source (the physical
  /// device) when its scroll valuators are known, else the master device
  /// it came through, whose valuators mirror the source's; nil when
  /// neither scrolls by valuators.
  public func scrollingDevice(source: Int, master: Int) -> Int? {
    devices[source] != nil ? source : devices[master] != nil ? master : nil
  }

  /// The notches an event of `device` scrolls, at server time `time` ms.
  ///
  /// `mask` and `values` are the event's valuators as XI2 packs them: bit
  /// n of the mask (byte n / 8, bit n % 8) says valuator n is present, and
  /// `values` holds the present ones in order of their numbers.
  public mutating func notches<Mask: Collection<UInt8>, Values: Collection<Double>>(
    device: Int, mask: Mask, values: Values, time: UInt
  ) -> ScrollNotches {
    guard let axes = devices[device] else { return .zero }
    var result = ScrollNotches.zero
    var scrolled = false
    var last = lastValues[device] ?? [:]
    var value = values.makeIterator()
    var number = 0
    for byte in mask {
      for bit in 0..<8 {
        defer { number += 1 }
        guard byte & (1 << bit) != 0 else { continue }
        guard let v = value.next() else { break }
        guard let axis = axes.first(where: { $0.number == number }), v.isFinite else { continue }
        defer { last[number] = v }
        guard let previous = last[number], axis.increment != 0, axis.increment.isFinite else { continue }
        let notches = (v - previous) / axis.increment
        guard notches != 0, notches.isFinite else { continue }
        scrolled = true
        switch axis.axis {
        case .vertical: result.vertical += notches
        case .horizontal: result.horizontal += notches
        }
      }
    }
    lastValues[device] = last
    if scrolled { lastScrollTime = time }
    result.vertical = max(-maximumNotchesPerEvent, min(maximumNotchesPerEvent, result.vertical))
    result.horizontal = max(-maximumNotchesPerEvent, min(maximumNotchesPerEvent, result.horizontal))
    return result
  }

  /// Whether a core wheel button (4 to 7) at server time `time` ms is the
  /// server's emulation of a smooth scroll already counted: it carries
  /// the time of the motion it came from. A button after a motion that
  /// only primed still counts, so that notch is not lost either.
  public func isEmulatedWheelButton(at time: UInt) -> Bool { lastScrollTime == time }
}
