import DrawerEngine

/// One object a screen reader is shown, as AT-SPI2 models it: a role, a
/// name, states, text for an entry or a text, where it lies, and its
/// children.
///
/// `id` names the object for as long as it means the same thing, so a
/// bridge to the accessibility bus can give it one object path: `app`,
/// `frame`, `panel`, `entry`, `list`, `row/N` (N the row's number in the
/// list as filtered now) and `detail`.
public struct AccessibleObject: Equatable, Sendable {
  /// What an object is to a screen reader, by AT-SPI2's role names.
  public enum Role: String, Sendable {
    /// The program, its window, the panel, the query's entry, the list, one row, and the detail's text.
    case application, frame, panel, entry, list, listItem = "list item", text
  }

  /// The states a screen reader acts on (AT-SPI2's names).
  public enum State: String, Hashable, Sendable, CaseIterable {
    /// Activity, editing, focus, selection, sensitivity and showing, by AT-SPI2's names.
    case active, editable, enabled, focusable, focused, multiselectable, selectable, selected, sensitive, showing
    /// Whether the object is in view, and whether its text is one line (the entry) or many (the detail).
    case visible, singleLine = "single line", multiLine = "multi line"
  }

  /// The object's stable name: `app`, `frame`, `panel`, `entry`, `list`, `row/N` or `detail`.
  public var id: String
  /// What the object is.
  public var role: Role
  /// The name a screen reader speaks: a title, a header or a row's text.
  public var name: String
  /// The states the object has now; a state left out is off.
  public var states: Set<State>
  /// An entry's or a text's characters.
  public var text: String?
  /// Where typing goes in `text`, in characters (Unicode scalars, as
  /// AT-SPI2 counts); nil where nothing is typed.
  public var caret: Int?
  /// Window px; nil for the application, which has no place.
  public var extents: Rect?
  /// The objects inside this one, in reading order.
  public var children: [AccessibleObject]

  /// An object with these parts; by default no states, text, caret, place or children.
  public init(
    id: String, role: Role, name: String, states: Set<State> = [], text: String? = nil, caret: Int? = nil,
    extents: Rect? = nil, children: [AccessibleObject] = []
  ) {
    self.id = id
    self.role = role
    self.name = name
    self.states = states
    self.text = text
    self.caret = caret
    self.extents = extents
    self.children = children
  }

  /// The object `id` in this subtree, if any.
  public func find(_ id: String) -> AccessibleObject? {
    if self.id == id { return self }
    for c in children { if let found = c.find(id) { return found } }
    return nil
  }

  /// Every object of the subtree, depth first.
  public var all: [AccessibleObject] { [self] + children.flatMap(\.all) }
}

/// What a screen reader is told happened between two trees, in the order
/// it should hear it (AT-SPI2's object and window events).
public enum AccessibleEvent: Equatable, Sendable {
  /// window:activate: the window took the focus.
  case windowActivated
  /// window:deactivate: the window lost the focus.
  case windowDeactivated
  /// object:children-changed: the list's rows changed (a filter, rows
  /// arriving, a scroll).
  case childrenChanged(id: String)
  /// object:text-changed on the entry or the detail.
  case textChanged(id: String, text: String)
  /// object:state-changed:selected and :focused on the row that now has
  /// them (object:active-descendant-changed on the list).
  case selected(id: String)
}

extension HostSession {
  /// The tree a screen reader sees now: the application, the window's
  /// frame named `title`, the panel named by its header, the query's entry
  /// in a pick or a filter, the list with the rows in view, and the detail's
  /// text while one is open. `active` is whether the window has the focus.
  public func accessibleTree(title: String, active: Bool) -> AccessibleObject {
    let model = drawer.renderModel
    let shown: Set<AccessibleObject.State> = model.extent > 0 ? [.showing, .visible] : []
    var panel: [AccessibleObject] = []
    if let query {
      // A --password query is told as bullets, one a character, as GTK
      // tells a password entry: its length, never its text.
      let typed = String(decoding: query.text.utf8.prefix(query.caret), as: UTF8.self).unicodeScalars.count
      let text =
        pick?.hidesQuery == true ? String(repeating: "\u{25CF}", count: query.text.unicodeScalars.count) : query.text
      panel.append(
        AccessibleObject(
          id: "entry", role: .entry, name: rows.prompt ?? "Filter",
          states: shown.union([.editable, .enabled, .sensitive, .focusable, .singleLine]).union(
            model.list.selectedRow == nil && active ? [.focused] : []),
          text: text, caret: typed, extents: model.headerFrame))
    }
    let list = model.list
    var items: [AccessibleObject] = []
    let end = min(list.rowCount, list.firstVisibleRow + list.visibleRowCount)
    var row = max(0, list.firstVisibleRow)
    while row < end {
      let top = list.rowTop(row)
      var states = shown.union([.enabled, .sensitive, .selectable, .focusable])
      if row == list.selectedRow { states.formUnion(active ? [.selected, .focused] : [.selected]) }
      items.append(
        AccessibleObject(
          id: "row/\(row)", role: .listItem, name: rows.text(ofRow: row), states: states,
          extents: Rect(x: list.viewport.x, y: top, width: list.viewport.width, height: list.rowTop(row + 1) - top)))
      row += 1
    }
    panel.append(
      AccessibleObject(
        id: "list", role: .list, name: String(decoding: rows.title, as: UTF8.self),
        states: shown.union([.enabled, .sensitive, .focusable]).union(pick?.multiple == true ? [.multiselectable] : []),
        extents: list.viewport, children: items))
    if let detailRow = host.stack.detailRow, let detail = host.stack.detail?.renderModel {
      let seen: Set<AccessibleObject.State> = detail.extent > 0 ? [.showing, .visible] : []
      panel.append(
        AccessibleObject(
          id: "detail", role: .text, name: "Row \(detailRow + 1)",
          states: seen.union([.enabled, .multiLine]),
          text: rows.text(ofRow: detailRow), extents: detail.list.viewport))
    }
    // Without ENABLED and SENSITIVE a screen reader calls the window
    // "grayed" (Orca does).
    let usable: Set<AccessibleObject.State> = [.enabled, .sensitive]
    let frame = AccessibleObject(
      id: "frame", role: .frame, name: title,
      states: usable.union(active ? [.active, .showing, .visible] : [.showing, .visible]),
      extents: Rect(x: 0, y: 0, width: model.containerSize.width, height: model.containerSize.height),
      children: [
        AccessibleObject(
          id: "panel", role: .panel, name: String(decoding: rows.title, as: UTF8.self), states: shown.union(usable),
          extents: model.panelArea, children: panel)
      ])
    return AccessibleObject(id: "app", role: .application, name: "drawer-x11", children: [frame])
  }
}

/// The events that bring a screen reader from `old` to `new` (nil: it knew
/// nothing yet, and hears only where the focus is).
public func accessibleEvents(from old: AccessibleObject?, to new: AccessibleObject) -> [AccessibleEvent] {
  var out: [AccessibleEvent] = []
  let wasActive = old?.find("frame")?.states.contains(.active) ?? false
  let isActive = new.find("frame")?.states.contains(.active) ?? false
  if isActive && !wasActive { out.append(.windowActivated) }
  if !isActive && wasActive { out.append(.windowDeactivated) }
  if let old {
    let rowsBefore = old.find("list")?.children.map { [$0.id, $0.name] }
    let rowsNow = new.find("list")?.children.map { [$0.id, $0.name] }
    if rowsBefore != rowsNow { out.append(.childrenChanged(id: "list")) }
    for id in ["entry", "detail"] {
      if let text = new.find(id)?.text, text != old.find(id)?.text { out.append(.textChanged(id: id, text: text)) }
    }
  }
  let selected = { (tree: AccessibleObject?) in
    tree?.find("list")?.children.first { $0.states.contains(.selected) }?.id
  }
  if let now = selected(new), now != selected(old) { out.append(.selected(id: now)) }
  return out
}
