import CX11
import DrawerDesktop
import DrawerEngine
import DrawerProcess
import DrawerScripting

/// --desktop in the running program: which monitor the window covers,
/// whether it shows, and RandR's event number.
package final class DesktopOverlay {
  /// --monitor, or the focused window's monitor by default.
  let choice: MonitorChoice
  /// The part of the screen the window covers now, device px: its
  /// monitor, or with --bar the bar's strip of it.
  var monitor: ScreenMonitor
  /// --bar: the strip the window is, and its depth, device px.
  let bar: (strip: BarStrip, depth: Int)?
  /// Inside --parent's window, which no change of monitors moves.
  let inWindow: Bool
  /// Mapped, with the keyboard and the pointer grabbed.
  var shown = false
  /// The desktop under the monitor as it was before the window last
  /// mapped, the presenter's backdrop; nil while a compositing manager
  /// shows the desktop through the window.
  var copy: Picture?
  /// The compositing manager's selection owner, watched for its
  /// DestroyNotify while an ARGB window counts on it; nil otherwise.
  var compositorOwner: Window?
  /// RRScreenChangeNotify's event type; nil without RandR.
  var screenChangeEvent: Int32?
  /// The RandR name of the monitor covered, which a shown window follows
  /// (`MonitorFollow`); nil without RandR 1.5.
  var monitorName: String?
  /// Whether `monitorName` was looked up: once the first frame is out, so
  /// that RandR's round trips never delay the start.
  var monitorNamed = false
  /// When to look at the monitors again, once their changes have settled;
  /// nil when none is pending.
  var layoutCheck: Double?
  /// A launcher's modal run, or a drop-down beside the other windows.
  let mode: DesktopMode
  /// A drop-down's shape and focus; nil for a modal run.
  var dropDown: DropDownFocus?

  package init(
    choice: MonitorChoice, monitor: ScreenMonitor, bar: (strip: BarStrip, depth: Int)? = nil, inWindow: Bool = false,
    mode: DesktopMode = .modal
  ) {
    self.choice = choice
    self.mode = mode
    self.monitor = monitor
    self.bar = bar
    self.inWindow = inWindow
  }
}

extension DrawerPanel {
  /// Shows the window at start, the input grabbed already (main), unless
  /// the panel starts hidden; either way the monitors' changes are followed.
  func startOverlay(_ desktop: DesktopOverlay) {
    // The root's PropertyNotify brings xrdb's changes under --scale auto.
    desktop.screenChangeEvent = x.selectScreenChanges(rootEvents: desktopChanges.followsScale ? PropertyChangeMask : NoEventMask)
    if x.translucent { x.keepComposited() }
    if case .dropDown = desktop.mode {
      desktop.dropDown = DropDownFocus(display: x.display, root: x.root, window: x.window, mode: desktop.mode)
    }
    if session.lifecycle.startsHidden {
      x.setProperties()
    } else {
      desktop.dropDown?.willShow(surface: engine.renderModel.surface, size: (x.width, x.height))
      x.map()
      x.showOverlay()
      desktop.dropDown?.didShow(client: embedded?.mappedWindow)
      desktop.shown = true
    }
  }

  /// Shows the window while the panel shows or moves, and hides it once it
  /// rests dismissed, so that a kept drawer holds no grab while hidden. A
  /// grab refused on the way in (another program holds the keyboard) is
  /// said in one line, and the panel stays hidden.
  func syncOverlay() {
    guard let desktop, ready else { return }
    let wanted = engine.state != .dismissed
    if wanted && !desktop.shown {
      do throws(Failure) {
        if desktop.mode.grabs { try XSession.grabInput(x.display) }
      } catch {
        if let message = error.message { Diagnostics.print(message) }
        session.feed(.request(.dismiss(animated: false), time: engineTime))
        return
      }
      // --monitor's rule, asked again: the focus or the pointer moved.
      chooseMonitorAtShow(desktop)
      // The desktop as it is now, not as it was when the panel last hid.
      prepareBackdrop(desktop)
      _ = renderFrame(now: monotonicSeconds(), present: false)
      desktop.dropDown?.willShow(surface: engine.renderModel.surface, size: (x.width, x.height))
      x.showOverlay()
      desktop.dropDown?.didShow(client: embedded?.mappedWindow)
      desktop.shown = true
    } else if !wanted && desktop.shown {
      x.hideOverlay()
      desktop.dropDown?.didHide()
      desktop.shown = false
    }
  }

  /// What the presenter shows behind the panel: the map in a window of its
  /// own; over the desktop, the copy taken before the window mapped, or
  /// nothing where a compositor shows the desktop through the window.
  var backdrop: Presenter.Backdrop {
    if let ownBackdrop { return ownBackdrop }
    guard let desktop else { return .map }
    return desktop.copy.map { .picture($0) } ?? .clear
  }

  /// Makes the backdrop for the next show, before the window maps: nothing
  /// when the window is ARGB and a compositing manager runs now, else a
  /// copy of the desktop under the window (rofi's fake transparency), also
  /// for an ARGB window whose compositor has gone since it started, which
  /// would otherwise show the dim over black.
  func prepareBackdrop(_ desktop: DesktopOverlay) {
    if let old = desktop.copy { x.release(old) }
    // Watched before it is counted on: a compositor that ends from now on
    // is told by its DestroyNotify (`compositorGone`).
    desktop.compositorOwner = x.translucent ? x.watchCompositor() : nil
    let composited = desktop.compositorOwner != nil
    // A drop-down shows no copy of the screen over windows that go on changing.
    desktop.copy = composited || !desktop.mode.dims ? nil : x.desktopSnapshot(desktop.monitor)
    painter.setBackdrop(backdrop)
  }

  /// The compositing manager's selection owner was destroyed. One that
  /// took over is watched in its turn. With none, a shown ARGB window
  /// would show the dim over black until it next maps, so it takes the
  /// no-compositor path now: unmapped for a moment (the grabs, on the
  /// root, stay), it copies the desktop it covered and maps again over
  /// that copy. A hidden window copies the desktop when it next shows.
  func compositorGone(_ desktop: DesktopOverlay) {
    desktop.compositorOwner = x.watchCompositor()
    guard desktop.compositorOwner == nil, desktop.shown else { return }
    XUnmapWindow(x.display, x.window)
    prepareBackdrop(desktop)
    // The panel has not moved, but every pixel around it changes.
    backBufferStale = true
    _ = renderFrame(now: monotonicSeconds(), present: false)
    x.showOverlay()
  }

  /// Where a pointer event happened in the window: over the desktop the
  /// grab reports presses beside the window (on another monitor) to the
  /// root, so the root position is the one that holds everywhere.
  func pointerPoint(x wx: Int32, y wy: Int32, rootX: Int32, rootY: Int32) -> Point {
    guard let desktop else { return Point(x: Double(wx), y: Double(wy)) }
    return Point(x: Double(Int(rootX) - desktop.monitor.x), y: Double(Int(rootY) - desktop.monitor.y))
  }
}
