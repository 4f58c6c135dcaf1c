import CX11
import Glibc

/// Loads fontconfig's configuration and font caches on a helper thread while
/// the main thread parses flags and connects to the display.
///
/// XftInit(NULL) runs FcInit, ~7 ms and a quarter of the time to the first
/// frame; it touches no display, so it is not an Xlib call, and fontconfig
/// (≥ 2.10) is thread-safe, so it can overlap.
/// `wait()` joins the thread before the first Xft call and before any exit:
/// exit(3) while the helper is inside fontconfig would race with the atexit
/// handlers.
enum FontConfigPreload {
  nonisolated(unsafe) private static var thread = pthread_t()
  nonisolated(unsafe) private static var running = false

  static func start() {
    running = pthread_create(&thread, nil, { _ in
      // Signals must reach the main thread, whose blocking reads they
      // interrupt (see TerminationSignals).
      var all = sigset_t()
      sigfillset(&all)
      pthread_sigmask(SIG_BLOCK, &all, nil)
      _ = XftInit(nil)
      return nil
    }, nil) == 0
  }

  static func wait() {
    guard running else { return }
    running = false
    pthread_join(thread, nil)
  }
}
