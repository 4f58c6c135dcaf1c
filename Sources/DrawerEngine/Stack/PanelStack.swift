/// Which panel of a `PanelStack` an event or a render model belongs to.
public enum StackPanel: String, Hashable, Sendable {
  /// The panel at the bottom of the stack, with the rows.
  case list
  /// A pushed panel showing one row's whole text.
  case detail
}

/// A request to the stack itself: what opens and closes pushed panels.
public enum PanelStackRequest: Hashable, Sendable {
  /// Opens the detail panel of `row` over the list, its text wrapped into
  /// `lines` lines; ignored while one is open.
  case pushDetail(row: Int, lines: Int)
  /// Dismisses the detail panel; it leaves the stack once it is hidden.
  case popDetail(animated: Bool)
  /// The detail's text was wrapped again (the window or the scale changed
  /// its width): it now has `lines` lines.
  case setDetailLines(Int)
}

/// One event of a stack: which panel sent it, and that panel, whose
/// position the event reports even after it left the stack.
public struct StackEvent {
  /// Which panel sent the event: the list or the detail.
  public var panel: StackPanel
  /// The event.
  public var event: DrawerEvent
  /// The panel that sent it, kept even after it left the stack.
  public let drawer: Drawer
}

/// The panels on screen, bottom to top: the list panel, and over it the
/// detail panel while one is open, as FloatingPanel's Maps example shows a
/// place's card over the search results.
///
/// It keeps the frame contract of `Drawer`: inputs go to the topmost panel
/// (a resize goes to all, the rows' requests to the list), `advance(to:)` moves every panel's clock, and
/// `nextEvent()` drains the events of all of them in the order they
/// happened, each tagged with its panel. Pushing and popping are requests
/// (`PanelStackRequest`), so a trace of inputs and requests replays to the
/// same events. The list underneath is left alone while a panel covers
/// it: when the detail goes, the list has the selection, the scroll
/// position and the detent it had.
public final class PanelStack {
  /// The panel at the bottom.
  public private(set) var list: Drawer
  /// The detail panel while one is open (presenting, shown or dismissing).
  public private(set) var detail: Drawer?
  /// The row the detail panel shows.
  public private(set) var detailRow: Int?
  /// What each detail panel is made with, but for its line count.
  public private(set) var detailConfiguration: DrawerConfiguration
  /// The text metrics the panels were made with, for a new configuration.
  public private(set) var textMetrics: any TextMeasuring
  private var events = EventQueue<StackEvent>()

  /// The app's decisions for every panel of the stack, held weakly: the
  /// list's, and each detail's from its push on (a stacked panel asks as a
  /// lone one does). `panel(of:)` tells the delegate which panel asks.
  public weak var delegate: (any DrawerDelegate)? {
    didSet {
      list.delegate = delegate
      detail?.delegate = delegate
    }
  }

  /// Which panel of the stack `drawer` is, or nil for a panel not in it.
  public func panel(of drawer: Drawer) -> StackPanel? {
    if drawer === list { return .list }
    if let detail, drawer === detail { return .detail }
    return nil
  }

  /// A stack holding the list panel, hidden; `detail` is the configuration
  /// every detail panel is made with (its `rowCount` is the line count of
  /// each push). Throws when either configuration is invalid.
  public init(
    list: DrawerConfiguration, detail: DrawerConfiguration, containerSize: Size, textMetrics: any TextMeasuring,
    time: Double
  ) throws(DrawerConfigurationError) {
    try detail.validate()
    self.list = try Drawer(configuration: list, containerSize: containerSize, textMetrics: textMetrics, time: time)
    detailConfiguration = detail
    self.textMetrics = textMetrics
  }

  /// The panel that takes input: the detail when one is open.
  public var top: Drawer { detail ?? list }

  /// Which panel takes input.
  public var topPanel: StackPanel { detail == nil ? .list : .detail }

  /// Applies one input: a resize to every panel, anything else to the
  /// topmost one.
  public func handle(_ input: DrawerInput) {
    switch input {
    case .resize:
      list.handle(input)
      detail?.handle(input)
    case .request(.selectRow, _), .request(.setRowCount, _):
      // The rows are the list's, whatever covers it.
      list.handle(input)
    case .request:
      // A move, a presentation or a dismissal is for the panel on top, as
      // Esc is: `dismiss` closes an open detail, not the list under it.
      top.handle(input)
    default:
      top.handle(input)
    }
    collect()
  }

  /// Applies a request to the stack at `time`.
  public func handle(_ request: PanelStackRequest, time: Double) {
    switch request {
    case let .pushDetail(row, lines):
      guard detail == nil else { break }
      list.step(to: time)
      var c = detailConfiguration
      c.rowCount = min(max(lines, 0), maximumDetailLines)
      // The configuration was checked at init; only the line count differs,
      // and it is within the bounds.
      guard
        let panel = try? Drawer(
          configuration: c, containerSize: list.windowSize, textMetrics: textMetrics, time: time)
      else { break }
      panel.delegate = delegate
      detail = panel
      detailRow = row
      panel.handle(.request(.present(animated: true), time: time))
    case .popDetail(let animated):
      detail?.handle(.request(.dismiss(animated: animated), time: time))
    case .setDetailLines(let lines):
      guard let panel = detail else { break }
      // The same request live rows use: place, move, gesture and scroll
      // position stay, within the new length.
      panel.handle(.request(.setRowCount(min(max(lines, 0), maximumDetailLines)), time: time))
    }
    collect()
  }

  /// Moves every panel's clock to `time`.
  public func advance(to time: Double) {
    list.advance(to: time)
    detail?.advance(to: time)
    collect()
  }

  /// Ends what is in flight in every panel (see `Drawer.finish(at:)`).
  public func finish(at time: Double) {
    detail?.finish(at: time)
    list.finish(at: time)
    collect()
  }

  /// The stack's clock: the latest time any panel was moved to, s.
  public var time: Double { max(list.now, detail?.now ?? list.now) }

  /// Whether any panel moves without input.
  public var isAnimating: Bool { list.isAnimating || detail?.isAnimating == true }

  /// Whether a press at `p` belongs to the content behind the list: never
  /// while a detail panel, which is modal, is open.
  public func passesThrough(_ p: Point) -> Bool { detail == nil && list.passesThrough(p) }

  /// The next event not yet drained, oldest first, with its panel.
  public func nextEvent() -> StackEvent? { events.next() }

  /// The width a detail panel's text wraps to, px: its list's width in a
  /// window of the current size at the least expanded detent it rests at.
  ///
  /// A bottom or top card is as wide at every extent; a left or right
  /// card grows across with its extent, so its text wraps to its
  /// narrowest resting width and stays inside the card at every detent.
  public var detailListWidth: Double { detailListWidth(at: []) }

  /// The detail's list width, px, at the narrowest of the detents named
  /// `names` (those it has; all of them when it has none of `names`): a
  /// side card's text wraps to the detent it rests at, or to the
  /// narrower end of a move, so that it stays inside the card.
  public func detailListWidth(at names: [DetentName]) -> Double {
    let c = detailConfiguration
    let layout = Drawer.makeLayout(c, c.detentSet, window: list.windowSize, textMetrics, rowCount: c.rowCount)
    if c.edge.isVertical { return layout.geometry(at: layout.fullExtent, handle: nil).list.width }
    let named = names.compactMap { layout.extent(of: $0) }.filter { $0 > 0 }
    let resting = layout.detents.all.map(\.extent).filter { $0 > 0 }
    let extent = (named.isEmpty ? resting : named).min() ?? layout.fullExtent
    return layout.geometry(at: extent, handle: nil).list.width
  }

  /// The stack with new configurations (a new scale, or new detents) and
  /// text metrics at `time`: each panel is `Drawer.reconfigured`, keeping
  /// its detent, its row and its selection; `samePixels` says the
  /// configurations are in the px of the current ones (new detents). The
  /// detail keeps its line count until the host wraps its text again
  /// (`setDetailLines`).
  public func reconfigure(
    list listConfiguration: DrawerConfiguration, detail detailConfiguration: DrawerConfiguration,
    textMetrics: any TextMeasuring, time: Double, samePixels: Bool = false
  ) throws(DrawerConfigurationError) {
    try detailConfiguration.validate()
    let window = list.windowSize
    let nextList = try list.reconfigured(listConfiguration, textMetrics: textMetrics, time: time, samePixels: samePixels)
    var nextDetail: Drawer?
    if let panel = detail {
      var c = detailConfiguration
      c.rowCount = panel.layout.rowCount
      let next = try panel.reconfigured(c, textMetrics: textMetrics, time: time, samePixels: samePixels)
      // `reconfigured` lays the panel out in its old area; a card's
      // margins need the window.
      next.handle(.resize(window, time: time))
      nextDetail = next
    }
    list = nextList
    detail = nextDetail
    self.detailConfiguration = detailConfiguration
    self.textMetrics = textMetrics
    collect()
  }

  /// Turns reduced motion on or off in every panel, and in each detail
  /// opened later, at once: a move under way goes on as it started, and
  /// the next one follows the new setting. The desktop's "reduce
  /// animation" changes while the program runs.
  public func setReducesMotion(_ on: Bool) {
    list.reducesMotion = on
    detail?.reducesMotion = on
    detailConfiguration.reducesMotion = on
  }

  /// Moves the panels' new events into the stack's queue, and takes the
  /// detail out of the stack once it is hidden, answering its push with
  /// `dismissed` even when it was dismissed before it finished appearing.
  private func collect() {
    while let e = list.nextEvent() { events.append(StackEvent(panel: .list, event: e, drawer: list)) }
    guard let panel = detail else { return }
    var dismissed = false
    while let e = panel.nextEvent() {
      events.append(StackEvent(panel: .detail, event: e, drawer: panel))
      if case .dismissed = e { dismissed = true }
    }
    guard dismissed || panel.isDismissedAtRest else { return }
    if !dismissed { events.append(StackEvent(panel: .detail, event: .dismissed, drawer: panel)) }
    detail = nil
    detailRow = nil
  }
}

/// The most lines a detail panel holds; the host stops wrapping there and
/// ends the last line in an ellipsis. 20,000 lines of 23 px are 460,000 px
/// of text, far more than anyone scrolls through, and keep the wrap of a
/// 10 MB row bounded.
public let maximumDetailLines = 20_000
