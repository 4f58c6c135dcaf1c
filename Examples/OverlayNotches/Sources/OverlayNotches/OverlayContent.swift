import DrawerEngine
import DrawerX11
import Glibc

/// The overlay's content, the app's own window: a slider pinned at its
/// top and, under it, a list the engine scrolls (the driving scroll view).
/// The window selects no pointer events: presses go to the overlay's
/// window, and the app reads the slider's from there.
final class OverlayContent {
  let display: OpaquePointer
  let window: Window
  let rows = 50
  let rowHeight = 32
  /// The slider's strip at the top of the content, px.
  let sliderHeight = 56
  /// The slider's value, 0...1.
  var value = 0.3
  private let gc: GC
  private var drawn: (offset: Double, value: Double)?

  init(display: OpaquePointer, parent: Window) {
    self.display = display
    window = XCreateSimpleWindow(display, parent, 0, 0, 1, 1, 0, 0, 0xFFFFFF)
    gc = XCreateGC(display, window, 0, nil)
    XSelectInput(display, window, ExposureMask | StructureNotifyMask)
  }

  /// What the engine scrolls: the slider's strip and the rows.
  var contentLength: Double { Double(sliderHeight + rows * rowHeight) }

  /// The slider's track in the content window, px: inset from its sides.
  func track(width: Double) -> Rect { Rect(x: 24, y: 8, width: max(0, width - 48), height: 40) }

  /// The slider's frame in window px, with the content in `viewport`.
  func sliderFrame(in viewport: Rect) -> Rect { track(width: viewport.width).offsetBy(dx: viewport.minX, dy: viewport.minY) }

  /// Draws the slider and the rows scrolled `offset` px, when either changed
  /// or when `force`.
  func draw(offset: Double, force: Bool = false) {
    guard force || drawn == nil || drawn! != (offset, value) else { return }
    drawn = (offset, value)
    var attributes = XWindowAttributes()
    XGetWindowAttributes(display, window, &attributes)
    let width = Int(attributes.width), height = Int(attributes.height)
    XSetForeground(display, gc, 0xFFFFFF)
    XFillRectangle(display, window, gc, 0, 0, UInt32(max(width, 1)), UInt32(max(height, 1)))
    let top = Int(offset.rounded())
    for row in max(0, top / rowHeight)..<min(rows, (top + height) / rowHeight + 1) {
      let y = sliderHeight + row * rowHeight - top
      XSetForeground(display, gc, row % 2 == 0 ? 0xF4F6F8 : 0xFFFFFF)
      XFillRectangle(display, window, gc, 0, Int32(y), UInt32(max(width, 1)), UInt32(rowHeight))
      XSetForeground(display, gc, 0x30343A)
      _ = "Setting \(row + 1)".withCString { XDrawString(display, window, gc, 24, Int32(y + 20), $0, Int32(strlen($0))) }
    }
    // The slider stays put over the rows.
    let t = track(width: Double(width))
    XSetForeground(display, gc, 0xFFFFFF)
    XFillRectangle(display, window, gc, 0, 0, UInt32(max(width, 1)), UInt32(sliderHeight))
    XSetForeground(display, gc, 0xC9CED6)
    XFillRectangle(display, window, gc, Int32(t.minX), Int32((t.minY + t.height / 2) - 2), UInt32(max(t.width, 1)), 4)
    XSetForeground(display, gc, 0x2F6FDE)
    XFillArc(display, window, gc, Int32(t.minX + t.width * value - 10), Int32((t.minY + t.height / 2) - 10), 20, 20, 0, 360 * 64)
  }
}
