import CX11
import DrawerEngine
import DrawerHost

/// An application's own window as the panel's body: reparented into the
/// panel's window, it follows the sheet every pass. A `rigid` one keeps the
/// size of the body at the most expanded detent (`EmbedArea`); a
/// `flexible` one takes the body's size each time the panel comes to rest,
/// and keeps it while the panel moves. Its events stay the application's.
final class ContentWindow {
  private let display: OpaquePointer
  private let window: Window
  private let sizing: DrawerPanel.Sizing
  /// Where the window is now, window px; an empty size until first placed.
  private var frame = (x: 0, y: 0, width: 0, height: 0)

  init(display: OpaquePointer, window: Window, parent: Window, sizing: DrawerPanel.Sizing) {
    self.display = display
    self.window = window
    self.sizing = sizing
    XReparentWindow(display, window, parent, 0, 0)
    XMapWindow(display, window)
  }

  /// Moves (and when its sizing says so, resizes) the window to the body
  /// of `drawer` as it is now; nothing when it is there already.
  func place(for drawer: Drawer) {
    let rect: Rect
    switch sizing {
    case .rigid:
      rect = EmbedArea.frame(for: drawer)
    case .flexible:
      let layout = drawer.layout
      let body = layout.geometry(at: drawer.currentExtent, handle: drawer.configuration.handle).list
        .offsetBy(dx: layout.origin.x, dy: layout.origin.y)
      // A moving panel moves its window; only at rest does it take the
      // body's size, so a drag costs the application no relayout.
      let resting = drawer.state != nil || frame.width == 0
      rect =
        resting
        ? body
        : Rect(x: body.minX, y: body.minY, width: Double(frame.width), height: Double(frame.height))
    }
    let next = (
      x: Int(rect.minX.rounded()), y: Int(rect.minY.rounded()), width: max(1, Int(rect.width.rounded())),
      height: max(1, Int(rect.height.rounded()))
    )
    if next.width != frame.width || next.height != frame.height {
      XMoveResizeWindow(display, window, x32(next.x), x32(next.y), xLength32(next.width), xLength32(next.height))
    } else if next.x != frame.x || next.y != frame.y {
      XMoveWindow(display, window, x32(next.x), x32(next.y))
    } else {
      return
    }
    frame = next
  }
}
