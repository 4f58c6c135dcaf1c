import CSystemd
import DrawerProcess
import Glibc

/// One sd-bus client connection that the program's poll loop drives and
/// that never blocks it: connected at once, its authentication and Hello
/// answered later, within a deadline of its own.
///
/// sd-bus's blocking steps (sd_bus_get_unique_name, sd_bus_call,
/// sd_bus_flush) wait on the peer with no bound the program can set:
/// authentication alone may take sd-bus's 90 s, and a peer that stops
/// reading holds a flush forever. A link uses none of them.
final class BusLink {
  let bus: OpaquePointer
  /// When the connection must be ready (authenticated, Hello answered),
  /// in `monotonicSeconds()`: sd-bus's own timeouts do not run while it
  /// authenticates.
  let readyDeadline: Double

  /// Drives `bus`, already started; it is closed with the link.
  init(bus: OpaquePointer, readyDeadline: Double) {
    self.bus = bus
    self.readyDeadline = readyDeadline
  }

  /// Starts connecting to `address`; why not, in a few words for the
  /// caller's sentence, when sd-bus cannot even begin (no libsystemd, a
  /// malformed address, a socket that refuses).
  static func open(address: String, within seconds: Double) -> Result<BusLink, BridgeFailure> {
    guard drawer_sd_bus_load() == 0 else { return .failure(BridgeFailure("cannot load libsystemd.so.0 (sd-bus)")) }
    var bus: OpaquePointer?
    guard sd_bus_new(&bus) >= 0, let bus else { return .failure(BridgeFailure("cannot create a D-Bus connection")) }
    var r = address.withCString { sd_bus_set_address(bus, $0) }
    if r >= 0 { r = sd_bus_set_bus_client(bus, 1) }
    // Bounds every call made once the connection runs.
    if r >= 0 { r = sd_bus_set_method_call_timeout(bus, UInt64(seconds * 1_000_000)) }
    // Connects without waiting (the socket is non-blocking) and queues the Hello.
    if r >= 0 { r = sd_bus_start(bus) }
    guard r >= 0 else {
      sd_bus_close_unref(bus)
      return .failure(BridgeFailure(errorText(r)))
    }
    return .success(BusLink(bus: bus, readyDeadline: monotonicSeconds() + seconds))
  }

  /// Whether the Hello was answered: the connection runs, and has a name.
  var isReady: Bool { sd_bus_is_ready(bus) > 0 }

  /// The connection's name on the bus, once ready (nil before: asked
  /// earlier, sd-bus would wait for it).
  var uniqueName: String? {
    guard isReady else { return nil }
    var unique: UnsafePointer<CChar>?
    guard sd_bus_get_unique_name(bus, &unique) >= 0, let unique else { return nil }
    return String(cString: unique)
  }

  /// The descriptor and what to wait for on it (POLLIN, and POLLOUT while
  /// messages wait to be written).
  var descriptor: (fd: Int32, events: Int16) {
    (sd_bus_get_fd(bus), Int16(truncatingIfNeeded: max(0, sd_bus_get_events(bus))))
  }

  /// When `process()` is due even if the descriptor stays quiet: a call's
  /// timeout, or the ready deadline while not ready.
  var wakeTime: Double? {
    var wake = isReady ? Double.infinity : readyDeadline
    var usec: UInt64 = 0
    if sd_bus_get_timeout(bus, &usec) >= 0, usec != UInt64.max { wake = min(wake, Double(usec) / 1_000_000) }
    return wake == .infinity ? nil : wake
  }

  /// Messages sd-bus holds because the socket would not take them.
  var queuedWrites: UInt64 {
    var n: UInt64 = 0
    return sd_bus_get_n_queued_write(bus, &n) >= 0 ? n : 0
  }

  /// Messages dispatched at most in one pass of the loop: a peer that
  /// sends faster than they are answered still leaves the loop its turn.
  static let messagesPerPass = 512

  /// Reads, dispatches and writes what can be without waiting, up to
  /// `messagesPerPass`; a negative errno when the connection failed.
  /// (With messages left over, `wakeTime` is now: sd-bus says so.)
  func process() -> Int32? {
    for _ in 0..<BusLink.messagesPerPass {
      let r = sd_bus_process(bus, nil)
      if r < 0 { return r }
      if r == 0 { return nil }
    }
    return nil
  }

  /// Writes what is queued for at most `seconds`, then closes: a
  /// DoAction's answer goes out before the exit, and a peer that does not
  /// read cannot hold the exit.
  func close(flushingFor seconds: Double) {
    let deadline = monotonicSeconds() + seconds
    while isReady && queuedWrites > 0 {
      let left = deadline - monotonicSeconds()
      guard left > 0 else { break }
      let r = sd_bus_process(bus, nil)
      if r < 0 { break }
      if r > 0 { continue }
      var fd = pollfd(fd: sd_bus_get_fd(bus), events: Int16(POLLOUT), revents: 0)
      _ = poll(&fd, 1, Int32((left * 1000).rounded(.up)))
    }
    sd_bus_close_unref(bus)
  }
}
