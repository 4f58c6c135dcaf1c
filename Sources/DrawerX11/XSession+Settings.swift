import CX11
import DrawerDesktop

extension XSession {
  /// The desktop's XSETTINGS, read from the settings manager's window;
  /// nil when no manager runs or its property breaks the format.
  ///
  /// With `watch`, the manager's window reports each change of the
  /// property (`isDesktopSettingsChange`), so the run can follow the
  /// desktop live. A manager that starts later is not watched.
  package func desktopSettings(watch: Bool = false) -> XSettings? {
    let atoms = internAtoms(display, ["_XSETTINGS_S\(screen)", "_XSETTINGS_SETTINGS"])
    let (selection, property) = (atoms[0], atoms[1])
    // The owner may exit between the requests: the grab keeps it there.
    XGrabServer(display)
    defer {
      XUngrabServer(display)
      XFlush(display)
    }
    let owner = XGetSelectionOwner(display, selection)
    guard owner != 0 else { return nil }
    if watch && settingsOwner.window != owner {
      XSelectInput(display, owner, PropertyChangeMask)
      settingsOwner = (owner, property)
    }
    var type: Atom = 0
    var format: Int32 = 0
    var count: UInt = 0
    var after: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    // At most 256 KiB (the length counts 32-bit units): settings are small.
    guard XGetWindowProperty(display, owner, property, 0, 65_536, 0, property, &type, &format, &count, &after, &data) == Success,
      let data
    else { return nil }
    defer { XFree(data) }
    guard type == property, format == 8 else { return nil }
    return XSettings(property: Array(UnsafeBufferPointer(start: data, count: Int(count))))
  }

  /// Whether `e` says the watched manager's settings changed.
  func isDesktopSettingsChange(_ e: XPropertyEvent) -> Bool {
    settingsOwner.window != 0 && e.window == settingsOwner.window && e.atom == settingsOwner.property
  }
}
