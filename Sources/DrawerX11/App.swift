import CX11
import DrawerAccess
import DrawerEngine
import DrawerFrame
import DrawerHost
import Glibc

/// Frame interval while something animates, s: 60 Hz.
let frameInterval = HostSession.frameInterval
/// How early a frame may be drawn, s: poll(2) counts whole milliseconds.
private let frameSlack = 0.001
/// X events handled in one pass at most: a client flooding the queue
/// still leaves room for frames, signals and the end between batches.
private let eventsPerPass = 512

/// The running program's X room: turns X events into the session's
/// inputs, draws what the panels say, and presents it. What the inputs
/// mean (the pick, the query, the rows, the control channel, the events)
/// is the `HostSession`'s.
///
/// The loop (B4): drain every queued X event, then draw if anything changed
/// or a 60 Hz animation frame is due, then sleep in poll(2) on the X
/// connection — forever when nothing animates, so an idle window costs no
/// CPU.
public final class App {
  let x: XSession
  /// The pick, the rows, the control channel and the events, without X.
  public let session: HostSession
  var host: PanelHost { session.host }
  var engine: Drawer { session.drawer }
  /// The map pan last drawn.
  private var lastMapOffset = (x: 0, y: 0)
  /// Made again, with the fonts, when the scale changes: the frame
  /// builder turns the render models into frames, the presenter carries
  /// them out.
  private(set) var builder: FrameBuilder
  private(set) var presenter: Presenter
  private let theme: Theme
  /// Whether the scale follows the desktop's Xft.dpi (--scale auto).
  let followsDesktopScale: Bool
  var rows: RowTexts { session.rows }
  var pick: PickSettings? { session.pick }
  var query: QueryEditor? { session.query }
  /// `rows.version` when the frame on screen was drawn.
  var drawnRowsVersion = -1
  /// The open detail panel's text, wrapped.
  private let detailText = DetailText()
  private var stats: FrameStats?

  private var serverClock = ServerClock()
  /// The latest time handed to the engine; advance never goes back.
  var engineTime: Double {
    get { session.time }
    set { session.time = newValue }
  }
  private var lastDrawn: DrawerRenderModel?
  private var lastDetailDrawn: DrawerRenderModel?
  /// The back buffer no longer matches the window (a resize, a new
  /// backdrop), so the next frame is drawn even if the model did not change.
  var backBufferStale = true
  var inputSinceFrame: Bool {
    get { session.inputSinceFrame }
    set { session.inputSinceFrame = newValue }
  }
  private var exposePending = false
  /// The window's size from the last ConfigureNotify not yet applied.
  var pendingSize: (width: Int, height: Int)?
  private var nextFrameTime = 0.0
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
  /// The desktop's resources changed: read once the events queued so far
  /// are handled, however many PropertyNotify events said so.
  private var resourcesChanged = false
  /// The watched XSETTINGS manager changed its settings since they were read.
  private var settingsChanged = false
  /// --desktop: the monitor covered, and whether the window shows.
  let desktop: DesktopOverlay?
  /// --embed's command, started when the loop starts.
  private let embedCommand: EmbedCommand?
  /// --embed's client, once started.
  var embedded: EmbeddedClient?
  /// Pastes into the query, when typing filters.
  var selectionPaste: SelectionPaste?
  /// Whether to join the accessibility bus (not --no-accessibility).
  private let accessibility: Bool
  /// The AT-SPI2 bridge; nil without an accessibility bus.
  var access: AccessBridge?
  /// The launcher's GetAddress while it is asked.
  var accessLookup: BusAddressLookup?
  /// Whether the window has the keyboard focus (it or a child of it).
  var windowFocused = false

  /// `configuration` is in logical px, drawn at the session's scale, which
  /// follows the desktop's Xft.dpi when `followsDesktopScale`. `recorder`
  /// takes the trace's lines when --record is on; `arguments` is the
  /// command line the trace's header keeps.
  public init(
    session: XSession, configuration: DrawerConfiguration, theme: Theme, followsDesktopScale: Bool, rows: RowTexts,
    reader: RowReader?, control: ControlReader?, pick: PickSettings?, filters: Bool, lifecycle: PanelLifecycle,
    desktop: DesktopOverlay?, embed: EmbedCommand?, frameStats: Bool, accessibility: Bool, arguments: [String],
    recorder: TraceFile?
  ) throws(Failure) {
    x = session
    self.accessibility = accessibility
    self.desktop = desktop
    embedCommand = embed
    self.theme = theme
    self.followsDesktopScale = followsDesktopScale
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
    (builder, presenter) = App.framePipeline(
      session: session, rows: rows, theme: theme, host: host, mapHint: desktop == nil)
    stats = frameStats ? FrameStats(frameInterval: frameInterval) : nil
    host.detailLineCount = { [unowned self] row, width in
      detailText.prepare(row: row, listWidth: width, inset: builder.textInset, rows: rows, measurer: x.fonts[.row])
    }
    presenter.mapHint = mapHint
    // The desktop is copied before the window maps, and the first frame
    // shows it.
    if let desktop { prepareBackdrop(desktop) }
    if self.session.query != nil {
      let paste = SelectionPaste(display: session.display, window: session.window, session: self.session)
      selectionPaste = paste
      self.session.pasteRequested = { paste.request($0, now: monotonicSeconds()) }
    }
    // An input sees the window's size as the server last said it.
    self.session.willFeed = { [unowned self] in applyPendingResize(now: monotonicSeconds()) }
    try self.session.start(at: now)
  }

  /// Runs until `q`, a window close, a pick or a lost server; returns the
  /// exit status, or throws when the rows' source fails.
  public func run() throws(Failure) -> Int32 {
    var failure: Failure?
    // The first frame goes into the back buffer before the window is
    // mapped, so the first Expose only has to copy it.
    // The process ends inside Xlib's handler when the server goes away:
    // the trace gets its last inputs and is written out first.
    onConnectionLost = { [unowned self] in
      self.finishEngine()
      self.recorder?.close()
    }
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

    var descriptors = [
      pollfd(fd: XConnectionNumber(x.display), events: Int16(POLLIN), revents: 0),
      pollfd(fd: TerminationSignals.readEnd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: -1, events: Int16(POLLIN), revents: 0),
      pollfd(fd: -1, events: Int16(POLLIN), revents: 0),
      pollfd(fd: -1, events: Int16(POLLIN), revents: 0),
      pollfd(fd: -1, events: 0, revents: 0),
    ]
    var event = XEvent()
    while exitStatus == nil {
      // A pass: the work between two looks at the input, timed for --frame-stats.
      let passStart = monotonicSeconds()
      if let signal = TerminationSignals.pending() {
        exitStatus = ExitStatus.signalled(signal)
        break
      }
      // A screen reader's DoAction may end a pick, as Return does.
      serviceAccessibility()
      if exitStatus != nil { break }
      var handled = 0
      while exitStatus == nil && handled < eventsPerPass && XPending(x.display) > 0 {
        XNextEvent(x.display, &event)
        handled += 1
        // The embedded client's own events, and the keys it is given,
        // are its; the input method sees every other event first, and what
        // it takes comes back composed, or not at all.
        if let embedded, embedded.handle(&event) || embedded.forwardKey(&event) { continue }
        if desktop?.dropDown?.handle(event, client: embedded?.mappedWindow) == true { continue }
        if let embedded, let desktop,
          embedded.forwardPointer(&event, origin: (desktop.monitor.x, desktop.monitor.y))
        {
          continue
        }
        if textInput?.filter(&event) == true { continue }
        dispatch(&event)
      }
      if exitStatus != nil { break }
      textInput?.service(now: monotonicSeconds())
      // Once the queue is empty: a burst of changes is read once, at its end.
      if (resourcesChanged || settingsChanged) && XPending(x.display) == 0 {
        if resourcesChanged { desktopResourcesChanged() }
        if settingsChanged { session.desktopSettingsChanged(x.desktopSettings(watch: true), now: monotonicSeconds()) }
        (resourcesChanged, settingsChanged) = (false, false)
      }
      let now = monotonicSeconds()
      do throws(Failure) {
        try session.readRows(now: now, force: false)
      } catch {
        failure = error
        break
      }
      session.rankRows()
      session.readControl(now: now)
      selectionPaste?.checkDeadline(now: now)
      if let ended = checkEmbedded(now: now) {
        failure = ended
        break
      }
      if exitStatus != nil { break }
      checkLayout(now: now)
      syncOverlay()
      applyPendingResize(now: now)
      step(now: now)
      embedded?.follow(engine)
      embedded?.setShown(engine.state != .dismissed)
      if desktop?.shown == true { desktop?.dropDown?.focus(client: embedded?.mappedWindow) }
      // A panel that came to rest dismissed in that frame hides its window.
      syncOverlay()
      session.reportShownRows()
      // A window made for typing opens its input method (the Compose
      // table's 5 ms) once its first frame is out and its rows are in, so
      // that neither waits for it, nor usually the first key.
      if ready && session.query != nil && session.reader == nil { textInput?.openOnce() }
      updateAccessibility()
      // Presenting syncs with the server, which may have queued events
      // that poll would not see on the socket.
      if XPending(x.display) > 0 {
        stats?.recordPass(monotonicSeconds() - passStart)
        continue
      }
      // Whatever this pass did may have ended the program (a pick's
      // dismissal reported by its last frame, `quit` on the control
      // channel): it must not sleep first.
      if exitStatus != nil { break }
      var deadline = Double.infinity
      if wantsFrames { deadline = nextFrameTime }
      if session.rowsPending { deadline = min(deadline, session.rowsSyncTime + frameInterval) }
      // Matches still to rank: the next slice comes after one look at the input.
      if session.rowsRanking { deadline = now }
      deadline = min(deadline, embedWakeTime(now: now))
      deadline = min(deadline, desktop?.layoutCheck ?? .infinity)
      deadline = min(deadline, selectionPaste?.deadline ?? .infinity)
      let accessPoll = accessPoll
      if let wake = accessPoll?.wake { deadline = min(deadline, wake) }
      if let wake = textInput?.wakeTime { deadline = min(deadline, wake) }
      // The source is read between frames, a slice a pass, for as long as
      // it has something ready.
      descriptors[2].fd = session.reader?.fd ?? -1
      descriptors[3].fd = session.control?.fd ?? -1
      descriptors[4].fd = embedded?.status == nil ? embedded?.exitDescriptor ?? -1 : -1
      (descriptors[5].fd, descriptors[5].events) = accessPoll.map { ($0.fd, $0.events) } ?? (-1, 0)
      let timeout: Int32 =
        deadline == .infinity ? -1 : Int32(max(0, ((deadline - monotonicSeconds()) * 1000).rounded(.up)))
      stats?.recordPass(monotonicSeconds() - passStart)
      _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
    }
    onConnectionLost = nil
    stopAccessibility()
    embedded?.terminate()
    finishEngine()
    if let failure { throw failure }
    return exitStatus ?? ExitStatus.ok
  }

  /// Whatever is in flight gets its answer before the program ends: a drag
  /// its dragCancelled, a move its transitionCancelled.
  private func finishEngine() {
    session.finish(at: monotonicSeconds())
  }

  /// The `frameStats` event, when `--frame-stats` is on.
  public var frameStatsReport: JSONLine? { stats?.report() }

  // MARK: Frames

  /// Whether frames come at the steady cadence: something animates (the
  /// builder never leaves a dim behind, `FrameBuilder.catchingUp`).
  private var wantsFrames: Bool { host.stack.isAnimating || builder.catchingUp }

  private func step(now: Double) {
    // The server dropped the window's pixels: whatever this pass presents
    // must copy all of the back buffer.
    if exposePending { x.damageWholeWindow() }
    let due =
      backBufferStale || inputSinceFrame || rows.version != drawnRowsVersion
      || (wantsFrames && now >= nextFrameTime - frameSlack)
    var presented = false
    if due { presented = renderFrame(now: now, present: true) }
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
    engineTime = max(engineTime, now)
    host.advance(to: engineTime)
    // What the advance reports goes out once its frame is on screen: a
    // reader woken by the line would otherwise delay the frame.
    defer { drainEngineEvents() }
    inputSinceFrame = false
    if wantsFrames {
      // Keep a steady cadence; after a pause, start a new one from now.
      nextFrameTime = nextFrameTime + frameInterval > now ? nextFrameTime + frameInterval : now + frameInterval
    }
    let model = engine.renderModel
    let detail = host.stack.detail?.renderModel
    // The desktop behind the panel does not pan.
    let map = desktop == nil ? host.mapOffset : (0, 0)
    guard
      backBufferStale || model != lastDrawn || detail != lastDetailDrawn || map != lastMapOffset
        || rows.version != drawnRowsVersion || builder.catchingUp
    else { return false }
    drawnRowsVersion = rows.version
    if let row = host.stack.detailRow {
      // The text as the host last wrapped it (a push or a re-wrap).
      _ = detailText.prepare(
        row: row, listWidth: host.detailWrapWidth, inset: builder.textInset, rows: rows, measurer: x.fonts[.row])
    }
    builder.build(model, detail: detail, text: detailText, width: x.width, height: x.height, mapOffset: map)
    // A drop-down's window takes the panel's shape before the frame shows.
    desktop?.dropDown?.shape(model.surface, size: (x.width, x.height))
    presenter.show(builder.frame, present: present)
    lastDrawn = model
    lastDetailDrawn = detail
    lastMapOffset = map
    backBufferStale = false
    guard present else { return false }
    stats?.record(monotonicSeconds() - start)
    return true
  }

  // MARK: Events

  /// The one dispatch point for X events, like st's handler table.
  private func dispatch(_ event: inout XEvent) {
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
      if selectionPaste?.handle(&event, now: monotonicSeconds()) == true { return }
      if followsDesktopScale && x.isResourceChange(event.xproperty) { resourcesChanged = true }
      if session.followsDesktopMotion && x.isDesktopSettingsChange(event.xproperty) { settingsChanged = true }
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
  }

  /// Moves also send ConfigureNotify; only a new size counts, and only the
  /// last of a burst is applied.
  private func configured(_ e: XConfigureEvent) {
    // Any client can send a ConfigureNotify claiming any size; only the
    // server's own say what the window is (a window manager's synthetic
    // ones report moves, and a real one follows every resize).
    guard e.window == x.window, e.send_event == 0 else { return }
    pendingSize = (Int(e.width), Int(e.height))
  }

  private func clientMessage(_ e: XClientMessageEvent) {
    if e.message_type == x.wmProtocols && Atom(UInt(bitPattern: e.data.l.0)) == x.wmDeleteWindow {
      session.close()
    }
  }

  func applyPendingResize(now: Double) {
    guard let size = pendingSize else { return }
    pendingSize = nil
    let current = x.windowSize
    guard size.width > 0, size.height > 0, size.width != current.width || size.height != current.height else { return }
    let surface = (width: x.width, height: x.height)
    x.resize(windowWidth: size.width, windowHeight: size.height)
    // Past the largest surface only the black margin changes.
    let surfaceChanged = x.width != surface.width || x.height != surface.height
    if surfaceChanged {
      presenter.windowResized()
      backBufferStale = true
    }
    session.windowResized(
      width: size.width, height: size.height,
      container: surfaceChanged ? Size(width: Double(x.width), height: Double(x.height)) : nil, now: now)
  }

  /// The desktop's resources changed: when its Xft.dpi now asks for
  /// another scale, the fonts, the panel's configuration and the frame pipeline
  /// are made again at it. The window keeps its size in device px (the
  /// window manager owns it), and so holds more or fewer logical px.
  private func desktopResourcesChanged() {
    let scale = ScaleChoice.auto.resolve(xftDPI: x.xftDPI())
    guard scale != host.scale.factor else { return }
    let fonts: FontSet
    do {
      fonts = try FontSet(display: x.display, screen: x.screen, pattern: x.fontPattern, scale: scale)
    } catch {
      Diagnostics.print("cannot open the fonts at scale \(formatNumber(scale)); staying at \(formatNumber(host.scale.factor))")
      return
    }
    applyPendingResize(now: monotonicSeconds())
    engineTime = max(engineTime, monotonicSeconds())
    do {
      try host.rescale(to: scale, textMetrics: XftTextMetrics(fonts), time: engineTime)
    } catch {
      fonts.close()
      Diagnostics.print("at scale \(formatNumber(scale)) \(error.field) must be \(error.allowed) (got \(error.value)); staying at \(formatNumber(host.scale.factor))")
      return
    }
    x.useFonts(fonts, scale: scale)
    presenter.releaseAll()
    (builder, presenter) = App.framePipeline(
      session: x, rows: rows, theme: theme, host: host, mapHint: desktop == nil)
    presenter.mapHint = mapHint
    presenter.backdrop = backdrop
    detailText.fontsChanged()
    host.rewrapDetail(time: engineTime)
    lastDetailDrawn = nil
    backBufferStale = true
    lastDrawn = nil
    x.damageWholeWindow()
    session.scaleChanged(width: x.windowSize.width, height: x.windowSize.height)
  }

  /// A frame builder and its presenter for the session's fonts and scale.
  private static func framePipeline(
    session x: XSession, rows: RowTexts, theme: Theme, host: PanelHost, mapHint: Bool
  ) -> (FrameBuilder, Presenter) {
    let text = TextPainter(session: x)
    var metrics = PaintMetrics()
    metrics.focusRingWidth = theme.focusRingWidth
    let builder = FrameBuilder(
      rows: rows, theme: theme, text: text, metrics: DisplayScale(x.scale).paint(metrics),
      shadows: host.drawer.configuration.shadows, detailShadows: host.stack.detailConfiguration.shadows,
      mapHint: mapHint)
    return (builder, Presenter(session: x, text: text, theme: theme))
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
    startAccessibility(wanted: accessibility)
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
