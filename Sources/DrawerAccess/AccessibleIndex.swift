import DrawerHost

/// Where every object of one accessible tree lives on the bus: its object
/// path, its parent and its place among its siblings.
///
/// The root (`app`) is `/org/a11y/atspi/accessible/root`, where the
/// registry looks for it; every other object is the prefix and its id
/// (`…/frame`, `…/row/3`).
public struct AccessibleIndex {
  /// The object path every object's path starts with.
  public static let prefix = "/org/a11y/atspi/accessible"
  /// The application's path, where the registry looks for a program's root.
  public static let rootPath = prefix + "/root"

  /// One object of the tree with where it hangs: its parent's id and its place among the siblings.
  public struct Entry {
    /// The object itself.
    public var object: AccessibleObject
    /// nil for the root.
    public var parent: String?
    /// The place among the parent's children; -1 for the root.
    public var index: Int
  }

  /// The tree indexed, as given.
  public let tree: AccessibleObject
  private var entries: [String: Entry] = [:]

  /// The index of every object of `tree`, by id.
  public init(_ tree: AccessibleObject) {
    self.tree = tree
    add(tree, parent: nil, index: -1)
  }

  private mutating func add(_ object: AccessibleObject, parent: String?, index: Int) {
    entries[object.id] = Entry(object: object, parent: parent, index: index)
    for (i, child) in object.children.enumerated() { add(child, parent: object.id, index: i) }
  }

  /// The object path of the object `id`: the root path for `app`, else the prefix and the id.
  public static func path(of id: String) -> String { id == "app" ? rootPath : prefix + "/" + id }

  /// The id an object path names, nil for a path outside the prefix.
  public static func id(ofPath path: String) -> String? {
    guard path.hasPrefix(prefix + "/") else { return nil }
    let rest = String(path.dropFirst(prefix.count + 1))
    return rest == "root" ? "app" : rest
  }

  /// The entry of the object `id`; nil when the tree has none.
  public subscript(id: String) -> Entry? { entries[id] }

  /// The entry of the object at object path `path`; nil for a path that names none.
  public func entry(atPath path: String) -> Entry? { Self.id(ofPath: path).flatMap { entries[$0] } }
}

/// The AT-SPI2 interfaces an object of `role` answers, Accessible first.
public func atspiInterfaces(of object: AccessibleObject) -> [String] {
  var names = ["org.a11y.atspi.Accessible"]
  switch object.role {
  case .application: names.append("org.a11y.atspi.Application")
  case .frame, .panel: names.append("org.a11y.atspi.Component")
  case .entry, .text: names += ["org.a11y.atspi.Component", "org.a11y.atspi.Text"]
  case .list: names += ["org.a11y.atspi.Component", "org.a11y.atspi.Selection"]
  case .listItem: names += ["org.a11y.atspi.Component", "org.a11y.atspi.Action"]
  }
  return names
}
