import DrawerHost
import DrawerProcess

/// When the panel's loop next has work: what an application's own loop
/// sleeps until.
extension DrawerPanel {
  /// When the next `update()` is due, monotonic seconds (infinity: only
  /// when an event comes): now when a frame is due already (an input
  /// handed in after this pass drew, as an `onEvent` observer's request),
  /// else the next animation frame, rows to show, and each service's own
  /// wake.
  public var deadline: Double {
    let now = monotonicSeconds()
    if loop.isDue(now: now, catchingUp: painter.catchingUp) { return now }
    var deadline = embedWakeTime(now: now)
    deadline = min(deadline, desktop?.layoutCheck ?? .infinity)
    deadline = min(deadline, selectionPaste?.deadline ?? .infinity)
    if let wake = access.poll?.wake { deadline = min(deadline, wake) }
    if let wake = textInput?.wakeTime { deadline = min(deadline, wake) }
    return loop.sleepDeadline(now: now, catchingUp: painter.catchingUp, others: deadline)
  }

  /// `deadline` as poll(2)'s timeout, whole milliseconds; -1 for none.
  public var timeout: Int32 { SessionLoop.timeout(until: deadline, now: monotonicSeconds()) }
}
