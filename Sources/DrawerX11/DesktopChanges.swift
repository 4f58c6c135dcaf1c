import CX11
import DrawerDesktop
import DrawerEngine
import DrawerProcess
import DrawerScripting

/// Changes of the desktop's X resources (a new Xft.dpi, with --scale auto)
/// and of its XSETTINGS (reduced motion), as PropertyNotify events tell
/// them: noted as they come, read once at the end of a burst.
final class DesktopChanges {
  /// Whether the scale follows the desktop's Xft.dpi (--scale auto).
  let followsScale: Bool
  /// The desktop's resources changed since they were read.
  private(set) var resources = false
  /// The watched XSETTINGS manager changed its settings since they were read.
  private(set) var settings = false

  init(followsScale: Bool) { self.followsScale = followsScale }

  /// Notes what `event` says changed.
  func note(_ event: XPropertyEvent, x: XSession, followsMotion: Bool) {
    if followsScale && x.isResourceChange(event) { resources = true }
    if followsMotion && x.isDesktopSettingsChange(event) { settings = true }
  }

  /// What changed since the last call, cleared.
  func take() -> (resources: Bool, settings: Bool) {
    defer { (resources, settings) = (false, false) }
    return (resources, settings)
  }

  /// Whether anything waits to be read.
  var pending: Bool { resources || settings }
}

extension DrawerPanel {
  /// Once the queue is empty: a burst of changes is read once, at its end.
  func readDesktopChanges() {
    guard desktopChanges.pending && XPending(x.display) == 0 else { return }
    let changed = desktopChanges.take()
    if changed.resources { desktopResourcesChanged() }
    if changed.settings { session.desktopSettingsChanged(x.desktopSettings(watch: true), now: monotonicSeconds()) }
  }

  /// The desktop's resources changed: when its Xft.dpi now asks for
  /// another scale, the fonts, the panel's configuration and the frame pipeline
  /// are made again at it. The window keeps its size in device px (the
  /// window manager owns it), and so holds more or fewer logical px.
  func desktopResourcesChanged() {
    let scale = ScaleChoice.auto.resolve(xftDPI: x.xftDPI())
    guard scale != host.scale.factor else { return }
    let fonts: FontSet
    do {
      fonts = try FontSet(display: x.display, screen: x.screen, pattern: x.fontPattern, scale: scale)
    } catch {
      Diagnostics.print("cannot open the fonts at scale \(formatNumber(scale)); staying at \(formatNumber(host.scale.factor))")
      return
    }
    applyPendingResize(now: monotonicSeconds())
    do {
      try loop.rescale(
        to: scale, textMetrics: XftTextMetrics(fonts), now: monotonicSeconds(), window: x.windowSize
      ) {
        x.useFonts(fonts, scale: scale)
        painter.rebuild(rows: rows, host: host, backdrop: backdrop, mapHint: showsMap ? mapHint : nil)
        x.damageWholeWindow()
      }
    } catch {
      fonts.close()
      Diagnostics.print("at scale \(formatNumber(scale)) \(error.field) must be \(error.allowed) (got \(error.value)); staying at \(formatNumber(host.scale.factor))")
      return
    }
  }
}
