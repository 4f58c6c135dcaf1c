/// A resting state of the drawer, ordered from least to most expanded.
///
/// The raw values are the names the program prints in its JSON events.
public enum DrawerState: String, CaseIterable, Comparable, Sendable {
  case dismissed
  case collapsed
  case partiallyExpanded
  case fullyExpanded

  private var order: Int {
    switch self {
    case .dismissed: 0
    case .collapsed: 1
    case .partiallyExpanded: 2
    case .fullyExpanded: 3
    }
  }

  public static func < (a: DrawerState, b: DrawerState) -> Bool { a.order < b.order }
}
