import CSystemd

/// The accessibility bus's address as the bus launcher (org.a11y.Bus on
/// the session bus at `sessionBus`) gives it; nil when there is no
/// launcher, or no answer within `AccessBridge.startupTimeout`.
///
/// A blocking call, made once at start-up and only when the root window
/// does not say where the bus is. It may start the launcher (D-Bus
/// activation), as it does for GTK.
public func accessibilityBusAddress(sessionBus: String) -> String? {
  guard drawer_sd_bus_load() == 0 else { return nil }
  var bus: OpaquePointer?
  guard sd_bus_new(&bus) >= 0, let bus else { return nil }
  defer { sd_bus_flush_close_unref(bus) }
  var r = sessionBus.withCString { sd_bus_set_address(bus, $0) }
  if r >= 0 { r = sd_bus_set_bus_client(bus, 1) }
  // Bounds the Hello as well as the call.
  if r >= 0 { r = sd_bus_set_method_call_timeout(bus, AccessBridge.startupTimeout) }
  if r >= 0 { r = sd_bus_start(bus) }
  var call: OpaquePointer?
  if r >= 0 { r = sd_bus_message_new_method_call(bus, &call, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress") }
  guard r >= 0, let call else { return nil }
  defer { sd_bus_message_unref(call) }
  var error = sd_bus_error(name: nil, message: nil, _need_free: 0)
  defer { sd_bus_error_free(&error) }
  var reply: OpaquePointer?
  guard sd_bus_call(bus, call, AccessBridge.startupTimeout, &error, &reply) >= 0, let reply else { return nil }
  defer { sd_bus_message_unref(reply) }
  return MessageReader(reply).string()
}
