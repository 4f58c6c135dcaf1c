/// The name of a place a panel rests at: one of its detents, or the hidden
/// position, "dismissed".
///
/// Events and requests carry names, so a panel with any detents reports
/// them the same way. The DrawerKit preset's four names are provided as
/// constants; `.fullyExpanded` reads as well as `"fullyExpanded"`.
public struct DetentName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The name as written: never empty when made through `init?(rawValue:)`.
  public var rawValue: String

  /// Refuses an empty name.
  public init?(rawValue: String) {
    guard !rawValue.isEmpty else { return nil }
    self.rawValue = rawValue
  }

  /// The name `name`, unchecked: a name no panel has is simply never found.
  public init(_ name: String) { rawValue = name }

  /// The name written as a literal, `"half"`.
  public init(stringLiteral value: String) { rawValue = value }

  /// The name itself, for messages and events.
  public var description: String { rawValue }

  /// The hidden position, extent 0.
  public static let dismissed: DetentName = "dismissed"
  /// DrawerKit's peek state.
  public static let collapsed: DetentName = "collapsed"
  /// DrawerKit's partial state.
  public static let partiallyExpanded: DetentName = "partiallyExpanded"
  /// DrawerKit's full state.
  public static let fullyExpanded: DetentName = "fullyExpanded"
  /// The DrawerKit preset's names, least expanded first.
  public static let drawerKitNames: [DetentName] = [.dismissed, .collapsed, .partiallyExpanded, .fullyExpanded]
}
