import DrawerEngine
import DrawerProcess

extension HostSession {
  /// Replaces the list panel's layout in one step at `time` (see
  /// `PanelHost.replaceLayout(time:_:)`), draws it in the next frame and
  /// reports what it said. Throws, changing nothing, when the changed
  /// configuration is invalid.
  public func replaceLayout(time now: Double, _ change: (inout DrawerConfiguration) -> Void) throws(Failure) {
    time = max(time, now)
    try host.replaceLayout(time: time, change)
    // Not an input: the new layout is drawn all the same.
    inputSinceFrame = true
    drainEvents()
  }
}
