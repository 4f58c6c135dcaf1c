import CX11

/// The windows a window manager manages, from EWMH (`_NET_CLIENT_LIST`),
/// and the activation of one (`_NET_ACTIVE_WINDOW`), for rofi's `window`
/// mode. The connection is opened for each call and closed after it.
public enum ManagedWindows {
  /// One managed window: its id, title, class, desktop (nil when it
  /// shows on all of them or the manager keeps no desktops) and that
  /// desktop's name, and whether it is the active window.
  public struct Client: Equatable, Sendable {
    /// The window's X id.
    public var window: UInt
    /// _NET_WM_NAME, else WM_NAME; empty when it has neither.
    public var title: String
    /// WM_CLASS's class (its instance when it has only one part); empty when it has none.
    public var className: String
    /// _NET_WM_DESKTOP, from 0; nil on every desktop (0xFFFFFFFF) or when it says none.
    public var desktop: Int?
    /// The name _NET_DESKTOP_NAMES gives that desktop; nil when it gives none.
    public var desktopName: String?
    /// Whether it is _NET_ACTIVE_WINDOW.
    public var isActive = false
    /// Its `_NET_WM_ICON` nearest 32 px: straight ARGB words, row-major;
    /// empty when it has none.
    public var iconWidth = 0
    /// The icon's width and height, px; 0 when it has none.
    public var iconHeight = 0
    /// The icon's `iconWidth` × `iconHeight` words.
    public var iconPixels: [UInt32] = []
  }

  /// The managed windows, the one above all others first (the reverse of
  /// `_NET_CLIENT_LIST_STACKING`, else `_NET_CLIENT_LIST`'s order); nil
  /// without a display.
  public static func list() -> [Client]? {
    guard let display = XOpenDisplay(nil) else { return nil }
    defer { XCloseDisplay(display) }
    let root = XDefaultRootWindow(display)
    var clients = cardinals(display, root, atom(display, "_NET_CLIENT_LIST_STACKING"), type: Atom(XA_WINDOW)).reversed()
      .map { $0 }
    if clients.isEmpty { clients = cardinals(display, root, atom(display, "_NET_CLIENT_LIST"), type: Atom(XA_WINDOW)) }
    let active = cardinals(display, root, atom(display, "_NET_ACTIVE_WINDOW"), type: Atom(XA_WINDOW)).first
    let names = (text(display, root, atom(display, "_NET_DESKTOP_NAMES"), type: atom(display, "UTF8_STRING")) ?? "")
      .split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
    return clients.map { w in
      let window = Window(w)
      let title =
        text(display, window, atom(display, "_NET_WM_NAME"), type: atom(display, "UTF8_STRING"))
        ?? text(display, window, Atom(XA_WM_NAME), type: Atom(XA_STRING)) ?? ""
      let classes = (text(display, window, Atom(XA_WM_CLASS), type: Atom(XA_STRING)) ?? "").split(separator: "\0")
      let desktop = cardinals(display, window, atom(display, "_NET_WM_DESKTOP"), type: Atom(XA_CARDINAL)).first
      let d = desktop.flatMap { $0 == 0xFFFF_FFFF ? nil : Int($0) }
      var client = Client(
        window: w, title: title, className: classes.count > 1 ? String(classes[1]) : classes.first.map(String.init) ?? "",
        desktop: d, desktopName: d.flatMap { $0 < names.count && !names[$0].isEmpty ? names[$0] : nil }, isActive: w == active)
      let icon = icon(cardinals(display, window, atom(display, "_NET_WM_ICON"), type: Atom(XA_CARDINAL)))
      (client.iconWidth, client.iconHeight, client.iconPixels) = icon ?? (0, 0, [])
      return client
    }
  }

  /// Of `_NET_WM_ICON`'s pictures (width, height, then the pixels, again
  /// and again), the smallest at least 32 px wide, else the largest.
  static func icon(_ data: [UInt]) -> (Int, Int, [UInt32])? {
    var best: (Int, Int, Range<Int>)?
    var i = 0
    while i + 2 <= data.count {
      let w = Int(truncatingIfNeeded: data[i]), h = Int(truncatingIfNeeded: data[i + 1])
      guard w > 0, h > 0, w <= 1024, h <= 1024, i + 2 + w * h <= data.count else { break }
      let better: Bool
      if let (bw, _, _) = best {
        better = bw < 32 ? w > bw : w >= 32 && w < bw
      } else {
        better = true
      }
      if better { best = (w, h, (i + 2)..<(i + 2 + w * h)) }
      i += 2 + w * h
    }
    return best.map { ($0.0, $0.1, data[$0.2].map { UInt32(truncatingIfNeeded: $0) }) }
  }

  /// Asks the manager to activate `window`, switching first to `desktop`
  /// when it is another; false without a display.
  @discardableResult
  public static func activate(_ window: UInt, desktop: Int?) -> Bool {
    guard let display = XOpenDisplay(nil) else { return false }
    defer { XCloseDisplay(display) }
    let root = XDefaultRootWindow(display)
    let currentAtom = atom(display, "_NET_CURRENT_DESKTOP")
    let current = cardinals(display, root, currentAtom, type: Atom(XA_CARDINAL)).first.map { Int($0) }
    if let desktop, desktop != current {
      send(display, root, root, currentAtom, [UInt(desktop), 0])
    }
    // Source 2: a pager, as rofi says it is, so the manager obeys.
    send(display, root, Window(window), atom(display, "_NET_ACTIVE_WINDOW"), [2, 0, 0])
    XFlush(display)
    return true
  }

  private static func atom(_ d: OpaquePointer, _ name: String) -> Atom { XInternAtom(d, name, 0) }

  private static func send(_ d: OpaquePointer, _ root: Window, _ window: Window, _ type: Atom, _ values: [UInt]) {
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.serial = 0
    event.xclient.send_event = 1
    event.xclient.display = d
    event.xclient.window = window
    event.xclient.message_type = type
    event.xclient.format = 32
    withUnsafeMutableBytes(of: &event.xclient.data) { raw in
      let longs = raw.bindMemory(to: Int.self)
      for (i, v) in values.prefix(5).enumerated() { longs[i] = Int(bitPattern: v) }
    }
    XSendEvent(d, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
  }

  private static func cardinals(_ d: OpaquePointer, _ w: Window, _ property: Atom, type: Atom) -> [UInt] {
    var actual: Atom = 0
    var format: Int32 = 0
    var count: UInt = 0
    var after: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    guard XGetWindowProperty(d, w, property, 0, 1 << 16, 0, type, &actual, &format, &count, &after, &data) == Success,
      let data
    else { return [] }
    defer { XFree(data) }
    guard format == 32 else { return [] }
    // Xlib hands 32-bit items as longs.
    return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
  }

  private static func text(_ d: OpaquePointer, _ w: Window, _ property: Atom, type: Atom) -> String? {
    var actual: Atom = 0
    var format: Int32 = 0
    var count: UInt = 0
    var after: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    guard XGetWindowProperty(d, w, property, 0, 1 << 16, 0, type, &actual, &format, &count, &after, &data) == Success,
      let data
    else { return nil }
    defer { XFree(data) }
    guard format == 8, count > 0 else { return nil }
    var bytes = Array(UnsafeBufferPointer(start: data, count: Int(count)))
    if bytes.last == 0 { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}
