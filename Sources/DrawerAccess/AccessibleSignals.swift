import DrawerHost

/// One AT-SPI2 event as it goes on the bus: the signal
/// `org.a11y.atspi.Event.<kind>.<member>` from the object `source`, with
/// the body `(detail, detail1, detail2, any_data, {})`.
public struct AccessibleSignal: Equatable, Sendable {
  /// The event's `any_data`: a variant, or an empty string when there is nothing to say.
  public enum Payload: Equatable, Sendable {
    /// No data (sent as an empty string).
    case none
    /// A string: the window's title, a new name, the text.
    case text(String)
    /// A reference to the object with this id.
    case object(String)
  }

  /// The id of the object the signal comes from (`AccessibleIndex.path(of:)` gives its path).
  public var source: String
  /// The event interface's last name: `Object` or `Window`.
  public var kind: String
  /// The signal's member: `StateChanged`, `ChildrenChanged`, `Activate`...
  public var member: String
  /// The event's detail string: the state, `add` or `remove`, a property's name; empty for none.
  public var detail: String
  /// The first number: a state's new value (1 on, 0 off), a child's index, the caret.
  public var detail1: Int32
  /// The second number: a text change's length; 0 where the event has none.
  public var detail2: Int32
  /// The `any_data` the event carries.
  public var data: Payload

  /// The signal `kind`.`member` from object `source`, with the details and data given, none by default.
  public init(
    _ source: String, _ kind: String, _ member: String, detail: String = "", _ detail1: Int32 = 0,
    _ detail2: Int32 = 0, data: Payload = .none
  ) {
    self.source = source
    self.kind = kind
    self.member = member
    self.detail = detail
    self.detail1 = detail1
    self.detail2 = detail2
    self.data = data
  }

  /// The name clients listen for, e.g. `object:state-changed:focused`.
  public var eventName: String {
    var kebab = ""
    for c in member {
      if c.isUppercase && !kebab.isEmpty { kebab.append("-") }
      kebab.append(contentsOf: c.lowercased())
    }
    return kind.lowercased() + ":" + kebab + (detail.isEmpty ? "" : ":" + detail)
  }
}

extension AccessibleObject.State {
  /// The name state-changed events carry (`single-line`, not `single line`).
  public var eventName: String { rawValue.replacingSpaces() }
}

extension String {
  fileprivate func replacingSpaces() -> String { String(map { $0 == " " ? "-" : $0 }) }
}

/// The signals that bring a listener from `old` to `new`, in the order a
/// screen reader should get them: the window's activation, children gone
/// and come, names and texts, states turned off, then on, and last where
/// the list's selection went.
///
/// An object keeps its id while it means the same thing, so what differs
/// between two objects of one id is what changed. A row that scrolls into
/// view is new: only its focused and selected states are told, as that is
/// all a reader needs of it. State events go after the tree changed, since
/// clients read the state back.
public func accessibleSignals(from old: AccessibleIndex, to new: AccessibleIndex) -> [AccessibleSignal] {
  var out: [AccessibleSignal] = []
  let events = accessibleEvents(from: old.tree, to: new.tree)
  let title = new["frame"]?.object.name ?? ""
  for event in events {
    switch event {
    case .windowActivated: out.append(AccessibleSignal("frame", "Window", "Activate", data: .text(title)))
    case .windowDeactivated: out.append(AccessibleSignal("frame", "Window", "Deactivate", data: .text(title)))
    default: break
    }
  }
  let objects = new.tree.all
  for object in objects {
    guard let before = old[object.id]?.object else { continue }
    let had = before.children.map(\.id)
    let has = object.children.map(\.id)
    guard had != has else { continue }
    let kept = Set(has)
    for (i, id) in had.enumerated().reversed() where !kept.contains(id) {
      out.append(AccessibleSignal(object.id, "Object", "ChildrenChanged", detail: "remove", Int32(i), data: .object(id)))
    }
    let known = Set(had)
    for (i, id) in has.enumerated() where !known.contains(id) {
      out.append(AccessibleSignal(object.id, "Object", "ChildrenChanged", detail: "add", Int32(i), data: .object(id)))
    }
  }
  for object in objects {
    guard let before = old[object.id]?.object else { continue }
    if before.name != object.name {
      out.append(AccessibleSignal(object.id, "Object", "PropertyChange", detail: "accessible-name", data: .text(object.name)))
    }
    let was = before.text ?? "", now = object.text ?? ""
    if was != now {
      // Qt's way: the old text deleted, then the new one inserted, whole.
      if !was.isEmpty {
        out.append(
          AccessibleSignal(
            object.id, "Object", "TextChanged", detail: "delete", 0, Int32(was.unicodeScalars.count), data: .text(was)))
      }
      if !now.isEmpty {
        out.append(
          AccessibleSignal(
            object.id, "Object", "TextChanged", detail: "insert", 0, Int32(now.unicodeScalars.count), data: .text(now)))
      }
    }
    if let caret = object.caret, caret != before.caret {
      out.append(AccessibleSignal(object.id, "Object", "TextCaretMoved", Int32(caret)))
    }
  }
  let told: Set<AccessibleObject.State> = [.focused, .selected]
  var on: [AccessibleSignal] = []
  for object in objects {
    let before = old[object.id]?.object.states
    let now = object.states
    let was = before ?? now.subtracting(told)
    for state in AccessibleObject.State.allCases where was.contains(state) != now.contains(state) {
      let signal = AccessibleSignal(
        object.id, "Object", "StateChanged", detail: state.eventName, now.contains(state) ? 1 : 0)
      if now.contains(state) { on.append(signal) } else { out.append(signal) }
    }
  }
  // Objects that went away turn nothing off: their paths are gone.
  out += on
  for event in events {
    guard case .selected(let id) = event, let entry = new[id], let list = entry.parent else { continue }
    out.append(AccessibleSignal(list, "Object", "ActiveDescendantChanged", Int32(entry.index), data: .object(id)))
    out.append(AccessibleSignal(list, "Object", "SelectionChanged"))
  }
  return out
}
