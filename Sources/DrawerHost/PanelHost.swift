import DrawerEngine

/// The loop glue between a front end and the panel: inputs in, frames,
/// event lines out; the map pan of a non-modal panel; the trace.
///
/// The X program and `drawer-replay` both drive the panel through this one
/// type, so a replayed trace takes the same routing and prints the same
/// events.
public final class PanelHost {
  /// The panel; a new scale puts another in its place (`rescale`).
  public private(set) var drawer: Drawer
  /// The configuration as the flags gave it, in logical px; the panel has
  /// it in device px at `scale`.
  public let logicalConfiguration: DrawerConfiguration
  /// Device px per logical px: the panel and the pointer work in device
  /// px, the events report logical px.
  public private(set) var scale: DisplayScale
  /// How far the map is panned, device px.
  public private(set) var mapOffset = (x: 0, y: 0)
  /// A press the map took: where, the offset then, and whether it moved
  /// past the click slop.
  private var pan: (start: Point, origin: (x: Int, y: Int), moved: Bool)?
  private let record: ((String) -> Void)?

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
    self.scale = DisplayScale(scale)
    drawer = try Drawer(
      configuration: self.scale.configuration(configuration), containerSize: containerSize, textMetrics: textMetrics,
      time: time)
    record = recording?.write
    if let recording {
      let header = Trace.Header(
        arguments: recording.arguments, width: containerSize.width, height: containerSize.height, time: time,
        titleLineHeight: textMetrics.titleLineHeight, rowLineHeight: textMetrics.rowLineHeight, scale: scale)
      recording.write(Trace.line(header))
    }
  }

  /// Where the panel is, in logical px, as the events report it.
  public var position: PanelPosition { PanelPosition(drawer, scale: scale) }

  /// The `--events` line for `event`, drained with the panel at `position`.
  public func line(for event: DrawerEvent, at position: PanelPosition, rows: RowTexts) -> JSONLine {
    eventLine(event, position: position, scale: scale) { (rows.storeRow($0), rows.text(ofRow: $0)) }
  }

  /// Hands one input to the panel, or to the map when a non-modal panel
  /// lets a press through; returns the map's event line, if any.
  public func feed(_ input: DrawerInput) -> JSONLine? {
    if let record, let line = Trace.line(.input(input)) { record(line) }
    switch input {
    case let .pointerDown(p, .primary, _) where pan == nil && drawer.passesThrough(p):
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
        line.add("x", scale.logical(Double(mapOffset.x)), decimals: 0)
        line.add("y", scale.logical(Double(mapOffset.y)), decimals: 0)
      } else {
        // Where on the map, which the pan shifts.
        line = JSONLine(event: "mapClicked")
        line.add("x", scale.logical(p.x - Double(mapOffset.x)), decimals: 0)
        line.add("y", scale.logical(p.y - Double(mapOffset.y)), decimals: 0)
      }
      return line
    default:
      drawer.handle(input)
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
    drawer.advance(to: time)
  }

  /// Ends what is in flight (see `Drawer.finish(at:)`).
  public func finish(at time: Double) {
    if let record { record(Trace.line(.finish(time))!) }
    pan = nil
    drawer.finish(at: time)
  }

  /// Hands the panel the configuration at a new scale (the desktop's
  /// Xft.dpi changed), with the fonts' new line heights, at `time`; see
  /// `Drawer.reconfigured`, whose panel takes the old one's place.
  /// Recorded like an input.
  public func rescale(to factor: Double, textMetrics: any TextMeasuring, time: Double) throws(DrawerConfigurationError) {
    let next = DisplayScale(factor)
    let configuration = next.configuration(logicalConfiguration)
    // Checked before it is recorded, so a trace holds only steps that replay.
    try configuration.validate()
    if let record {
      record(
        Trace.line(
          .rescale(
            scale: factor, titleLineHeight: textMetrics.titleLineHeight, rowLineHeight: textMetrics.rowLineHeight,
            time: time))!)
    }
    drawer = try drawer.reconfigured(configuration, textMetrics: textMetrics, time: time)
    scale = next
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
    }
    return nil
  }
}
