import CX11
import DrawerDesktop
import DrawerProcess
import DrawerRows
import DrawerScripting
import Glibc

/// Bytes a lookup reads committed text into at first; longer text (an input
/// method committing a phrase) is read again into a buffer of its size.
private let lookupBufferSize = 64

/// Text typed into the window, as every X client takes it: through the
/// input method (XIM), so that dead keys, Compose sequences and input
/// method servers such as ibus or fcitx type what they type anywhere else.
///
/// The rules:
/// - every event goes through `filter` first, and an event the input method
///   filtered is not looked at again: it comes back composed, as a KeyPress
///   with keycode 0;
/// - keys are read with Xutf8LookupString, so the text is UTF-8 in any
///   locale and any layout;
/// - with no input method server (XMODIFIERS unset, or naming a server that
///   is not running), libX11's own input method composes dead keys and
///   Compose sequences; when the named server starts later, or restarts,
///   the input context is made again on it (XRegisterIMInstantiateCallback);
/// - without any input method at all, a key types its keysym's character
///   (libxkbcommon's table), so every layout still types;
/// - the input method opens on the first key event, not at start: opening
///   it reads the locale's Compose table (about 5 ms and 0.2 MiB), which
///   would otherwise delay the first frame, or wake an idle window that is
///   never typed into; a window made for typing opens it after its first
///   frame (`openOnce`). A key typed before that waits in the queue and is
///   the event that opens it, so nothing is lost; focus changes seen before
///   then are remembered and given to the new input context;
/// - libX11's own method (no server named, or the named one not running)
///   waits further, for the first key that may begin a Compose sequence
///   (`ComposeStart`): letters, digits, space and keys that type nothing
///   are read without it, and the key that opens it is the first it
///   filters, so its sequence composes;
/// - a server XMODIFIERS names is asked first, without waiting, whether it
///   is alive (`InputMethodServer`): its method opens once it answers, and
///   without an answer within the deadline (a stopped or hung server) the
///   window composes with libX11's own method, with one line on standard
///   error. Keys typed meanwhile are held and handed back in order.
final class TextInput {
  private let display: OpaquePointer
  private let window: Window
  private var method: XIM?
  private var context: XIC?
  /// The window has the keyboard focus: an input context made later is
  /// told so.
  private var focused = false
  /// Set from Xlib's callbacks, which must not open anything themselves;
  /// `service()` opens the input method again.
  fileprivate var reopenPending = false
  /// The instantiate callback is registered (at most once at a time).
  fileprivate var watching = false
  /// The input method was opened (or tried): on the first key event.
  private var opened = false
  /// libX11's own method is the one to use, and waits for a key that may
  /// begin a Compose sequence.
  private var localPending = false
  /// The server asked whether it is alive, and not answered yet.
  private var probe: (name: String, deadline: Double)?
  /// The selection of the server last asked: its answer, on time or late,
  /// is the input method's, not the paste's.
  private var askedSelection: Atom = 0
  /// Keys typed while the server's answer is awaited, oldest first.
  private var held: [XEvent] = []
  /// The target asked for, and the property the answer is written to, as
  /// libX11 asks: servers (uim-xim) answer only that property.
  private lazy var locales = XInternAtom(display, "LOCALES", 0)

  /// Sets the locale the input method works in, before the display opens:
  /// the environment's character type when it is UTF-8, else C.UTF-8, so
  /// Compose covers all of Unicode and lookups return UTF-8 (in the C
  /// locale, libX11's Compose table is Latin-1 only).
  static func prepareLocale() {
    _ = setlocale(LC_CTYPE, "")
    if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { _ = setlocale(LC_CTYPE, "C.UTF-8") }
  }

  /// Text input for `window`; the input method opens when the first key
  /// event comes (see `filter`).
  init(display: OpaquePointer, window: Window) {
    self.display = display
    self.window = window
  }

  deinit {
    if watching { unwatch() }
    close()
  }

  /// Opens the input method now, unless it was opened already: a window
  /// whose purpose is typing (a pick, a filter) does so once its first
  /// frame is on screen, so that its first key does not wait for the
  /// Compose table.
  func openOnce() {
    guard !opened else { return }
    opened = true
    open()
  }

  /// Whether an input context is open (for diagnostics and tests).
  var hasContext: Bool { context != nil }

  /// When the loop must wake to give up on a server that has not answered.
  var wakeTime: Double? { probe?.deadline }

  /// Passes `event` to the input method; true when it took the event,
  /// which must then be ignored.
  func filter(_ event: inout XEvent) -> Bool {
    let isKey = event.type == KeyPress || event.type == KeyRelease
    if isKey { openOnce() }
    if localPending && event.type == KeyPress && mayBeginComposing(&event.xkey) {
      localPending = false
      openLocally()
    }
    if event.type == SelectionNotify && event.xselection.requestor == window && askedSelection != 0
      && event.xselection.selection == askedSelection && event.xselection.target == locales
    {
      // A server's answer, on time or too late: its data is not wanted.
      XDeleteProperty(display, window, locales)
      if probe != nil { serverAnswered() }
      return true
    }
    if isKey && probe != nil {
      held.append(event)
      return true
    }
    // A key reported through the keyboard grab names the grab's window
    // (the root): the input method filters only its focus window's events.
    if isKey, event.xkey.window != window {
      event.xkey.window = window
    }
    return XFilterEvent(&event, 0) != 0
  }

  /// Tells the input context whether the window has the keyboard.
  func setFocus(_ focus: Bool) {
    focused = focus
    guard let context else { return }
    if focus { XSetICFocus(context) } else { XUnsetICFocus(context) }
  }

  /// The keysym of `event` with its modifiers applied, and the text it
  /// types (nil when it types none: a modifier, an arrow, a control key).
  func lookup(_ event: inout XKeyEvent) -> (keysym: KeySym, text: String?) {
    var keysym: KeySym = 0
    guard let context else {
      _ = XLookupString(&event, nil, 0, &keysym, nil)
      return (keysym, keysymText(keysym))
    }
    var status: Int32 = 0
    var buffer = [CChar](repeating: 0, count: lookupBufferSize)
    var length = Xutf8LookupString(context, &event, &buffer, Int32(buffer.count), &keysym, &status)
    if status == XBufferOverflow {
      // The return value is the length the text needs.
      buffer = [CChar](repeating: 0, count: Int(length) + 1)
      length = Xutf8LookupString(context, &event, &buffer, Int32(buffer.count), &keysym, &status)
    }
    guard status == XLookupChars || status == XLookupBoth, length > 0 else { return (keysym, nil) }
    let bytes = buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }
    // Control characters (Return, Tab, Ctrl+letters) are keys, not text.
    guard let first = bytes.first, first >= 0x20, first != 0x7F else { return (keysym, nil) }
    return (keysym, String(decoding: bytes, as: UTF8.self))
  }

  /// Whether `key` may begin a Compose sequence: its keysym, with its
  /// modifiers applied, as libX11's own method reads it.
  private func mayBeginComposing(_ key: inout XKeyEvent) -> Bool {
    var keysym: KeySym = 0
    _ = XLookupString(&key, nil, 0, &keysym, nil)
    return ComposeStart.mayBegin(keysym: UInt32(truncatingIfNeeded: keysym))
  }

  /// Gives up on a server that did not answer in time, and opens the
  /// input method again when a server appeared or went away.
  func service(now: Double) {
    if let probe, now >= probe.deadline {
      self.probe = nil
      Diagnostics.print(
        "the input method server \(probe.name) did not answer within \(formatNumber(InputMethodServer.answerDeadline)) s; typing without it"
      )
      // Not watched for either: registering the instantiate callback
      // opens the server's method at once, and would wait on it.
      composeLocally()
      releaseHeld()
    }
    guard reopenPending, probe == nil else { return }
    reopenPending = false
    close()
    open()
  }

  // MARK: Opening

  /// Asks the server XMODIFIERS names whether it is alive, or composes
  /// with libX11's own method when there is no server to wait for.
  private func open() {
    let modifiers = XSetLocaleModifiers("").map { String(cString: $0) }
    guard let name = InputMethodServer.name(modifiers: modifiers) else {
      composeLocally()
      return
    }
    if ask(name) { return }
    // Named but not running (no owner of its selection): XOpenIM would fail
    // at once. Watch for the server, and compose locally meanwhile.
    watch()
    composeLocally()
  }

  /// Composes with libX11's own method: now when the user has a Compose
  /// table of their own, else from the first key that may begin a sequence.
  private func composeLocally() {
    if ComposeStart.userTable(variable: { getenv($0).map { String(cString: $0) } }, exists: { access($0, R_OK) == 0 }) {
      openLocally()
    } else {
      localPending = true
    }
  }

  /// Asks the server `name` for its locales without waiting for the answer;
  /// false when no such server owns its selection (XOpenIM then fails at
  /// once, without a round trip to any server).
  private func ask(_ name: String) -> Bool {
    let selection = XInternAtom(display, InputMethodServer.selection(name: name), 1)
    guard selection != 0, XGetSelectionOwner(display, selection) != 0 else { return false }
    XConvertSelection(display, selection, locales, locales, window, Time(CurrentTime))
    XFlush(display)
    askedSelection = selection
    probe = (name, monotonicSeconds() + InputMethodServer.answerDeadline)
    return true
  }

  /// The server answered: it is alive, and its method opens.
  private func serverAnswered() {
    probe = nil
    connect()
    releaseHeld()
  }

  /// The keys held for the server's answer go back to the front of the
  /// queue, in their order, to go through the input method now open.
  private func releaseHeld() {
    for var event in held.reversed() { XPutBackEvent(display, &event) }
    held.removeAll()
  }

  /// Composes with libX11's own input method, which has no server.
  private func openLocally() {
    _ = XSetLocaleModifiers("@im=none")
    let local = XOpenIM(display, nil, nil, nil)
    _ = XSetLocaleModifiers("")
    if let local { use(local) }
  }

  /// Opens the input method XMODIFIERS names, or libX11's own when its
  /// server does not run.
  private func connect() {
    _ = XSetLocaleModifiers("")
    if let opened = XOpenIM(display, nil, nil, nil) {
      use(opened)
      return
    }
    // Named but not running: libX11 does not fall back by itself. Watch
    // for the server, and compose with libX11's own method meanwhile.
    watch()
    composeLocally()
  }

  /// Makes the input context on `opened`, or closes it when it offers no
  /// style the window can use.
  private func use(_ opened: XIM) {
    guard drawer_im_offers_plain_style(opened) != 0, let made = drawer_create_ic(opened, window) else {
      XCloseIM(opened)
      return
    }
    method = opened
    context = made
    _ = drawer_set_im_destroy_callback(opened, inputMethodDestroyed, Unmanaged.passUnretained(self).toOpaque().assumingMemoryBound(to: CChar.self))
    if focused { XSetICFocus(made) }
  }

  private func close() {
    localPending = false
    if let context { XDestroyIC(context) }
    if let method { XCloseIM(method) }
    context = nil
    method = nil
  }

  /// The input method's server went away: its method and context are
  /// gone with it (and must not be closed).
  fileprivate func lost() {
    context = nil
    method = nil
    reopenPending = true
  }

  private func watch() {
    guard !watching else { return }
    watching =
      XRegisterIMInstantiateCallback(
        display, nil, nil, nil, inputMethodInstantiated, Unmanaged.passUnretained(self).toOpaque().assumingMemoryBound(to: CChar.self)) != 0
  }

  fileprivate func unwatch() {
    _ = XUnregisterIMInstantiateCallback(
      display, nil, nil, nil, inputMethodInstantiated, Unmanaged.passUnretained(self).toOpaque().assumingMemoryBound(to: CChar.self))
    watching = false
  }
}

/// The character a keysym types: its own code point (`KeysymCode`), or
/// libxkbcommon's table for the legacy blocks (Cyrillic, Greek, Latin-2
/// and the rest), which loads the library the first time. nil for
/// keysyms that type nothing and for control characters.
func keysymText(_ keysym: KeySym) -> String? {
  let value = UInt32(truncatingIfNeeded: keysym)
  let scalar = KeysymCode.direct(value) ?? xkb_keysym_to_utf32(value)
  guard scalar >= 0x20, scalar != 0x7F, let character = Unicode.Scalar(scalar) else { return nil }
  return String(Character(character))
}

/// The server named by XMODIFIERS started: `service()` moves to it.
private func inputMethodInstantiated(_ display: OpaquePointer?, _ client: XPointer?, _ call: XPointer?) {
  guard let client else { return }
  let input = Unmanaged<TextInput>.fromOpaque(UnsafeRawPointer(client)).takeUnretainedValue()
  input.unwatch()
  input.reopenPending = true
}

/// The input method's server went away: compose locally until it is back.
private func inputMethodDestroyed(_ method: XIM?, _ client: XPointer?, _ call: XPointer?) {
  guard let client else { return }
  Unmanaged<TextInput>.fromOpaque(UnsafeRawPointer(client)).takeUnretainedValue().lost()
}
