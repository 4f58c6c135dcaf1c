import DrawerDesktop
import DrawerEngine
import DrawerProcess
import DrawerRows
import DrawerScripting

/// Where a session's output goes: the event lines, the pick's answer, and
/// the lines for standard error.
public struct SessionOutput {
  /// Takes each `--events` line; nil when events are off.
  public var events: ((JSONLine) -> Void)?
  /// Takes one line of the pick's answer, without its newline.
  public var result: (UnsafeRawBufferPointer) -> Void
  /// Takes one line for standard error.
  public var diagnostic: (String) -> Void

  /// Output going to `events` (nil when events are off), `result` and `diagnostic`.
  public init(
    events: ((JSONLine) -> Void)?, result: @escaping (UnsafeRawBufferPointer) -> Void,
    diagnostic: @escaping (String) -> Void
  ) {
    self.events = events
    self.result = result
    self.diagnostic = diagnostic
  }

  /// The process's own: `EventLog` when it is enabled (as it is when this
  /// is read), the pick on standard output, and `Diagnostics`.
  public static var standard: SessionOutput {
    SessionOutput(
      events: EventLog.enabled ? { EventLog.emit($0) } : nil, result: { EventLog.writeResult(bytes: $0) },
      diagnostic: { Diagnostics.print($0) })
  }

  /// Passes `text` to `result`.
  func result(_ text: String) {
    var copy = text
    copy.withUTF8 { result(UnsafeRawBufferPointer($0)) }
  }
}

/// One run of the program without its window system: the panels, the
/// rows and their source, the control channel, the typed query, the pick,
/// and every event line they make.
///
/// A front end translates its input (pointer and wheel as `DrawerInput`,
/// keys as `KeyPress`, a new window size, the time) and hands it here; it
/// asks the panels (`host`) what to draw and `exitStatus` when to stop. A
/// test drives a whole pick or control session the same way, without X.
///
/// Events are drained after each input and step, except a frame's, which
/// wait until the front end has the frame on screen (`drainEvents`).
/// Draining only reports: a list row activated outside a pick opens its
/// detail panel by an explicit `PanelHost.openDetail(row:)` as the
/// session takes the activation.
public final class HostSession {
  /// Frame interval while something animates, s: 60 Hz. Rows that keep
  /// arriving are shown at most once a frame.
  public static let frameInterval = 1.0 / 60

  /// The panels, their routing and the `--record` trace this session drives.
  public let host: PanelHost
  /// The list panel.
  public var drawer: Drawer { host.drawer }
  /// The rows the list shows: the store, the filter and the header's texts.
  public let rows: RowTexts
  /// Where rows still come from; nil once the source ended, or for
  /// generated rows.
  public internal(set) var reader: RowReader?
  /// The control channel, while it is open.
  public internal(set) var control: ControlReader?
  /// --pick; nil when not picking.
  public let pick: PickSettings?
  /// How the panel comes and goes: hidden at start, slid in, kept.
  public let lifecycle: PanelLifecycle
  /// The query typed, when typing filters (--pick, --filter).
  public internal(set) var query: QueryEditor?
  /// The latest time handed to the panels; it never goes back.
  public var time: Double
  /// How the program ends, once something ended it: a pick, its
  /// cancellation, `quit`, a closed window or a signal.
  public var exitStatus: Int32?
  /// An input reached the panels since the front end last drew: the next
  /// frame is due even if nothing moves.
  public var inputSinceFrame = false
  /// Whether the first frame is on screen and `ready` was reported:
  /// events before it are held (`reportReady`).
  public private(set) var isReady = false
  /// Whether the start-up slide-in was asked for (`startSlideIn`).
  var slideInStarted = false
  /// Called before each input reaches the panels, for what the front end
  /// must apply first (the X front end: a resize it was told of earlier).
  public var willFeed: (() -> Void)?
  /// Whether reduced motion follows the desktop's XSETTINGS while the
  /// program runs: true unless --reduced-motion turned it on for good.
  public var followsDesktopMotion = false
  /// Asks the front end for a selection's text, which comes back through
  /// `paste(_:dropped:from:time:)`: a paste key was pressed.
  public var pasteRequested: ((PasteSelection) -> Void)?
  /// When the list's row count last went to the panel: rows that keep
  /// arriving are counted once a frame, not once a read.
  public internal(set) var rowsSyncTime = -Double.infinity
  /// Rows were shown whose `rows` event waits for the frame on screen.
  var rowsShownPending = false
  /// A query changed whose `filtered` event waits for its matches' ranking.
  var filteredPending = false
  /// Time spent ranking matches per pass, s (`RowFilter.rankSliceSeconds`;
  /// a test sets 0 to see the ranking go on over passes).
  var rankSliceSeconds = RowFilter.rankSliceSeconds
  /// Events from the startup presentation, reported after `ready`.
  private var heldEvents: [PanelHost.Event] = []
  /// A kept pick answered while its events were drained: the panel is
  /// dismissed once they are all reported, so that the events stay in order.
  var dismissesAfterDrain = false
  /// The status the run ends with once the panel is dismissed
  /// (`end(afterDismissalWith:time:)`).
  var endingStatus: Int32?
  let output: SessionOutput
  /// The row --select names, until it arrives or a key edits the query.
  var preselect: String?
  /// Store rows already looked at for `preselect`.
  var preselectScanned = 0
  /// rofi's `-selected-row`, until the row has arrived.
  var rofiSelectPending: Int?
  /// Takes each of the list panel's events once `deliverObservedEvents()`
  /// runs, outside any input's handling: an application's own observer
  /// (`DrawerPanel.onEvent`). nil keeps none.
  public var observer: ((DrawerEvent) -> Void)?
  /// The list panel's events drained since the last delivery, while an
  /// observer is set.
  private var observed: [DrawerEvent] = []

  /// A session on `host`'s panels and `rows`, read from `reader` when
  /// they stream; `control` is the --control channel; `filters` whether
  /// typing edits a query; `lifecycle` how the panel comes and goes.
  public init(
    host: PanelHost, rows: RowTexts, reader: RowReader?, control: ControlReader?, pick: PickSettings?,
    filters: Bool, lifecycle: PanelLifecycle = PanelLifecycle(), time: Double, output: SessionOutput = .standard
  ) {
    self.host = host
    self.rows = rows
    self.reader = reader
    self.control = control
    self.pick = pick
    self.lifecycle = lifecycle
    self.time = time
    self.output = output
    preselect = pick?.preselect
    rofiSelectPending = pick?.rofi?.selectedRow
    rows.hidesQuery = pick?.hidesQuery == true
    rows.message = Array((pick?.message ?? "").utf8)
    if filters {
      var editor = QueryEditor()
      editor.type(pick?.initialQuery ?? "")
      query = editor
      rows.setQuery(editor.text)
    }
  }

  /// What the source has ready goes into the first frame, and is there
  /// before the panel is presented: a `content` detent fits those rows,
  /// and the presentation's events report the extent that is drawn. A
  /// panel that starts hidden, or slides in once the first frame is on
  /// screen (`reportReady`), is not presented here.
  public func start(at now: Double) throws(Failure) {
    try readRows(now: now, force: true)
    if !lifecycle.startsHidden && !lifecycle.slidesIn {
      _ = host.feed(.request(.present(animated: false), time: now))
    }
    drainEvents()
  }

  /// How the program ends when its window is closed (or `q`, or `quit`):
  /// a pick closed without a choice is cancelled.
  public var closeStatus: Int32 { pick != nil ? ExitStatus.cancelled : ExitStatus.ok }

  /// Ends the program as closing its window does.
  public func close() { exitStatus = closeStatus }

  // MARK: Input

  /// Hands one input to the panels, after whatever the front end must
  /// apply first, and reports what it did.
  public func feed(_ input: DrawerInput) {
    willFeed?()
    switch input {
    case let .pointerDown(_, _, t), let .pointerMove(_, t), let .pointerUp(_, _, t), let .wheel(_, _, t),
      let .horizontalWheel(_, _, t), let .key(_, t), let .resize(_, t), let .request(_, t), let .pointerLeft(t):
      time = max(time, t)
    }
    let mapLine = host.feed(input)
    inputSinceFrame = true
    drainEvents()
    if let mapLine, isReady { output.events?(mapLine) }
  }

  /// Marks (or unmarks) the row at `point` in a multiple pick, as Ctrl+click
  /// does in a file manager.
  public func toggleMark(at point: Point) {
    guard pick?.multiple == true, let row = drawer.row(at: point) else { return }
    rows.toggleMark(row)
  }

  /// Moves the panels' clock to `now` (never back): one frame. Its events
  /// wait for `drainEvents`, which a front end calls once the frame is on
  /// screen.
  public func advance(to now: Double) {
    time = max(time, now)
    host.advance(to: time)
    inputSinceFrame = false
  }

  /// Whatever is in flight gets its answer before the program ends: a drag
  /// its dragCancelled, a move its transitionCancelled.
  public func finish(at now: Double) {
    host.finish(at: max(time, now))
    drainEvents()
    if !isReady {
      for event in heldEvents { report(event) }
      heldEvents = []
    }
  }

  // MARK: Events

  /// Takes every event the panels have: a pick answers the list's, a row
  /// activated outside a pick opens its detail, and each is reported (or
  /// held until `ready`).
  public func drainEvents() {
    while let event = host.nextEvent() {
      if event.panel == .list, case .dismissed = event.event { listDismissed() }
      if event.panel == .list && observer != nil { observed.append(event.event) }
      if event.panel == .list {
        // A pick's activation is its answer, not a detail to read.
        if pick != nil {
          pickEvent(event.event)
        } else if case .rowActivated(let row) = event.event, host.stack.detail == nil {
          // Before the activation is reported: the detail's own events
          // follow it, as they did when the push was part of the drain.
          host.openDetail(row: row)
        }
      }
      guard output.events != nil else { continue }
      if isReady { report(event) } else { heldEvents.append(event) }
    }
    if dismissesAfterDrain {
      dismissesAfterDrain = false
      feed(.request(.dismiss(animated: true), time: time))
    }
  }

  /// Whether the observer has events waiting for `deliverObservedEvents()`.
  public var hasObservedEvents: Bool { observer != nil && !observed.isEmpty }

  /// Hands the observer the list panel's events drained since the last
  /// call, in order. Called between inputs, so the observer may hand the
  /// panel inputs of its own; their events come in the same call.
  public func deliverObservedEvents() {
    while let observer, !observed.isEmpty {
      let batch = observed
      observed = []
      for event in batch { observer(event) }
    }
  }

  private func report(_ event: PanelHost.Event) {
    output.events?(host.line(for: event, rows: rows))
  }

  /// The first frame is on screen: say `ready` (the window's id, its size
  /// in device px, reported as logical px), what the start-up presentation
  /// did, and the rows so far, in that order: a script's first line is
  /// always `ready`.
  public func reportReady(window: Int, width: Int, height: Int) {
    isReady = true
    // Slides in with events or without: a script that reads only the pick
    // still sees the panel come.
    defer { startSlideIn() }
    guard let events = output.events else { return }
    var line = JSONLine(event: "ready")
    line.add("panel", StackPanel.list.rawValue)
    line.add("window", window)
    addLogicalSize(width: width, height: height, to: &line)
    line.add("state", (drawer.state ?? drawer.nominalState).rawValue)
    host.position.add(to: &line)
    events(line)
    for event in heldEvents { report(event) }
    heldEvents = []
    reportRows()
  }

  /// The desktop's XSETTINGS changed (`settings` nil: its manager went
  /// away): when the run follows the desktop's motion setting, reduced
  /// motion is on exactly while the desktop asks for it, from the next
  /// move on.
  public func desktopSettingsChanged(_ settings: XSettings?, now: Double) {
    guard followsDesktopMotion else { return }
    time = max(time, now)
    host.setReducesMotion(XSettings.asksForReducedMotion(settings), time: time)
  }

  /// The window is now `width` × `height` device px: the panels take
  /// `container`, their new size in device px, when it changed (past the
  /// largest surface only the window's margin grows), and `resized` says
  /// so once the first frame is on screen.
  public func windowResized(width: Int, height: Int, container: Size?, now: Double) {
    if let container {
      time = max(time, now)
      // Not an input: it comes before the inputs that follow it
      // (`willFeed`), and is no reason to draw on its own.
      _ = host.feed(.resize(container, time: time))
    }
    reportResized(width: width, height: height)
    drainEvents()
  }

  /// The `resized` event for a window now `width` × `height` device px.
  private func reportResized(width: Int, height: Int) {
    guard let events = output.events, isReady else { return }
    var line = JSONLine(event: "resized")
    line.add("panel", StackPanel.list.rawValue)
    addLogicalSize(width: width, height: height, to: &line)
    host.position.add(to: &line)
    events(line)
  }

  /// The panels are at a new scale (`PanelHost.rescale`, then the detail
  /// wrapped again in the front end's new fonts): `scaleChanged` says so,
  /// for a window `width` × `height` device px, and what the new scale
  /// moved follows.
  public func scaleChanged(width: Int, height: Int) {
    reportScaleChanged(width: width, height: height)
    drainEvents()
  }

  private func reportScaleChanged(width: Int, height: Int) {
    guard let events = output.events, isReady else { return }
    var line = JSONLine(event: "scaleChanged")
    line.add("panel", StackPanel.list.rawValue)
    line.add("scale", host.scale.factor, decimals: 2)
    addLogicalSize(width: width, height: height, to: &line)
    host.position.add(to: &line)
    events(line)
  }

  /// Adds a window size in device px to `line` as logical px.
  private func addLogicalSize(width: Int, height: Int, to line: inout JSONLine) {
    line.add("width", host.scale.logical(Double(width)), decimals: 0)
    line.add("height", host.scale.logical(Double(height)), decimals: 0)
  }
}
