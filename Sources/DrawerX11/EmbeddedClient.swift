import CX11
import DrawerEngine
import DrawerHost
import DrawerProcess
import DrawerRows
import Glibc

/// How long the client has to put its window in place, s.
let embedDeadline = 5.0

/// XEmbed's message numbers (the XEmbed spec, 0.5).
private let embeddedNotify = 0
private let windowActivate = 1
private let windowDeactivate = 2
private let focusIn = 4
private let focusOut = 5
/// FOCUS_IN's detail: the client keeps its own focus chain.
private let focusCurrent = 0
/// `_XEMBED_INFO`'s flag bit: the client wants to be shown.
private let xembedMapped = 1

/// The embedder side of XEmbed for --embed: the window the client is told
/// to use (%w), the client's process, and the client's window once it is
/// there.
///
/// The client comes either way the spec allows: created inside the socket
/// (st's `-w`), or created elsewhere and reparented into it (xterm's
/// `-into`), which the socket sees as a map request. The socket takes the
/// client's move, resize and map requests (SubstructureRedirect): the
/// client is always the socket's size at the socket's origin, and mapped
/// while `_XEMBED_INFO` (when it has one) asks to be. Keys go to the
/// drawer's window, or its grab, and are forwarded to the client, so
/// that they reach it whoever has the focus.
final class EmbeddedClient {
  private let display: OpaquePointer
  /// The window the client embeds in: a child of the drawer's window,
  /// moved with the panel.
  let socket: Window
  let pid: pid_t
  /// The process group the command runs in, ended whole at exit.
  private let group: ClientGroup
  /// Readable once the process ended; -1 without pidfd_open.
  let exitDescriptor: Int32
  /// The client's window, once it came.
  private(set) var window: Window?
  /// Whether the socket mapped the client's window, as its `_XEMBED_INFO`
  /// asks: only a mapped window can take the focus.
  private var mapped = false
  /// The client's window once it is there and mapped.
  var mappedWindow: Window? { mapped ? window : nil }
  /// Whether a window ever came: a client that ends after embedding ends
  /// the run with its status, one that ends before failed.
  private(set) var everEmbedded = false
  /// By when the client must be there, monotonic s.
  let deadline: Double
  /// The process's status once it ended: its exit code, or 128 + N.
  private(set) var status: Int32?
  /// The socket's place and size, window px.
  private(set) var frame: (x: Int, y: Int, width: Int, height: Int)
  private let xembed: Atom
  private let xembedInfo: Atom
  /// Buttons pressed on the client and not yet released.
  private var pressesForwarded = 0
  /// Which detent's body the client is sized to (--embed-resize).
  private var sizing: EmbedSizing
  /// Whether the panel shows: the client is active and focused, and gets
  /// the keys, only then.
  private var shown = true

  /// Makes the socket in `parent` at `frame` (window px) and starts the
  /// command with the socket's id; status 69 when the shell cannot start.
  init(
    command: EmbedCommand, display: OpaquePointer, parent: Window, frame rect: Rect, background: DrawerColor,
    now: Double
  ) throws(Failure) {
    self.display = display
    sizing = EmbedSizing(resizes: command.resizesAtDetents)
    frame = EmbeddedClient.pixels(rect)
    let screen = XDefaultScreen(display)
    var color = XColor()
    color.red = UInt16((max(0, min(1, background.red)) * 65535).rounded())
    color.green = UInt16((max(0, min(1, background.green)) * 65535).rounded())
    color.blue = UInt16((max(0, min(1, background.blue)) * 65535).rounded())
    let pixel = XAllocColor(display, XDefaultColormap(display, screen), &color) != 0 ? color.pixel : XBlackPixel(display, screen)
    socket = XCreateSimpleWindow(
      display, parent, x32(frame.x), x32(frame.y), xLength32(max(1, frame.width)), xLength32(max(1, frame.height)), 0, 0,
      pixel)
    XSelectInput(display, socket, SubstructureRedirectMask | SubstructureNotifyMask)
    XMapWindow(display, socket)
    xembed = XInternAtom(display, "_XEMBED", 0)
    xembedInfo = XInternAtom(display, "_XEMBED_INFO", 0)
    // The client connects on its own: the server must know the socket first.
    XSync(display, 0)
    // The group's orphans come to the program, which reaps them when it
    // ends the group (`ClientGroup`).
    _ = drawer_become_subreaper()
    pid = try EmbeddedClient.spawn(command.commandLine(window: UInt(socket)))
    group = ClientGroup(leader: pid)
    exitDescriptor = drawer_pidfd_open(pid)
    deadline = now + embedDeadline
  }

  /// Starts `/bin/sh -c line`, its input /dev/null and its output on
  /// standard error (standard output carries the events), in a process
  /// group of its own, so that `terminate` reaches whatever the shell
  /// started as well as the shell.
  private static func spawn(_ line: String) throws(Failure) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, 2, 1)
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sh"), strdup("-c"), strdup(line), nil]
    defer { for p in argv { free(p) } }
    let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
    guard result == 0 else {
      throw Failure(
        status: ExitStatus.unavailable, message: "--embed: cannot start /bin/sh (\(String(cString: strerror(result))))")
    }
    return pid
  }

  private static func pixels(_ r: Rect) -> (x: Int, y: Int, width: Int, height: Int) {
    (Int(r.x.rounded()), Int(r.y.rounded()), Int(r.width.rounded()), Int(r.height.rounded()))
  }

  // MARK: The process

  /// Whether the process ended; reaps it and keeps its status, and reaps
  /// the group's orphans that ended.
  ///
  /// The program is the group's subreaper, so whatever the client leaves
  /// behind comes to it when its parent ends, and would stay a zombie
  /// until the program exits (a drop-down terminal runs for days) unless
  /// reaped here, on the loop's passes.
  @discardableResult
  func reap() -> Bool {
    var raw: Int32 = 0
    var reaped = false
    while case let ended = waitpid(-1, &raw, WNOHANG), ended > 0 {
      reaped = true
      guard ended == pid else { continue }
      // WIFEXITED and friends are macros Swift does not import.
      let signal = raw & 0x7f
      status = signal == 0 ? (raw >> 8) & 0xff : ExitStatus.signalled(signal)
      if exitDescriptor >= 0 { close(exitDescriptor) }
    }
    if reaped { group.forgetIfGone() }
    return status != nil
  }

  /// Asks the client's whole process group (the shell and what it
  /// started) to end, whether or not the shell itself ended: the program's
  /// exit (`ClientGroup.endAll`) sends SIGKILL to what is left after the
  /// grace period.
  func terminate() {
    // The shell's status first: the group's reaping would take it.
    reap()
    group.terminate(now: monotonicSeconds())
  }

  // MARK: X events

  /// Takes the events of the socket and of the client's window; true when
  /// `event` was one.
  func handle(_ event: inout XEvent) -> Bool {
    switch event.type {
    case CreateNotify where event.xcreatewindow.parent == socket:
      if window == nil { adopt(event.xcreatewindow.window, mapping: false) }
    case MapRequest where event.xmaprequest.parent == socket:
      let w = event.xmaprequest.window
      if window == nil { adopt(w, mapping: true) } else if w == window { showIfWanted() }
    case ConfigureRequest where event.xconfigurerequest.parent == socket:
      // The socket decides the client's geometry: it is told so.
      fitClient(event.xconfigurerequest.window)
    case DestroyNotify where event.xdestroywindow.event == socket || event.xdestroywindow.window == window:
      if event.xdestroywindow.window == window { (window, mapped) = (nil, false) }
    case ReparentNotify where event.xreparent.window == window && event.xreparent.parent != socket:
      (window, mapped) = (nil, false)
    case PropertyNotify where event.xproperty.window == window && event.xproperty.atom == xembedInfo:
      showIfWanted()
    case ConfigureNotify, MapNotify, UnmapNotify, ReparentNotify, CreateNotify, MapRequest, ConfigureRequest:
      // The rest of the socket's substructure says nothing new.
      return event.xany.window == socket || (window != nil && event.xany.window == window)
    default:
      return false
    }
    return true
  }

  /// The client's window is here: it is sized to the socket, told it is
  /// embedded, shown, activated and focused (as far as XEmbed goes).
  private func adopt(_ w: Window, mapping: Bool) {
    window = w
    everEmbedded = true
    _ = XSession.withErrorsIgnored(display) { () -> Bool? in
      XSelectInput(display, w, PropertyChangeMask | StructureNotifyMask)
      fitClient(w)
      send(embeddedNotify, detail: 0, data1: Int(socket), data2: 0)
      if mapping { showIfWanted() }
      send(windowActivate)
      send(focusIn, detail: focusCurrent)
      return true
    }
  }

  /// Maps the client unless its `_XEMBED_INFO` says it is not to be shown.
  private func showIfWanted() {
    guard let w = window else { return }
    var type: Atom = 0
    var format: Int32 = 0
    var count: UInt = 0
    var after: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    var wanted = true
    if XGetWindowProperty(display, w, xembedInfo, 0, 2, 0, xembedInfo, &type, &format, &count, &after, &data) == Success,
      let data, format == 32, count >= 2
    {
      let flags = data.withMemoryRebound(to: UInt.self, capacity: 2) { $0[1] }
      wanted = flags & UInt(xembedMapped) != 0
    }
    if let data { XFree(data) }
    if wanted { XMapRaised(display, w) } else { XUnmapWindow(display, w) }
    mapped = wanted
  }

  /// Puts `w` at the socket's origin at the socket's size, and tells it
  /// so with a synthetic ConfigureNotify, as a window manager would.
  private func fitClient(_ w: Window) {
    XMoveResizeWindow(display, w, 0, 0, xLength32(max(1, frame.width)), xLength32(max(1, frame.height)))
    var notify = XEvent()
    notify.xconfigure.type = ConfigureNotify
    notify.xconfigure.display = display
    notify.xconfigure.event = w
    notify.xconfigure.window = w
    notify.xconfigure.x = 0
    notify.xconfigure.y = 0
    notify.xconfigure.width = x32(max(1, frame.width))
    notify.xconfigure.height = x32(max(1, frame.height))
    XSendEvent(display, w, 0, StructureNotifyMask, &notify)
  }

  private func send(_ message: Int, detail: Int = 0, data1: Int = 0, data2: Int = 0) {
    guard let w = window else { return }
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = w
    event.xclient.message_type = xembed
    event.xclient.format = 32
    event.xclient.data.l = (Int(CurrentTime), message, detail, data1, data2)
    XSendEvent(display, w, 0, NoEventMask, &event)
  }

  // MARK: Input and place

  /// Hands a key the drawer received to the client (XEmbed's forwarding:
  /// the client takes keys marked sent); false before the client came.
  func forwardKey(_ event: inout XEvent) -> Bool {
    guard shown, let w = window, event.type == KeyPress || event.type == KeyRelease else { return false }
    event.xkey.window = w
    event.xkey.subwindow = 0
    XSendEvent(display, w, 0, NoEventMask, &event)
    return true
  }

  /// Over the desktop the pointer grab brings the client's clicks to the
  /// drawer: a press on the client, and its motion and release, are handed
  /// on, at the client's coordinates (`origin` is the drawer window's on
  /// the root); false for every other pointer event.
  func forwardPointer(_ event: inout XEvent, origin: (x: Int, y: Int)) -> Bool {
    guard let w = window else { return false }
    let type = event.type
    guard type == ButtonPress || type == ButtonRelease || type == MotionNotify else { return false }
    // The motion and button events share their layout up to the state.
    let x = Int(event.xbutton.x_root) - origin.x - frame.x
    let y = Int(event.xbutton.y_root) - origin.y - frame.y
    let inside = x >= 0 && y >= 0 && x < frame.width && y < frame.height
    if type == ButtonPress && pressesForwarded == 0 && !inside { return false }
    if type != ButtonPress && pressesForwarded == 0 { return false }
    if type == ButtonPress { pressesForwarded += 1 }
    if type == ButtonRelease { pressesForwarded -= 1 }
    event.xbutton.window = w
    event.xbutton.subwindow = 0
    event.xbutton.x = x32(x)
    event.xbutton.y = x32(y)
    XSendEvent(display, w, 0, NoEventMask, &event)
    return true
  }

  /// The panel came to rest hidden, or is shown again: the client is told
  /// it lost (or has) the window's activation and the focus, as XEmbed
  /// says an embedder does.
  func setShown(_ now: Bool) {
    guard now != shown else { return }
    shown = now
    guard window != nil else { return }
    _ = XSession.withErrorsIgnored(display) { () -> Bool? in
      if now {
        send(windowActivate)
        send(focusIn, detail: focusCurrent)
      } else {
        send(focusOut)
        send(windowDeactivate)
      }
      return true
    }
  }

  /// Follows `drawer`'s panel (`place`), sized as --embed-resize says.
  func follow(_ drawer: Drawer) { place(sizing.frame(for: drawer)) }

  /// Follows the panel: the socket moves to `rect`'s origin every frame,
  /// and takes its size only when the most expanded body's size changed
  /// (a new window size), never during a drag.
  func place(_ rect: Rect) {
    let next = EmbeddedClient.pixels(rect)
    if next.width != frame.width || next.height != frame.height {
      frame = next
      XMoveResizeWindow(
        display, socket, x32(next.x), x32(next.y), xLength32(max(1, next.width)), xLength32(max(1, next.height)))
      if let w = window { _ = XSession.withErrorsIgnored(display) { () -> Bool? in fitClient(w); return true } }
    } else if next.x != frame.x || next.y != frame.y {
      frame = next
      XMoveWindow(display, socket, x32(next.x), x32(next.y))
    }
  }
}
