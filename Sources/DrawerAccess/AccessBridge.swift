import CSystemd
import DrawerHost
import DrawerProcess

/// What the bridge asks of the program it speaks for.
public struct AccessHooks {
  /// The window's top-left corner on the screen, px: Component answers in
  /// screen coordinates, and only the window system knows where it is.
  public var windowOrigin: () -> (x: Int, y: Int)
  /// Select the row `row` of the list as filtered now, as a click would.
  public var selectRow: (Int) -> Void
  /// Select the row and act on it as Return does (the default action).
  public var activateRow: (Int) -> Void

  /// Hooks that answer with these three closures.
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
/// It has no thread and never blocks: `start` only begins to connect, and
/// the program's poll loop watches `descriptor`, calls `process()` every
/// pass and `update(_:)` with the tree after each frame. The tree is
/// served once the bus has answered the Hello, within `startupSeconds`.
/// Calls are answered from the last tree handed in, so a reader never
/// sees a half-changed panel.
public final class AccessBridge {
  /// How long the bus may take to authenticate the connection and answer
  /// its Hello (and the session bus, GetAddress), s; the window does not
  /// wait for it.
  public static let startupSeconds = 1.0
  /// `startupSeconds` in µs, as sd-bus takes timeouts.
  static let startupTimeout = UInt64(startupSeconds * 1_000_000)
  /// How long the registry may take to answer Embed, µs; the wait is
  /// asynchronous.
  static let embedTimeout: UInt64 = 3_000_000
  /// Messages at most that wait for a bus that does not read them before
  /// the bridge gives up: each holds memory until the bus takes it, and a
  /// registry reading as it should keeps none waiting.
  public static let writeQueueLimit: UInt64 = 2048
  /// How long the exit may wait for queued answers to be written, s.
  static let closeFlushSeconds = 0.1

  let link: BusLink
  var bus: OpaquePointer { link.bus }
  let address: String
  let hooks: AccessHooks
  let toolkitVersion: String
  /// The bus's name for this connection, the first half of every
  /// reference; empty until the Hello is answered.
  var uniqueName = ""
  var index: AccessibleIndex
  /// The desktop the registry embedded the root in; null until it answers.
  var desktop = ObjectReference.null
  /// The id the registry gave the application (Application.Id).
  var applicationId: Int32 = 0
  private var objectSlot: OpaquePointer?
  private var cacheSlot: OpaquePointer?
  private var embedSlot: OpaquePointer?
  /// Whether the objects are served and Embed was sent (the Hello was answered).
  public private(set) var serving = false
  /// Why the bridge stopped working (the registry refused, the bus went
  /// away, did not answer or stopped reading); the program says so once
  /// and drops the bridge.
  public private(set) var failure: String?

  /// Begins to connect to the accessibility bus at `address`, to serve
  /// `tree` once connected; why not when sd-bus cannot even begin. Never
  /// waits for the bus.
  public static func start(
    address: String, tree: AccessibleObject, toolkitVersion: String, hooks: AccessHooks
  ) -> Result<AccessBridge, BridgeFailure> {
    switch BusLink.open(address: address, within: startupSeconds) {
    case .failure(let failure):
      return .failure(BridgeFailure("cannot connect to the accessibility bus \(address): \(failure.message)"))
    case .success(let link):
      return .success(AccessBridge(link: link, address: address, tree: tree, toolkitVersion: toolkitVersion, hooks: hooks))
    }
  }

  private init(link: BusLink, address: String, tree: AccessibleObject, toolkitVersion: String, hooks: AccessHooks) {
    self.link = link
    self.address = address
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
    r = AccessBridge.cachePath.withCString {
      sd_bus_add_object(bus, &cacheSlot, $0, { m, userdata, error in
        guard let m, let userdata else { return 0 }
        return Unmanaged<AccessBridge>.fromOpaque(userdata).takeUnretainedValue().answerCache(m, error: error)
      }, me)
    }
    guard r >= 0 else { return "cannot serve the cache object: \(errorText(r))" }
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
  public var descriptor: (fd: Int32, events: Int16) { link.descriptor }

  /// When sd-bus wants `process()` called even if the descriptor stays
  /// quiet (a call's timeout, the Hello's deadline), in
  /// `monotonicSeconds()`; nil for never.
  public var wakeTime: Double? { link.wakeTime }

  /// Reads and answers everything that has arrived, and writes what
  /// waits to be written, without blocking; serves the tree once the
  /// Hello is answered.
  public func process() {
    guard failure == nil else { return }
    if let r = link.process() {
      failure = "the accessibility bus connection failed: \(errorText(r))"
      return
    }
    if !serving {
      if let name = link.uniqueName {
        uniqueName = name
        serving = true
        if let problem = serveAndEmbed() { failure = problem }
      } else if monotonicSeconds() >= link.readyDeadline {
        failure = "the accessibility bus at \(address) did not answer within \(Int(AccessBridge.startupSeconds)) s"
      }
    }
    checkWriteQueue()
  }

  /// Serves `tree` from now on, and tells listeners what changed since
  /// the last one. The messages are queued and written as far as the
  /// socket takes them; the rest goes out when the loop sees POLLOUT.
  /// (sd_bus_flush would block until the bus read them all.) Before the
  /// Hello is answered there is nobody to tell.
  public func update(_ tree: AccessibleObject) {
    guard tree != index.tree else { return }
    let old = index
    index = AccessibleIndex(tree)
    guard serving, failure == nil else { return }
    for signal in accessibleSignals(from: old, to: index) { emit(signal) }
    checkWriteQueue()
  }

  /// A bus that stopped reading would have every later event held in
  /// memory: past the limit the bridge fails instead.
  private func checkWriteQueue() {
    guard failure == nil else { return }
    let queued = link.queuedWrites
    if queued > AccessBridge.writeQueueLimit {
      failure = "the accessibility bus stopped reading (\(queued) messages wait to be written)"
    }
  }

  /// Writes what is queued for at most `closeFlushSeconds` and leaves the
  /// bus; the registry notices. A failed bridge writes nothing more.
  public func close() {
    sd_bus_slot_unref(embedSlot)
    embedSlot = nil
    sd_bus_slot_unref(objectSlot)
    objectSlot = nil
    sd_bus_slot_unref(cacheSlot)
    cacheSlot = nil
    // A DoAction's answer goes out before the exit, unless the bus stalls.
    link.close(flushingFor: failure == nil ? AccessBridge.closeFlushSeconds : 0)
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
  /// The line to print on standard error: what failed and why.
  public let message: String
  init(_ message: String) { self.message = message }
}

/// A negative errno from sd-bus as words.
func errorText(_ r: Int32) -> String {
  guard r < 0, let text = strerror(-r) else { return "error \(r)" }
  return String(cString: text)
}
