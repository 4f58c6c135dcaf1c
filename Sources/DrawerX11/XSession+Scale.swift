import CX11
import DrawerDesktop

/// The most of RESOURCE_MANAGER read, in 32-bit units (1 MiB): a desktop's
/// resources are a few KiB, and Xft.dpi comes early.
private let resourceManagerLimit = 262_144

/// The desktop's resources, and its scale: Xft.dpi among them.
extension XSession {
  /// The desktop's X resources at start: the RESOURCE_MANAGER property on
  /// the default screen's root, as xrdb sets it, read once for the program
  /// and for Xft (`limitXftResources`); nil when there is none.
  package static func startupResources(_ display: OpaquePointer) -> ResourceDatabase? {
    guard let text = resourceText(display, XDefaultRootWindow(display)) else { return nil }
    limitXftResources(display, text)
    return ResourceDatabase(text)
  }

  static func resourceDatabase(_ display: OpaquePointer, _ root: Window) -> ResourceDatabase? {
    resourceText(display, root).map(ResourceDatabase.init)
  }

  /// RESOURCE_MANAGER's text, at most `resourceManagerLimit` of it.
  private static func resourceText(_ display: OpaquePointer, _ root: Window) -> String? {
    windowText(display, root, XA_RESOURCE_MANAGER, limit: resourceManagerLimit)
  }

  /// The text of `window`'s 8-bit property `property`, at most `limit`
  /// 32-bit units of it; nil when it is not there or not 8-bit.
  static func windowText(_ display: OpaquePointer, _ window: Window, _ property: Atom, limit: Int) -> String? {
    var type: Atom = 0
    var format: Int32 = 0
    var count: UInt = 0
    var after: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    guard XGetWindowProperty(
      display, window, property, 0, limit, 0, Atom(AnyPropertyType), &type, &format, &count, &after, &data) == Success,
      let data
    else { return nil }
    defer { XFree(data) }
    guard format == 8 else { return nil }
    return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
  }

  /// Gives Xft the resources of `text` (the capped read) that can concern
  /// it, instead of the whole database: Xlib would otherwise parse all of RESOURCE_MANAGER on
  /// Xft's first look-up, however large, and its parse grows faster than
  /// the text (a 7.8 MB database took 30 s). What Xft reads (Xft.dpi,
  /// Xft.antialias, …) is named `Xft.` or matched by a leading `*`.
  private static func limitXftResources(_ display: OpaquePointer, _ text: String) {
    var kept = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      let name = line.drop(while: { $0 == " " || $0 == "\t" })
      if name.hasPrefix("Xft") || name.hasPrefix("*") {
        kept += name
        kept += "\n"
      }
    }
    // The display owns the database from here and frees it when it closes.
    XrmSetDatabase(display, XrmGetStringDatabase(kept))
  }

  /// The desktop's Xft.dpi now; nil when unset or malformed.
  func xftDPI() -> Double? { XSession.resourceDatabase(display, root)?.xftDPI }

  /// Whether `e` says the desktop's resources (and so perhaps Xft.dpi)
  /// changed.
  func isResourceChange(_ e: XPropertyEvent) -> Bool {
    e.window == root && e.atom == XA_RESOURCE_MANAGER
  }
}

extension XftTextMetrics {
  /// The line heights of `fonts`, for the engine's layout.
  init(_ fonts: FontSet) {
    self.init(titleLineHeight: Double(fonts.lineHeight(.title)), rowLineHeight: Double(fonts.lineHeight(.row)))
  }
}
