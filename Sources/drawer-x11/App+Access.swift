import CX11
import DrawerAccess
import DrawerEngine
import DrawerHost
import Glibc

/// Where the accessibility bus is, found as libatspi finds it: the
/// AT_SPI_BUS_ADDRESS variable, then the AT_SPI_BUS property the bus
/// launcher puts on the root window, then the launcher's GetAddress on the
/// session bus. Nil when there is none: then nothing is started at all.
///
/// `expected` is whether a bus was announced, so that failing to reach it
/// is worth a line on stderr; a desktop without one is no failure.
func accessibilityBusAddress(_ display: OpaquePointer) -> (address: String, expected: Bool)? {
  if let env = getenv("AT_SPI_BUS_ADDRESS").map({ String(cString: $0) }), !env.isEmpty { return (env, true) }
  if let property = rootStringProperty(display, "AT_SPI_BUS"), !property.isEmpty { return (property, true) }
  guard let session = sessionBusAddress() else { return nil }
  return DrawerAccess.accessibilityBusAddress(sessionBus: session).map { ($0, true) }
}

/// The session bus's address, as sd-bus's own sd_bus_open_user finds it:
/// DBUS_SESSION_BUS_ADDRESS, or the socket in XDG_RUNTIME_DIR.
private func sessionBusAddress() -> String? {
  if let env = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }), !env.isEmpty { return env }
  guard let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty,
    access(runtime + "/bus", F_OK) == 0
  else { return nil }
  return "unix:path=" + runtime + "/bus"
}

/// A text property of the root window; nil when it is not there.
private func rootStringProperty(_ display: OpaquePointer, _ name: String) -> String? {
  // Without creating the atom: no launcher ever ran when it does not exist.
  let atom = XInternAtom(display, name, 1)
  guard atom != 0 else { return nil }
  return XSession.windowText(display, XDefaultRootWindow(display), atom, limit: 4096)
}

extension App {
  /// Joins the accessibility bus when there is one and it is wanted
  /// (not --no-accessibility, not NO_AT_BRIDGE=1); says once why it
  /// could not, when a bus was there to join.
  func startAccessibility(wanted: Bool) {
    guard wanted, getenv("NO_AT_BRIDGE").map({ String(cString: $0) }) != "1",
      let (address, expected) = accessibilityBusAddress(x.display)
    else { return }
    let hooks = AccessHooks(
      windowOrigin: { [unowned self] in x.rootOrigin() },
      selectRow: { [unowned self] row in
        engineTime = max(engineTime, monotonicSeconds())
        feed(.request(.selectRow(row), time: engineTime))
      },
      activateRow: { [unowned self] row in
        engineTime = max(engineTime, monotonicSeconds())
        feed(.request(.selectRow(row), time: engineTime))
        session.key(KeyPress(.enter), time: engineTime)
      })
    let version = String(DrawerCommand.versionLine.dropFirst("drawer-x11 ".count))
    switch AccessBridge.start(address: address, tree: accessibleTree, toolkitVersion: version, hooks: hooks) {
    case .success(let bridge): access = bridge
    case .failure(let failure):
      if expected { Diagnostics.print("accessibility is off: \(failure.message)") }
    }
  }

  /// The tree a screen reader sees now. The frame is active while the
  /// panel shows and the window has the keyboard (a pick holds it by its
  /// grab).
  var accessibleTree: AccessibleObject {
    let shown = ready && engine.state != .dismissed && desktop?.shown != false
    return session.accessibleTree(title: x.title, active: shown && (windowFocused || pick != nil))
  }

  /// Answers what arrived on the bus; a bridge that failed is dropped,
  /// with one line on stderr.
  func serviceAccessibility() {
    guard let access else { return }
    access.process()
    if let failure = access.failure {
      Diagnostics.print("accessibility is off: \(failure)")
      access.close()
      self.access = nil
    }
  }

  /// Tells the bus what changed since the last pass.
  func updateAccessibility() {
    access?.update(accessibleTree)
  }

  func stopAccessibility() {
    access?.close()
    access = nil
  }
}

extension XSession {
  /// The window's top-left corner on the root window, px (a round trip,
  /// made only when a screen reader asks).
  func rootOrigin() -> (x: Int, y: Int) {
    var x: Int32 = 0
    var y: Int32 = 0
    var child: Window = 0
    XTranslateCoordinates(display, window, XDefaultRootWindow(display), 0, 0, &x, &y, &child)
    return (Int(x), Int(y))
  }
}
