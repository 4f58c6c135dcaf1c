/// A key as a front end read it, in no window system's codes: the key's
/// name on a plain keyboard, the text it types, and the modifiers held.
public struct KeyPress: Equatable, Sendable {
  /// A key by what it is without modifiers, keypad twins included.
  public enum Name: Equatable, Sendable {
    /// The named keys: Esc, the arrows, Page Up and Down, Home, End, Space, Return, Backspace, Tab, Delete, Insert.
    case escape, up, down, pageUp, pageDown, home, end, space, enter, backspace, tab, left, right, delete, insert
    /// A key that types one printable ASCII character without modifiers,
    /// by that character: `u` for Ctrl+U in any layout that keeps the
    /// Latin letters there.
    case character(Character)
  }

  /// Nil for a key the session has no name for; its text may still type.
  public var name: Name?
  /// What the key types, through the front end's input method; nil when
  /// it types nothing.
  public var text: String?
  /// Whether Control was held.
  public var control: Bool
  /// Whether Alt (Mod1) was held.
  public var alt: Bool
  /// Whether Shift was held.
  public var shift: Bool

  /// The key `name`, the text it types, and the modifiers held; none by default.
  public init(_ name: Name?, text: String? = nil, control: Bool = false, alt: Bool = false, shift: Bool = false) {
    self.name = name
    self.text = text
    self.control = control
    self.alt = alt
    self.shift = shift
  }
}
