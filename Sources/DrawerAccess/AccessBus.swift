import CSystemd

/// The accessibility bus's address asked of the bus launcher (org.a11y.Bus
/// on the session bus), without blocking: the program's poll loop watches
/// `descriptor` and calls `process()` until it answers.
///
/// Made once at start-up and only when the root window does not say
/// where the bus is. It may start the launcher (D-Bus activation), as it
/// does for GTK. The connection and the Hello get
/// `AccessBridge.startupSeconds`, and the whole lookup twice that.
public final class BusAddressLookup {
  /// Where the lookup stands.
  public enum Outcome: Equatable {
    /// No answer yet: keep polling `descriptor` and calling `process()`.
    case waiting
    /// The launcher's answer, as it gave it (not checked yet).
    case found(String)
    /// No launcher on this desktop: no accessibility bus, and no failure.
    case absent
    /// The session bus or the launcher failed or did not answer in time.
    case failed(String)
  }

  private let link: BusLink
  private var callSlot: OpaquePointer?
  private var sent = false
  /// The lookup's outcome so far; `waiting` until the launcher answers, fails or times out.
  public private(set) var outcome = Outcome.waiting

  /// Starts connecting to the session bus at `sessionBus`; nil when it
  /// cannot be reached at all (then the desktop has no launcher to ask).
  public static func start(sessionBus: String) -> BusAddressLookup? {
    guard case .success(let link) = BusLink.open(address: sessionBus, within: AccessBridge.startupSeconds) else {
      return nil
    }
    let lookup = BusAddressLookup(link: link)
    if let problem = lookup.send() {
      lookup.outcome = .failed(problem)
    }
    return lookup
  }

  private init(link: BusLink) { self.link = link }

  /// Queues the call; sd-bus writes it after the Hello, once authenticated.
  private func send() -> String? {
    var call: OpaquePointer?
    var r = sd_bus_message_new_method_call(
      link.bus, &call, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress")
    guard r >= 0, let call else { return "cannot build the GetAddress call: \(errorText(r))" }
    defer { sd_bus_message_unref(call) }
    let me = Unmanaged.passUnretained(self).toOpaque()
    r = sd_bus_call_async(link.bus, &callSlot, call, { m, userdata, _ in
      guard let m, let userdata else { return 0 }
      Unmanaged<BusAddressLookup>.fromOpaque(userdata).takeUnretainedValue().answered(m)
      return 1
    }, me, 2 * AccessBridge.startupTimeout)
    guard r >= 0 else { return "cannot ask the session bus for the accessibility bus: \(errorText(r))" }
    return nil
  }

  private func answered(_ reply: OpaquePointer) {
    if sd_bus_message_is_method_error(reply, nil) > 0 {
      let name = sd_bus_message_get_error(reply)?.pointee.name.map { String(cString: $0) } ?? "an error"
      if name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner" {
        outcome = .absent
      } else {
        outcome = .failed("the bus launcher's GetAddress failed (\(name))")
      }
      return
    }
    if let address = MessageReader(reply).string() {
      outcome = .found(address)
    } else {
      outcome = .failed("the bus launcher's GetAddress answer holds no address")
    }
  }

  /// The session bus's descriptor and the poll(2) events to wait for on it.
  public var descriptor: (fd: Int32, events: Int16) { link.descriptor }

  /// When `process()` is due even if the descriptor stays quiet, s on the monotonic clock; nil when never.
  public var wakeTime: Double? { link.wakeTime }

  /// Reads what arrived; the outcome once there is one.
  public func process(now: Double) -> Outcome {
    guard outcome == .waiting else { return outcome }
    if let r = link.process() {
      outcome = .failed("the session bus connection failed: \(errorText(r))")
    } else if outcome == .waiting && !link.isReady && now >= link.readyDeadline {
      outcome = .failed("the session bus did not answer within \(Int(AccessBridge.startupSeconds)) s")
    }
    return outcome
  }

  /// Leaves the session bus at once: nothing of the lookup is worth a wait.
  public func close() {
    sd_bus_slot_unref(callSlot)
    callSlot = nil
    link.close(flushingFor: 0)
  }
}
