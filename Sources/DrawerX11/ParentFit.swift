import CX11

/// A panel inside an application's window covers it: when that window's
/// size changes, the panel's window takes the new size, and the panel lays
/// itself out again as for any resize.
final class ParentFit {
  private let display: OpaquePointer
  private let parent: Window
  private let panel: Window

  init(display: OpaquePointer, parent: Window, panel: Window) {
    self.display = display
    self.parent = parent
    self.panel = panel
    // One connection has one event mask per window: the application's own
    // selection on its window stays, with its size changes added.
    var attributes = XWindowAttributes()
    if XGetWindowAttributes(display, parent, &attributes) != 0 {
      XSelectInput(display, parent, attributes.your_event_mask | StructureNotifyMask)
    }
  }

  /// Resizes the panel's window when `event` says the parent's size changed.
  func follow(_ event: XEvent) {
    guard event.type == ConfigureNotify, event.xconfigure.window == parent else { return }
    XResizeWindow(display, panel, UInt32(max(1, event.xconfigure.width)), UInt32(max(1, event.xconfigure.height)))
  }
}
