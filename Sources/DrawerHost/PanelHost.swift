import DrawerEngine

/// The loop glue between a front end and the panel: inputs in, frames,
/// event lines out; the map pan of a non-modal panel; the trace.
///
/// The X program and `drawer-replay` both drive the panel through this one
/// type, so a replayed trace takes the same routing and prints the same
/// events.
public final class PanelHost {
  public let drawer: Drawer
  /// How far the map is panned, px.
  public private(set) var mapOffset = (x: 0, y: 0)
  /// A press the map took: where, the offset then, and whether it moved
  /// past the click slop.
  private var pan: (start: Point, origin: (x: Int, y: Int), moved: Bool)?
  private let record: ((String) -> Void)?

  /// `record` receives each trace line (the header first) when recording.
  public init(drawer: Drawer, header: Trace.Header?, record: ((String) -> Void)?) {
    self.drawer = drawer
    self.record = record
    if let header, let record { record(Trace.line(header)) }
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
        line.add("x", mapOffset.x)
        line.add("y", mapOffset.y)
      } else {
        // Where on the map, which the pan shifts.
        line = JSONLine(event: "mapClicked")
        line.add("x", p.x - Double(mapOffset.x), decimals: 0)
        line.add("y", p.y - Double(mapOffset.y), decimals: 0)
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

  /// Replays `step` as it was recorded; the map's event line, if any.
  public func replay(_ step: Trace.Step) -> JSONLine? {
    switch step {
    case .input(let input): return feed(input)
    case .frame(let t): advance(to: t)
    case .finish(let t): finish(at: t)
    }
    return nil
  }
}
