/// A panel's whole behaviour, driven by input values and time.
///
/// The frame contract: hand it inputs with `handle(_:)`, move its clock with
/// `advance(to:)`, then read `renderModel` for what to draw and drain
/// `nextEvent()` for what happened. It owns no clock, no window and no font:
/// time and text metrics come in, plain values go out, so every behaviour
/// runs the same under test as on screen, and a recorded trace of inputs
/// replays to the same events.
///
/// Its position is one number, the extent: how far the moving edge lies
/// from the home edge. Gestures, release policies, the rubber band and the
/// list hand-off all work on extents; only `Edge` turns them into x and y.
public final class Drawer {
  // The mutable state below is marked `@exclusivity(unchecked)`: the engine
  // runs on one thread and calls out only to its delegate, never inside an
  // access to its own state, and the delegate may read but not drive it, so
  // no access can overlap another; the run-time checks would cost about a
  // quarter of every pointer event and catch nothing. The compiler's static
  // checks still apply.
  /// The configuration the drawer was made with, validated; it never changes.
  public let configuration: DrawerConfiguration
  /// The app's decisions (`DrawerDelegate`), held weakly; nil leaves every
  /// decision as configured. `reconfigured(_:textMetrics:time:)` hands it on.
  public weak var delegate: (any DrawerDelegate)?
  /// The detents and extents the panel moves between, worked out from the configuration and the area.
  @exclusivity(unchecked) public internal(set) var layout: PanelLayout
  /// The window's size, px, as last given; `layout` covers the panel's
  /// area within it.
  @exclusivity(unchecked) public internal(set) var windowSize: Size
  /// Inputs handled so far; the benchmark reads it.
  @exclusivity(unchecked) public private(set) var inputCount = 0
  /// Calls to `advance(to:)` so far.
  @exclusivity(unchecked) public private(set) var frameCount = 0
  /// Whether every move lands in the frame it starts: the configuration's
  /// `reducesMotion` at first; the desktop's setting may change it while
  /// the panel runs (`PanelStack.setReducesMotion`).
  @exclusivity(unchecked) public internal(set) var reducesMotion: Bool

  let textMetrics: any TextMeasuring
  /// The detents as configured, with their enabled flags as changed at run time.
  @exclusivity(unchecked) var detentSet: DetentSet
  /// Where releases go.
  let policy: any ReleasePolicy
  /// DrawerKit's staging, which bounds the Down key whatever the policy:
  /// a key never goes further than a downward flick would.
  let stages: DrawerKitPolicy
  @exclusivity(unchecked) var now: Double

  /// The moving edge's distance from the home edge, px.
  @exclusivity(unchecked) var extent: Double
  /// The index (in `layout.detents.all`) of the detent the panel last
  /// rested at; during a move, where it came from. Indices stay valid
  /// across resizes and `setEnabled`, which never add or remove detents,
  /// and keep the hot state free of strings.
  @exclusivity(unchecked) var rest = 0
  @exclusivity(unchecked) var animation: DrawerAnimation? {
    // However a move ends, the app's timing goes with it.
    didSet { if animation == nil { animationTiming = nil } }
  }
  /// The app's timing that the running move follows
  /// (`DrawerAnimation.Curve.custom`); nil for the others and at rest.
  var animationTiming: (any DrawerTiming)?
  @exclusivity(unchecked) var gesture: Gesture = .idle
  @exclusivity(unchecked) var tracker = VelocityTracker()
  @exclusivity(unchecked) var clicks = ClickCounter()
  /// The delegate refused this press a drag of the panel.
  @exclusivity(unchecked) var dragRefused = false
  /// The app's own scrolling content in the list's place (`track(_:)`),
  /// its offset aside: `contentOffset` holds that.
  @exclusivity(unchecked) var tracked: TrackedScroll?

  @exclusivity(unchecked) var contentOffset = 0.0
  @exclusivity(unchecked) var momentum: ScrollMomentum?
  /// When the list's offset last changed by scrolling, on the engine's
  /// clock: the scroll indicator's origin of time. nil when it is gone.
  @exclusivity(unchecked) var lastScrollTime: Double?
  @exclusivity(unchecked) var selectedRow: Int?
  /// Where the pointer rests over the window while no button is down,
  /// area coordinates; nil when it left. The hover highlight follows it.
  @exclusivity(unchecked) var hoverPoint: Point?
  /// Wheel notches gathered toward the next detent move.
  @exclusivity(unchecked) var wheelNotches = WheelNotches()

  @exclusivity(unchecked) var events = EventQueue<DrawerEvent>(capacity: 32)
  /// The extent the last `moved` event reported.
  @exclusivity(unchecked) var reportedExtent: Double

  /// Where a press landed.
  enum Region: Hashable {
    /// The header or the grip: drags move the panel.
    case header
    /// The list, on `row`, or below the last row when nil.
    case list(row: Int?)
    case outside
  }

  struct Press: Hashable {
    var point: Point
    var region: Region
    var lastPoint: Point
    var startExtent: Double
    /// The index of the detent the panel rested at when pressed.
    var startDetent: Int
  }

  enum Gesture: Hashable {
    case idle
    /// Pressed, not yet beyond the click slop.
    case pressed(Press)
    /// Moving the panel directly (from the header, or a caught panel).
    case draggingDrawer(Press)
    /// Started on the list of a bottom or top panel: the list and the
    /// panel share the motion.
    case draggingList(Press, drawerMoved: Bool)
    /// Started on the list of a left or right panel and locked across the
    /// axis: the list scrolls, the panel stays.
    case scrollingList(Press)
    /// A press that does nothing until it is released.
    case ignored
  }

  /// Makes a panel, hidden; request `.present` to show it.
  public init(
    configuration: DrawerConfiguration, containerSize: Size, textMetrics: any TextMeasuring, time: Double
  ) throws(DrawerConfigurationError) {
    try configuration.validate()
    self.configuration = configuration
    self.textMetrics = textMetrics
    detentSet = configuration.detentSet
    windowSize = containerSize
    layout = Drawer.makeLayout(configuration, detentSet, window: containerSize, textMetrics, rowCount: configuration.rowCount)
    stages = DrawerKitPolicy(configuration: configuration)
    policy = Drawer.releasePolicy(for: configuration, stages: stages)
    now = time
    extent = 0
    reportedExtent = 0
    tracker.speedLimit = configuration.metrics.maximumReleaseSpeed
    reducesMotion = configuration.reducesMotion
    if configuration.isPicker && configuration.rowCount > 0 {
      // A picker always has a row to accept.
      selectedRow = 0
      emit(.rowSelected(0))
    }
  }

  /// The layout for a window of `window` px: the panel's area within it
  /// (margins, maximum width) and everything measured in that area.
  static func makeLayout(
    _ c: DrawerConfiguration, _ detents: DetentSet, window: Size, _ textMetrics: any TextMeasuring, rowCount: Int
  ) -> PanelLayout {
    let area = panelArea(in: window, edge: c.edge, margins: c.margins, maximumWidth: c.maximumWidth)
    return PanelLayout(
      configuration: c, detentSet: detents, containerSize: Size(width: area.width, height: area.height),
      textMetrics: textMetrics, origin: Point(x: area.x, y: area.y), rowCount: rowCount)
  }

  /// The layout again, after the window, the detents or the rows changed.
  func makeLayout() -> PanelLayout {
    Drawer.makeLayout(configuration, detentSet, window: windowSize, textMetrics, rowCount: layout.rowCount)
  }


  /// A window point in the panel area's coordinates, where the layout lives.
  @inline(__always)
  func local(_ p: Point) -> Point { Point(x: p.x - layout.origin.x, y: p.y - layout.origin.y) }

  // MARK: Frame contract

  /// Applies one input, first advancing the clock to its time when later.
  public func handle(_ input: DrawerInput) {
    inputCount += 1
    switch input {
    case let .pointerDown(p, button, time):
      step(to: time)
      if button == .primary { pointerDown(local(p), time: time) }
    case let .pointerMove(p, time):
      step(to: time)
      hoverPoint = local(p)
      pointerMove(local(p), time: time)
    case let .pointerLeft(time):
      step(to: time)
      hoverPoint = nil
    case let .pointerUp(p, button, time):
      step(to: time)
      if button == .primary { pointerUp(local(p), time: time) }
    case let .wheel(steps, p, time):
      step(to: time)
      wheel(steps: steps, at: local(p))
    case let .horizontalWheel(steps, p, time):
      step(to: time)
      horizontalWheel(steps: steps, at: local(p))
    case let .key(key, time):
      step(to: time)
      self.key(key)
    case let .resize(size, time):
      step(to: time)
      resize(to: size)
    case let .request(request, time):
      step(to: time)
      self.request(request)
    }
  }

  /// Moves the clock to `time` (seconds) and everything that animates with
  /// it; reports `moved` when the panel moved since the last report.
  public func advance(to time: Double) {
    frameCount += 1
    step(to: time)
    reportMove()
  }

  /// Reports `moved` when the panel moved since the last report and moves
  /// are reported. A move's last `moved` comes before its `didTransition`:
  /// a move that ends reports where it ended first.
  func reportMove() {
    guard configuration.reportsMoves && extent != reportedExtent else { return }
    reportedExtent = extent
    let full = layout.fullExtent
    emit(.moved(extent: extent, progress: full > 0 ? extent / full : 0))
  }

  /// Ends what is in flight, as a front end does before it exits.
  ///
  /// A drag reports `dragCancelled`, a running move `transitionCancelled`,
  /// and the list stops coasting, so every `dragBegan` and `willTransition`
  /// already reported has its answer. The panel stays where it is; this is
  /// meant as the last input.
  public func finish(at time: Double) {
    step(to: time)
    abandonGesture()
    gesture = .idle
    momentum = nil
    lastScrollTime = nil
    if let running = animation {
      animation = nil
      emit(.transitionCancelled(from: name(ofDetent: running.origin), to: name(ofDetent: running.target)))
    }
  }

  /// Whether anything moves without input; when false the front end may sleep.
  public var isAnimating: Bool { animation != nil || momentum != nil || isScrollIndicatorShown }

  /// The next event not yet drained, oldest first; nil when there is none.
  public func nextEvent() -> DrawerEvent? { events.next() }

  /// The resting detent, or nil while moving or dragged.
  public var state: DetentName? { restingDetent.map(name(ofDetent:)) }

  /// The resting detent's index, or nil while moving or dragged.
  var restingDetent: Int? { animation == nil && !isDrawerDragged ? rest : nil }

  /// The detent the panel rests at, or the one it is heading for.
  public var nominalState: DetentName { name(ofDetent: nominalDetent) }

  /// The index of the detent the panel rests at or is heading for.
  var nominalDetent: Int { animation?.target ?? rest }

  /// The panel's extent, px from the home edge.
  public var currentExtent: Double { extent }

  /// The y of the sheet's top edge: for a bottom panel, DrawerKit's drawer y.
  public var drawerTop: Double { layout.geometry(at: extent, handle: nil).sheet.minY + layout.origin.y }

  /// Whether a press at `p` belongs to the presenting content instead of
  /// the panel: only for a non-modal panel (`passthrough`, or a detent of
  /// `passthroughTouchesInStates` it rests at or heads for) that is shown,
  /// outside it, with no gesture of the panel's under way. While the panel
  /// is hidden a click anywhere presents it, as it does for a modal one.
  public func passesThrough(_ p: Point) -> Bool {
    let c = configuration
    guard c.passthrough || c.passthroughTouchesInStates.contains(nominalState), !isDismissedAtRest,
      case .idle = gesture
    else { return false }
    return region(at: local(p)) == .outside
  }

  /// What to draw now.
  public var renderModel: DrawerRenderModel {
    let c = configuration
    let layout = self.layout
    let extent = self.extent
    let g = layout.geometry(at: extent, handle: c.handle)
    let rowHeight = layout.rowHeight
    let visibleHeight = g.list.height
    let rowCount = layout.rowCount
    let first = max(0, min(rowCount, Int((contentOffset / rowHeight).rounded(.down))))
    let end = max(first, min(rowCount, Int(((contentOffset + visibleHeight) / rowHeight).rounded(.up))))
    let handle = c.handle.flatMap { hc -> HandleModel? in
      guard let frame = g.handle else { return nil }
      let short = min(frame.width, frame.height)
      return HandleModel(
        frame: frame, cornerRadius: min(hc.cornerRadius ?? short / 2, short / 2),
        color: hc.color, alpha: layout.handleAlpha(at: extent, configuration: c))
    }
    var marks: DebugMarks?
    if c.debugMode {
      let full = layout.fullExtent
      let (upper, lower) = stages.marks(among: layout.detents, full: full)
      let mark = layout.detents.index(of: stages.markName).map { layout.detents.all[$0].extent }
        ?? clamp(stages.markAnchor.extent(containerLength: layout.length, contentLength: 0), 0, full)
      marks = DebugMarks(
        upperMark: c.upperMarkGap > 0 ? upper : nil, mark: mark, lowerMark: c.lowerMarkGap > 0 ? lower : nil)
    }
    // The layout works in the panel's area; the model is in window px.
    let o = layout.origin
    func window(_ r: Rect) -> Rect { r.offsetBy(dx: o.x, dy: o.y) }
    let radius = layout.cornerRadius(at: extent, configuration: c)
    var surface = layout.surface(at: min(extent, layout.length), radius: radius)
    surface.frame = window(surface.frame)
    let viewport = window(g.list)
    let list = ListModel(
      viewport: viewport, contentOffset: contentOffset, rowHeight: rowHeight, rowCount: rowCount,
      firstVisibleRow: first, visibleRowCount: end - first, selectedRow: selectedRow, hoveredRow: hoveredRow,
      scrollIndicator: lastScrollTime == nil ? nil : scrollIndicator(in: viewport))
    return DrawerRenderModel(
      containerSize: windowSize,
      panelArea: Rect(x: o.x, y: o.y, width: layout.containerSize.width, height: layout.containerSize.height),
      edge: c.edge,
      stateIndex: restingDetent,
      nominalStateIndex: nominalDetent,
      extent: extent,
      drawerTop: g.sheet.minY + o.y,
      backdropAlpha: layout.backdropAlpha(at: extent),
      restingBackdropAlpha: animation.map { layout.backdropAlpha(at: $0.to) },
      drawerFrame: window(g.sheet),
      surface: surface,
      isCard: layout.isCard,
      cornerRadius: radius,
      backgroundColor: c.backgroundColor,
      border: c.border,
      shadow: c.shadow,
      handle: handle.map { var h = $0; h.frame = window(h.frame); return h },
      headerFrame: window(g.header),
      gripFrame: window(g.grip),
      list: list,
      debugMarks: marks,
      isAnimating: isAnimating)
  }

  // MARK: Time

  func step(to time: Double) {
    guard time > now else { return }
    now = time
    if let a = animation {
      if a.isFinished(at: time) {
        complete(a)
      } else {
        // A move back from an overdrag starts beyond full.
        setExtent(clamp(a.extent(at: time, timing: animationTiming), 0, max(layout.fullExtent, a.from)))
      }
    }
    if let m = momentum {
      let maximum = maximumContentOffset(at: extent)
      let offset = m.offset(at: time)
      if offset <= 0 || offset >= maximum || time >= m.endTime {
        momentum = nil
      }
      let scrolled = clamp(offset, 0, maximum)
      if scrolled != contentOffset { lastScrollTime = time }
      contentOffset = scrolled
    }
  }

  /// Moves the panel; the list keeps within what the viewport there can
  /// scroll, so growing the panel at the list's end pins its last row.
  func setExtent(_ proposed: Double) {
    var e = proposed
    if let d = delegate {
      let limited = d.drawer(self, clampedExtent: proposed)
      if limited.isFinite { e = limited }
    }
    extent = e
    let maximum = maximumContentOffset(at: e)
    if contentOffset > maximum { contentOffset = maximum }
  }

  // MARK: Transitions

  /// Starts a move to `target`, announcing it; an unanimated or zero-length
  /// move, or any with reduced motion, completes at once and still reports
  /// both ends.
  func transition(to target: Int, velocity: Double, animated: Bool, afterRelease: Bool = false) {
    let targetExtent = layout.detents.all[target].extent
    if let running = animation {
      animation = nil
      emit(.didTransition(from: name(ofDetent: running.origin), to: name(ofDetent: running.target), interrupted: true))
    }
    emit(.willTransition(from: name(ofDetent: rest), to: name(ofDetent: target)))
    if rest == 0 && target != 0 && configuration.isPicker && selectedRow == nil && layout.rowCount > 0 {
      // A picker shown again has a row to accept, as it had at first.
      select(row: 0)
    }
    let immediate = !animated || reducesMotion || abs(targetExtent - extent) <= detentEpsilon
    let timing = immediate ? nil : delegate?.drawer(self, timingFor: DrawerMove(
      origin: name(ofDetent: rest), target: name(ofDetent: target), from: extent, to: targetExtent, velocity: velocity))
    var move = timing.map {
      DrawerAnimation(origin: rest, target: target, from: extent, to: targetExtent, time: now, timing: $0)
    } ?? DrawerAnimation(
      origin: rest, target: target, from: extent, to: targetExtent, velocity: velocity, time: now,
      configuration: configuration, containerLength: layout.length)
    move.afterRelease = afterRelease
    if immediate || move.isFinished(at: now) {
      complete(move)
    } else {
      animation = move
      animationTiming = timing
    }
  }

  func complete(_ move: DrawerAnimation) {
    animation = nil
    setExtent(move.to)
    rest = move.target
    reportMove()
    emit(.didTransition(from: name(ofDetent: move.origin), to: name(ofDetent: move.target), interrupted: false))
    // A move to hidden from anywhere the panel showed is a dismissal, one
    // that cut a presentation short too (Esc while a pick slides in).
    if move.target == 0 && (move.origin != 0 || move.from > detentEpsilon) {
      contentOffset = 0
      momentum = nil
      lastScrollTime = nil
      selectedRow = nil
      emit(.dismissed)
    } else if move.origin == 0 && move.target != 0 {
      emit(.presented)
    }
  }

  /// Stops a running move where it is, as a press on the panel does.
  func catchDrawer() {
    guard let running = animation else { return }
    animation = nil
    reportMove()
    emit(.didTransition(from: name(ofDetent: running.origin), to: name(ofDetent: running.target), interrupted: true))
  }

  var isDismissedAtRest: Bool { animation == nil && rest == 0 && !isDrawerDragged }

  var isDrawerDragged: Bool {
    switch gesture {
    case .draggingDrawer: true
    case .draggingList(_, let moved): moved
    default: false
    }
  }

  func emit(_ event: DrawerEvent) { events.append(event) }

  // MARK: Detents

  /// `name`'s index among the resolved detents, or nil when there is none.
  func detentIndex(of name: DetentName) -> Int? { layout.detents.index(of: name.rawValue) }

  /// The name of the detent at `index` in `layout.detents.all`; front ends
  /// name the render model's `stateIndex` and `nominalStateIndex` with it.
  public func name(ofDetent index: Int) -> DetentName { DetentName(layout.detents.all[index].name) }

  /// The most expanded enabled detent, or the most expanded one when none is.
  var mostExpanded: Int { layout.mostExpandedIndex }

  /// The least expanded enabled visible detent, or nil when none is.
  var leastExpanded: Int? { layout.leastExpandedIndex }

  /// The detent presented by default, or the nearest enabled one above
  /// (else below) when it is disabled.
  var initialDetent: Int {
    let wanted = detentIndex(of: configuration.defaultInitialDetent) ?? 0
    let all = layout.detents.all
    if wanted > 0 && all[wanted].isEnabled { return wanted }
    if let above = all.indices.first(where: { $0 > wanted && all[$0].isEnabled }) { return above }
    return all.indices.last { $0 > 0 && $0 < wanted && all[$0].isEnabled } ?? max(wanted, 1)
  }

  /// The next enabled detent above (or below) `index`; the hidden position
  /// counts below, whatever removal allows: keys and requests may hide.
  func neighbour(of index: Int, upward: Bool) -> Int? {
    let all = layout.detents.all
    if upward { return all.indices.first { $0 > index && all[$0].isEnabled } }
    return all.indices.last { $0 < index && ($0 == 0 || all[$0].isEnabled) }
  }

  /// Takes the panel from the pointer: a drag that reported `dragBegan`
  /// reports `dragCancelled`, and the rest of the press does nothing until
  /// it is released.
  func abandonGesture() {
    switch gesture {
    case .idle:
      return
    case .draggingDrawer(let press), .draggingList(let press, true):
      emit(.dragCancelled(state: name(ofDetent: press.startDetent)))
    case .pressed, .draggingList, .scrollingList, .ignored:
      break
    }
    gesture = .ignored
  }
}
