import CX11
import DrawerDesktop
import DrawerProcess
import Glibc

/// How long --desktop tries for the pointer, as for the keyboard
/// (`grabKeyboard`): about a second.
private let pointerGrabAttempts = 1000
/// The wait between two tries, ns (1 ms).
private let pointerGrabRetryNanoseconds = 1_000_000

/// --desktop's window: shown with the keyboard and the pointer grabbed,
/// hidden with neither, kept over its monitor when the monitors change.
extension XSession {
  /// Takes the keyboard and then the pointer for the whole screen, before
  /// the window maps: keys typed after launch, and clicks anywhere (on the
  /// dimmed desktop of other monitors too), are the program's. Each is
  /// retried for about a second; fails, holding neither, saying which one
  /// another program kept (status 75), or with the signal's status when a
  /// signal asked the program to end meanwhile.
  package static func grabInput(_ display: OpaquePointer) throws(Failure) {
    guard grabKeyboard(display) else {
      if let signalled = TerminationSignals.pendingFailure() { throw signalled }
      throw Failure(
        status: ExitStatus.tempFail, message: "--desktop: cannot grab the keyboard: another program holds it")
    }
    guard grabPointer(display) else {
      XUngrabKeyboard(display, Time(CurrentTime))
      XFlush(display)
      if let signalled = TerminationSignals.pendingFailure() { throw signalled }
      throw Failure(status: ExitStatus.tempFail, message: "--desktop: cannot grab the pointer: another program holds it")
    }
  }

  /// The pointer for the whole screen, reported to the window while it is
  /// over it and to the root elsewhere (owner events).
  private static func grabPointer(_ display: OpaquePointer) -> Bool {
    let root = XDefaultRootWindow(display)
    let mask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
    for attempt in 0..<pointerGrabAttempts {
      if XGrabPointer(display, root, 1, mask, GrabModeAsync, GrabModeAsync, 0, 0, Time(CurrentTime)) == GrabSuccess {
        return true
      }
      if TerminationSignals.pending() != nil || attempt == pointerGrabAttempts - 1 { break }
      var wait = timespec(tv_sec: 0, tv_nsec: pointerGrabRetryNanoseconds)
      nanosleep(&wait, nil)
    }
    return false
  }

  /// Puts the override-redirect window on top of everything and shows it
  /// (the grabs taken first, by `grabInput`).
  func showOverlay() {
    XMapRaised(display, window)
    XFlush(display)
  }

  /// Hides the window and lets the grabs go: a kept drawer waits hidden,
  /// taking nothing from the desktop.
  func hideOverlay() {
    XUnmapWindow(display, window)
    XUngrabPointer(display, Time(CurrentTime))
    XUngrabKeyboard(display, Time(CurrentTime))
    XFlush(display)
  }

  /// Moves and sizes the window to cover `monitor`; the ConfigureNotify
  /// that follows lays the panel out again.
  package func cover(_ monitor: ScreenMonitor) {
    XMoveResizeWindow(
      display, window, x32(monitor.x - parentOrigin.x), x32(monitor.y - parentOrigin.y), xLength32(min(monitor.width, 32_767)),
      xLength32(min(monitor.height, 32_767)))
    XFlush(display)
  }

  /// Asks for RandR's screen changes on the root, and for the root's
  /// ConfigureNotify, the only event `xrandr --setmonitor` and
  /// `--delmonitor` send, besides `rootEvents`, what the program already
  /// asks of the root; the event number of RRScreenChangeNotify, or nil
  /// without RandR.
  func selectScreenChanges(rootEvents: Int) -> Int32? {
    var mask = rootEvents | StructureNotifyMask
    // On an application's display the root's events it asked for stay.
    var attributes = XWindowAttributes()
    if sharesDisplay && XGetWindowAttributes(display, root, &attributes) != 0 { mask |= attributes.your_event_mask }
    XSelectInput(display, root, mask)
    var eventBase: Int32 = 0
    var errorBase: Int32 = 0
    guard XRRQueryExtension(display, &eventBase, &errorBase) != 0 else { return nil }
    XRRSelectInput(display, root, Int32(RRScreenChangeNotifyMask))
    return eventBase + Int32(RRScreenChangeNotify)
  }
}

/// What shows behind the panel over the desktop: the desktop itself.
extension XSession {
  /// Whether a compositing manager runs on `screen`: it owns the selection
  /// `_NET_WM_CM_S<screen>` (EWMH).
  static func compositorRuns(_ display: OpaquePointer, screen: Int32) -> Bool {
    XGetSelectionOwner(display, XInternAtom(display, "_NET_WM_CM_S\(screen)", 0)) != 0
  }

  /// The compositing manager's selection owner on this screen, asked for
  /// its structure events: its DestroyNotify says the compositor has gone
  /// (killed or ended, its windows go with its connection). Nil when no
  /// compositor runs, or it went before it could be watched.
  func watchCompositor() -> Window? {
    let owner = XGetSelectionOwner(display, XInternAtom(display, "_NET_WM_CM_S\(screen)", 0))
    guard owner != 0 else { return nil }
    return XSession.withErrorsIgnored(display) { () -> Window? in
      XSelectInput(display, owner, StructureNotifyMask)
      return owner
    }
  }

  /// A 32-bit TrueColor visual whose RENDER format has alpha, as
  /// compositors expect of a translucent window; nil when the screen has
  /// none.
  static func argbVisual(_ display: OpaquePointer, screen: Int32) -> UnsafeMutablePointer<Visual>? {
    var info = XVisualInfo()
    guard XMatchVisualInfo(display, screen, 32, TrueColor, &info) != 0, let visual = info.visual,
      let format = XRenderFindVisualFormat(display, visual), format.pointee.direct.alphaMask != 0
    else { return nil }
    return visual
  }

  /// Asks a compositor to keep blending the ARGB window (EWMH's
  /// `_NET_WM_BYPASS_COMPOSITOR` 2: never 1, which unredirects it and
  /// loses the desktop behind the dim) and, as picom reads
  /// `_COMPTON_SHADOW`, to cast no shadow from it onto other monitors.
  func keepComposited() {
    let atoms = internAtoms(display, ["_NET_WM_BYPASS_COMPOSITOR", "_COMPTON_SHADOW"])
    setCardinals(atoms[0], XA_CARDINAL, [2])
    setCardinals(atoms[1], XA_CARDINAL, [0])
  }

  /// A copy of the desktop under `monitor` as it is now, window-sized, in
  /// the window's format: taken before the window maps, it is what the
  /// dim darkens (as rofi's fake transparency does). The caller releases
  /// it with `release`.
  func desktopSnapshot(_ monitor: ScreenMonitor) -> Picture {
    let (pixmap, picture) = makeCanvas(width: width, height: height)
    releasePixmap(pixmap)
    var attributes = XRenderPictureAttributes()
    // The windows on the root, not only the root's own background.
    attributes.subwindow_mode = IncludeInferiors
    guard let rootFormat = XRenderFindVisualFormat(display, XDefaultVisual(display, screen)) else { return picture }
    let source = XRenderCreatePicture(display, root, rootFormat, UInt(CPSubwindowMode), &attributes)
    XRenderComposite(
      display, PictOpSrc, source, 0, picture, x32(monitor.x), x32(monitor.y), 0, 0, 0, 0, xLength32(width),
      xLength32(height))
    XRenderFreePicture(display, source)
    return picture
  }
}
