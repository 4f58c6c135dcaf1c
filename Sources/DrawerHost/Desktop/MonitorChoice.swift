import DrawerEngine

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
public enum MonitorChoice: Equatable, Sendable {
  case index(Int)
  case pointer
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
    switch self {
    case .index(let n):
      return n < list.count ? .success(list[n]) : .failure(MonitorChoiceError(index: n, count: list.count))
    case .pointer:
      return .success(Self.underPointer(list, pointer))
    case .focus:
      if let focused {
        // The first of the monitors it overlaps most.
        var best: (monitor: ScreenMonitor, area: Int)?
        for m in list {
          let area = m.overlap(focused)
          if area > (best?.area ?? 0) { best = (m, area) }
        }
        if let best { return .success(best.monitor) }
      }
      return .success(Self.underPointer(list, pointer))
    }
  }

  /// The monitor a window covering `current` goes to once the monitors
  /// changed (RandR's screen change): the same number while there is a
  /// monitor of that number; otherwise the monitor that overlaps `current`
  /// most, else the pointer's, whatever picked `current` at first.
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
  /// is one); the first monitor when the pointer is unknown.
  private static func underPointer(_ list: [ScreenMonitor], _ pointer: (x: Int, y: Int)?) -> ScreenMonitor {
    guard let p = pointer else { return list[0] }
    var best = list[0]
    var distance = best.distanceSquared(x: p.x, y: p.y)
    for m in list.dropFirst() {
      let d = m.distanceSquared(x: p.x, y: p.y)
      if d < distance { (best, distance) = (m, d) }
    }
    return best
  }
}

/// A --monitor index past the last monitor.
public struct MonitorChoiceError: Error, Equatable, Sendable {
  public var index: Int
  /// How many monitors the server lists (1 at least: the screen).
  public var count: Int

  /// The failure the program ends with: status 64, naming the flag and
  /// the indexes this display has.
  public var failure: Failure {
    let allowed =
      count == 1
      ? "0 (this display has one monitor), pointer or focus"
      : "a monitor's number from 0 to \(count - 1) (this display has \(count)), pointer or focus"
    return .usage("--monitor", allowed, String(index))
  }
}
