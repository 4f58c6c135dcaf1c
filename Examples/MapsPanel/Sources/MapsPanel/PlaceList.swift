import DrawerX11
import Glibc

/// The app's own list of places: a child window the app draws, scrolled to
/// where the panel's engine holds it. It selects no pointer events, so a
/// press on it goes to the panel's window, whose engine scrolls the list
/// or moves the panel (pull-to-dismiss); the app only draws.
final class PlaceList {
  let display: OpaquePointer
  let window: Window
  let places: [String]
  let rowHeight = 36
  private let gc: GC
  /// The offset the list was last drawn at; nil before the first drawing.
  private var drawnOffset: Double?

  init(display: OpaquePointer, parent: Window, places: [String]) {
    self.display = display
    self.places = places
    window = XCreateSimpleWindow(display, parent, 0, 0, 1, 1, 0, 0, 0xFFFFFF)
    gc = XCreateGC(display, window, 0, nil)
    XSelectInput(display, window, ExposureMask | StructureNotifyMask)
  }

  /// The whole list's length, px: what the engine scrolls through.
  var contentLength: Double { Double(places.count * rowHeight) }

  /// Draws the rows at `offset` px into the list, when it changed or when
  /// `force` (the window was exposed or resized).
  func draw(offset: Double, force: Bool = false) {
    guard force || offset != drawnOffset else { return }
    drawnOffset = offset
    var attributes = XWindowAttributes()
    XGetWindowAttributes(display, window, &attributes)
    let width = Int(attributes.width), height = Int(attributes.height)
    XSetForeground(display, gc, 0xFFFFFF)
    XFillRectangle(display, window, gc, 0, 0, UInt32(max(width, 1)), UInt32(max(height, 1)))
    let top = Int(offset.rounded())
    let first = max(0, top / rowHeight)
    let last = min(places.count, (top + height) / rowHeight + 1)
    guard first < last else { return }
    for row in first..<last {
      let y = row * rowHeight - top
      // A pin, the name, and a rule under the row.
      XSetForeground(display, gc, 0xD8443C)
      XFillArc(display, window, gc, 16, Int32(y + 11), 14, 14, 0, 360 * 64)
      XSetForeground(display, gc, 0x202124)
      _ = places[row].withCString { XDrawString(display, window, gc, 44, Int32(y + 23), $0, Int32(strlen($0))) }
      XSetForeground(display, gc, 0xE3E5E8)
      XFillRectangle(display, window, gc, 44, Int32(y + rowHeight - 1), UInt32(max(width - 44, 1)), 1)
    }
  }
}
