import CSystemd
import DrawerHost

/// What the bridge asks of the program it speaks for.
public struct AccessHooks {
  /// The window's top-left corner on the screen, px: Component answers in
  /// screen coordinates, and only the window system knows where it is.
  public var windowOrigin: () -> (x: Int, y: Int)
  /// Select the row `row` of the list as filtered now, as a click would.
  public var selectRow: (Int) -> Void
  /// Select the row and act on it as Return does (the default action).
  public var activateRow: (Int) -> Void

  public init(
    windowOrigin: @escaping () -> (x: Int, y: Int), selectRow: @escaping (Int) -> Void,
    activateRow: @escaping (Int) -> Void
  ) {
    self.windowOrigin = windowOrigin
    self.selectRow = selectRow
    self.activateRow = activateRow
  }
}

/// The program's end of AT-SPI2: one private connection to the
/// accessibility bus, the accessible tree served under
/// /org/a11y/atspi/accessible, and the events that bring a screen reader
/// from one tree to the next.
///
/// It has no thread and never blocks after `start`: the program's poll
/// loop watches `descriptor`, calls `process()` every pass and `update(_:)`
/// with the tree after each frame. Calls are answered from the last tree
/// handed in, so a reader never sees a half-changed panel.
public final class AccessBridge {
  /// How long the start-up's blocking steps (the bus's Hello, the session
  /// bus's GetAddress) may take, µs: a missing or stuck accessibility bus
  /// delays the first frame by at most this.
  public static let startupTimeout: UInt64 = 1_000_000
  /// How long the registry may take to answer Embed, µs; the wait is
  /// asynchronous.
  static let embedTimeout: UInt64 = 3_000_000

  let bus: OpaquePointer
  let hooks: AccessHooks
  let toolkitVersion: String
  /// The bus's name for this connection, the first half of every reference.
  let uniqueName: String
  var index: AccessibleIndex
  /// The desktop the registry embedded the root in; null until it answers.
  var desktop = ObjectReference.null
  /// The id the registry gave the application (Application.Id).
  var applicationId: Int32 = 0
  private var objectSlot: OpaquePointer?
  private var embedSlot: OpaquePointer?
  /// Why the bridge stopped working (the registry refused, the bus went
  /// away); the program says so once and drops the bridge.
  public private(set) var failure: String?

  /// Connects to the accessibility bus at `address`, serves `tree`, and
  /// asks the registry to embed the root; nil and why when the bus cannot
  /// be reached.
  public static func start(
    address: String, tree: AccessibleObject, toolkitVersion: String, hooks: AccessHooks
  ) -> Result<AccessBridge, BridgeFailure> {
    guard drawer_sd_bus_load() == 0 else { return .failure(BridgeFailure("cannot load libsystemd.so.0 (sd-bus)")) }
    var bus: OpaquePointer?
    guard sd_bus_new(&bus) >= 0, let bus else { return .failure(BridgeFailure("cannot create a D-Bus connection")) }
    var r = address.withCString { sd_bus_set_address(bus, $0) }
    if r >= 0 { r = sd_bus_set_bus_client(bus, 1) }
    if r >= 0 { r = sd_bus_set_method_call_timeout(bus, startupTimeout) }
    if r >= 0 { r = sd_bus_start(bus) }
    var unique: UnsafePointer<CChar>?
    // Waits for the Hello's answer, within the timeout above.
    if r >= 0 { r = sd_bus_get_unique_name(bus, &unique) }
    guard r >= 0, let unique else {
      sd_bus_close_unref(bus)
      return .failure(BridgeFailure("cannot connect to the accessibility bus \(address): \(errorText(r))"))
    }
    let bridge = AccessBridge(
      bus: bus, uniqueName: String(cString: unique), tree: tree, toolkitVersion: toolkitVersion, hooks: hooks)
    if let problem = bridge.serveAndEmbed() {
      bridge.close()
      return .failure(BridgeFailure(problem))
    }
    return .success(bridge)
  }

  private init(bus: OpaquePointer, uniqueName: String, tree: AccessibleObject, toolkitVersion: String, hooks: AccessHooks) {
    self.bus = bus
    self.uniqueName = uniqueName
    self.index = AccessibleIndex(tree)
    self.toolkitVersion = toolkitVersion
    self.hooks = hooks
  }

  private func serveAndEmbed() -> String? {
    let me = Unmanaged.passUnretained(self).toOpaque()
    var r = AccessibleIndex.prefix.withCString {
      sd_bus_add_fallback(bus, &objectSlot, $0, { m, userdata, error in
        guard let m, let userdata else { return 0 }
        return Unmanaged<AccessBridge>.fromOpaque(userdata).takeUnretainedValue().answer(m, error: error)
      }, me)
    }
    guard r >= 0 else { return "cannot serve the accessible objects: \(errorText(r))" }
    var call: OpaquePointer?
    r = sd_bus_message_new_method_call(
      bus, &call, "org.a11y.atspi.Registry", AccessibleIndex.rootPath, "org.a11y.atspi.Socket", "Embed")
    guard r >= 0, let call else { return "cannot build the registry's Embed call: \(errorText(r))" }
    defer { sd_bus_message_unref(call) }
    var w = MessageWriter(call)
    w.reference(root)
    guard !w.failed else { return "cannot build the registry's Embed call: \(errorText(w.failure))" }
    // The registry calls back (Properties.Set of the Id) before it
    // answers: the answer is waited for in the loop, not here.
    r = sd_bus_call_async(bus, &embedSlot, call, { m, userdata, _ in
      guard let m, let userdata else { return 0 }
      Unmanaged<AccessBridge>.fromOpaque(userdata).takeUnretainedValue().embedded(m)
      return 1
    }, me, AccessBridge.embedTimeout)
    guard r >= 0 else { return "cannot ask the registry to embed the application: \(errorText(r))" }
    return nil
  }

  private func embedded(_ reply: OpaquePointer) {
    if let error = sd_bus_message_get_error(reply), sd_bus_message_is_method_error(reply, nil) > 0 {
      let name = error.pointee.name.map { String(cString: $0) } ?? "an error"
      failure = "the accessibility registry did not take the application (\(name))"
      return
    }
    if let parent = MessageReader(reply).reference() { desktop = parent }
  }

  /// The reference to the application's root.
  var root: ObjectReference { reference(to: "app") }

  func reference(to id: String) -> ObjectReference {
    ObjectReference(bus: uniqueName, path: AccessibleIndex.path(of: id))
  }

  // MARK: The poll loop

  /// The bus's descriptor and what to wait for on it (POLLIN, and
  /// POLLOUT while messages wait to be written).
  public var descriptor: (fd: Int32, events: Int16) {
    let events = sd_bus_get_events(bus)
    return (sd_bus_get_fd(bus), Int16(truncatingIfNeeded: max(0, events)))
  }

  /// When sd-bus wants `process()` called even if the descriptor stays
  /// quiet (a call's timeout), in `monotonicSeconds()`; nil for never.
  public var wakeTime: Double? {
    var usec: UInt64 = 0
    guard sd_bus_get_timeout(bus, &usec) >= 0, usec != UInt64.max else { return nil }
    return Double(usec) / 1_000_000
  }

  /// Reads and answers everything that has arrived, and writes what
  /// waits to be written, without blocking.
  public func process() {
    while failure == nil {
      let r = sd_bus_process(bus, nil)
      if r == 0 { break }
      if r < 0 {
        failure = "the accessibility bus connection failed: \(errorText(r))"
        break
      }
    }
  }

  /// Serves `tree` from now on, and tells listeners what changed since
  /// the last one. The messages are queued and written as far as the
  /// socket takes them; the rest goes out when the loop sees POLLOUT.
  /// (sd_bus_flush would block until the bus read them all.)
  public func update(_ tree: AccessibleObject) {
    guard tree != index.tree else { return }
    let old = index
    index = AccessibleIndex(tree)
    for signal in accessibleSignals(from: old, to: index) { emit(signal) }
  }

  /// Writes what is queued and leaves the bus; the registry notices.
  public func close() {
    sd_bus_slot_unref(embedSlot)
    embedSlot = nil
    sd_bus_slot_unref(objectSlot)
    objectSlot = nil
    // Waits until the queue is written: a DoAction's answer before the exit.
    sd_bus_flush_close_unref(bus)
  }

  // MARK: Events

  private func emit(_ signal: AccessibleSignal) {
    var m: OpaquePointer?
    let path = AccessibleIndex.path(of: signal.source)
    guard
      sd_bus_message_new_signal(bus, &m, path, "org.a11y.atspi.Event." + signal.kind, signal.member) >= 0,
      let m
    else { return }
    defer { sd_bus_message_unref(m) }
    var w = MessageWriter(m)
    writeEventBody(signal, bus: uniqueName, into: &w)
    guard !w.failed else { return }
    _ = sd_bus_send(bus, m, nil)
  }
}

/// `siiva{sv}`: the detail, its two numbers, any_data, and an empty
/// property map (its keys feed client caches this bridge does not fill).
/// `bus` is the unique name references to objects carry.
func writeEventBody(_ signal: AccessibleSignal, bus: String, into w: inout MessageWriter) {
  w.string(signal.detail)
  w.int32(signal.detail1)
  w.int32(signal.detail2)
  switch signal.data {
  case .none: w.container("v", "i") { $0.int32(0) }
  case .text(let text): w.container("v", "s") { $0.string(text) }
  case .object(let id):
    w.container("v", "(so)") { $0.reference(ObjectReference(bus: bus, path: AccessibleIndex.path(of: id))) }
  }
  w.container("a", "{sv}") { _ in }
}

/// Why the bridge could not start, as one line.
public struct BridgeFailure: Error {
  public let message: String
  init(_ message: String) { self.message = message }
}

/// A negative errno from sd-bus as words.
func errorText(_ r: Int32) -> String {
  guard r < 0, let text = strerror(-r) else { return "error \(r)" }
  return String(cString: text)
}
