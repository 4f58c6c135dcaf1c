// A FloatingPanel-style maps app: the app draws its own map, and a search
// panel over it rests at tip, half or full. The panel holds the app's own
// list of places, a child window the engine tracks: scrolled at full, and
// pulled down at its top it drags the panel, down to dismissing it. A
// delegate sends flicks past half.
//
// It prints what happens as JSON lines (`ready`, each `state` the panel
// comes to rest at, each `rewrote` of the delegate, and `pointerUp` with
// the list's offset once a press ends), which the project's real-window
// tests read.
import DrawerEngine
import DrawerX11
import Glibc

let width = 800, height = 600
let places = (1...60).map { "Place \($0): " + ["Harbour", "Old Town", "Museum", "Market", "Station"][$0 % 5] }

/// One JSON line on standard output, written at once: a test reads it
/// while the app runs.
func report(_ fields: String) {
  var line = "{" + fields + "}\n"
  line.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
}

/// One line on standard error, naming the app, then exit status 1.
func fail(_ message: String) -> Never {
  var line = "MapsPanel: " + message + "\n"
  line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  exit(1)
}

guard let display = XOpenDisplay(nil) else {
  fail("cannot open the X display (is DISPLAY set?)")
}
let window = XCreateSimpleWindow(
  display, XRootWindow(display, XDefaultScreen(display)), 0, 0, UInt32(width), UInt32(height), 0, 0, 0xE8E4D8)
XStoreName(display, window, "MapsPanel")
XSelectInput(display, window, ExposureMask | StructureNotifyMask)


var configuration = DrawerConfiguration()
configuration.detents = [
  Detent("tip", .fromHome(96), backdropAlpha: 0),
  Detent("half", .fraction(0.45), backdropAlpha: 0),
  Detent("full", .fromFar(24), backdropAlpha: 0, scrollsList: true),
]
configuration.initialState = "half"
// FloatingPanel's release: momentum projected to the adjacent detent, and
// a quick pull toward hidden removes the panel.
configuration.releasePolicy = .projection(allowsSkipping: false, removalRate: 5.5)
configuration.allowsRemoval = true
// The map stays the app's where the panel is not.
configuration.passthrough = true
configuration.shadow = ShadowConfiguration(opacity: 0.25, radius: 10)
// FloatingPanel's surface keeps its corners and grabber at every detent.
configuration.cornerAnimationOption = .none
configuration.handle?.autoAnimatesDimming = false

let skipsHalf = SkipsHalf()
skipsHalf.rewrote = { from, to, velocity in
  report(#""event":"rewrote","from":"\#(from.rawValue)","to":"\#(to.rawValue)","velocity":\#(velocity)"#)
}
let list = PlaceList(display: display, parent: window, places: places)
let panel: DrawerPanel
do {
  panel = try DrawerPanel(
    display: display, placement: .inside(window), content: .window(list.window, .flexible),
    backdrop: .picture(drawMap(display: display, window: window, width: width, height: height)),
    configuration: configuration, delegate: skipsHalf)
} catch {
  fail(error.message ?? "the panel could not be made")
}
// The list drives the panel: the engine scrolls it, and hands its pull to
// the panel at its top.
panel.drawer.track(TrackedScroll(contentLength: list.contentLength))
XMapWindow(display, window)

do {
  try panel.start()
  var shown = false
  var lastState: DetentName? = nil
  var pressEnded = false
  var event = XEvent()
  var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
  while !panel.isFinished {
    while XPending(display) > 0 {
      XNextEvent(display, &event)
      // The list's own window: drawn anew when exposed or resized.
      if event.xany.window == list.window {
        if event.type == Expose || event.type == ConfigureNotify {
          list.draw(offset: panel.drawer.trackedScroll?.offset ?? 0, force: true)
        }
        continue
      }
      if event.type == ButtonRelease { pressEnded = true }
      panel.handle(&event)
    }
    try panel.update()
    let offset = panel.drawer.trackedScroll?.offset ?? 0
    list.draw(offset: offset)
    if pressEnded {
      pressEnded = false
      let state = panel.drawer.state.map { #""\#($0.rawValue)""# } ?? "null"
      report(#""event":"pointerUp","state":\#(state),"offset":\#(offset)"#)
    }
    if panel.isShowing && !shown {
      shown = true
      let d = panel.drawer
      report(
        #""event":"ready","window":\#(window),"width":\#(width),"height":\#(height),"#
          + #""state":"\#(d.nominalState.rawValue)","extent":\#(d.currentExtent),"drawerTop":\#(d.drawerTop)"#)
    }
    if let state = panel.drawer.state, state != lastState {
      lastState = state
      report(#""event":"state","state":"\#(state.rawValue)","drawerTop":\#(panel.drawer.drawerTop)"#)
    }
    XFlush(display)
    if XPending(display) > 0 { continue }
    _ = poll(&descriptor, 1, panel.timeout)
  }
} catch {
  fail(error.message ?? "the panel stopped")
}
