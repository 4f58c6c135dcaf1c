import CX11
import DrawerRows

/// The keys the session names, keypad twins included; other keysyms of
/// printable ASCII are named by their character.
private let keyNames: [(KeySym, KeyPress.Name)] = [
  (KeySym(XK_Escape), .escape),
  (KeySym(XK_Up), .up), (KeySym(XK_KP_Up), .up),
  (KeySym(XK_Page_Up), .pageUp), (KeySym(XK_KP_Page_Up), .pageUp),
  (KeySym(XK_Down), .down), (KeySym(XK_KP_Down), .down),
  (KeySym(XK_Page_Down), .pageDown), (KeySym(XK_KP_Page_Down), .pageDown),
  (KeySym(XK_Home), .home), (KeySym(XK_KP_Home), .home),
  (KeySym(XK_End), .end), (KeySym(XK_KP_End), .end),
  (KeySym(XK_space), .space),
  (KeySym(XK_Return), .enter), (KeySym(XK_KP_Enter), .enter),
  (KeySym(XK_BackSpace), .backspace),
  (KeySym(XK_Left), .left), (KeySym(XK_KP_Left), .left),
  (KeySym(XK_Right), .right), (KeySym(XK_KP_Right), .right),
  (KeySym(XK_Delete), .delete), (KeySym(XK_KP_Delete), .delete),
  (KeySym(XK_Insert), .insert), (KeySym(XK_KP_Insert), .insert),
  (KeySym(XK_Tab), .tab), (KeySym(XK_ISO_Left_Tab), .tab),
]

/// The session's name for the plain keysym `symbol`, or nil.
func keyName(_ symbol: KeySym) -> KeyPress.Name? {
  if let name = keyNames.first(where: { $0.0 == symbol })?.1 { return name }
  // Latin-1 keysyms below 0x7F are the ASCII code of what they type.
  guard symbol > 0x20 && symbol < 0x7F else { return nil }
  return .character(Character(Unicode.Scalar(UInt8(symbol))))
}

extension DrawerPanel {
  /// Translates a key press for the session: what it types, through the
  /// input method; the plain keysym (no modifiers, first group) for its
  /// name, so that Ctrl+U is Ctrl+U in any layout that keeps the Latin
  /// letters there. A key the input method composed (keycode 0) has no
  /// plain keysym, only text.
  func keyPressed(_ e: inout XKeyEvent) {
    let time = inputTime(e.time, synthetic: e.send_event != 0)
    selectionPaste?.lastKeyStamp = e.time
    let typed = textInput?.lookup(&e) ?? (keysym: 0, text: nil)
    let symbol = e.keycode == 0 ? KeySym(0) : XLookupKeysym(&e, 0)
    let press = KeyPress(
      keyName(symbol), text: typed.text, control: e.state & UInt32(ControlMask) != 0,
      alt: e.state & UInt32(Mod1Mask) != 0, shift: e.state & UInt32(ShiftMask) != 0)
    session.key(press, time: time)
  }
}
