import CX11
import DrawerDesktop
import DrawerWindowIcon
import Glibc

/// The atoms the window's properties and protocols use, interned in one
/// round trip.
struct WindowAtoms {
  let wmProtocols: Atom
  let wmDeleteWindow: Atom
  /// WM_Sn: owned while a window manager runs on screen n.
  let wmSelection: Atom
  let netWMName: Atom
  let netWMIconName: Atom
  /// Set after the first frame (`setIcon`), interned here with the rest.
  let netWMIcon: Atom
  /// Set by XSetWMProperties, which interns it itself: interned here, it is
  /// in Xlib's atom cache by then, and asking for it costs no round trip.
  let wmLocaleName: Atom
  let utf8String: Atom
  let netWMPID: Atom
  let netWMWindowType: Atom
  let typeNormal: Atom
  let typeDialog: Atom

  init(_ display: OpaquePointer, screen: Int32) {
    let names = [
      "WM_PROTOCOLS", "WM_DELETE_WINDOW", "WM_S\(screen)", "_NET_WM_NAME", "_NET_WM_ICON_NAME", "UTF8_STRING",
      "_NET_WM_PID", "_NET_WM_WINDOW_TYPE", "_NET_WM_WINDOW_TYPE_NORMAL",
      "_NET_WM_WINDOW_TYPE_DIALOG", "_NET_WM_ICON", "WM_LOCALE_NAME",
    ]
    let atoms = internAtoms(display, names)
    (wmProtocols, wmDeleteWindow, wmSelection) = (atoms[0], atoms[1], atoms[2])
    (netWMName, netWMIconName, utf8String, netWMPID) = (atoms[3], atoms[4], atoms[5], atoms[6])
    (netWMWindowType, typeNormal, typeDialog, netWMIcon) = (atoms[7], atoms[8], atoms[9], atoms[10])
    wmLocaleName = atoms[11]
  }
}

/// The atoms of `names`, created where missing, in one round trip.
func internAtoms(_ display: OpaquePointer, _ names: [String]) -> [Atom] {
  var atoms = [Atom](repeating: 0, count: names.count)
  var cNames = names.map { strdup($0) }
  XInternAtoms(display, &cNames, Int32(cNames.count), 0, &atoms)
  cNames.forEach { free($0) }
  return atoms
}

extension XSession {
  /// What window managers read: the title, WM_CLASS, the client machine
  /// and command, the size and place hints, the pid, the window type and
  /// the close protocol (the icon comes after the first frame).
  func setWindowProperties(
    _ atoms: WindowAtoms, identity: WindowIdentity, placement: WindowGeometry, origin: (x: Int, y: Int)?,
    windowSize: (width: Int, height: Int)
  ) {
    var sizeHints = XSizeHints()
    // US* says the user asked for it: window managers honour it over
    // their own placement.
    sizeHints.flags = PMinSize | PMaxSize | (placement.width != nil || placement.height != nil ? USSize : PSize)
    sizeHints.width = x32(windowSize.width)
    sizeHints.height = x32(windowSize.height)
    let minimum = DisplayScale(scale).paint(PaintMetrics())
    sizeHints.min_width = x32(Int(minimum.minimumWindowWidth))
    sizeHints.min_height = x32(Int(minimum.minimumWindowHeight))
    sizeHints.max_width = x32(maximumSurfaceSide)
    sizeHints.max_height = x32(maximumSurfaceSide)
    if let origin, let x = placement.x, let y = placement.y {
      sizeHints.flags |= USPosition | PWinGravity
      sizeHints.x = x32(origin.x)
      sizeHints.y = x32(origin.y)
      // A negative offset keeps the window's far side where it was put,
      // whatever frame the window manager adds.
      switch (x.fromFarEdge, y.fromFarEdge) {
      case (false, false): sizeHints.win_gravity = NorthWestGravity
      case (true, false): sizeHints.win_gravity = NorthEastGravity
      case (false, true): sizeHints.win_gravity = SouthWestGravity
      case (true, true): sizeHints.win_gravity = SouthEastGravity
      }
    } else if let origin {
      // --monitor's place: the program's choice, not the user's geometry.
      sizeHints.flags |= PPosition
      sizeHints.x = x32(origin.x)
      sizeHints.y = x32(origin.y)
    }
    var wmHints = XWMHints()
    wmHints.flags = InputHint
    wmHints.input = 1
    var classHint = XClassHint(res_name: strdup(identity.instanceName), res_class: strdup(identity.className))
    defer {
      free(classHint.res_name)
      free(classHint.res_class)
    }
    // One call sets WM_NAME and WM_ICON_NAME (as STRING or COMPOUND_TEXT),
    // WM_CLIENT_MACHINE, WM_COMMAND, WM_LOCALE_NAME and the three hints.
    // Xutf8SetWMProperties converts the names through the X locale
    // database, which it loads first: ~1 ms before the first frame. An
    // ASCII title converts to itself as a STRING, so it is handed to
    // XSetWMProperties, which sets the same properties, as such; any other
    // title takes the conversion.
    var ascii = Array(identity.title.utf8)
    if !ascii.isEmpty, ascii.allSatisfy({ $0 < 0x80 }) {
      ascii.withUnsafeMutableBufferPointer { bytes in
        var name = XTextProperty(value: bytes.baseAddress, encoding: XA_STRING, format: 8, nitems: UInt(bytes.count))
        var iconName = name
        XSetWMProperties(
          display, window, &name, &iconName, CommandLine.unsafeArgv, CommandLine.argc, &sizeHints, &wmHints, &classHint)
      }
    } else {
      // A window not made for typing has not set its locale yet, and the
      // conversion needs it (idempotent for one that has).
      TextInput.prepareLocale()
      Xutf8SetWMProperties(
        display, window, identity.title, identity.title, CommandLine.unsafeArgv, CommandLine.argc, &sizeHints, &wmHints,
        &classHint)
    }
    // EWMH managers read the UTF-8 names, which hold any script.
    var utf8 = Array(identity.title.utf8)
    XChangeProperty(display, window, atoms.netWMName, atoms.utf8String, 8, PropModeReplace, &utf8, x32(utf8.count))
    XChangeProperty(display, window, atoms.netWMIconName, atoms.utf8String, 8, PropModeReplace, &utf8, x32(utf8.count))
    setCardinals(atoms.netWMPID, XA_CARDINAL, [Int(getpid())])
    setCardinals(atoms.netWMWindowType, XA_ATOM, [Int(identity.isDialog ? atoms.typeDialog : atoms.typeNormal)])
    var protocols = [atoms.wmDeleteWindow]
    XSetWMProtocols(display, window, &protocols, 1)
  }

  /// The window's title, as window managers and screen readers read it.
  var title: String { naming.identity.title }

  /// Gives the window the keyboard when no window manager runs (bare Xvfb),
  /// where nothing else would; with a manager, focus is its business.
  func takeFocusWithoutWindowManager() {
    if XGetSelectionOwner(display, wmSelection) == 0 {
      XSetInputFocus(display, window, RevertToParent, 0)
    }
  }

  /// Gives the window its icon at its four sizes, as stored when the icons
  /// were generated (`WindowIcon.stored`): reading it back takes
  /// microseconds, drawing it a few ms of the start's CPU.
  func setIcon() {
    setCardinals(netWMIcon, XA_CARDINAL, WindowIcon.stored().map { Int($0) })
  }

  /// Sets a format-32 property of `type` to `values`: format-32 data is
  /// C longs on the client side, whatever the server's 32 bits.
  func setCardinals(_ property: Atom, _ type: Atom, _ values: [Int]) {
    values.withUnsafeBytes { bytes in
      _ = XChangeProperty(
        display, window, property, type, 32, PropModeReplace, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
        x32(values.count))
    }
  }
}
