/// What the window calls itself: its title, WM_CLASS and window type.
public struct WindowIdentity: Equatable, Sendable {
  /// The title when --title is not given: the program's name.
  public static let defaultTitle = "drawer-x11"
  /// WM_CLASS's instance by default: the program's name.
  public static let defaultInstanceName = "drawer-x11"
  /// WM_CLASS's class by default: the program's name capitalised, as X's convention has it.
  public static let defaultClassName = "Drawer-x11"

  /// WM_NAME and _NET_WM_NAME.
  public var title = defaultTitle
  /// WM_CLASS's instance, and the first component of the program's resources.
  public var instanceName = defaultInstanceName
  /// WM_CLASS's class, and the first class component of its resources.
  public var className = defaultClassName
  /// A picker is a short-lived dialog (_NET_WM_WINDOW_TYPE_DIALOG), which
  /// window managers float and centre; otherwise a normal window.
  public var isDialog = false

  /// The default identity: drawer-x11's title and class, a normal window.
  public init() {}
}

/// The longest --title, UTF-8 bytes: a title is a line, and window
/// managers copy it around.
package let maximumTitleLength = 4096

/// The longest --name and --class, UTF-8 bytes.
package let maximumClassNameLength = 256

/// The largest geometry offset, px: X coordinates are 16-bit.
package let maximumGeometryOffset = 32_767
