import CX11
import DrawerAccess
import DrawerDesktop
import DrawerEngine
import DrawerFrame
import DrawerHost
import DrawerProcess
import DrawerRows
import DrawerScripting
import Glibc

/// X events handled in one pass at most: a client flooding the queue
/// still leaves room for frames, signals and the end between batches.
private let eventsPerPass = 512

/// A drawer panel on an X window, the X11 widget: turns X events into the
/// session's inputs, draws what the panels say, and presents it. What the
/// inputs mean (the pick, the query, the rows, the control channel, the
/// events) is the `HostSession`'s; when frames are due, `SessionLoop`'s.
///
/// An application makes one with `init(display:placement:content:...)`
/// and drives it from its own loop (`start`, then `handle` each event,
/// `update`, and sleep for `timeout`), or calls `run()`. The drawer-x11
/// program is one such application. The loop: drain every queued X event,
/// then draw if anything changed or a 60 Hz animation frame is due, then
/// sleep in poll(2) on the X connection — forever when nothing animates,
/// so an idle window costs no CPU.
public final class DrawerPanel {
  let x: XSession
  /// The pick, the rows, the control channel and the events, without X.
  package let session: HostSession
  /// The run's cadence, its last frame and its sleep, without X.
  let loop: SessionLoop
  var host: PanelHost { session.host }
  var engine: Drawer { session.drawer }
  /// The frames: built, presented, and made again at a new scale.
  let painter: PanelPainter
  var rows: RowTexts { session.rows }
  var pick: PickSettings? { session.pick }
  var query: QueryEditor? { session.query }

  private var serverClock = ServerClock()
  /// The latest time handed to the engine; advance never goes back.
  var engineTime: Double {
    get { session.time }
    set { session.time = newValue }
  }
  /// The back buffer no longer matches the window (a resize, a new
  /// backdrop), so the next frame is drawn even if the model did not change.
  var backBufferStale: Bool {
    get { loop.backBufferStale }
    set { loop.backBufferStale = newValue }
  }
  private var exposePending = false
  private var started = false  // whether `start()` ran
  var ready: Bool { session.isReady }
  var exitStatus: Int32? {
    get { session.exitStatus }
    set { session.exitStatus = newValue }
  }
  private let recorder: TraceFile?
  /// XInput 2.1 smooth scrolling; nil when the server lacks it, and until
  /// the first frame is on screen (see `reportReady`).
  var smoothScroll: SmoothScroll?
  /// The input method keys are read through; made once the window maps.
  var textInput: TextInput?
  /// The desktop's resources and settings changes, read at a burst's end.
  let desktopChanges: DesktopChanges
  /// --desktop: the monitor covered, and whether the window shows.
  let desktop: DesktopOverlay?
  /// --embed's command, started when the loop starts.
  private let embedCommand: EmbedCommand?
  /// --embed's client, once started.
  var embedded: EmbeddedClient?
  /// Pastes into the query, when typing filters.
  var selectionPaste: SelectionPaste?
  /// The accessibility bus and its bridge, once joined.
  private(set) var access: AccessGlue!
  /// Whether the window has the keyboard focus (it or a child of it).
  var windowFocused = false
  /// The application's own window in the panel's body, when it gave one.
  var content: ContentWindow?
  /// The application's window the panel covers, followed as it resizes.
  var parentFit: ParentFit?
  /// What an application shows behind the panel; nil for the program's
  /// map or the desktop.
  var ownBackdrop: Presenter.Backdrop?
  /// The application's backdrop as it gave it.
  var ownedBackdrop: Backdrop?
  /// Whether the backdrop is the program's map, which pans and has a hint.
  var showsMap: Bool { desktop == nil && ownBackdrop == nil }

  /// `configuration` is in logical px, drawn at the session's scale, which
  /// follows the desktop's Xft.dpi when `followsDesktopScale`. `recorder`
  /// takes the trace's lines when --record is on; `arguments` is the
  /// command line the trace's header keeps.
  package convenience init(
    session: XSession, configuration: DrawerConfiguration, theme: Theme, followsDesktopScale: Bool, rows: RowTexts,
    reader: RowReader?, control: ControlReader?, pick: PickSettings?, filters: Bool, lifecycle: PanelLifecycle,
    desktop: DesktopOverlay?, embed: EmbedCommand?, frameStats: Bool, accessibility: Bool, arguments: [String],
    recorder: TraceFile?
  ) throws(Failure) {
    try self.init(
      session: session, configuration: configuration, theme: theme, followsDesktopScale: followsDesktopScale,
      rows: rows, reader: reader, control: control, pick: pick, filters: filters, lifecycle: lifecycle,
      desktop: desktop, embed: embed, frameStats: frameStats, accessibility: accessibility, arguments: arguments,
      recorder: recorder, backdrop: nil)
    // The program's panel is the one whose state --events reports.
    EventLog.beforeLine = { [weak session] in session?.confirmFrames() }
  }

  /// The same, with `backdrop` (when not nil) behind the panel instead of
  /// the map: an application's own.
  init(
    session: XSession, configuration: DrawerConfiguration, theme: Theme, followsDesktopScale: Bool, rows: RowTexts,
    reader: RowReader?, control: ControlReader?, pick: PickSettings?, filters: Bool, lifecycle: PanelLifecycle,
    desktop: DesktopOverlay?, embed: EmbedCommand?, frameStats: Bool, accessibility: Bool, arguments: [String],
    recorder: TraceFile?, backdrop: Presenter.Backdrop?
  ) throws(Failure) {
    x = session
    session.waitsEveryFrame = frameStats
    ownBackdrop = backdrop
    self.desktop = desktop
    embedCommand = embed
    desktopChanges = DesktopChanges(followsScale: followsDesktopScale)
    self.recorder = recorder
    let now = monotonicSeconds()
    let size = Size(width: Double(session.width), height: Double(session.height))
    let host: PanelHost
    do {
      host = try PanelHost(
        configuration: configuration, scale: session.scale, containerSize: size, textMetrics: session.textMetrics,
        time: now, recording: recorder.map { file in (arguments, { file.write($0) }) })
    } catch {
      throw .usage(error.field, error.allowed, error.value)
    }
    self.session = HostSession(
      host: host, rows: rows, reader: reader, control: control, pick: pick, filters: filters, lifecycle: lifecycle,
      time: now)
    loop = SessionLoop(session: self.session)
    painter = PanelPainter(
      x: session, rows: rows, theme: theme, host: host, showsMap: desktop == nil && backdrop == nil,
      frameStats: frameStats)
    host.detailLineCount = { [unowned painter] row, width in painter.detailLines(row: row, width: width, rows: rows) }
    painter.presenter.mapHint = showsMap ? mapHint : nil
    // The desktop is copied before the window maps, and the first frame
    // shows it.
    if let desktop { prepareBackdrop(desktop) }
    if let backdrop { painter.presenter.backdrop = backdrop }
    if self.session.query != nil {
      let paste = SelectionPaste(display: session.display, window: session.window, session: self.session)
      selectionPaste = paste
      self.session.pasteRequested = { paste.request($0, now: monotonicSeconds()) }
    }
    // An input sees the window's size as the server last said it.
    self.session.willFeed = { [unowned self] in applyPendingResize(now: monotonicSeconds()) }
    access = makeAccessGlue(wanted: accessibility)
    try self.session.start(at: now)
  }

  /// Runs until `q`, a window close, a pick, a dismissal that ends the run
  /// (`endsWhenDismissed`) or a lost server; returns the exit status, or
  /// throws when the rows' source fails. The loop for a program without
  /// one of its own: X events go to `handle(_:)` (those it refuses to
  /// `otherEvent`), then `update()`, then poll(2) sleeps until `deadline`.
  public func run(otherEvent: ((inout XEvent) -> Void)? = nil) throws(Failure) -> Int32 {
    // The process ends inside Xlib's handler when the server goes away:
    // the trace gets its last inputs and is written out first.
    onConnectionLost = { [unowned self] in
      self.finishEngine()
      self.recorder?.close()
    }
    defer { onConnectionLost = nil }
    try start()
    var descriptors = [
      pollfd(fd: XConnectionNumber(x.display), events: Int16(POLLIN), revents: 0),
      pollfd(fd: TerminationSignals.readEnd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: -1, events: Int16(POLLIN), revents: 0),
      pollfd(fd: -1, events: Int16(POLLIN), revents: 0),
      pollfd(fd: -1, events: Int16(POLLIN), revents: 0),
      pollfd(fd: -1, events: 0, revents: 0),
      pollfd(fd: session.rows.icons?.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
    ]
    var event = XEvent()
    do throws(Failure) {
      while exitStatus == nil {
        // A pass: the work between two looks at the input, timed for --frame-stats.
        let passStart = monotonicSeconds()
        if let signal = TerminationSignals.pending() {
          exitStatus = ExitStatus.signalled(signal)
          break
        }
        var handled = 0
        while exitStatus == nil && handled < eventsPerPass && XPending(x.display) > 0 {
          XNextEvent(x.display, &event)
          handled += 1
          if !handle(&event) { otherEvent?(&event) }
        }
        if exitStatus != nil { break }
        try update()
        // A wait for the server (past two frames in flight, before an
        // event line) may have queued events that poll would not see.
        if XPending(x.display) > 0 {
          painter.stats?.recordPass(monotonicSeconds() - passStart)
          continue
        }
        // Whatever this pass did may have ended the program (a pick's
        // dismissal reported by its last frame, `quit` on the control
        // channel): it must not sleep first.
        if exitStatus != nil { break }
        let deadline = self.deadline
        // The source is read between frames, a slice a pass, for as long as
        // it has something ready.
        descriptors[2].fd = session.reader?.fd ?? -1
        descriptors[3].fd = session.control?.fd ?? -1
        descriptors[4].fd = embedded?.status == nil ? embedded?.exitDescriptor ?? -1 : -1
        (descriptors[5].fd, descriptors[5].events) = access.poll.map { ($0.fd, $0.events) } ?? (-1, 0)
        let timeout = SessionLoop.timeout(until: deadline, now: monotonicSeconds())
        painter.stats?.recordPass(monotonicSeconds() - passStart)
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
      }
    } catch {
      stop()
      throw error
    }
    stop()
    return exitStatus ?? ExitStatus.ok
  }

  /// The start of a run, in its order: the first frame goes into the back
  /// buffer before the window maps (so the first Expose only copies it),
  /// the embedded client starts, the window maps. Once: `run()` calls it,
  /// and a second call does nothing.
  public func start() throws(Failure) {
    guard !started else { return }
    started = true
    renderFrame(now: monotonicSeconds(), present: false)
    if let embedCommand { try startEmbedding(embedCommand) }
    if let desktop {
      startOverlay(desktop)
    } else {
      x.map()
    }
    XFlush(x.display)
    // Hidden over the desktop, nothing maps and no Expose comes: the
    // first frame is ready as it is.
    // A drop-down's window starts shaped to a panel not yet in view, which
    // no Expose reports: its first frame is ready too, and shows as it grows.
    if desktop?.shown == false || desktop?.dropDown != nil { reportReady() }
    // A window made for typing has an input method, opened with the first
    // key event or once the first frame is out; keys typed before then wait
    // in the queue and go through it like any other. Any other window's
    // keys are keysyms (Esc, Space, q), which need none.
    if session.query != nil { textInput = TextInput(display: x.display, window: x.window) }
  }

  /// Takes one X event read from the display: whether it was the panel's
  /// (its window's, or the server's news it follows; not the pointer while
  /// it rests dismissed). An application with its own loop hands every
  /// event here first, and the ones this refuses are its own.
  @discardableResult
  public func handle(_ event: inout XEvent) -> Bool {
    parentFit?.follow(event)
    // The embedded client's own events, and the keys it is given,
    // are its; the input method sees every other event first, and what
    // it takes comes back composed, or not at all.
    if let embedded, embedded.handle(&event) || embedded.forwardKey(&event) { return true }
    if desktop?.dropDown?.handle(event, client: embedded?.mappedWindow) == true { return true }
    if let embedded, let desktop,
      embedded.forwardPointer(&event, origin: (desktop.monitor.x, desktop.monitor.y))
    {
      return true
    }
    if textInput?.filter(&event) == true { return true }
    return dispatch(&event)
  }

  /// The work after a batch of events: the sources are read, the panel
  /// advances and, when its picture changed, is drawn and presented.
  /// Throws when the rows' source or the embedded client fails.
  public func update() throws(Failure) {
    defer {
      // The observer hears of a frame once the server has drawn it.
      if session.hasObservedEvents { x.confirmFrames() }
      session.deliverObservedEvents()
    }
    // A screen reader's DoAction may end a pick, as Return does.
    access.service()
    if exitStatus != nil { return }
    textInput?.service(now: monotonicSeconds())
    readDesktopChanges()
    let now = monotonicSeconds()
    try session.readRows(now: now, force: false)
    // Icons decoded since the last pass show in this one.
    if session.rows.icons?.takeArrivals() == true { session.rows.iconsArrived() }
    session.rankRows()
    session.readControl(now: now)
    selectionPaste?.checkDeadline(now: now)
    if let ended = checkEmbedded(now: now) { throw ended }
    if exitStatus != nil { return }
    checkLayout(now: now)
    syncOverlay()
    applyPendingResize(now: now)
    step(now: now)
    embedded?.follow(engine)
    embedded?.setShown(engine.state != .dismissed)
    if desktop?.shown == true { desktop?.dropDown?.focus(client: embedded?.mappedWindow) }
    content?.place(for: engine)
    // A panel that came to rest dismissed in that frame hides its window.
    syncOverlay()
    session.reportShownRows()
    // A window made for typing opens its input method (the Compose
    // table's 5 ms) once its first frame is out and its rows are in, so
    // that neither waits for it, nor usually the first key.
    if ready && session.query != nil && session.reader == nil { textInput?.openOnce() }
    access.update()
  }

  /// The end of a run: the bus left, the embedded client ended, and
  /// whatever was in flight answered.
  public func stop() {
    access.stop()
    embedded?.terminate()
    finishEngine()
    session.deliverObservedEvents()
  }

  /// Whatever is in flight gets its answer before the program ends: a drag
  /// its dragCancelled, a move its transitionCancelled.
  private func finishEngine() { session.finish(at: monotonicSeconds()) }

  /// The `frameStats` event, when `--frame-stats` is on.
  package var frameStatsReport: JSONLine? { painter.stats?.report() }

  // MARK: Frames

  private func step(now: Double) {
    // The server dropped the window's pixels: whatever this pass presents
    // must copy all of the back buffer.
    if exposePending { x.damageWholeWindow() }
    var presented = false
    if loop.isDue(now: now, catchingUp: painter.catchingUp) { presented = renderFrame(now: now, present: true) }
    if exposePending {
      exposePending = false
      if !presented { x.present() }
      if !ready { reportReady() }
    }
  }

  /// Advances the engine to `now` and, when the model changed, draws it and
  /// (with `present`) puts it on screen. Returns whether it presented.
  @discardableResult
  func renderFrame(now: Double, present: Bool) -> Bool {
    let start = monotonicSeconds()
    // What the advance reports goes out once its frame is on screen: a
    // reader woken by the line would otherwise delay the frame.
    defer { drainEngineEvents() }
    // The desktop behind the panel does not pan.
    guard let picture = loop.frame(now: now, catchingUp: painter.catchingUp, mapPans: showsMap) else {
      return false
    }
    // A drop-down's window takes the panel's shape before the frame shows.
    desktop?.dropDown?.shape(picture.model.surface, size: (x.width, x.height))
    painter.draw(picture, host: host, rows: rows, present: present, started: start)
    loop.drawn(picture)
    return present
  }

  // MARK: Events

  /// The one dispatch point for X events, like st's handler table: whether
  /// the event was the panel's.
  private func dispatch(_ event: inout XEvent) -> Bool {
    // On an application's display, another window's events are the
    // application's; the server's news about the root and the keyboard,
    // and XInput's cookies, are the panel's too.
    if x.sharesDisplay && event.xany.window != x.window && event.type != GenericEvent && event.type != MappingNotify
      && event.xany.window != x.root && event.type != (desktop?.screenChangeEvent ?? -1)
    {
      return false
    }
    if isApplicationsPointer(&event) { return false }
    switch event.type {
    case ButtonPress: buttonPressed(event.xbutton)
    case ButtonRelease: buttonReleased(event.xbutton)
    case MotionNotify: pointerMoved(newestMotion(after: event.xmotion))
    case GenericEvent: xinputEvent(&event)
    case KeyPress: keyPressed(&event.xkey)
    case LeaveNotify:
      // A grab's leave is the drag going on outside, not the pointer gone.
      if event.xcrossing.mode == NotifyNormal && event.xcrossing.state & UInt32(Button1Mask) == 0 {
        feed(.pointerLeft(time: inputTime(event.xcrossing.time, synthetic: event.xcrossing.send_event != 0)))
      }
    case ConfigureNotify:
      // The root's: `xrandr --setmonitor` and --delmonitor say only this.
      if desktop != nil && event.xconfigure.window == x.root { screenChanged(&event) } else { configured(event.xconfigure) }
    case Expose: if event.xexpose.count == 0 { exposePending = true }
    case ClientMessage: clientMessage(event.xclient)
    case PropertyNotify:
      // Our own property changes at startup fix the server clock's offset
      // before the first input arrives.
      _ = serverClock.seconds(
        forStamp: event.xproperty.time, synthetic: event.xproperty.send_event != 0, now: monotonicSeconds())
      if selectionPaste?.handle(&event, now: monotonicSeconds()) == true { return true }
      desktopChanges.note(event.xproperty, x: x, followsMotion: session.followsDesktopMotion)
    case SelectionNotify: _ = selectionPaste?.handle(&event, now: monotonicSeconds())
    case MappingNotify: XRefreshKeyboardMapping(&event.xmapping)
    case FocusIn, FocusOut:
      // The grab's own focus changes say nothing about who types here.
      if event.xfocus.mode != NotifyGrab && event.xfocus.mode != NotifyUngrab {
        textInput?.setFocus(event.type == FocusIn)
        // Focus going to an embedded client stays the window's.
        if event.xfocus.detail != NotifyInferior { windowFocused = event.type == FocusIn }
      }
      if desktop?.dropDown?.blurHides(event.xfocus) == true { blurred() }
    case DestroyNotify:
      if event.xdestroywindow.window == x.window {
        x.windowDestroyed = true
        session.close()
      } else if let desktop, event.xdestroywindow.window == desktop.compositorOwner { compositorGone(desktop) }
    case desktop?.screenChangeEvent ?? -1: screenChanged(&event)
    default: break
    }
    return true
  }

  /// Moves also send ConfigureNotify; only a new size counts, and only the
  /// last of a burst is applied.
  private func configured(_ e: XConfigureEvent) {
    // Any client can send a ConfigureNotify claiming any size; only the
    // server's own say what the window is (a window manager's synthetic
    // ones report moves, and a real one follows every resize).
    guard e.window == x.window, e.send_event == 0 else { return }
    loop.configured(width: Int(e.width), height: Int(e.height))
  }

  private func clientMessage(_ e: XClientMessageEvent) {
    if e.message_type == x.wmProtocols && Atom(UInt(bitPattern: e.data.l.0)) == x.wmDeleteWindow {
      session.close()
    }
  }

  func applyPendingResize(now: Double) {
    guard let size = loop.takeResize(current: x.windowSize) else { return }
    let surface = (width: x.width, height: x.height)
    x.resize(windowWidth: size.width, windowHeight: size.height)
    // Past the largest surface only the black margin changes.
    let surfaceChanged = x.width != surface.width || x.height != surface.height
    if surfaceChanged { painter.presenter.windowResized() }
    loop.resized(
      width: size.width, height: size.height,
      surface: surfaceChanged ? Size(width: Double(x.width), height: Double(x.height)) : nil, now: now)
  }

  /// Maps a server stamp onto the engine's clock.
  func inputTime(_ stamp: Time, synthetic: Bool) -> Double {
    serverClock.seconds(forStamp: stamp, synthetic: synthetic, now: monotonicSeconds())
  }

  /// Hands one input to the session, after any resize it must see first
  /// (`HostSession.willFeed`).
  func feed(_ input: DrawerInput) { session.feed(input) }

  // MARK: Reporting

  func drainEngineEvents() { session.drainEvents() }

  /// The first frame is on screen: take the keyboard if nobody manages
  /// focus, then say `ready`, what the start-up presentation did (how the
  /// panel came to the state `ready` reports), and the rows so far, in
  /// that order: a script's first line is always `ready`.
  private func reportReady() {
    // Over the desktop the grab brings the keys, shown or hidden.
    if desktop == nil { x.takeFocusWithoutWindowManager() }
    // Before `ready`, and before the sync, so that whoever waits for
    // `ready` finds the icon there: the server has it when XSync returns.
    x.setIcon()
    XSync(x.display, 0)
    // After the first frame, as the root property's round trip made
    // earlier waited for the server to draw the map. Only begun here:
    // `ready` never waits for a bus.
    access.start(display: x.display)
    session.reportReady(window: Int(x.window), width: x.width, height: x.height)
    // Smooth scrolling's setup is half a dozen round trips: made before the
    // first frame, the first of them waited for the server to finish
    // drawing the map, and the frame for the rest. Until here the core
    // wheel buttons scroll, as they do on a server without XInput 2.1.
    smoothScroll = SmoothScroll(display: x.display, window: x.window)
    // Start-up is over: fontconfig's parse, the first layouts and the map's
    // triangles freed what they used, but glibc returns only the top of
    // each heap by itself. The free pages inside them go back now, once,
    // ~200 KB the idle window would otherwise keep.
    malloc_trim(0)
  }
}
