import CX11
import DrawerDesktop
import DrawerEngine
import DrawerProcess

/// --desktop's monitor at every show and while shown: --monitor's rule is
/// asked again each time the panel is presented, and a shown window
/// follows its monitor by RandR name when the layout changes (RandR's
/// screen change, or the root's ConfigureNotify that `xrandr
/// --setmonitor` sends alone), sliding out when the monitor is gone.
/// How long the monitors must stay unchanged before the window follows
/// them, s.
let layoutSettle = 0.3

extension DrawerPanel {
  /// The root's rectangle, which clips every monitor.
  private var wholeScreen: ScreenMonitor {
    ScreenMonitor(x: 0, y: 0, width: Int(XDisplayWidth(x.display, x.screen)), height: Int(XDisplayHeight(x.display, x.screen)))
  }

  /// Keeps the RandR name of the monitor the window covers.
  func rememberMonitorName(_ desktop: DesktopOverlay) {
    desktop.monitorNamed = true
    guard !desktop.inWindow else { return }
    desktop.monitorName = MonitorFollow.name(
      of: desktop.monitor, among: XSession.namedMonitors(x.display, root: x.root), screen: wholeScreen)
  }

  /// Chooses the monitor again as the panel is about to show (focus,
  /// pointer: where they are now; a number: where that monitor is now),
  /// and moves and sizes the window there before its first frame is drawn.
  /// A number that names no monitor any more keeps the last place.
  func chooseMonitorAtShow(_ desktop: DesktopOverlay) {
    guard !desktop.inWindow, case .success(let chosen) = Result(catching: { () throws(Failure) in
      try XSession.chosenMonitor(x.display, desktop.choice)
    })
    else { return }
    cover(desktop, chosen)
    rememberMonitorName(desktop)
  }

  /// The monitors may have changed: Xlib's idea of the screen follows at
  /// once, and the monitors are looked at once no change came for
  /// `layoutSettle` s (`checkLayout`): a layout is often changed in several
  /// requests (xrandr's --delmonitor then --setmonitor of the same name).
  func screenChanged(_ event: inout XEvent) {
    guard let desktop else { return }
    XRRUpdateConfiguration(&event)
    guard !desktop.inWindow else { return }
    desktop.layoutCheck = monotonicSeconds() + layoutSettle
  }

  /// The layout settled: the window follows its monitor by name
  /// (`MonitorFollow`), and a shown panel whose monitor is gone slides out;
  /// a hidden one waits for its next show, which chooses again.
  func checkLayout(now: Double) {
    guard let desktop else { return }
    // The monitor chosen at start is named once the first frame is out.
    if !desktop.monitorNamed && ready { rememberMonitorName(desktop) }
    guard let due = desktop.layoutCheck, now >= due else { return }
    desktop.layoutCheck = nil
    let step = MonitorFollow.next(
      current: desktop.monitor, name: desktop.monitorName, among: XSession.namedMonitors(x.display, root: x.root),
      choice: desktop.choice, pointer: XSession.pointer(x.display, root: x.root), screen: wholeScreen)
    switch step {
    case .stay:
      break
    case .move(let monitor):
      cover(desktop, monitor)
    case .gone:
      desktop.monitorName = nil
      guard engine.state != .dismissed || engine.renderModel.isAnimating else { return }
      engineTime = max(engineTime, monotonicSeconds())
      feed(.request(.dismiss(animated: true), time: engineTime))
    }
  }

  /// Covers `monitor` (or a bar's strip of it) and lays the panel out for
  /// its size at once, so that the next frame is drawn there.
  private func cover(_ desktop: DesktopOverlay, _ monitor: ScreenMonitor) {
    var next = monitor
    if let bar = desktop.bar { next = bar.strip.rect(on: monitor, depth: bar.depth) }
    guard next != desktop.monitor else { return }
    desktop.monitor = next
    x.cover(next)
    loop.configured(width: next.width, height: next.height)
    applyPendingResize(now: monotonicSeconds())
  }
}
