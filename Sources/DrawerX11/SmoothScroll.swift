import CX11
import DrawerDesktop
import DrawerEngine

/// The XInput version whose motion events carry scroll valuators (2.1).
private let smoothScrollVersion = (major: Int32(2), minor: Int32(1))

/// XInput 2.1 smooth scrolling on the program's window: what a touchpad or
/// a free-spinning wheel scrolls, in fractions of a notch, both ways.
///
/// At start it asks the server for XInput 2.1; only then does it list the
/// pointer devices' scroll valuators (XIScrollClassInfo) and select on the
/// window XI_Motion and XI_Enter from the master pointers, and
/// XI_DeviceChanged and XI_HierarchyChanged from every device, which
/// refresh the list. Without 2.1 the core wheel buttons 4 to 7 are all
/// there is.
///
/// Selecting XI_Motion takes the core MotionNotify of that window away
/// from this client (XI2 is delivered first). A held button always comes
/// with a core grab (the implicit grab of the core press, then the
/// program's XGrabPointer), whose motion is core, so drags keep their
/// core motion; XI_Motion brings the pointer's place between presses (the
/// hover) and scrolling, and each is handed on as a pointer move.
///
/// The server also turns smooth scrolling into core buttons 4 to 7 for
/// older clients (and a real wheel's buttons into smooth scrolling, marked
/// XIPointerEmulated, for newer ones): every smooth scroll counts here,
/// emulated or not, and `ScrollValuators` recognises the core buttons
/// that repeat one.
final class SmoothScroll {
  /// The extension's major opcode: the `extension` of its events.
  let opcode: Int32
  private let display: OpaquePointer
  private let window: Window
  private(set) var valuators = ScrollValuators()

  /// Selects smooth scrolling on `window`; nil when the server lacks
  /// XInput 2.1.
  init?(display: OpaquePointer, window: Window) {
    var opcode: Int32 = 0
    var firstEvent: Int32 = 0
    var firstError: Int32 = 0
    guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else { return nil }
    // The server answers the lower of its version and the one asked for.
    var major = smoothScrollVersion.major
    var minor = smoothScrollVersion.minor
    guard XIQueryVersion(display, &major, &minor) == Success,
      (major, minor) >= smoothScrollVersion
    else { return nil }
    self.opcode = opcode
    self.display = display
    self.window = window
    refreshDevices()
    select()
  }

  private func select() {
    let highest = max(XI_Motion, XI_Enter, XI_DeviceChanged, XI_HierarchyChanged)
    let length = Int(highest >> 3) + 1
    func mask(_ events: [Int32]) -> [UInt8] {
      var bytes = [UInt8](repeating: 0, count: length)
      for e in events { bytes[Int(e >> 3)] |= 1 << UInt8(e & 7) }
      return bytes
    }
    var pointers = mask([XI_Motion, XI_Enter])
    // The server accepts XI_HierarchyChanged only for all devices.
    var devices = mask([XI_DeviceChanged, XI_HierarchyChanged])
    pointers.withUnsafeMutableBufferPointer { p in
      devices.withUnsafeMutableBufferPointer { d in
        var masks = [
          XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(length), mask: p.baseAddress),
          XIEventMask(deviceid: XIAllDevices, mask_len: Int32(length), mask: d.baseAddress),
        ]
        _ = XISelectEvents(display, window, &masks, Int32(masks.count))
      }
    }
  }

  /// Lists every pointer device's scroll valuators again; each device's
  /// next event only primes.
  private func refreshDevices() {
    var count: Int32 = 0
    guard let info = XIQueryDevice(display, XIAllDevices, &count) else {
      valuators.setDevices([:])
      return
    }
    defer { XIFreeDeviceInfo(info) }
    var all: [Int: [ScrollValuator]] = [:]
    for device in UnsafeBufferPointer(start: info, count: Int(max(0, count))) {
      // Floating slaves send nothing through the master pointers selected.
      guard device.use == XIMasterPointer || device.use == XISlavePointer, let classes = device.classes else {
        continue
      }
      var axes: [ScrollValuator] = []
      for case let c? in UnsafeBufferPointer(start: classes, count: Int(max(0, device.num_classes)))
      where c.pointee.type == XIScrollClass {
        let s = UnsafeRawPointer(c).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
        let axis: ScrollValuator.Axis
        switch s.scroll_type {
        case XIScrollTypeVertical: axis = .vertical
        case XIScrollTypeHorizontal: axis = .horizontal
        default: continue
        }
        axes.append(ScrollValuator(number: Int(s.number), axis: axis, increment: s.increment))
      }
      all[Int(device.deviceid)] = axes
    }
    valuators.setDevices(all)
  }

  /// What one XInput event asks of the program.
  enum Action {
    /// Smooth scrolling by `notches` at `point` (window px), and whether
    /// a button was held, which makes the motion a pointer move too.
    case motion(point: Point, notches: ScrollNotches, buttonHeld: Bool, time: Time, synthetic: Bool)
    case none
  }

  /// Handles an XInput event whose data `XGetEventData` fetched.
  func handle(_ cookie: XGenericEventCookie) -> Action {
    guard let data = cookie.data else { return .none }
    switch cookie.evtype {
    case XI_Motion:
      let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
      guard e.event == window else { return .none }
      var notches = ScrollNotches.zero
      if let device = valuators.scrollingDevice(source: Int(e.sourceid), master: Int(e.deviceid)),
        let mask = e.valuators.mask, let values = e.valuators.values
      {
        let maskBytes = UnsafeBufferPointer(start: mask, count: Int(max(0, e.valuators.mask_len)))
        let present = maskBytes.reduce(0) { $0 + $1.nonzeroBitCount }
        notches = valuators.notches(
          device: device, mask: maskBytes, values: UnsafeBufferPointer(start: values, count: present), time: e.time)
      }
      return .motion(
        point: Point(x: e.event_x, y: e.event_y), notches: notches, buttonHeld: holdsButton(e.buttons),
        time: e.time, synthetic: cookie.send_event != 0)
    case XI_Enter:
      // Scrolling elsewhere went to other windows: the values moved on.
      valuators.forgetLastValues()
    case XI_DeviceChanged, XI_HierarchyChanged:
      refreshDevices()
    default:
      break
    }
    return .none
  }

  /// Whether buttons 1 to 3 are down: the wheel's 4 to 7 are never held.
  private func holdsButton(_ state: XIButtonState) -> Bool {
    guard let mask = state.mask, state.mask_len > 0 else { return false }
    return mask[0] & 0b1110 != 0
  }
}
