import CX11
import DrawerDesktop
import DrawerEngine
import DrawerProcess

/// A drop-down's place among the other windows (`DesktopMode.dropDown`):
/// its window shaped to the panel, the X input focus on the embedded
/// client while it shows, and given back as it hides. It never grabs.
///
/// The window is override-redirect, so the window manager neither focuses
/// it nor lists it; `XSetInputFocus` on the client's window is what gives
/// the client real key events (xterm ignores sent ones) and a solid
/// cursor. The window manager keeps its passive grabs: its hotkey and
/// Alt+Tab work while the panel shows.
final class DropDownFocus {
  private let display: OpaquePointer
  private let root: Window
  /// The drawer's window, the socket's parent.
  private let window: Window
  /// Whether a focus change away hides the panel (--hide-on-blur).
  let mode: DesktopMode
  /// Who had the focus before the panel showed.
  private var previous: Window?
  /// The window last given the focus since the panel showed.
  private var focusedTarget: Window?
  /// The shape last set, window px: set again only when it changes.
  private var region: [PixelRect]?
  /// Whether the panel shows: set on map, cleared on unmap.
  private(set) var shown = false
  /// XInput's major opcode, when its raw presses on the root are watched:
  /// every client gets them, and they take nothing from anyone.
  private var xinput: Int32?

  init(display: OpaquePointer, root: Window, window: Window, mode: DesktopMode) {
    self.display = display
    self.root = root
    self.window = window
    self.mode = mode
    watchPresses()
  }

  /// Asks for XInput 2's raw button presses on the root: a click on the
  /// client after the focus went elsewhere must give it the focus back,
  /// and the window manager does not focus an override-redirect window.
  /// The client takes its own presses, so they cannot be selected on it.
  private func watchPresses() {
    var opcode: Int32 = 0
    var firstEvent: Int32 = 0
    var firstError: Int32 = 0
    guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else { return }
    // The version smooth scrolling asks for too: one connection, one version.
    var major: Int32 = 2
    var minor: Int32 = 1
    guard XIQueryVersion(display, &major, &minor) == Success, major >= 2 else { return }
    var bytes = [UInt8](repeating: 0, count: Int(XI_RawButtonPress >> 3) + 1)
    bytes[Int(XI_RawButtonPress >> 3)] |= 1 << UInt8(XI_RawButtonPress & 7)
    bytes.withUnsafeMutableBufferPointer { b in
      var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(b.count), mask: b.baseAddress)
      _ = XISelectEvents(display, root, &mask, 1)
    }
    xinput = opcode
  }

  /// Takes a raw press: one on the panel while the focus is elsewhere
  /// gives `client` the focus again. True when `event` was one.
  func handle(_ event: XEvent, client: Window?) -> Bool {
    guard let xinput, event.type == GenericEvent, event.xcookie.extension == xinput,
      event.xcookie.evtype == XI_RawButtonPress
    else { return false }
    guard shown else { return true }
    var rootReturn: Window = 0
    var child: Window = 0
    var (rootX, rootY, winX, winY): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    var state: UInt32 = 0
    // The input shape is the panel's: the root's child under the pointer
    // is the drawer's window only over the panel.
    if XQueryPointer(display, root, &rootReturn, &child, &rootX, &rootY, &winX, &winY, &state) != 0, child == window {
      // The window it takes the focus from is the one to give it back to.
      var current: Window = 0
      var revert: Int32 = 0
      XGetInputFocus(display, &current, &revert)
      if !isOurs(current) && current > 1 && current != root { previous = current }
      focusedTarget = nil
      focus(client: client)
    }
    return true
  }

  /// The window is about to map: who has the focus now is remembered, to
  /// be given it back on the way out, and the window takes the panel's
  /// shape, for input too, so that clicks beside the panel reach the
  /// windows there.
  func willShow(surface: SurfaceShape, size: (width: Int, height: Int)) {
    var focus: Window = 0
    var revert: Int32 = 0
    XGetInputFocus(display, &focus, &revert)
    previous = isOurs(focus) ? previous : focus
    focusedTarget = nil
    shape(surface, size: size)
  }

  /// The window mapped: the client, or the window until the client is
  /// there, gets the X input focus.
  func didShow(client: Window?) {
    shown = true
    focus(client: client)
  }

  /// Gives `client` (nil until its window is there and mapped) the focus,
  /// once per window since the panel showed: the drawer's window holds it
  /// until the client comes, and forwards keys meanwhile. A focus the user
  /// moved elsewhere since is left there.
  func focus(client: Window?) {
    let target = client ?? window
    guard shown, target != focusedTarget else { return }
    let done = XSession.withErrorsIgnored(display) { () -> Bool? in
      XSetInputFocus(display, target, RevertToParent, Time(CurrentTime))
      return true
    }
    if done == true { focusedTarget = target }
  }

  /// The window unmapped: the focus, if it is still the program's, goes
  /// back to the window that had it before (`DropDownFocusRule`).
  func didHide() {
    shown = false
    focusedTarget = nil
    var focus: Window = 0
    var revert: Int32 = 0
    XGetInputFocus(display, &focus, &revert)
    // Unmapping a focused window reverts the focus to its parent, the root:
    // that too is focus the program left behind.
    let ours = isOurs(focus) || focus == root || focus == 0 || focus == 1
    if let target = DropDownFocusRule.returnTarget(focusIsOurs: ours, previous: previous.map { UInt($0) }) {
      _ = XSession.withErrorsIgnored(display) { () -> Bool? in
        XSetInputFocus(display, Window(target), RevertToParent, Time(CurrentTime))
        return true
      }
    }
    previous = nil
    XFlush(display)
  }

  /// Whether a FocusOut on the window (not a window manager's passing
  /// grab) moved the focus off the program while the panel shows, and
  /// --hide-on-blur asks it to slide out.
  func blurHides(_ event: XFocusChangeEvent) -> Bool {
    guard event.type == FocusOut, event.window == window else { return false }
    let grab = event.mode == NotifyGrab || event.mode == NotifyUngrab
    var focus: Window = 0
    var revert: Int32 = 0
    XGetInputFocus(display, &focus, &revert)
    return DropDownFocusRule.hides(mode: mode, shown: shown, focusIsOurs: isOurs(focus), duringGrab: grab)
  }

  /// Sets the window's bounding and input shape to the panel's surface;
  /// nothing of the window shows, or takes clicks, beyond it.
  func shape(_ surface: SurfaceShape, size: (width: Int, height: Int)) {
    let next = PanelRegion.rectangles(of: surface, within: PixelRect(x: 0, y: 0, width: size.width, height: size.height))
    guard next != region else { return }
    region = next
    var rects = next.map {
      XRectangle(x: Int16(clamping: $0.x), y: Int16(clamping: $0.y), width: UInt16(clamping: $0.width), height: UInt16(clamping: $0.height))
    }
    for kind in [ShapeBounding, ShapeInput] {
      XShapeCombineRectangles(display, window, Int32(kind), 0, 0, &rects, Int32(rects.count), ShapeSet, Unsorted)
    }
  }

  /// Whether `w` is the drawer's window or lies inside it (the socket, the
  /// client and the client's own children).
  private func isOurs(_ w: Window) -> Bool {
    guard w > 1, w != root else { return false }
    if w == window { return true }
    let inside = XSession.withErrorsIgnored(display) { () -> Bool? in
      var current = w
      while current != 0 && current != root {
        if current == window { return true }
        var parent: Window = 0
        var rootReturn: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, current, &rootReturn, &parent, &children, &count) != 0 else { return false }
        if let children { XFree(children) }
        current = parent
      }
      return false
    }
    return inside == true
  }
}

extension DrawerPanel {
  /// --hide-on-blur: the focus went to another window, so the panel slides
  /// out (and, without --keep, the run ends as after any dismissal).
  func blurred() {
    engineTime = max(engineTime, monotonicSeconds())
    feed(.request(.dismiss(animated: true), time: engineTime))
  }
}
