// A DrawerKit-style app: a button in the app's window presents a modal
// drawer, partly expanded, which a tap on it expands fully and a tap
// outside it dismisses. The drawer has a border and a shadow, and dims
// the app behind it.
//
// It prints what happens as JSON lines (`ready`, then each `state` the
// drawer comes to rest at), which the project's real-window tests read.
import DrawerEngine
import DrawerRows
import DrawerX11
import Glibc

let width = 640, height = 480
let songs = (1...30).map { "Track \($0)" }
/// The button that presents the drawer, in the window's px.
let button = (x: 40, y: 40, width: 200, height: 48)

/// One JSON line on standard output, written at once: a test reads it
/// while the app runs.
func report(_ fields: String) {
  var line = "{" + fields + "}\n"
  line.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
}

/// One line on standard error, naming the app, then exit status 1.
func fail(_ message: String) -> Never {
  var line = "ModalDrawer: " + message + "\n"
  line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  exit(1)
}

guard let display = XOpenDisplay(nil) else {
  fail("cannot open the X display (is DISPLAY set?)")
}
let screen = XDefaultScreen(display)
let window = XCreateSimpleWindow(
  display, XRootWindow(display, screen), 0, 0, UInt32(width), UInt32(height), 0, 0, 0xF2F2F2)
XStoreName(display, window, "ModalDrawer")
// Selected before the drawer is made, which adds its own to the window's.
XSelectInput(display, window, ExposureMask | StructureNotifyMask)

/// The app's own content, drawn once into a picture the drawer shows behind
/// itself: a light page with the button.
func drawPage() -> Picture {
  let depth = UInt32(XDefaultDepth(display, screen))
  let pixmap = XCreatePixmap(display, window, UInt32(width), UInt32(height), depth)
  let picture = XRenderCreatePicture(display, pixmap, XRenderFindVisualFormat(display, XDefaultVisual(display, screen)), 0, nil)
  func fill(_ rgb: UInt32, _ x: Int, _ y: Int, _ w: Int, _ h: Int) {
    var c = XRenderColor(
      red: UInt16((rgb >> 16) & 0xFF) * 257, green: UInt16((rgb >> 8) & 0xFF) * 257, blue: UInt16(rgb & 0xFF) * 257,
      alpha: 0xFFFF)
    XRenderFillRectangle(display, Int32(PictOpSrc), picture, &c, Int32(x), Int32(y), UInt32(w), UInt32(h))
  }
  fill(0xF2F2F2, 0, 0, width, height)
  fill(0x2F6FDE, button.x, button.y, button.width, button.height)
  fill(0xFFFFFF, button.x + 16, button.y + 21, button.width - 32, 6)  // the button's label, as a bar
  return picture
}

var configuration = DrawerConfiguration()
configuration.heightOfPartiallyExpandedDrawer = 260
configuration.fullExpansionBehaviour = .leavesCustomGap(48)
configuration.numberOfTapsForFullDrawerPresentation = 1
configuration.numberOfTapsForOutsideDrawerDismissal = 1
configuration.maximumBackdropOpacity = 0.4
configuration.border = BorderConfiguration(thickness: 1, color: DrawerColor(red: 0.55, green: 0.57, blue: 0.62))
configuration.shadow = ShadowConfiguration(opacity: 0.35, radius: 14, offset: Point(x: 0, y: -2))

let drawer: DrawerPanel
do {
  drawer = try DrawerPanel(
    display: display, placement: .inside(window), content: .list(RowTexts.lines(songs, title: "Up next")),
    backdrop: .picture(drawPage()), configuration: configuration, startsHidden: true)
} catch {
  fail(error.message ?? "the drawer could not be made")
}
XMapWindow(display, window)


do {
  try drawer.start()
  var shown = false
  var lastState: DetentName? = nil
  var event = XEvent()
  var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
  while !drawer.isFinished {
    while XPending(display) > 0 {
      XNextEvent(display, &event)
      if drawer.handle(&event) { continue }
      // The drawer waits hidden, and while it does a press is the app's
      // (the drawer refuses it): the button presents the drawer, and the
      // rest of the page does nothing.
      if event.type == ButtonPress {
        let (x, y) = (Int(event.xbutton.x), Int(event.xbutton.y))
        if x >= button.x && x < button.x + button.width && y >= button.y && y < button.y + button.height {
          drawer.request(.present(animated: true))
        }
      }
    }
    try drawer.update()
    if drawer.isShowing && !shown {
      shown = true
      report(
        #""event":"ready","window":\#(window),"width":\#(width),"height":\#(height),"state":"dismissed","extent":0,"#
          + #""button":[\#(button.x),\#(button.y),\#(button.width),\#(button.height)]"#)
    }
    if let state = drawer.drawer.state, state != lastState {
      lastState = state
      report(#""event":"state","state":"\#(state.rawValue)","drawerTop":\#(drawer.drawer.drawerTop)"#)
    }
    XFlush(display)
    if XPending(display) > 0 { continue }
    _ = poll(&descriptor, 1, drawer.timeout)
  }
} catch {
  fail(error.message ?? "the drawer stopped")
}
