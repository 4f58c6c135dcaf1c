// An OverlayContainer-style app: an overlay with three notches computed
// from the space available, computed again when the window's height
// changes (OverlayContainer's `invalidateNotchHeights()`), its content the app's own `flexible` window
// (resized to each notch), whose list drives the overlay as
// OverlayContainer's `drivingScrollView` does. A slider pinned at the top
// of the content takes the drags that start on it: the delegate refuses
// them to the overlay.
//
// It prints what happens as JSON lines (`ready`, each `state`, each
// `dragAsked`, the `slider`'s value, and `pointerUp` with where the overlay
// is once a press ends, and `notches` after each new computation), which
// the project's real-window tests read.
import DrawerEngine
import DrawerX11
import Glibc

let width = 720, height = 640

/// One JSON line on standard output, written at once: a test reads it
/// while the app runs.
func report(_ fields: String) {
  var line = "{" + fields + "}\n"
  line.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
}

/// One line on standard error, naming the app, then exit status 1.
func fail(_ message: String) -> Never {
  var line = "OverlayNotches: " + message + "\n"
  line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  exit(1)
}

guard let display = XOpenDisplay(nil) else {
  fail("cannot open the X display (is DISPLAY set?)")
}
let window = XCreateSimpleWindow(
  display, XRootWindow(display, XDefaultScreen(display)), 0, 0, UInt32(width), UInt32(height), 0, 0, 0x3A4750)
XStoreName(display, window, "OverlayNotches")
XSelectInput(display, window, ExposureMask | StructureNotifyMask)


/// The notches for `availableSpace` px, OverlayContainer's
/// `heightForNotchAt:availableSpace:`: a fifth of the space, half of it,
/// and all of it but 40 px.
func notches(availableSpace: Int) -> [Detent] {
  let space = Double(availableSpace)
  return [
    Detent("minimum", .fromHome((space * 0.2).rounded()), backdropAlpha: 0),
    Detent("medium", .fromHome((space * 0.5).rounded()), backdropAlpha: 0.1),
    Detent("maximum", .fromHome(space - 40), backdropAlpha: 0.3, scrollsList: true),
  ]
}

var configuration = DrawerConfiguration()
configuration.detents = notches(availableSpace: height)
configuration.initialState = "medium"
// OverlayContainer's rushing-forward policy, and no removal: the overlay
// always shows.
configuration.releasePolicy = .nearest
configuration.allowsRemoval = false
configuration.overdrag = .rubberBand(.floatingPanel)
configuration.passthrough = true
configuration.cornerAnimationOption = .none
configuration.handle?.autoAnimatesDimming = false

/// What lies under the overlay: the app's own picture, slate with a few
/// cards, drawn once.
func drawBackground() -> Picture {
  let screen = XDefaultScreen(display)
  let pixmap = XCreatePixmap(display, window, UInt32(width), UInt32(height), UInt32(XDefaultDepth(display, screen)))
  let picture = XRenderCreatePicture(display, pixmap, XRenderFindVisualFormat(display, XDefaultVisual(display, screen)), 0, nil)
  func fill(_ rgb: UInt32, _ x: Int, _ y: Int, _ w: Int, _ h: Int) {
    var c = XRenderColor(
      red: UInt16((rgb >> 16) & 0xFF) * 257, green: UInt16((rgb >> 8) & 0xFF) * 257, blue: UInt16(rgb & 0xFF) * 257,
      alpha: 0xFFFF)
    XRenderFillRectangle(display, Int32(PictOpSrc), picture, &c, Int32(x), Int32(y), UInt32(w), UInt32(h))
  }
  fill(0x3A4750, 0, 0, width, height)
  for i in 0..<4 { fill(0x52616B, 32 + i * 168, 40, 144, 200) }
  return picture
}

let content = OverlayContent(display: display, parent: window)
let veto = SliderVeto()
veto.sliderFrame = { drawer in content.sliderFrame(in: drawer.renderModel.list.viewport) }
veto.answered = { point, allowed in
  report(#""event":"dragAsked","x":\#(point.x),"y":\#(point.y),"allowed":\#(allowed)"#)
}
let overlay: DrawerPanel
do {
  overlay = try DrawerPanel(
    display: display, placement: .inside(window), content: .window(content.window, .flexible),
    backdrop: .picture(drawBackground()), configuration: configuration, delegate: veto)
} catch {
  fail(error.message ?? "the overlay could not be made")
}
overlay.drawer.track(TrackedScroll(contentLength: content.contentLength))
XMapWindow(display, window)

do {
  try overlay.start()
  var shown = false
  var lastState: DetentName? = nil
  /// Whether the press under way began on the slider.
  var sliding = false
  var pressEnded = false
  /// The height the notches were computed for, and the window's now.
  var notchedHeight = height
  var windowHeight = height
  var event = XEvent()
  var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
  while !overlay.isFinished {
    while XPending(display) > 0 {
      XNextEvent(display, &event)
      if event.xany.window == content.window {
        if event.type == Expose || event.type == ConfigureNotify {
          content.draw(offset: overlay.drawer.trackedScroll?.offset ?? 0, force: true)
        }
        continue
      }
      // The slider reads the presses the overlay's window gets; the
      // overlay gets them too, and its delegate keeps it still.
      let slider = content.sliderFrame(in: overlay.drawer.renderModel.list.viewport)
      switch event.type {
      case ConfigureNotify where event.xconfigure.window == window:
        windowHeight = Int(event.xconfigure.height)
      case ButtonPress:
        sliding = slider.contains(Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y)))
      case MotionNotify where sliding:
        content.value = min(1, max(0, (Double(event.xmotion.x) - slider.minX) / max(1, slider.width)))
        report(#""event":"slider","value":\#(content.value)"#)
      case ButtonRelease:
        sliding = false
        pressEnded = true
      default:
        break
      }
      overlay.handle(&event)
    }
    if windowHeight != notchedHeight {
      // The space changed: the notches are computed anew and replace the
      // old ones in one step; the overlay stays at its notch.
      notchedHeight = windowHeight
      try overlay.replaceLayout { $0.detents = notches(availableSpace: windowHeight) }
      report(#""event":"notches","height":\#(windowHeight)"#)
    }
    try overlay.update()
    content.draw(offset: overlay.drawer.trackedScroll?.offset ?? 0)
    let d = overlay.drawer
    if overlay.isShowing && !shown {
      shown = true
      let s = content.sliderFrame(in: d.renderModel.list.viewport)
      report(
        #""event":"ready","window":\#(window),"width":\#(width),"height":\#(height),"#
          + #""state":"\#(d.nominalState.rawValue)","extent":\#(d.currentExtent),"drawerTop":\#(d.drawerTop),"#
          + #""slider":[\#(s.minX),\#(s.minY),\#(s.width),\#(s.height)]"#)
    }
    if pressEnded {
      pressEnded = false
      let state = d.state.map { #""\#($0.rawValue)""# } ?? "null"
      report(#""event":"pointerUp","state":\#(state),"extent":\#(d.currentExtent),"moving":\#(d.headingState != nil)"#)
    }
    if let state = d.state, state != lastState {
      lastState = state
      report(#""event":"state","state":"\#(state.rawValue)","drawerTop":\#(d.drawerTop)"#)
    }
    XFlush(display)
    if XPending(display) > 0 { continue }
    _ = poll(&descriptor, 1, overlay.timeout)
  }
} catch {
  fail(error.message ?? "the overlay stopped")
}
