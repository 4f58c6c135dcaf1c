import CX11
import DrawerHost

/// A paste's X calls: XConvertSelection onto a property of our window, the
/// owner's SelectionNotify, and INCR's chunks as PropertyNotify says they
/// were written. What the answers mean, when to give up and what the text
/// becomes are `SelectionTransfer`'s and `PastedText`'s; nothing here
/// blocks, so the loop keeps drawing while an owner takes its time.
final class SelectionPaste {
  private let display: OpaquePointer
  private let window: Window
  private unowned let session: HostSession
  /// CLIPBOARD, UTF8_STRING, INCR and the property the text is put in;
  /// interned at the first paste, which most runs never make.
  private var atoms: (clipboard: Atom, utf8: Atom, incr: Atom, property: Atom)?
  /// The paste on its way: one at a time.
  private var transfer: SelectionTransfer?
  /// The server time of the key that asked, which the conversions carry
  /// (ICCCM: never CurrentTime).
  private var stamp: Time = 0
  /// The server time of the last key press: a paste key's own.
  var lastKeyStamp: Time = 0

  init(display: OpaquePointer, window: Window, session: HostSession) {
    self.display = display
    self.window = window
    self.session = session
  }

  /// When the paste on its way is given up, for poll's timeout.
  var deadline: Double { transfer?.deadline ?? .infinity }

  /// Asks `selection`'s owner for its text as UTF8_STRING; a key pressed
  /// while a paste is on its way adds nothing.
  func request(_ selection: PasteSelection, now: Double) {
    guard transfer == nil else { return }
    transfer = SelectionTransfer(selection: selection, time: now)
    stamp = lastKeyStamp
    convert(to: interned().utf8)
  }

  /// Handles `event` when it is the paste's: the owner's answer, or a
  /// chunk written. Returns whether it was.
  func handle(_ event: inout XEvent, now: Double) -> Bool {
    guard let atoms else { return false }
    switch event.type {
    case SelectionNotify:
      let e = event.xselection
      guard e.requestor == window else { return false }
      guard var t = transfer else {
        // A late answer to a paste given up: its text is not wanted.
        if e.property == atoms.property { XDeleteProperty(display, window, atoms.property) }
        return true
      }
      // An answer for another selection is an earlier paste's: the property
      // is this one's now. (Not every owner copies the request's time.)
      guard e.selection == selectionAtom(t.selection) else { return true }
      let answer: SelectionTransfer.Answer
      if e.property == 0 {
        answer = .refused
      } else {
        let (type, bytes) = take()
        answer = type == atoms.incr ? .incremental : .text(bytes, encoding(of: type))
      }
      let step = t.answered(answer, time: now)
      transfer = t
      carryOut(step, now: now)
      return true
    case PropertyNotify:
      let e = event.xproperty
      guard e.window == window, e.atom == atoms.property else { return false }
      // Our own deletions, and the whole text before its SelectionNotify,
      // are not chunks.
      guard e.state == PropertyNewValue else { return true }
      guard var t = transfer else {
        // The chunks of a transfer given up: taken and dropped, so that its
        // owner can finish.
        XDeleteProperty(display, window, atoms.property)
        return true
      }
      guard t.isIncremental else { return true }
      let (type, bytes) = take()
      let step = t.chunk(bytes, encoding(of: type), time: now)
      transfer = t
      carryOut(step, now: now)
      return true
    default:
      return false
    }
  }

  /// Gives up a paste whose owner took too long, with one line saying so;
  /// the query stays as it was.
  func checkDeadline(now: Double) {
    guard let t = transfer, t.hasExpired(at: now) else { return }
    transfer = nil
    session.pasteFailed(t.timeoutMessage, from: t.selection)
  }

  private func carryOut(_ step: SelectionTransfer.Step, now: Double) {
    guard let t = transfer else { return }
    switch step {
    case .wait: break
    case .askForLatin1: convert(to: Atom(XA_STRING))
    case .empty: transfer = nil
    case .finished(let text, let dropped):
      transfer = nil
      session.paste(text, dropped: dropped, from: t.selection, time: max(session.time, now))
    }
  }

  private func convert(to target: Atom) {
    guard let atoms, let t = transfer else { return }
    // A property left from an earlier paste would read as this one's.
    XDeleteProperty(display, window, atoms.property)
    XConvertSelection(display, selectionAtom(t.selection), target, atoms.property, window, stamp)
    XFlush(display)
  }

  /// Reads the property whole and deletes it, which asks an INCR owner
  /// for the next chunk; returns its type and bytes.
  private func take() -> (Atom, [UInt8]) {
    guard let atoms else { return (0, []) }
    var type: Atom = 0
    var format: Int32 = 0
    var count: UInt = 0
    var after: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    // 64 MiB in 32-bit units: more than any one property the server holds.
    let status = XGetWindowProperty(
      display, window, atoms.property, 0, 1 << 24, 1, Atom(AnyPropertyType), &type, &format, &count, &after, &data)
    defer { if let data { XFree(data) } }
    guard status == Success, let data, format == 8 else { return (type, []) }
    return (type, Array(UnsafeBufferPointer(start: data, count: Int(count))))
  }

  private func encoding(of type: Atom) -> PastedText.Encoding {
    type == Atom(XA_STRING) ? .latin1 : .utf8
  }

  private func selectionAtom(_ selection: PasteSelection) -> Atom {
    selection == .primary ? Atom(XA_PRIMARY) : interned().clipboard
  }

  private func interned() -> (clipboard: Atom, utf8: Atom, incr: Atom, property: Atom) {
    if let atoms { return atoms }
    let a = internAtoms(display, ["CLIPBOARD", "UTF8_STRING", "INCR", "_DRAWER_X11_PASTE"])
    let made = (clipboard: a[0], utf8: a[1], incr: a[2], property: a[3])
    atoms = made
    return made
  }
}
