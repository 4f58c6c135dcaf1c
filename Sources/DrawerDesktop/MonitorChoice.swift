import DrawerEngine
import DrawerProcess

/// One monitor: a rectangle of the screen in device px, as RandR 1.5 or
/// Xinerama reports it (monitors may overlap, and leave gaps).
public typealias ScreenMonitor = PixelRect

extension PixelRect {
  /// The area `other` shares with this monitor, px².
  public func overlap(_ other: PixelRect) -> Int { intersection(other).area }

  /// How far the point (`px`, `py`) lies from the monitor, squared px; 0
  /// on it.
  func distanceSquared(x px: Int, y py: Int) -> Int {
    let dx = px < x ? x - px : px >= x + width ? px - (x + width - 1) : 0
    let dy = py < y ? y - py : py >= y + height ? py - (y + height - 1) : 0
    return dx * dx + dy * dy
  }

  /// The part of the monitor on `screen` (the root window); nil when none
  /// of it is: a monitor off the screen, or of no area. A window never
  /// covers more than the screen, so a monitor larger than the screen
  /// costs no more than the screen does.
  public func clipped(to screen: PixelRect) -> PixelRect? {
    let part = intersection(screen)
    return part.isEmpty ? nil : part
  }

  /// `WxH+X+Y`, as xrandr and X geometry strings write a rectangle.
  var geometryText: String { "\(width)x\(height)\(x < 0 ? "" : "+")\(x)\(y < 0 ? "" : "+")\(y)" }

  /// The top-left corner of a window `width` × `height` px centred on the
  /// monitor; a window larger than the monitor starts at its corner.
  public func centred(width w: Int, height h: Int) -> (x: Int, y: Int) {
    (x + max(0, (width - w) / 2), y + max(0, (height - h) / 2))
  }
}

/// --monitor: which monitor a window goes to.
///
/// The rule, dmenu's: a number picks the monitor of that index (from 0, in
/// the order the server lists them); `pointer` the monitor under the
/// pointer, or the nearest one when the pointer is in a gap between them;
/// `focus`, the default, the monitor the focused window overlaps most,
/// else (no focused window, or one on no monitor) the pointer's. With no
/// monitor listed at all, the whole screen is the one monitor.
///
/// Every monitor is clipped to the screen first. One with nothing on the
/// screen (off it, or of no area) is never chosen by a rule, which then
/// chooses among the others (the whole screen when none is left), and an
/// index naming one fails.
public enum MonitorChoice: Equatable, Sendable {
  /// A number: the monitor at that index, from 0, in the server's order.
  case index(Int)
  /// `pointer`: the monitor under the pointer, or the nearest when it is between them.
  case pointer
  /// `focus`, the default: the monitor the focused window overlaps most, else the pointer's.
  case focus

  /// The largest index taken: more monitors than this no server lists.
  public static let maximumIndex = 1023

  /// `N`, `pointer` or `focus`; nil for anything else.
  public init?(_ text: String) {
    switch text {
    case "pointer": self = .pointer
    case "focus": self = .focus
    default:
      guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
        text.utf8.count <= 4, let n = Int(text), n <= MonitorChoice.maximumIndex
      else { return nil }
      self = .index(n)
    }
  }

  /// The monitor chosen among `monitors` (the server's order), with the
  /// pointer at `pointer` and the focused window covering `focused` (nil
  /// when the pointer is on another screen, or no window has the focus);
  /// `screen` stands for every monitor when the list is empty. Fails only
  /// for an index past the last monitor, saying how many there are.
  public func monitor(
    among monitors: [ScreenMonitor], pointer: (x: Int, y: Int)?, focused: ScreenMonitor?, screen: ScreenMonitor
  ) -> Result<ScreenMonitor, MonitorChoiceError> {
    let list = monitors.isEmpty ? [screen] : monitors
    // What a rule chooses among: the server's order, unusable ones left out.
    let usable = list.compactMap { $0.clipped(to: screen) }
    switch self {
    case .index(let n):
      guard n < list.count else { return .failure(.pastLast(index: n, count: list.count)) }
      guard let m = list[n].clipped(to: screen) else {
        return .failure(.offScreen(index: n, monitor: list[n], screen: screen))
      }
      return .success(m)
    case .pointer:
      return .success(Self.underPointer(usable, pointer) ?? screen)
    case .focus:
      if let focused {
        // The first of the monitors it overlaps most.
        var best: (monitor: ScreenMonitor, area: Int)?
        for m in usable {
          let area = m.overlap(focused)
          if area > (best?.area ?? 0) { best = (m, area) }
        }
        if let best { return .success(best.monitor) }
      }
      return .success(Self.underPointer(usable, pointer) ?? screen)
    }
  }

  /// The monitor a window covering `current` goes to once the monitors
  /// changed (RandR's screen change): the same number while there is a
  /// usable monitor of that number; otherwise the monitor that overlaps
  /// `current` most, else the pointer's, whatever picked `current` at
  /// first.
  public func following(
    _ current: ScreenMonitor, among monitors: [ScreenMonitor], pointer: (x: Int, y: Int)?, screen: ScreenMonitor
  ) -> ScreenMonitor {
    if case .index = self, case .success(let same) = monitor(among: monitors, pointer: pointer, focused: nil, screen: screen) {
      return same
    }
    guard case .success(let m) = MonitorChoice.focus.monitor(among: monitors, pointer: pointer, focused: current, screen: screen)
    else { return screen }
    return m
  }

  /// The first monitor nearest the pointer (the one under it when there
  /// is one); the first monitor when the pointer is unknown, nil when
  /// `list` is empty.
  private static func underPointer(_ list: [ScreenMonitor], _ pointer: (x: Int, y: Int)?) -> ScreenMonitor? {
    guard var best = list.first else { return nil }
    guard let p = pointer else { return best }
    var distance = best.distanceSquared(x: p.x, y: p.y)
    for m in list.dropFirst() {
      let d = m.distanceSquared(x: p.x, y: p.y)
      if d < distance { (best, distance) = (m, d) }
    }
    return best
  }
}

/// A --monitor index that names no monitor this window can cover.
public enum MonitorChoiceError: Error, Equatable, Sendable {
  /// Past the last monitor; `count` is how many the server lists (1 at
  /// least: the screen).
  case pastLast(index: Int, count: Int)
  /// A monitor the server lists, with no pixel on the screen: off it, or
  /// of no area.
  case offScreen(index: Int, monitor: ScreenMonitor, screen: ScreenMonitor)

  /// The failure the program ends with: status 64, naming the flag and
  /// what this display allows.
  public var failure: Failure {
    switch self {
    case .pastLast(let index, let count):
      let allowed =
        count == 1
        ? "0 (this display has one monitor), pointer or focus"
        : "a monitor's number from 0 to \(count - 1) (this display has \(count)), pointer or focus"
      return .usage("--monitor", allowed, String(index))
    case .offScreen(let index, let monitor, let screen):
      return .usage(
        "--monitor", "a monitor on the \(screen.width)x\(screen.height) screen, pointer or focus",
        "\(index), which is \(monitor.geometryText): no part of it is on the screen")
    }
  }
}
