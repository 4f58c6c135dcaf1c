import CX11
import DrawerProcess
import Glibc

/// How long a pick tries for the keyboard, as dmenu does: a hotkey daemon
/// or a window manager may hold it for a moment after the key that started
/// the program.
private let keyboardGrabAttempts = 1000
/// The wait between two tries, ns (1 ms).
private let keyboardGrabRetryNanoseconds = 1_000_000

extension XSession {
  /// Takes the keyboard for the whole screen before anything maps, so that
  /// every key typed after launch reaches the program whatever window had
  /// the focus: keys come reported to the root, and the input method is
  /// told they are the window's (`TextInput.filter`).
  ///
  /// Retries for about a second; false when someone else kept it, or when
  /// a signal asked the program to end meanwhile.
  package static func grabKeyboard(_ display: OpaquePointer) -> Bool {
    let root = XDefaultRootWindow(display)
    for attempt in 0..<keyboardGrabAttempts {
      if XGrabKeyboard(display, root, 1, GrabModeAsync, GrabModeAsync, Time(CurrentTime)) == GrabSuccess { return true }
      if TerminationSignals.pending() != nil || attempt == keyboardGrabAttempts - 1 { break }
      var wait = timespec(tv_sec: 0, tv_nsec: keyboardGrabRetryNanoseconds)
      nanosleep(&wait, nil)
    }
    return false
  }
}
