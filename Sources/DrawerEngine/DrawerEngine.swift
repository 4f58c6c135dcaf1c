/// List scroll per wheel notch, px: three 16 px lines, the usual desktop step.
let wheelStep = 48.0

/// The whole drawer behaviour, driven by input values and time.
///
/// The frame contract: hand it inputs with `handle(_:)`, move its clock with
/// `advance(to:)`, then read `renderModel` for what to draw and drain
/// `nextEvent()` for what happened. It owns no clock, no window and no font:
/// time and text metrics come in, plain values go out, so every behaviour
/// runs the same under test as on screen.
public final class DrawerEngine {
  public let configuration: DrawerConfiguration
  public private(set) var layout: DrawerLayout
  /// Inputs handled so far; the benchmark reads it.
  public private(set) var inputCount = 0
  /// Calls to `advance(to:)` so far.
  public private(set) var frameCount = 0

  private let textMetrics: any TextMeasuring
  /// Where releases go.
  private let policy: any ReleasePolicy
  /// DrawerKit's staging, which bounds the Down key whatever the policy:
  /// a key never goes further than a downward flick would.
  private let stages: DrawerKitPolicy
  /// The layout's states as detents for the policy, rebuilt with the layout.
  private var detents: ResolvedDetents
  private var now: Double

  /// y of the drawer's top edge.
  private var y: Double
  /// The state the drawer last rested in; during a move, where it came from.
  private var restState: DrawerState = .dismissed
  private var animation: DrawerAnimation?
  private var gesture: Gesture = .idle
  private var tracker = VelocityTracker()
  private var clicks = ClickCounter()

  private var contentOffset = 0.0
  private var momentum: ScrollMomentum?
  private var selectedRow: Int?

  private var events: [DrawerEvent] = []
  private var eventCursor = 0

  /// Where a press landed.
  private enum Region: Hashable {
    case header
    /// The list, on `row`, or below the last row when nil.
    case list(row: Int?)
    case outside
  }

  private struct Press: Hashable {
    var point: Point
    var region: Region
    var lastPoint: Point
    var startY: Double
    var startState: DrawerState
  }

  private enum Gesture: Hashable {
    case idle
    /// Pressed, not yet beyond the click slop.
    case pressed(Press)
    /// Moving the drawer directly (from the header, or a caught drawer).
    case draggingDrawer(Press)
    /// Started on the list: the list and the drawer share the motion.
    case draggingList(Press, drawerMoved: Bool)
    /// A press that does nothing until it is released.
    case ignored
  }

  /// Makes an engine with the drawer dismissed; request `.present` to show it.
  public init(
    configuration: DrawerConfiguration, containerSize: Size, textMetrics: any TextMeasuring, time: Double
  ) throws(DrawerConfigurationError) {
    try configuration.validate()
    self.configuration = configuration
    self.textMetrics = textMetrics
    let layout = DrawerLayout(configuration: configuration, containerSize: containerSize, textMetrics: textMetrics)
    self.layout = layout
    self.stages = DrawerKitPolicy(configuration: configuration)
    switch configuration.releasePolicy {
    case .drawerKit: self.policy = stages
    case let .projection(skipping, rate): self.policy = ProjectionPolicy(allowsSkipping: skipping, removalRate: rate)
    case .nearest: self.policy = NearestPolicy()
    }
    self.detents = layout.resolvedDetents(allowsRemoval: configuration.allowsRemoval)
    self.now = time
    self.y = layout.height
    events.reserveCapacity(32)
  }

  // MARK: Frame contract

  /// Applies one input, first advancing the clock to its time when later.
  public func handle(_ input: DrawerInput) {
    inputCount += 1
    switch input {
    case let .pointerDown(p, button, time):
      step(to: time)
      if button == .primary { pointerDown(p, time: time) }
    case let .pointerMove(p, time):
      step(to: time)
      pointerMove(p, time: time)
    case let .pointerUp(p, button, time):
      step(to: time)
      if button == .primary { pointerUp(p, time: time) }
    case let .wheel(steps, p, time):
      step(to: time)
      wheel(steps: steps, at: p)
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

  /// Moves the clock to `time` (seconds) and everything that animates with it.
  public func advance(to time: Double) {
    frameCount += 1
    step(to: time)
  }

  /// Ends what is in flight, as a front end does before it exits.
  ///
  /// A drag reports `dragCancelled`, a running move `transitionCancelled`,
  /// and the list stops coasting, so every `dragBegan` and `willTransition`
  /// already reported has its answer. The drawer stays where it is; this is
  /// meant as the last input.
  public func finish(at time: Double) {
    step(to: time)
    abandonGesture()
    gesture = .idle
    momentum = nil
    if let running = animation {
      animation = nil
      emit(.transitionCancelled(from: running.origin, to: running.target))
    }
  }

  /// Whether anything moves without input; when false the front end may sleep.
  public var isAnimating: Bool { animation != nil || momentum != nil }

  /// The next event not yet drained, oldest first; nil when there is none.
  public func nextEvent() -> DrawerEvent? {
    guard eventCursor < events.count else {
      if !events.isEmpty {
        events.removeAll(keepingCapacity: true)
        eventCursor = 0
      }
      return nil
    }
    defer { eventCursor += 1 }
    return events[eventCursor]
  }

  /// The resting state, or nil while moving or dragged.
  public var state: DrawerState? {
    animation == nil && !isDrawerDragged ? restState : nil
  }

  /// The state the drawer rests in, or the one it is heading for.
  public var nominalState: DrawerState { animation?.target ?? restState }

  /// y of the drawer's top edge, px.
  public var drawerTop: Double { y }

  /// What to draw now.
  public var renderModel: DrawerRenderModel {
    let c = configuration
    let w = layout.containerSize.width, h = layout.height
    let listTop = y + layout.headerHeight
    let visibleHeight = max(0, h - listTop)
    let rowHeight = layout.rowHeight
    let first = max(0, min(c.rowCount, Int((contentOffset / rowHeight).rounded(.down))))
    let end = max(first, min(c.rowCount, Int(((contentOffset + visibleHeight) / rowHeight).rounded(.up))))
    let handle = c.handle.map { hc -> HandleModel in
      let frame = Rect(x: ((w - hc.size.width) / 2).rounded(), y: y + hc.top, width: hc.size.width, height: hc.size.height)
      return HandleModel(
        frame: frame, cornerRadius: min(hc.cornerRadius ?? hc.size.height / 2, hc.size.height / 2, hc.size.width / 2),
        color: hc.color, alpha: layout.handleAlpha(at: y, configuration: c))
    }
    var marks: DebugMarks?
    if c.debugMode {
      marks = DebugMarks(
        upperMarkY: c.upperMarkGap > 0 ? layout.upperMarkY : nil, partialY: layout.partialY,
        lowerMarkY: c.lowerMarkGap > 0 ? layout.lowerMarkY : nil)
    }
    return DrawerRenderModel(
      containerSize: layout.containerSize,
      state: state,
      nominalState: nominalState,
      drawerTop: y,
      backdropAlpha: layout.backdropAlpha(at: y, configuration: c),
      // Past full (an overdrag) the sheet grows, so no gap opens below it.
      drawerFrame: Rect(x: 0, y: y, width: w, height: h - min(y, layout.fullY)),
      cornerRadius: layout.cornerRadius(at: y, configuration: c),
      backgroundColor: c.backgroundColor,
      border: c.border,
      shadow: c.shadow,
      handle: handle,
      headerFrame: Rect(x: 0, y: y, width: w, height: min(layout.headerHeight, max(0, h - y))),
      list: ListModel(
        viewport: Rect(x: 0, y: min(listTop, h), width: w, height: visibleHeight),
        contentOffset: contentOffset, rowHeight: rowHeight, rowCount: c.rowCount,
        firstVisibleRow: first, visibleRowCount: end - first, selectedRow: selectedRow),
      debugMarks: marks,
      isAnimating: isAnimating)
  }

  // MARK: Time

  private func step(to time: Double) {
    guard time > now else { return }
    now = time
    if let a = animation {
      if a.isFinished(at: time) {
        complete(a)
      } else {
        // A move back from an overdrag starts beyond full.
        y = clamp(a.y(at: time), min(layout.fullY, a.fromY), layout.height)
      }
    }
    if let m = momentum {
      let maximum = layout.maximumContentOffset(rowCount: configuration.rowCount)
      let offset = m.offset(at: time)
      if offset <= 0 || offset >= maximum || time >= m.endTime {
        momentum = nil
      }
      contentOffset = clamp(offset, 0, maximum)
    }
  }

  // MARK: Transitions

  /// Starts a move to `target`, announcing it; an unanimated or zero-length
  /// move completes at once and still reports both ends.
  private func transition(to target: DrawerState, velocity: Double, animated: Bool) {
    guard let targetY = layout.y(of: target) else { return }
    if let running = animation {
      animation = nil
      emit(.didTransition(from: running.origin, to: running.target, interrupted: true))
    }
    emit(.willTransition(from: restState, to: target))
    let move = DrawerAnimation(
      origin: restState, target: target, fromY: y, toY: targetY, velocity: velocity, time: now,
      configuration: configuration, containerHeight: layout.height)
    if !animated || abs(targetY - y) <= detentEpsilon || move.isFinished(at: now) {
      complete(move)
    } else {
      animation = move
    }
  }

  private func complete(_ move: DrawerAnimation) {
    animation = nil
    y = move.toY
    restState = move.target
    emit(.didTransition(from: move.origin, to: move.target, interrupted: false))
    if move.target == .dismissed && move.origin != .dismissed {
      contentOffset = 0
      momentum = nil
      selectedRow = nil
      emit(.dismissed)
    } else if move.origin == .dismissed && move.target != .dismissed {
      emit(.presented)
    }
  }

  /// Stops a running move where it is, as a press on the drawer does.
  private func catchDrawer() {
    guard let running = animation else { return }
    animation = nil
    emit(.didTransition(from: running.origin, to: running.target, interrupted: true))
  }

  private var initialState: DrawerState {
    configuration.initialState ?? (configuration.supportsPartialExpansion ? .partiallyExpanded : .fullyExpanded)
  }

  private var isDismissedAtRest: Bool { animation == nil && restState == .dismissed && !isDrawerDragged }

  private var isDrawerDragged: Bool {
    switch gesture {
    case .draggingDrawer: true
    case .draggingList(_, let moved): moved
    default: false
    }
  }

  private func emit(_ event: DrawerEvent) { events.append(event) }

  /// `state`'s index among the layout's detents (the hidden position when
  /// the layout lacks it). The layout lists every state of the
  /// configuration in order, so no search or allocation is needed.
  private func detentIndex(of state: DrawerState) -> Int {
    var index = 0
    for s in DrawerState.allCases.dropFirst() where layout.y(of: s) != nil {
      index += 1
      if s == state { return index }
    }
    return 0
  }

  private func state(ofDetent index: Int) -> DrawerState {
    DrawerState(rawValue: detents.all[index].name) ?? .dismissed
  }

  /// Takes the drawer from the pointer: a drag that reported `dragBegan`
  /// reports `dragCancelled`, and the rest of the press does nothing until
  /// it is released.
  private func abandonGesture() {
    switch gesture {
    case .idle:
      return
    case .draggingDrawer(let press), .draggingList(let press, true):
      emit(.dragCancelled(state: press.startState))
    case .pressed, .draggingList, .ignored:
      break
    }
    gesture = .ignored
  }

  // MARK: Pointer

  /// A point's coordinate along the drag axis, growing toward dismissal.
  /// Every gesture measures motion through this one function, so another
  /// edge needs a new case here and in the layout, not a new state machine.
  private func travel(_ p: Point) -> Double {
    switch configuration.edge {
    case .bottom: p.y
    }
  }

  private func region(at p: Point) -> Region {
    let h = layout.height
    guard y < h, p.y >= y, p.y < h, p.x >= 0, p.x < layout.containerSize.width else { return .outside }
    if p.y < y + layout.headerHeight { return .header }
    let contentY = p.y - (y + layout.headerHeight) + contentOffset
    let row = Int((contentY / layout.rowHeight).rounded(.down))
    return .list(row: row >= 0 && row < configuration.rowCount ? row : nil)
  }

  private func pointerDown(_ p: Point, time: Double) {
    if case .idle = gesture {} else { return }
    tracker.reset()
    tracker.add(position: travel(p), time: time)
    let hit = region(at: p)
    if hit != .outside {
      // A press on the list stops its coasting, as a finger stops a scroll view.
      momentum = nil
    }
    let press = Press(point: p, region: hit, lastPoint: p, startY: y, startState: restState)
    if animation != nil && hit != .outside && configuration.isDrawerDraggable {
      // Catch the moving drawer where it is; the release decides from there.
      catchDrawer()
      var caught = press
      caught.startY = y
      gesture = .draggingDrawer(caught)
      emit(.dragBegan(state: restState))
      return
    }
    gesture = .pressed(press)
  }

  private func pointerMove(_ p: Point, time: Double) {
    switch gesture {
    case .idle, .ignored:
      return
    case .pressed(var press):
      tracker.add(position: travel(p), time: time)
      let dx = p.x - press.point.x, dy = travel(p) - travel(press.point)
      guard (dx * dx + dy * dy).squareRoot() > configuration.clickSlop else { return }
      switch press.region {
      case .outside:
        gesture = .ignored
      case .header:
        guard configuration.isDrawerDraggable, !isDismissedAtRest else {
          gesture = .ignored
          return
        }
        emit(.dragBegan(state: restState))
        gesture = .draggingDrawer(press)
        dragDrawer(to: p, press: press)
      case .list:
        // The whole motion since the press counts, so nothing lags the pointer.
        let moved = shareListDrag(dy, drawerMoved: false)
        press.lastPoint = p
        gesture = .draggingList(press, drawerMoved: moved)
      }
    case .draggingDrawer(let press):
      tracker.add(position: travel(p), time: time)
      dragDrawer(to: p, press: press)
    case .draggingList(var press, let moved):
      tracker.add(position: travel(p), time: time)
      let now = shareListDrag(travel(p) - travel(press.lastPoint), drawerMoved: moved)
      press.lastPoint = p
      gesture = .draggingList(press, drawerMoved: now)
    }
  }

  /// The y of the least expanded place a drag may reach: dismissed, or
  /// without removal the lowest state.
  private var lowestDragY: Double {
    // No array: this runs on every pointer event of a drag.
    guard !configuration.allowsRemoval, let lowest = detents.all.indices.first(where: { detents.all[$0].isEnabled }) else {
      return layout.height
    }
    return layout.height - detents.all[lowest].extent
  }

  private func dragDrawer(to p: Point, press: Press) {
    // The overdrag works on extents: growth up from the bottom edge.
    let h = layout.height
    let requested = h - press.startY - (travel(p) - travel(press.point))
    y = h - configuration.overdrag.extent(for: requested, lower: h - lowestDragY, upper: h - layout.fullY, length: h)
  }

  private func listScrollable(at drawerY: Double) -> Bool {
    configuration.listScrollsInAllStates || abs(drawerY - layout.fullY) <= detentEpsilon
  }

  /// Splits a pointer motion `dy` (px, positive down) between the list and
  /// the drawer, and returns whether the drawer has moved in this gesture.
  ///
  /// Downward, the list scrolls back to its top first and the rest moves the
  /// drawer down. Upward, the drawer rises to full first and the rest scrolls
  /// the list. So one gesture hands off both ways without a jump, and the
  /// list and the drawer together never move more than the pointer did.
  /// With `listScrollsInAllStates` the list takes upward motion first too.
  private func shareListDrag(_ dy: Double, drawerMoved: Bool) -> Bool {
    let draggable = configuration.isDrawerDraggable
    let maximum = layout.maximumContentOffset(rowCount: configuration.rowCount)
    var moved = drawerMoved
    if dy < 0 {
      var rest = -dy
      if configuration.listScrollsInAllStates {
        let scrolled = min(rest, max(0, maximum - contentOffset))
        contentOffset += scrolled
        rest -= scrolled
      }
      if draggable && rest > 0 {
        let rise = min(rest, max(0, y - layout.fullY))
        if rise > 0 {
          if !moved { emit(.dragBegan(state: restState)) }
          moved = true
        }
        y -= rise
        rest -= rise
      }
      if rest > 0 && listScrollable(at: y) {
        contentOffset = min(maximum, contentOffset + rest)
      }
    } else if dy > 0 {
      var rest = dy
      if listScrollable(at: y) {
        let scrolled = min(rest, contentOffset)
        contentOffset -= scrolled
        rest -= scrolled
      }
      if draggable && rest > 0 {
        let fall = min(rest, max(0, lowestDragY - y))
        if fall > 0 {
          if !moved { emit(.dragBegan(state: restState)) }
          moved = true
        }
        y += fall
      }
    }
    return moved
  }

  private func pointerUp(_ p: Point, time: Double) {
    let ended = gesture
    gesture = .idle
    switch ended {
    case .idle, .ignored:
      return
    case .pressed(let press):
      tap(press, at: p, time: time)
    case .draggingDrawer:
      tracker.add(position: travel(p), time: time)
      release(velocity: tracker.velocity(at: time), listVelocity: nil)
    case .draggingList(_, let moved):
      tracker.add(position: travel(p), time: time)
      let v = tracker.velocity(at: time)
      if moved {
        release(velocity: v, listVelocity: v)
      } else {
        coast(pointerVelocity: v)
      }
    }
  }

  /// Ends a drag of the drawer: DrawerKit's rule picks the target, and the
  /// release velocity seeds the move. `listVelocity` is set when the gesture
  /// came from the list, so a release at full hands its speed back to the list.
  private func release(velocity: Double, listVelocity: Double?) {
    // The policy works along the axis: extent from the bottom, growth up.
    let decision = policy.target(
      for: Release(extent: layout.height - y, velocity: -velocity, origin: detentIndex(of: restState)), among: detents)
    let target = state(ofDetent: decision.target)
    let rule = decision.rule
    emit(.dragEnded(velocity: velocity, target: target, rule: rule))
    if let v = listVelocity, target == .fullyExpanded, abs(y - layout.fullY) <= detentEpsilon {
      transition(to: target, velocity: 0, animated: false)
      coast(pointerVelocity: v)
      return
    }
    transition(to: target, velocity: velocity, animated: true)
  }

  private func coast(pointerVelocity v: Double) {
    // Content moves opposite to the offset: a downward pointer lowers the offset.
    guard abs(v) >= ScrollMomentum.minimumSpeed, listScrollable(at: y) else { return }
    momentum = ScrollMomentum(startOffset: contentOffset, startVelocity: -v, startTime: now)
  }

  private func tap(_ press: Press, at p: Point, time: Double) {
    let c = configuration
    switch press.region {
    case .list(let row?):
      clicks.reset()
      selectedRow = row
      emit(.rowSelected(row))
    case .header, .list(nil):
      let n = c.numberOfTapsForFullDrawerPresentation
      let count = clicks.click(in: .drawer, at: p, time: time, interval: c.multiClickInterval, slop: c.clickSlop)
      let target = nominalState
      guard n > 0, count == n, target == .partiallyExpanded || target == .collapsed,
        p.y - y < c.heightOfPartiallyExpandedDrawer
      else { return }
      clicks.reset()
      emit(.interiorTap)
      transition(to: .fullyExpanded, velocity: 0, animated: true)
    case .outside:
      if isDismissedAtRest {
        clicks.reset()
        transition(to: initialState, velocity: 0, animated: true)
        return
      }
      // In a passthrough state the click belongs to the content behind.
      guard !c.passthroughTouchesInStates.contains(nominalState) else { return }
      let n = c.numberOfTapsForOutsideDrawerDismissal
      let count = clicks.click(in: .outside, at: p, time: time, interval: c.multiClickInterval, slop: c.clickSlop)
      guard n > 0, count == n, nominalState != .dismissed else { return }
      clicks.reset()
      emit(.exteriorTap)
      transition(to: .dismissed, velocity: 0, animated: true)
    }
  }

  // MARK: Wheel, keys, resize, requests

  private func wheel(steps: Double, at p: Point) {
    guard case .list = region(at: p), listScrollable(at: y), animation == nil else { return }
    momentum = nil
    let maximum = layout.maximumContentOffset(rowCount: configuration.rowCount)
    contentOffset = clamp(contentOffset + steps * wheelStep, 0, maximum)
  }

  private func key(_ key: DrawerKey) {
    switch gesture {
    case .draggingDrawer(let press), .draggingList(let press, true):
      // Escape mid-drag puts the drawer back; other keys wait for the release.
      if key == .escape {
        abandonGesture()
        transition(to: press.startState, velocity: 0, animated: true)
      }
      return
    default:
      break
    }
    let current = nominalState
    switch key {
    case .escape:
      if current != .dismissed { transition(to: .dismissed, velocity: 0, animated: true) }
    case .space, .enter:
      if current == .dismissed { transition(to: initialState, velocity: 0, animated: true) }
    case .up, .pageUp:
      if current == .dismissed {
        transition(to: initialState, velocity: 0, animated: true)
      } else if let next = neighbour(of: current, upward: true) {
        transition(to: next, velocity: 0, animated: true)
      }
    case .down, .pageDown:
      let final = state(ofDetent: stages.finalTarget(among: detents, origin: detentIndex(of: current)))
      if let next = neighbour(of: current, upward: false), next >= final {
        transition(to: next, velocity: 0, animated: true)
      }
    case .home:
      if current != .fullyExpanded { transition(to: .fullyExpanded, velocity: 0, animated: true) }
    case .end:
      if let lowest = neighbour(of: .dismissed, upward: true), lowest != current {
        transition(to: lowest, velocity: 0, animated: true)
      }
    }
  }

  /// The next state this layout has above (or below) `state`; no arrays, so
  /// a key press allocates nothing.
  private func neighbour(of state: DrawerState, upward: Bool) -> DrawerState? {
    var candidate: DrawerState? = state
    repeat {
      candidate = candidate.flatMap { s in
        switch (s, upward) {
        case (.dismissed, true): .collapsed
        case (.collapsed, true): .partiallyExpanded
        case (.partiallyExpanded, true): .fullyExpanded
        case (.fullyExpanded, false): .partiallyExpanded
        case (.partiallyExpanded, false): .collapsed
        case (.collapsed, false): .dismissed
        default: nil
        }
      }
    } while candidate.map({ layout.y(of: $0) == nil }) ?? false
    return candidate
  }

  private func resize(to size: Size) {
    let oldHeight = layout.height
    layout = DrawerLayout(configuration: configuration, containerSize: size, textMetrics: textMetrics)
    detents = layout.resolvedDetents(allowsRemoval: configuration.allowsRemoval)
    if let running = animation, let targetY = layout.y(of: running.target) {
      // Keep the move going toward the target's new place, at its current speed.
      let velocity = running.velocity(at: now)
      y = clamp(y + layout.height - oldHeight, layout.fullY, layout.height)
      animation = DrawerAnimation(
        origin: running.origin, target: running.target, fromY: y, toY: targetY, velocity: velocity, time: now,
        configuration: configuration, containerHeight: layout.height)
    } else if isDrawerDragged {
      y = clamp(y + layout.height - oldHeight, layout.fullY, layout.height)
    } else {
      y = layout.y(of: restState) ?? layout.height
    }
    contentOffset = min(contentOffset, layout.maximumContentOffset(rowCount: configuration.rowCount))
  }

  private func request(_ request: DrawerRequest) {
    switch request {
    case .present(let animated):
      guard nominalState == .dismissed else { return }
      abandonGesture()
      transition(to: initialState, velocity: 0, animated: animated)
    case .dismiss(let animated):
      guard nominalState != .dismissed || isDrawerDragged else { return }
      abandonGesture()
      transition(to: .dismissed, velocity: 0, animated: animated)
    case let .move(target, animated):
      guard layout.y(of: target) != nil else { return }
      abandonGesture()
      transition(to: target, velocity: 0, animated: animated)
    case .selectRow(let row):
      guard row >= 0 && row < configuration.rowCount else { return }
      selectedRow = row
      let top = Double(row) * layout.rowHeight
      let visible = max(layout.rowHeight, layout.height - (y + layout.headerHeight))
      let maximum = layout.maximumContentOffset(rowCount: configuration.rowCount)
      if top < contentOffset {
        contentOffset = clamp(top, 0, maximum)
      } else if top + layout.rowHeight > contentOffset + visible {
        contentOffset = clamp(top + layout.rowHeight - visible, 0, maximum)
      }
      emit(.rowSelected(row))
    }
  }
}
