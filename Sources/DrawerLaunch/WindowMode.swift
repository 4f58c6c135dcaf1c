import DrawerProcess
import DrawerRowIcons
import DrawerRows
import Glibc

/// rofi's `window`: the managed windows, the one on top first, each shown
/// as its desktop (its name, else its number from 1, or blank on every
/// desktop), its class and its title (rofi's `{w} {c} {t}`), the active
/// one drawn active, with its own icon (`_NET_WM_ICON`) or else the icon
/// theme's named by its class in lower case; Return activates the chosen one, switching desktops as
/// needed. The windows and the activation come from the X layer, handed in.
public final class WindowMode: LaunchMode {
  /// One managed window as the X layer describes it.
  public struct Client: Equatable, Sendable {
    /// The window's X id.
    public var window: UInt
    /// Its title; empty when it has none.
    public var title: String
    /// WM_CLASS's class; empty when it has none.
    public var className: String
    /// Its desktop, from 0; nil when it shows on every one.
    public var desktop: Int?
    /// That desktop's name; nil when the manager gives none.
    public var desktopName: String?
    /// Whether it is the active window.
    public var isActive: Bool
    /// Its own icon (`_NET_WM_ICON`): width, height and straight ARGB
    /// words, row-major; empty for none.
    public var iconWidth = 0
    /// The icon's height, px; 0 for none.
    public var iconHeight = 0
    /// The icon's `iconWidth` × `iconHeight` words.
    public var iconPixels: [UInt32] = []

    /// A window with these properties; by default inactive and without an icon.
    public init(
      window: UInt, title: String, className: String, desktop: Int?, desktopName: String? = nil, isActive: Bool = false,
      iconWidth: Int = 0, iconHeight: Int = 0, iconPixels: [UInt32] = []
    ) {
      self.iconWidth = iconWidth
      self.iconHeight = iconHeight
      self.iconPixels = iconPixels
      self.window = window
      self.title = title
      self.className = className
      self.desktop = desktop
      self.desktopName = desktopName
      self.isActive = isActive
    }
  }

  /// The mode's name, `window`, as `-show` and the prompt say it.
  public let name = "window"
  let clients: [Client]
  let activate: (UInt, Int?) -> Bool

  /// The PNG files the windows' own icons were written to, for the pick.
  private var iconFiles: WindowIconFiles?

  /// The mode over `clients`, switching to one through `activate` (its id and its desktop).
  public init(clients: [Client], activate: @escaping (UInt, Int?) -> Bool) {
    self.clients = clients
    self.activate = activate
  }

  /// The row's icon: the window's own, written as a PNG the pick reads, or
  /// else the theme's for its class.
  private func icon(_ c: Client) -> String? {
    if c.iconWidth > 0 && c.iconHeight > 0 && c.iconPixels.count == c.iconWidth * c.iconHeight {
      if iconFiles == nil { iconFiles = WindowIconFiles() }
      if let path = iconFiles?.write(c) { return path }
    }
    return c.className.isEmpty ? nil : c.className.lowercased()
  }

  /// One row a window: its desktop's name (or number from 1), class and title; the active one marked.
  public func page() -> ModePage {
    var page = ModePage(prompt: name)
    page.rows = clients.map { c in
      let desk = c.desktopName ?? c.desktop.map { String($0 + 1) } ?? " "
      // Without _NET_WM_ICON, the theme's for the class, as rofi finds one
      // (`xterm`, `firefox-esr`).
      let icon = icon(c)
      return ModeRow(text: "\(desk)  \(c.className)  \(c.title)", options: RowOptions(icon: icon), key: String(c.window))
    }
    // The active window is drawn as rofi draws it: active.
    page.active = clients.indices.filter { clients[$0].isActive }.map(String.init).joined(separator: ",")
    return page
  }

  /// Activates the chosen window: status 0, or 69 when it could not be; typed text exits 0.
  public func choose(_ choice: ModeChoice) -> ModeOutcome {
    guard case .row(let i, _) = choice, i >= 0 && i < clients.count else { return .exit(ExitStatus.ok) }
    return activate(clients[i].window, clients[i].desktop) ? .exit(ExitStatus.ok) : .exit(ExitStatus.unavailable)
  }
}

/// The windows' own icons as PNG files in a private directory (in
/// `$XDG_RUNTIME_DIR`, else `/tmp`), which the pick reads by path; the
/// files and the directory go when the mode does.
final class WindowIconFiles {
  let directory: String
  private var written: [String] = []

  init?() {
    let base = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((base + "/drawer-x11-window-icons-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
    directory = String(cString: made)
  }

  deinit {
    for path in written { unlink(path) }
    rmdir(directory)
  }

  /// Writes `client`'s icon; its path, or nil when it could not be written.
  func write(_ client: WindowMode.Client) -> String? {
    let path = directory + "/\(client.window).png"
    guard
      IconFiles.writePNG(
        path: path, width: client.iconWidth, height: client.iconHeight, argb: client.iconPixels)
    else { return nil }
    written.append(path)
    return path
  }
}
