import CSystemd
import DrawerEngine
import DrawerHost

// The answers to method calls on the accessible objects. sd-bus's vtables
// are built with variadic macros Swift cannot use, so one fallback handler
// takes every call under the prefix, Properties and all, and dispatches by
// interface and member here.

private let accessible = "org.a11y.atspi.Accessible"
private let application = "org.a11y.atspi.Application"
private let component = "org.a11y.atspi.Component"
private let selection = "org.a11y.atspi.Selection"
private let textInterface = "org.a11y.atspi.Text"
private let action = "org.a11y.atspi.Action"
private let properties = "org.freedesktop.DBus.Properties"

/// The default action's name, description and key (Action).
private let activateAction = (name: "activate", description: "Choose this row, as Return does", key: "Return")

extension AccessBridge {
  /// Answers one call: 1 when answered, 0 to leave it to sd-bus (its own
  /// Introspect and Peer), or a negative errno with `error` set.
  func answer(_ m: OpaquePointer, error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard sd_bus_message_is_method_call(m, nil, nil) > 0 else { return 0 }
    let interface = sd_bus_message_get_interface(m).map { String(cString: $0) } ?? ""
    let member = sd_bus_message_get_member(m).map { String(cString: $0) } ?? ""
    let path = sd_bus_message_get_path(m).map { String(cString: $0) } ?? ""
    if interface == "org.freedesktop.DBus.Introspectable" || interface == "org.freedesktop.DBus.Peer" { return 0 }
    guard let entry = index.entry(atPath: path) else {
      return sd_bus_error_set(error, "org.freedesktop.DBus.Error.UnknownObject", "No such accessible object: \(path)")
    }
    let args = MessageReader(m)
    let done: Bool
    switch interface {
    case properties: done = answerProperties(m, member: member, entry: entry, args: args)
    case accessible: done = answerAccessible(m, member: member, entry: entry, args: args)
    case application where entry.object.role == .application:
      done = member == "GetLocale" && reply(m) { $0.string("") }
    case component where entry.object.extents != nil: done = answerComponent(m, member: member, entry: entry, args: args)
    case selection where entry.object.role == .list: done = answerSelection(m, member: member, entry: entry, args: args)
    case textInterface where entry.object.text != nil: done = answerText(m, member: member, entry: entry, args: args)
    case action where entry.object.role == .listItem: done = answerAction(m, member: member, entry: entry, args: args)
    default: done = false
    }
    if done { return 1 }
    return sd_bus_error_set(
      error, "org.freedesktop.DBus.Error.UnknownMethod", "\(interface).\(member) is not answered at \(path)")
  }

  /// Sends the answer to `call` that `body` writes; false when it could
  /// not be built (the caller then answers with an error).
  func reply(_ call: OpaquePointer, _ body: (inout MessageWriter) -> Void) -> Bool {
    var m: OpaquePointer?
    guard sd_bus_message_new_method_return(call, &m) >= 0, let m else { return false }
    defer { sd_bus_message_unref(m) }
    var w = MessageWriter(m)
    body(&w)
    guard !w.failed else { return false }
    return sd_bus_send(bus, m, nil) >= 0
  }

  // MARK: Properties

  private func answerProperties(
    _ m: OpaquePointer, member: String, entry: AccessibleIndex.Entry, args: MessageReader
  ) -> Bool {
    switch member {
    case "Get":
      guard let interface = args.string(), let name = args.string(),
        let value = propertyValues(interface, of: entry).first(where: { $0.name == name })
      else { return false }
      return reply(m) { w in w.container("v", value.signature, value.write) }
    case "GetAll":
      guard let interface = args.string() else { return false }
      let values = propertyValues(interface, of: entry)
      return reply(m) { w in
        w.container("a", "{sv}") { w in
          for value in values {
            w.container("e", "sv") { w in
              w.string(value.name)
              w.container("v", value.signature, value.write)
            }
          }
        }
      }
    case "Set":
      // The registry numbers the application while it embeds it.
      guard args.string() == application, args.string() == "Id", entry.object.role == .application,
        args.enter("v", "i"), let id = args.int32()
      else { return false }
      args.exit()
      applicationId = id
      return reply(m) { _ in }
    default: return false
    }
  }

  private struct PropertyValue {
    let name: String
    let signature: String
    let write: (inout MessageWriter) -> Void
  }

  /// The properties `interface` has on the object, with their values now.
  private func propertyValues(_ interface: String, of entry: AccessibleIndex.Entry) -> [PropertyValue] {
    let object = entry.object
    guard atspiInterfaces(of: object).contains(interface) else { return [] }
    switch interface {
    case accessible:
      let parent = entry.parent.map { reference(to: $0) } ?? desktop
      return [
        PropertyValue(name: "Name", signature: "s") { $0.string(object.name) },
        PropertyValue(name: "Description", signature: "s") { $0.string("") },
        PropertyValue(name: "Parent", signature: "(so)") { $0.reference(parent) },
        PropertyValue(name: "ChildCount", signature: "i") { $0.int32(Int32(clamping: object.children.count)) },
        PropertyValue(name: "Locale", signature: "s") { $0.string("") },
        PropertyValue(name: "AccessibleId", signature: "s") { $0.string(object.id) },
      ]
    case application:
      let id = applicationId
      return [
        PropertyValue(name: "ToolkitName", signature: "s") { $0.string("drawer-x11") },
        PropertyValue(name: "Version", signature: "s") { [toolkitVersion] in $0.string(toolkitVersion) },
        PropertyValue(name: "ToolkitVersion", signature: "s") { [toolkitVersion] in $0.string(toolkitVersion) },
        PropertyValue(name: "AtspiVersion", signature: "s") { $0.string("2.1") },
        PropertyValue(name: "Id", signature: "i") { $0.int32(id) },
      ]
    case selection:
      let count = object.children.filter { $0.states.contains(.selected) }.count
      return [PropertyValue(name: "NSelectedChildren", signature: "i") { $0.int32(Int32(count)) }]
    case textInterface:
      let count = Int32(clamping: object.text?.unicodeScalars.count ?? 0)
      return [
        PropertyValue(name: "CharacterCount", signature: "i") { $0.int32(count) },
        PropertyValue(name: "CaretOffset", signature: "i") { $0.int32(Int32(clamping: object.caret ?? 0)) },
      ]
    case action:
      return [PropertyValue(name: "NActions", signature: "i") { $0.int32(1) }]
    default: return []
    }
  }

  // MARK: Accessible

  private func answerAccessible(
    _ m: OpaquePointer, member: String, entry: AccessibleIndex.Entry, args: MessageReader
  ) -> Bool {
    let object = entry.object
    switch member {
    case "GetChildAtIndex":
      guard let i = args.int32(), i >= 0, Int(i) < object.children.count else { return false }
      return reply(m) { [self] in $0.reference(reference(to: object.children[Int(i)].id)) }
    case "GetChildren":
      return reply(m) { [self] w in
        w.container("a", "(so)") { w in for child in object.children { w.reference(reference(to: child.id)) } }
      }
    case "GetIndexInParent": return reply(m) { $0.int32(Int32(entry.index)) }
    case "GetRelationSet": return reply(m) { [self] w in writeRelations(of: object, into: &w) }
    case "GetRole": return reply(m) { $0.uint32(object.role.atspiRole) }
    case "GetRoleName", "GetLocalizedRoleName": return reply(m) { $0.string(object.role.atspiRoleName) }
    case "GetState":
      return reply(m) { w in w.container("a", "u") { w in for word in atspiStateWords(object.states) { w.uint32(word) } } }
    case "GetAttributes":
      return reply(m) { w in
        w.container("a", "{ss}") { w in
          if object.role == .application {
            w.container("e", "ss") { w in
              w.string("toolkit")
              w.string("drawer-x11")
            }
          }
        }
      }
    case "GetApplication": return reply(m) { [self] in $0.reference(root) }
    case "GetInterfaces":
      return reply(m) { w in w.container("a", "s") { w in for name in atspiInterfaces(of: object) { w.string(name) } } }
    default: return false
    }
  }

  /// The entry controls the list it filters (CONTROLLER_FOR 3), and the
  /// list is controlled by it (CONTROLLED_BY 4).
  private func writeRelations(of object: AccessibleObject, into w: inout MessageWriter) {
    var relations: [(UInt32, String)] = []
    if object.role == .entry, index["list"] != nil { relations.append((3, "list")) }
    if object.role == .list, index["entry"] != nil { relations.append((4, "entry")) }
    w.container("a", "(ua(so))") { w in
      for (kind, target) in relations {
        w.container("r", "ua(so)") { [self] w in
          w.uint32(kind)
          w.container("a", "(so)") { [self] w in w.reference(reference(to: target)) }
        }
      }
    }
  }

  // MARK: Component

  /// The object's rectangle in `coordinates`: SCREEN 0, WINDOW 1, or
  /// PARENT 2 (relative to the parent's own rectangle).
  private func extents(of entry: AccessibleIndex.Entry, in coordinates: UInt32) -> (x: Int, y: Int, w: Int, h: Int) {
    let r = entry.object.extents ?? Rect(x: 0, y: 0, width: 0, height: 0)
    var x = Int(r.x.rounded()), y = Int(r.y.rounded())
    let w = Int(r.width.rounded()), h = Int(r.height.rounded())
    switch coordinates {
    case 0:
      let origin = hooks.windowOrigin()
      x += origin.x
      y += origin.y
    case 2:
      if let parent = entry.parent.flatMap({ index[$0]?.object.extents }) {
        x -= Int(parent.x.rounded())
        y -= Int(parent.y.rounded())
      }
    default: break
    }
    return (x, y, w, h)
  }

  private func answerComponent(
    _ m: OpaquePointer, member: String, entry: AccessibleIndex.Entry, args: MessageReader
  ) -> Bool {
    switch member {
    case "GetExtents":
      guard let coords = args.uint32() else { return false }
      let e = extents(of: entry, in: coords)
      return reply(m) { w in
        w.container("r", "iiii") { w in
          for v in [e.x, e.y, e.w, e.h] { w.int32(Int32(clamping: v)) }
        }
      }
    case "GetPosition":
      guard let coords = args.uint32() else { return false }
      let e = extents(of: entry, in: coords)
      return reply(m) { w in
        w.int32(Int32(clamping: e.x))
        w.int32(Int32(clamping: e.y))
      }
    case "GetSize":
      let e = extents(of: entry, in: 1)
      return reply(m) { w in
        w.int32(Int32(clamping: e.w))
        w.int32(Int32(clamping: e.h))
      }
    case "Contains":
      guard let px = args.int32(), let py = args.int32(), let coords = args.uint32() else { return false }
      let e = extents(of: entry, in: coords)
      let inside = Int(px) >= e.x && Int(px) < e.x + e.w && Int(py) >= e.y && Int(py) < e.y + e.h
      return reply(m) { $0.bool(inside) }
    case "GetAccessibleAtPoint":
      guard let px = args.int32(), let py = args.int32(), let coords = args.uint32() else { return false }
      let hit = entry.object.children.first { child in
        guard let c = index[child.id] else { return false }
        let e = extents(of: c, in: coords)
        return Int(px) >= e.x && Int(px) < e.x + e.w && Int(py) >= e.y && Int(py) < e.y + e.h
      }
      return reply(m) { [self] in $0.reference(hit.map { reference(to: $0.id) } ?? .null) }
    // The frame is a window; everything in it is a widget.
    case "GetLayer": return reply(m) { $0.uint32(entry.object.role == .frame ? 7 : 3) }
    case "GetMDIZOrder": return reply(m) { $0.int16(0) }
    case "GetAlpha": return reply(m) { $0.double(1) }
    case "GrabFocus": return reply(m) { $0.bool(false) }
    default: return false
    }
  }

  // MARK: Selection

  private func answerSelection(
    _ m: OpaquePointer, member: String, entry: AccessibleIndex.Entry, args: MessageReader
  ) -> Bool {
    let rows = entry.object.children
    let selected = rows.filter { $0.states.contains(.selected) }
    switch member {
    case "GetSelectedChild":
      guard let i = args.int32(), i >= 0, Int(i) < selected.count else { return false }
      return reply(m) { [self] in $0.reference(reference(to: selected[Int(i)].id)) }
    case "IsChildSelected":
      guard let i = args.int32() else { return false }
      let yes = i >= 0 && Int(i) < rows.count && rows[Int(i)].states.contains(.selected)
      return reply(m) { $0.bool(yes) }
    case "SelectChild":
      guard let i = args.int32(), i >= 0, Int(i) < rows.count, let row = rowNumber(rows[Int(i)].id) else {
        return reply(m) { $0.bool(false) }
      }
      hooks.selectRow(row)
      return reply(m) { $0.bool(true) }
    // One row is always selected: it can move, not go.
    case "DeselectSelectedChild", "DeselectChild":
      _ = args.int32()
      return reply(m) { $0.bool(false) }
    case "SelectAll", "ClearSelection": return reply(m) { $0.bool(false) }
    default: return false
    }
  }

  // MARK: Text

  private func answerText(
    _ m: OpaquePointer, member: String, entry: AccessibleIndex.Entry, args: MessageReader
  ) -> Bool {
    let scalars = Array((entry.object.text ?? "").unicodeScalars)
    let e = extents(of: entry, in: 0)
    switch member {
    case "GetText":
      guard let start = args.int32(), let end = args.int32() else { return false }
      return reply(m) { $0.string(textSlice(scalars, from: Int(start), to: Int(end))) }
    case "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset", "GetStringAtOffset":
      guard let offset = args.int32(), let unit = args.uint32() else { return false }
      // GetStringAtOffset's granularity: CHAR 0, WORD 1, then sentence,
      // line and paragraph, all a line here; the others' boundary: CHAR 0,
      // WORD_START 1 and WORD_END 2, then sentences and lines.
      let granularity: TextUnit
      if member == "GetStringAtOffset" {
        granularity = unit == 0 ? .character : unit == 1 ? .word : .line
      } else {
        granularity = unit == 0 ? .character : unit <= 2 ? .word : .line
      }
      var at = Int(offset)
      if member == "GetTextBeforeOffset" || member == "GetTextAfterOffset" {
        let here = textRange(scalars, at: at, unit: granularity)
        at = member == "GetTextBeforeOffset" ? here.start - 1 : here.end + (granularity == .character ? 0 : 1)
      }
      let range = at < 0 || at > scalars.count ? (start: 0, end: 0) : textRange(scalars, at: at, unit: granularity)
      return reply(m) { w in
        w.string(textSlice(scalars, from: range.start, to: range.end))
        w.int32(Int32(range.start))
        w.int32(Int32(range.end))
      }
    case "GetCharacterAtOffset":
      guard let offset = args.int32() else { return false }
      let c = offset >= 0 && Int(offset) < scalars.count ? Int32(scalars[Int(offset)].value) : 0
      return reply(m) { $0.int32(c) }
    case "GetCharacterExtents", "GetRangeExtents":
      return reply(m) { w in for v in [e.x, e.y, e.w, e.h] { w.int32(Int32(clamping: v)) } }
    case "GetOffsetAtPoint": return reply(m) { $0.int32(-1) }
    case "GetNSelections": return reply(m) { $0.int32(0) }
    case "GetSelection":
      return reply(m) { w in
        w.int32(0)
        w.int32(0)
      }
    case "GetAttributes", "GetAttributeRun":
      return reply(m) { w in
        w.container("a", "{ss}") { _ in }
        w.int32(0)
        w.int32(Int32(scalars.count))
      }
    case "GetDefaultAttributes", "GetDefaultAttributeSet": return reply(m) { w in w.container("a", "{ss}") { _ in } }
    case "SetCaretOffset", "AddSelection", "RemoveSelection", "SetSelection": return reply(m) { $0.bool(false) }
    default: return false
    }
  }

  // MARK: Action

  private func answerAction(
    _ m: OpaquePointer, member: String, entry: AccessibleIndex.Entry, args: MessageReader
  ) -> Bool {
    switch member {
    case "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding":
      guard args.int32() == 0 else { return false }
      let text =
        switch member {
        case "GetDescription": activateAction.description
        case "GetKeyBinding": activateAction.key
        default: activateAction.name
        }
      return reply(m) { $0.string(text) }
    case "GetActions":
      return reply(m) { w in
        w.container("a", "(sss)") { w in
          w.container("r", "sss") { w in
            w.string(activateAction.name)
            w.string(activateAction.description)
            w.string(activateAction.key)
          }
        }
      }
    case "DoAction":
      guard args.int32() == 0, let row = rowNumber(entry.object.id) else { return reply(m) { $0.bool(false) } }
      // Answered first: acting may end the program, and the answer is
      // written before it exits.
      let answered = reply(m) { $0.bool(true) }
      hooks.activateRow(row)
      return answered
    default: return false
    }
  }
}

/// The row number in a list item's id (`row/N`).
func rowNumber(_ id: String) -> Int? {
  guard id.hasPrefix("row/") else { return nil }
  return Int(id.dropFirst(4))
}

/// What Text's offset calls step by.
enum TextUnit { case character, word, line }

/// The characters from `start` to `end` (-1: the end), clamped to the text.
func textSlice(_ scalars: [Unicode.Scalar], from start: Int, to end: Int) -> String {
  let upper = end < 0 || end > scalars.count ? scalars.count : end
  let lower = max(0, min(start, upper))
  var s = String.UnicodeScalarView()
  s.append(contentsOf: scalars[lower..<upper])
  return String(s)
}

/// The character, word or line around `offset`, as character offsets.
func textRange(_ scalars: [Unicode.Scalar], at offset: Int, unit: TextUnit) -> (start: Int, end: Int) {
  let at = max(0, min(offset, scalars.count))
  switch unit {
  case .character: return (at, min(at + 1, scalars.count))
  case .word, .line:
    let isBreak: (Unicode.Scalar) -> Bool =
      unit == .line ? { $0 == "\n" } : { $0.properties.isWhitespace }
    var start = at
    while start > 0 && !isBreak(scalars[start - 1]) { start -= 1 }
    var end = at
    while end < scalars.count && !isBreak(scalars[end]) { end += 1 }
    return (start, end)
  }
}
