import DrawerEngine

/// A monitor as RandR 1.5 names it: its name (`xrandr --listmonitors`'s,
/// nil where the server lists no names, as Xinerama's heads) and its
/// rectangle, device px.
public struct NamedMonitor: Equatable, Sendable {
  /// The monitor's RandR name (`DP-1`, `HDMI-A-0`); nil where the server names none (Xinerama).
  public var name: String?
  /// The monitor's rectangle on the screen, device px.
  public var rect: ScreenMonitor

  /// The monitor `name` (nil when unnamed) covering `rect`.
  public init(name: String?, rect: ScreenMonitor) {
    self.name = name
    self.rect = rect
  }
}

/// What a --desktop window does when the monitors changed while it shows:
/// it follows its monitor by name, to wherever that monitor went, and
/// leaves when no monitor of that name remains.
public enum MonitorFollow: Equatable, Sendable {
  /// The monitor is where it was.
  case stay
  /// The monitor (or, without names, the best one left) is now here.
  case move(ScreenMonitor)
  /// No monitor of that name remains: the panel slides out, and the next
  /// show chooses by the rule again.
  case gone

  /// The step for a window on `current`, which had the name `name`, among
  /// `monitors` now; `screen` is the root's rectangle, which clips every
  /// monitor. Without a name (no RandR 1.5), the window follows `choice`'s
  /// rule for a changed layout (`MonitorChoice.following`).
  public static func next(
    current: ScreenMonitor, name: String?, among monitors: [NamedMonitor], choice: MonitorChoice,
    pointer: (x: Int, y: Int)?, screen: ScreenMonitor
  ) -> MonitorFollow {
    let target: ScreenMonitor
    if let name {
      guard let same = monitors.first(where: { $0.name == name }), let clipped = same.rect.clipped(to: screen) else {
        return .gone
      }
      target = clipped
    } else {
      target = choice.following(current, among: monitors.map(\.rect), pointer: pointer, screen: screen)
    }
    return target == current ? .stay : .move(target)
  }

  /// The name of the monitor `choice` chose, `chosen` (clipped to the
  /// screen, as the choice gives it): the first of that rectangle, else
  /// the one it overlaps most; nil when none has a name.
  public static func name(of chosen: ScreenMonitor, among monitors: [NamedMonitor], screen: ScreenMonitor) -> String? {
    if let same = monitors.first(where: { $0.rect.clipped(to: screen) == chosen }) { return same.name }
    var best: (name: String?, area: Int)?
    for m in monitors {
      let area = m.rect.overlap(chosen)
      if area > (best?.area ?? 0) { best = (m.name, area) }
    }
    return best?.name
  }
}
