import DrawerHost

/// rofi's `window`: the managed windows, the one on top first, each shown
/// as its desktop (its name, else its number from 1, or blank on every
/// desktop), its class and its title (rofi's `{w} {c} {t}`), the active
/// one drawn active; Return activates the chosen one, switching desktops as
/// needed. The windows and the activation come from the X layer, handed in.
public final class WindowMode: LaunchMode {
  /// One managed window as the X layer describes it.
  public struct Client: Equatable, Sendable {
    public var window: UInt
    public var title: String
    public var className: String
    public var desktop: Int?
    public var desktopName: String?
    public var isActive: Bool

    public init(
      window: UInt, title: String, className: String, desktop: Int?, desktopName: String? = nil, isActive: Bool = false
    ) {
      self.window = window
      self.title = title
      self.className = className
      self.desktop = desktop
      self.desktopName = desktopName
      self.isActive = isActive
    }
  }

  public let name = "window"
  let clients: [Client]
  let activate: (UInt, Int?) -> Bool

  public init(clients: [Client], activate: @escaping (UInt, Int?) -> Bool) {
    self.clients = clients
    self.activate = activate
  }

  public func page() -> ModePage {
    var page = ModePage(prompt: name)
    page.rows = clients.map { c in
      let desk = c.desktopName ?? c.desktop.map { String($0 + 1) } ?? " "
      return ModeRow(text: "\(desk)  \(c.className)  \(c.title)", key: String(c.window))
    }
    // The active window is drawn as rofi draws it: active.
    page.active = clients.indices.filter { clients[$0].isActive }.map(String.init).joined(separator: ",")
    return page
  }

  public func choose(_ choice: ModeChoice) -> ModeOutcome {
    guard case .row(let i, _) = choice, i >= 0 && i < clients.count else { return .exit(ExitStatus.ok) }
    return activate(clients[i].window, clients[i].desktop) ? .exit(ExitStatus.ok) : .exit(ExitStatus.unavailable)
  }
}
