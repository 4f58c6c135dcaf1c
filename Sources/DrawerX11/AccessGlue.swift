import CX11
import DrawerAccess
import DrawerEngine
import DrawerHost
import DrawerProcess
import DrawerRows
import DrawerScripting
import DrawerVersion
import Glibc

/// Where the accessibility bus is, as libatspi looks: the
/// AT_SPI_BUS_ADDRESS variable, then the AT_SPI_BUS property the bus
/// launcher puts on the root window, then (asked later, without waiting)
/// the launcher's GetAddress on the session bus.
enum AccessBusSource {
  /// An address to connect to.
  case address(String)
  /// The root window's address, refused: why.
  case refused(String)
  /// Ask the launcher on the session bus at this address.
  case launcher(String)
}

/// Where to look for the accessibility bus; nil when there is nowhere:
/// then nothing is started at all.
///
/// The variable is the user's own and taken as it is; the root window's
/// property, which any X client can set, is held to `unix:` sockets
/// (`busAddressProblem`).
func accessibilityBusSource(_ display: OpaquePointer) -> AccessBusSource? {
  if let env = getenv("AT_SPI_BUS_ADDRESS").map({ String(cString: $0) }), !env.isEmpty { return .address(env) }
  if let property = rootStringProperty(display, "AT_SPI_BUS"), !property.isEmpty {
    if let problem = busAddressProblem(property) { return .refused(problem) }
    return .address(property)
  }
  return sessionBusAddress().map { .launcher($0) }
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

/// The AT-SPI2 glue of one panel: the lookup of the accessibility bus and
/// the bridge on it, which the loop services between passes. Nothing here
/// waits on a bus.
final class AccessGlue {
  /// Whether to join the bus at all (not --no-accessibility).
  private let wanted: Bool
  /// The AT-SPI2 bridge; nil without an accessibility bus.
  private(set) var bridge: AccessBridge?
  /// The launcher's GetAddress while it is asked.
  private var lookup: BusAddressLookup?
  /// The tree a screen reader sees now, and what its actions do.
  private let tree: () -> AccessibleObject
  private let hooks: AccessHooks

  init(wanted: Bool, tree: @escaping () -> AccessibleObject, hooks: AccessHooks) {
    self.wanted = wanted
    self.tree = tree
    self.hooks = hooks
  }

  /// Begins to join the accessibility bus when there is one and it is
  /// wanted (not --no-accessibility, not NO_AT_BRIDGE=1): the lookup and
  /// the connection go on in the loop.
  func start(display: OpaquePointer) {
    guard wanted, getenv("NO_AT_BRIDGE").map({ String(cString: $0) }) != "1",
      let source = accessibilityBusSource(display)
    else { return }
    switch source {
    case .address(let address): connect(address)
    case .refused(let problem):
      Diagnostics.print("accessibility is off: the root window's AT_SPI_BUS is refused: \(problem)")
    case .launcher(let session): lookup = BusAddressLookup.start(sessionBus: session)
    }
  }

  /// Begins to connect the bridge to the bus at `address`; says once why
  /// it could not.
  private func connect(_ address: String) {
    let version = programVersion
    switch AccessBridge.start(address: address, tree: tree(), toolkitVersion: version, hooks: hooks) {
    case .success(let started): bridge = started
    case .failure(let failure): Diagnostics.print("accessibility is off: \(failure.message)")
    }
  }

  /// Answers what arrived on the bus, or the launcher's answer; a
  /// bridge that failed is dropped, with one line on stderr.
  func service() {
    if let lookup {
      switch lookup.process(now: monotonicSeconds()) {
      case .waiting: return
      case .found(let address):
        stop()
        if let problem = busAddressProblem(address) {
          Diagnostics.print("accessibility is off: the bus launcher's address is refused: \(problem)")
          return
        }
        connect(address)
      // No launcher: a desktop without an accessibility bus is no failure.
      case .absent: stop()
      case .failed(let problem):
        stop()
        Diagnostics.print("accessibility is off: \(problem)")
        return
      }
    }
    guard let bridge else { return }
    bridge.process()
    if let failure = bridge.failure {
      Diagnostics.print("accessibility is off: \(failure)")
      stop()
    }
  }

  /// The descriptor the loop watches for the bus (the launcher's while
  /// it is asked), and when to look even if it stays quiet.
  var poll: (fd: Int32, events: Int16, wake: Double?)? {
    if let lookup {
      let d = lookup.descriptor
      return (d.fd, d.events, lookup.wakeTime)
    }
    guard let bridge else { return nil }
    let d = bridge.descriptor
    return (d.fd, d.events, bridge.wakeTime)
  }

  /// Tells the bus what changed since the last pass; a bus that stopped
  /// reading ends the bridge there.
  func update() {
    guard let bridge else { return }
    bridge.update(tree())
    if let failure = bridge.failure {
      Diagnostics.print("accessibility is off: \(failure)")
      stop()
    }
  }

  /// Leaves the bus and the launcher; at the exit too, where it waits at
  /// most `AccessBridge.closeFlushSeconds`.
  func stop() {
    lookup?.close()
    lookup = nil
    bridge?.close()
    bridge = nil
  }
}

extension DrawerPanel {
  /// The glue for this panel: its tree, and rows selected and activated
  /// as the pointer and Return do.
  func makeAccessGlue(wanted: Bool) -> AccessGlue {
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
    return AccessGlue(wanted: wanted, tree: { [unowned self] in accessibleTree }, hooks: hooks)
  }

  /// The tree a screen reader sees now. The frame is active while the
  /// panel shows and the window has the keyboard (a pick holds it by its
  /// grab).
  var accessibleTree: AccessibleObject {
    let shown = ready && engine.state != .dismissed && desktop?.shown != false
    return session.accessibleTree(title: x.title, active: shown && (windowFocused || pick != nil))
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
