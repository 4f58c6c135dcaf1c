import DrawerRaster
import Glibc

/// Draws the window icon's sizes on a helper thread from the start, so
/// that the few ms they take overlap the connection and the first frame
/// instead of delaying `ready`.
///
/// `takeCardinals()` joins the thread; the drawing is pure computation, so
/// an exit while it runs loses nothing.
enum IconPreload {
  nonisolated(unsafe) private static var thread = pthread_t()
  nonisolated(unsafe) private static var running = false
  nonisolated(unsafe) private static var value: [Int]?

  static func start() {
    running = pthread_create(&thread, nil, { _ in
      // Signals must reach the main thread (see TerminationSignals).
      var all = sigset_t()
      sigfillset(&all)
      pthread_sigmask(SIG_BLOCK, &all, nil)
      IconPreload.value = IconPreload.draw()
      return nil
    }, nil) == 0
  }

  /// _NET_WM_ICON's value: for each size, its width, its height, then its
  /// rows of non-premultiplied ARGB pixels, one a CARDINAL (a C long on the
  /// client side, whatever the server's 32 bits).
  ///
  /// The value is handed over, not kept: the server holds the property,
  /// and 150 KB of pixels would otherwise stay in the process for nothing.
  /// A second call draws the icon again.
  static func takeCardinals() -> [Int] {
    if running {
      running = false
      pthread_join(thread, nil)
    }
    defer { value = nil }
    return value ?? draw()
  }

  private static func draw() -> [Int] { AppIcon.windowIcon().map { Int($0) } }
}
