import CX11
import Glibc

/// Loads fontconfig's configuration and font caches on a helper thread while
/// the main thread parses flags and connects to the display.
///
/// Loading the configuration is ~5 ms, the longest single step before the
/// first frame; it touches no display, so it is not an Xlib call, and
/// fontconfig (≥ 2.10) is thread-safe, so it can overlap.
/// `wait()` joins the thread before the first Xft call and before any exit:
/// exit(3) while the helper is inside fontconfig would race with the atexit
/// handlers.
package enum FontConfigPreload {
  nonisolated(unsafe) private static var thread = pthread_t()
  nonisolated(unsafe) private static var running = false

  package static func start() {
    running = pthread_create(&thread, nil, { _ in
      // Signals must reach the main thread, whose blocking reads they
      // interrupt (see TerminationSignals).
      var all = sigset_t()
      sigfillset(&all)
      pthread_sigmask(SIG_BLOCK, &all, nil)
      FontConfigPreload.loadConfiguration()
      _ = XftInit(nil)
      return nil
    }, nil) == 0
  }

  /// Makes fontconfig's configuration current as FcInit would, without its
  /// parse of the template directory (conf.avail).
  ///
  /// FcInit parses every file there with its rules disabled, only so that
  /// fc-conflist can list them: a third of its time, and nothing a match
  /// uses. Anything unusual goes FcInit's own way instead, which XftInit
  /// then takes: FC_DEBUG (whose traces start in FcInit), a configuration
  /// that does not load (FcInit falls back to a built-in one; its errors
  /// are printed twice then) or that names no cache directory (FcInit adds
  /// the default ones, with a warning).
  private static func loadConfiguration() {
    guard getenv("FC_DEBUG") == nil, let config = FcConfigCreate() else { return }
    // The current configuration keeps its own reference.
    defer { FcConfigDestroy(config) }
    guard FcConfigParseAndLoad(config, nil, FcTrue) != 0, namesCacheDirectory(config),
      FcConfigBuildFonts(config) != 0
    else { return }
    FcConfigSetCurrent(config)
  }

  private static func namesCacheDirectory(_ config: OpaquePointer) -> Bool {
    guard let directories = FcConfigGetCacheDirs(config) else { return false }
    defer { FcStrListDone(directories) }
    return FcStrListNext(directories) != nil
  }

  package static func wait() {
    guard running else { return }
    running = false
    pthread_join(thread, nil)
  }
}
