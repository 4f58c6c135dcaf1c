import DrawerDesktop
import DrawerEngine
import DrawerProcess
import DrawerRows
import DrawerScripting

/// The loop glue between a front end and the panel: inputs in, frames,
/// event lines out; the map pan of a non-modal panel; the trace.
///
/// The X program and `drawer-replay` both drive the panel through this one
/// type, so a replayed trace takes the same routing and prints the same
/// events.
public final class PanelHost {
  /// The panels: the list, and the detail panel while one is open.
  public private(set) var stack: PanelStack
  /// The list panel; a new scale puts another in its place (`rescale`).
  public var drawer: Drawer { stack.list }
  /// The configuration as the flags gave it (and `replaceDetents` changed
  /// it), in logical px; the panel has it in device px at `scale`.
  public private(set) var logicalConfiguration: DrawerConfiguration
  /// The detail panel's configuration in logical px (`DetailPanel`).
  public private(set) var logicalDetailConfiguration: DrawerConfiguration
  /// Device px per logical px: the panel and the pointer work in device
  /// px, the events report logical px.
  public private(set) var scale: DisplayScale
  /// How far the map is panned, device px.
  public private(set) var mapOffset = (x: 0, y: 0)
  /// The number of lines row `row`'s text takes wrapped to `width` device
  /// px, from the front end's fonts; nil when replaying, where the trace
  /// holds every push and re-wrap the session made. With it, the host
  /// opens the detail panel when asked (`openDetail(row:)`) and wraps it
  /// again when the window or the scale changes, and records those
  /// requests.
  public var detailLineCount: ((_ row: Int, _ width: Double) -> Int)?
  /// The detents the open detail's text is wrapped for: the one it rests
  /// at, or both ends of its move; empty for its narrowest
  /// (`PanelStack.detailListWidth(at:)`).
  private var detailWrapDetents: [DetentName] = []
  /// The width the open detail's text is wrapped to now, device px: the
  /// width the front end draws its lines at.
  public var detailWrapWidth: Double { stack.detailListWidth(at: detailWrapDetents) }
  /// A press the map took: where, the offset then, and whether it moved
  /// past the click slop.
  private var pan: (start: Point, origin: (x: Int, y: Int), moved: Bool)?
  private let record: ((String) -> Void)?

  /// One event of a panel, with where that panel was when it was drained.
  public struct Event {
    /// The panel the event came from: the list or the detail.
    public var panel: StackPanel
    /// What happened.
    public var event: DrawerEvent
    /// Where that panel was when its events were drained.
    public var position: PanelPosition
  }

  /// Makes the panel for `configuration` (logical px) at `scale` in a
  /// container `containerSize` device px large, hidden.
  ///
  /// With `recording`, the trace's lines go to its `write`, the header (with
  /// `arguments`, the command line the trace keeps) first.
  public init(
    configuration: DrawerConfiguration, scale: Double, containerSize: Size, textMetrics: any TextMeasuring,
    time: Double, recording: (arguments: [String], write: (String) -> Void)? = nil
  ) throws(DrawerConfigurationError) {
    logicalConfiguration = configuration
    logicalDetailConfiguration = DetailPanel.configuration(for: configuration)
    self.scale = DisplayScale(scale)
    stack = try PanelStack(
      list: self.scale.configuration(configuration), detail: self.scale.configuration(logicalDetailConfiguration),
      containerSize: containerSize, textMetrics: textMetrics, time: time)
    record = recording?.write
    if let recording {
      let header = Trace.Header(
        arguments: recording.arguments, width: containerSize.width, height: containerSize.height, time: time,
        titleLineHeight: textMetrics.titleLineHeight, rowLineHeight: textMetrics.rowLineHeight, scale: scale)
      recording.write(Trace.line(header))
    }
  }

  /// Where the list panel is, in logical px, as the events report it.
  public var position: PanelPosition { PanelPosition(drawer, scale: scale) }

  /// The next event of any panel, oldest first. Taking it changes
  /// nothing: what an event leads to (a detail opened on `rowActivated`)
  /// is the caller's next step.
  public func nextEvent() -> Event? {
    guard let e = stack.nextEvent() else { return nil }
    return Event(panel: e.panel, event: e.event, position: PanelPosition(e.drawer, scale: scale))
  }

  /// Opens the detail panel on list row `row`, its text wrapped by
  /// `detailLineCount`, recorded like an input; nothing when a detail is
  /// open or the host measures no text (a replay, whose trace holds the
  /// push). Its events follow the drained ones.
  public func openDetail(row: Int) {
    guard let count = detailLineCount, stack.detail == nil else { return }
    detailWrapDetents = []
    feed(.pushDetail(row: row, lines: count(row, detailWrapWidth)), time: stack.time)
  }

  /// The `--events` line for `event`; list rows are named by their number
  /// in `rows`' source and their text.
  public func line(for event: Event, rows: RowTexts) -> JSONLine {
    eventLine(event.event, panel: event.panel, position: event.position, scale: scale) {
      (rows.storeRow($0), rows.text(ofRow: $0))
    }
  }

  /// Hands a request to the panel stack (open, close or re-wrap the
  /// detail panel), recorded like an input.
  public func feed(_ request: PanelStackRequest, time: Double) {
    if let record { record(Trace.line(.stack(request, time: time))!) }
    stack.handle(request, time: time)
  }

  /// Wraps the open detail's text again at its width now, when the front
  /// end measures text and the line count changed: a resize does it
  /// itself; after `rescale` the front end calls it once its fonts are the
  /// new scale's.
  public func rewrapDetail(time: Double) {
    guard let count = detailLineCount, let row = stack.detailRow, let panel = stack.detail else { return }
    let lines = count(row, detailWrapWidth)
    if lines != panel.layout.rowCount { feed(.setDetailLines(lines), time: time) }
  }

  /// Hands one input to the panel, or to the map when a non-modal panel
  /// lets a press through; returns the map's event line, if any.
  public func feed(_ input: DrawerInput) -> JSONLine? {
    if let record, let line = Trace.line(.input(input)) { record(line) }
    switch input {
    case let .pointerDown(p, .primary, _) where pan == nil && stack.passesThrough(p):
      pan = (p, mapOffset, false)
      return nil
    case let .pointerMove(p, _) where pan != nil:
      movePan(to: p)
      return nil
    case let .pointerUp(p, .primary, _) where pan != nil:
      movePan(to: p)
      let ended = pan!
      pan = nil
      var line: JSONLine
      if ended.moved {
        line = JSONLine(event: "mapMoved")
        line.add("panel", StackPanel.list.rawValue)
        line.add("x", scale.logical(Double(mapOffset.x)), decimals: 0)
        line.add("y", scale.logical(Double(mapOffset.y)), decimals: 0)
      } else {
        // Where on the map, which the pan shifts.
        line = JSONLine(event: "mapClicked")
        line.add("panel", StackPanel.list.rawValue)
        line.add("x", scale.logical(p.x - Double(mapOffset.x)), decimals: 0)
        line.add("y", scale.logical(p.y - Double(mapOffset.y)), decimals: 0)
      }
      return line
    case let .resize(_, t):
      stack.handle(input)
      rewrapDetail(time: t)
      return nil
    default:
      stack.handle(input)
      return nil
    }
  }

  private func movePan(to p: Point) {
    guard var current = pan else { return }
    let dx = p.x - current.start.x, dy = p.y - current.start.y
    if (dx * dx + dy * dy).squareRoot() > drawer.configuration.clickSlop { current.moved = true }
    if current.moved {
      // Within ±1,000,000 px: the map wraps, and the offset stays an Int.
      func shift(_ origin: Int, _ d: Double) -> Int { origin + Int(max(-1e6, min(1e6, d.rounded()))) }
      mapOffset = (shift(current.origin.x, dx), shift(current.origin.y, dy))
    }
    pan = current
  }

  /// Moves the panel's clock to `time`: one frame.
  public func advance(to time: Double) {
    if let record { record(Trace.line(.frame(time))!) }
    stack.advance(to: time)
    followDetailWidth(time: time)
  }

  /// A side card grows and shrinks with its extent, so its text follows
  /// it before the frame is drawn: wrapped to the detent it rests at, and
  /// while it moves to the narrower of where it was and where it goes; a
  /// drag keeps the wrap it started with.
  private func followDetailWidth(time: Double) {
    guard detailLineCount != nil, let panel = stack.detail else { return }
    var detents = panel.state.map { [$0] } ?? detailWrapDetents
    if panel.state == nil && !detents.contains(panel.nominalState) { detents.append(panel.nominalState) }
    guard detents != detailWrapDetents else { return }
    detailWrapDetents = detents
    rewrapDetail(time: time)
  }

  /// Ends what is in flight (see `Drawer.finish(at:)`).
  public func finish(at time: Double) {
    if let record { record(Trace.line(.finish(time))!) }
    pan = nil
    stack.finish(at: time)
  }

  /// Hands the panel the configuration at a new scale (the desktop's
  /// Xft.dpi changed), with the fonts' new line heights, at `time`; see
  /// `PanelStack.reconfigure`. Recorded like an input.
  public func rescale(to factor: Double, textMetrics: any TextMeasuring, time: Double) throws(DrawerConfigurationError) {
    let next = DisplayScale(factor)
    let configuration = next.configuration(logicalConfiguration)
    let detail = next.configuration(logicalDetailConfiguration)
    // Checked before it is recorded, so a trace holds only steps that replay.
    try configuration.validate()
    try detail.validate()
    if let record {
      record(
        Trace.line(
          .rescale(
            scale: factor, titleLineHeight: textMetrics.titleLineHeight, rowLineHeight: textMetrics.rowLineHeight,
            time: time))!)
    }
    try stack.reconfigure(list: configuration, detail: detail, textMetrics: textMetrics, time: time)
    scale = next
  }

  /// Replaces the list panel's detents with those `text` names
  /// (NAME=ANCHOR,..., as --detents takes them) at `time`, as
  /// FloatingPanel's `invalidateLayout`: the panel goes to the detent of
  /// the same name, or the nearest one, without a move, and reports it
  /// (`Drawer.reconfigured` in the same px). Backdrop alphas, scrolling and passthrough
  /// detents and the initial detent that name a detent no longer there are
  /// dropped; the rest of the configuration stays. Recorded like an input.
  /// Throws, changing nothing, when `text` is not a valid set of detents.
  public func replaceDetents(_ text: String, time: Double) throws(Failure) {
    var c = logicalConfiguration
    let detents = try DetentArguments.panelDetents(text, maximumBackdrop: c.maximumBackdropOpacity, flag: "detents")
    let names = Set(detents.map { DetentName($0.name) })
    c.detents = detents
    c.backdropAlphas = c.backdropAlphas.filter { names.contains($0.key) }
    if let scrolling = c.scrollingDetents?.filter(names.contains) { c.scrollingDetents = scrolling.isEmpty ? nil : scrolling }
    c.passthroughTouchesInStates = c.passthroughTouchesInStates.filter(names.contains)
    if let initial = c.initialState, !names.contains(initial) { c.initialState = nil }
    let detail = DetailPanel.configuration(for: c)
    let list = scale.configuration(c)
    let scaledDetail = scale.configuration(detail)
    do {
      // Checked before it is recorded, so a trace holds only steps that replay.
      try list.validate()
      try scaledDetail.validate()
      if let record { record(Trace.line(.detents(text, time: time))!) }
      try stack.reconfigure(
        list: list, detail: scaledDetail, textMetrics: stack.textMetrics, time: time, samePixels: true)
    } catch {
      throw .usage("detents", error.allowed, error.value)
    }
    logicalConfiguration = c
    logicalDetailConfiguration = detail
  }

  /// Replaces the list panel's layout in one step at `time`: `change` edits
  /// a copy of the configuration in logical px (its detents, edge, margins,
  /// maximum width, backdrop), and the panels take it over as
  /// `Drawer.replacingLayout(time:_:)` says (the same detent or the
  /// nearest, without a move, and true events). An application's step,
  /// which no flag takes: a host recording a trace refuses it, since a
  /// trace could not replay it. Throws, changing nothing, when the changed
  /// configuration is invalid.
  public func replaceLayout(time: Double, _ change: (inout DrawerConfiguration) -> Void) throws(Failure) {
    guard record == nil else { throw .usage("layout", "not replaced while a trace is recorded", "a recording") }
    var c = logicalConfiguration
    change(&c)
    let detail = DetailPanel.configuration(for: c)
    do {
      try stack.reconfigure(
        list: scale.configuration(c), detail: scale.configuration(detail), textMetrics: stack.textMetrics, time: time,
        samePixels: true)
    } catch {
      throw .usage(error.field, error.allowed, error.value)
    }
    logicalConfiguration = c
    logicalDetailConfiguration = detail
  }

  /// Whether every move lands at once (`DrawerConfiguration.reducesMotion`),
  /// as the flags gave it or the desktop changed it since.
  public var reducesMotion: Bool { logicalConfiguration.reducesMotion }

  /// Turns reduced motion on or off for every panel at `time` (see
  /// `PanelStack.setReducesMotion`); a new scale or new detents keep it.
  /// Recorded like an input.
  public func setReducesMotion(_ on: Bool, time: Double) {
    guard on != reducesMotion else { return }
    if let record { record(Trace.line(.motion(reduced: on, time: time))!) }
    logicalConfiguration.reducesMotion = on
    logicalDetailConfiguration.reducesMotion = on
    stack.setReducesMotion(on)
  }

  /// Replays `step` as it was recorded; the map's event line, if any.
  /// Throws when a recorded scale makes a configuration the engine refuses.
  public func replay(_ step: Trace.Step) throws(DrawerConfigurationError) -> JSONLine? {
    switch step {
    case .input(let input): return feed(input)
    case .frame(let t): advance(to: t)
    case .finish(let t): finish(at: t)
    case let .rescale(factor, title, row, t):
      try rescale(to: factor, textMetrics: FixedTextMetrics(titleLineHeight: title, rowLineHeight: row), time: t)
    case let .stack(request, t): feed(request, time: t)
    case let .motion(reduced, t): setReducesMotion(reduced, time: t)
    case let .detents(text, t):
      do throws(Failure) {
        try replaceDetents(text, time: t)
      } catch {
        throw DrawerConfigurationError(field: "detents", allowed: error.message ?? "valid detents", value: text)
      }
    }
    return nil
  }
}
