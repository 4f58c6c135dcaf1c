import CX11
import DrawerDesktop
import DrawerProcess

/// The monitors, the pointer and the focused window, as --monitor needs
/// them (`MonitorChoice` chooses).
extension XSession {
  /// The monitor `choice` picks on `dpy`'s default screen, device px;
  /// status 64 naming the monitors there are when an index is past the
  /// last.
  package static func chosenMonitor(_ dpy: OpaquePointer, _ choice: MonitorChoice) throws(Failure) -> ScreenMonitor {
    let screen = XDefaultScreen(dpy)
    let root = XRootWindow(dpy, screen)
    let whole = ScreenMonitor(x: 0, y: 0, width: Int(XDisplayWidth(dpy, screen)), height: Int(XDisplayHeight(dpy, screen)))
    let focused = choice == .focus ? focusedWindowArea(dpy, root: root) : nil
    switch choice.monitor(among: monitors(dpy, root: root), pointer: pointer(dpy, root: root), focused: focused, screen: whole) {
    case .success(let monitor): return monitor
    case .failure(let error): throw error.failure
    }
  }

  /// Where `window` is on the screen, device px, when it can hold the
  /// program's window (--parent's id); otherwise why not: gone, never
  /// there, InputOnly or of no area.
  package static func windowArea(_ dpy: OpaquePointer, _ window: Window) -> Result<ScreenMonitor, ParentWindowProblem> {
    var attributes = XWindowAttributes()
    var x: Int32 = 0
    var y: Int32 = 0
    // A window that is not there is an answer here, not an error to print.
    let found: Bool? = withErrorsIgnored(dpy) {
      var child: Window = 0
      return XGetWindowAttributes(dpy, window, &attributes) != 0
        && XTranslateCoordinates(dpy, window, XDefaultRootWindow(dpy), 0, 0, &x, &y, &child) != 0
    }
    let problem = ParentWindowProblem.check(
      exists: found == true, inputOnly: attributes.class == InputOnly, width: Int(attributes.width),
      height: Int(attributes.height))
    if let problem { return .failure(problem) }
    return .success(ScreenMonitor(x: Int(x), y: Int(y), width: Int(attributes.width), height: Int(attributes.height)))
  }

  /// The monitors RandR 1.5 lists (the active ones, in its order), else
  /// Xinerama's screens; empty when the server has neither.
  static func monitors(_ dpy: OpaquePointer, root: Window) -> [ScreenMonitor] {
    var eventBase: Int32 = 0
    var errorBase: Int32 = 0
    var major: Int32 = 0
    var minor: Int32 = 0
    if XRRQueryExtension(dpy, &eventBase, &errorBase) != 0, XRRQueryVersion(dpy, &major, &minor) != 0,
      major > 1 || (major == 1 && minor >= 5)
    {
      var count: Int32 = 0
      if let list = XRRGetMonitors(dpy, root, 1, &count) {
        defer { XRRFreeMonitors(list) }
        let monitors = (0..<Int(count)).map { i in
          ScreenMonitor(x: Int(list[i].x), y: Int(list[i].y), width: Int(list[i].width), height: Int(list[i].height))
        }
        if !monitors.isEmpty { return monitors }
      }
    }
    guard XineramaIsActive(dpy) != 0 else { return [] }
    var count: Int32 = 0
    guard let screens = XineramaQueryScreens(dpy, &count) else { return [] }
    defer { XFree(screens) }
    return (0..<Int(count)).map { i in
      ScreenMonitor(
        x: Int(screens[i].x_org), y: Int(screens[i].y_org), width: Int(screens[i].width),
        height: Int(screens[i].height))
    }
  }

  /// The monitors RandR 1.5 lists, with their names, in its order; empty
  /// without RandR 1.5 (the caller then has no names to follow).
  static func namedMonitors(_ dpy: OpaquePointer, root: Window) -> [NamedMonitor] {
    var eventBase: Int32 = 0
    var errorBase: Int32 = 0
    var major: Int32 = 0
    var minor: Int32 = 0
    guard XRRQueryExtension(dpy, &eventBase, &errorBase) != 0, XRRQueryVersion(dpy, &major, &minor) != 0,
      major > 1 || (major == 1 && minor >= 5)
    else { return [] }
    var count: Int32 = 0
    guard let list = XRRGetMonitors(dpy, root, 1, &count) else { return [] }
    defer { XRRFreeMonitors(list) }
    return (0..<Int(count)).map { i in
      var name: String?
      if list[i].name != 0, let text = XGetAtomName(dpy, list[i].name) {
        name = String(cString: text)
        XFree(text)
      }
      let rect = ScreenMonitor(x: Int(list[i].x), y: Int(list[i].y), width: Int(list[i].width), height: Int(list[i].height))
      return NamedMonitor(name: name, rect: rect)
    }
  }

  /// Where the pointer is on the root window; nil when it is on another
  /// screen.
  static func pointer(_ dpy: OpaquePointer, root: Window) -> (x: Int, y: Int)? {
    var rootReturn: Window = 0
    var child: Window = 0
    var (rootX, rootY, winX, winY): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    var mask: UInt32 = 0
    guard XQueryPointer(dpy, root, &rootReturn, &child, &rootX, &rootY, &winX, &winY, &mask) != 0 else { return nil }
    return (Int(rootX), Int(rootY))
  }

  /// The rectangle of the top-level window that holds the focus, root
  /// coordinates; nil when the focus is on no window (None, PointerRoot,
  /// the root) or the window went away meanwhile.
  static func focusedWindowArea(_ dpy: OpaquePointer, root: Window) -> ScreenMonitor? {
    var focus: Window = 0
    var revert: Int32 = 0
    XGetInputFocus(dpy, &focus, &revert)
    // PointerRoot is 1.
    guard focus != 0, focus != 1, focus != root else { return nil }
    return XSession.withErrorsIgnored(dpy) {
      // Up to the root's child: a window manager's frame, or the window.
      var window = focus
      while true {
        var parent: Window = 0
        var rootReturn: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(dpy, window, &rootReturn, &parent, &children, &count) != 0 else { return nil }
        if let children { XFree(children) }
        if parent == root || parent == 0 { break }
        window = parent
      }
      var attributes = XWindowAttributes()
      guard XGetWindowAttributes(dpy, window, &attributes) != 0 else { return nil }
      return ScreenMonitor(
        x: Int(attributes.x), y: Int(attributes.y), width: Int(attributes.width), height: Int(attributes.height))
    }
  }
}

/// Errors `withErrorsIgnored` saw. The handler is a C callback, which
/// cannot capture.
nonisolated(unsafe) private var ignoredErrorCount = 0

private func countIgnoredError(_: OpaquePointer?, _: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
  ignoredErrorCount += 1
  return 0
}

extension XSession {
  /// `body`'s answer about another client's windows, or nil when a request
  /// in it failed: such a window can go away at any time, which is no
  /// error of this program's and is not reported as one.
  static func withErrorsIgnored<R>(_ dpy: OpaquePointer, _ body: () -> R?) -> R? {
    XSync(dpy, 0)
    let previous = XSetErrorHandler(countIgnoredError)
    ignoredErrorCount = 0
    let result = body()
    XSync(dpy, 0)
    XSetErrorHandler(previous)
    return ignoredErrorCount == 0 ? result : nil
  }
}
