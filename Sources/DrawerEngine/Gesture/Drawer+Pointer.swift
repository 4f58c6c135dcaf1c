/// Pointer gestures: hit-testing, drags of the panel, releases and taps.
///
/// Every gesture measures motion along the axis through `Edge`, so the
/// same code serves all four edges.
extension Drawer {
  /// Where `p` (area coordinates) lands, from the same shape and
  /// rectangles the render model draws: a press in a rounded corner's
  /// cut-out, or in the margins, is outside.
  func region(at p: Point) -> Region {
    let g = layout.geometry(at: extent, handle: nil)
    let shown = layout.surface(
      at: min(extent, layout.length), radius: layout.cornerRadius(at: extent, configuration: configuration))
    guard extent > 0, shown.contains(p) else { return .outside }
    if g.header.contains(p) || g.grip.contains(p) { return .header }
    guard g.list.contains(p) else { return .header }
    // The app's own content has no rows of the engine's.
    if tracksContent { return .list(row: nil) }
    // Clamped first: a row index from any point fits an Int.
    let contentY = clamp(layout.edge.listPosition(of: p) - g.list.minY + contentOffset, -1, Double(layout.rowCount) * layout.rowHeight)
    let row = Int((contentY / layout.rowHeight).rounded(.down))
    return .list(row: row >= 0 && row < layout.rowCount ? row : nil)
  }

  /// The pointer's position along the axis: its extent from the home edge.
  func axis(_ p: Point) -> Double { layout.edge.extent(of: p, in: layout.containerSize) }

  func pointerDown(_ p: Point, time: Double) {
    if case .idle = gesture {} else { return }
    tracker.reset()
    tracker.add(position: axis(p), time: time)
    let hit = region(at: p)
    if hit != .outside {
      // A press on the list stops its coasting, as a finger stops a scroll view.
      momentum = nil
    }
    let press = Press(point: p, region: hit, lastPoint: p, startExtent: extent, startDetent: rest)
    dragRefused = false
    if animation != nil && hit != .outside && configuration.isDrawerDraggable && mayBeginDrag(at: p) {
      // Catch the moving panel where it is; the release decides from there.
      catchDrawer()
      var caught = press
      caught.startExtent = extent
      gesture = .draggingDrawer(caught)
      emit(.dragBegan(state: name(ofDetent: rest)))
      return
    }
    gesture = .pressed(press)
  }

  func pointerMove(_ p: Point, time: Double) {
    switch gesture {
    case .idle, .ignored:
      return
    case .pressed(var press):
      tracker.add(position: axis(p), time: time)
      let along = layout.edge.growth(from: press.point, to: p)
      let across = layout.edge.cross(of: p) - layout.edge.cross(of: press.point)
      guard (along * along + across * across).squareRoot() > configuration.clickSlop else { return }
      switch press.region {
      case .outside:
        gesture = .ignored
      case .header:
        startDrag(press, to: p)
      case .list:
        if !layout.edge.listScrollsAlongAxis {
          // The list scrolls across the axis: the first motion past the
          // slop locks the gesture to one direction. Across, it scrolls
          // only at a detent where the list does.
          let list = layout.edge
          if abs(along) >= abs(across) {
            startDrag(press, to: p)
          } else if !listScrolls(at: extent) {
            gesture = .ignored
          } else {
            tracker.reset()
            tracker.add(position: list.listPosition(of: press.point), time: time)
            tracker.add(position: list.listPosition(of: p), time: time)
            scrollList(by: list.listPosition(of: press.point) - list.listPosition(of: p))
            press.lastPoint = p
            gesture = .scrollingList(press)
          }
          return
        }
        // The whole motion since the press counts, so nothing lags the pointer.
        let moved = shareListDrag(along, drawerMoved: false, from: press.point)
        press.lastPoint = p
        gesture = .draggingList(press, drawerMoved: moved)
      }
    case .draggingDrawer(let press):
      tracker.add(position: axis(p), time: time)
      dragDrawer(to: p, press: press)
    case .draggingList(var press, let moved):
      tracker.add(position: axis(p), time: time)
      let now = shareListDrag(layout.edge.growth(from: press.lastPoint, to: p), drawerMoved: moved, from: press.point)
      press.lastPoint = p
      gesture = .draggingList(press, drawerMoved: now)
    case .scrollingList(var press):
      let list = layout.edge
      tracker.add(position: list.listPosition(of: p), time: time)
      scrollList(by: list.listPosition(of: press.lastPoint) - list.listPosition(of: p))
      press.lastPoint = p
      gesture = .scrollingList(press)
    }
  }

  private func startDrag(_ press: Press, to p: Point) {
    guard configuration.isDrawerDraggable, !isDismissedAtRest, mayBeginDrag(at: press.point) else {
      gesture = .ignored
      return
    }
    emit(.dragBegan(state: name(ofDetent: rest)))
    gesture = .draggingDrawer(press)
    dragDrawer(to: p, press: press)
  }

  /// The extent of the least expanded place a drag may reach: hidden, or
  /// without removal the least expanded enabled detent.
  var lowestDragExtent: Double {
    let layout = self.layout
    guard !configuration.allowsRemoval, let lowest = layout.leastExpandedIndex else { return 0 }
    return layout.detents.all[lowest].extent
  }

  /// The extent of the most expanded place a drag reaches before overdrag.
  var highestDragExtent: Double { layout.mostExpandedExtent }

  func dragDrawer(to p: Point, press: Press) {
    let layout = self.layout
    let requested = press.startExtent + layout.edge.growth(from: press.point, to: p)
    let lowest = lowestDragExtent
    // Each end has its own overdrag; a request lies beyond one end at most.
    let overdrag = requested < lowest ? configuration.overdragAtCollapsedEnd ?? configuration.overdrag : configuration.overdrag
    setExtent(
      overdrag.extent(
        for: requested, lower: lowest, upper: layout.mostExpandedExtent, length: layout.length))
  }

  func pointerUp(_ p: Point, time: Double) {
    let ended = gesture
    gesture = .idle
    switch ended {
    case .idle, .ignored:
      return
    case .pressed(let press):
      tap(press, at: p, time: time)
    case .draggingDrawer:
      tracker.add(position: axis(p), time: time)
      release(velocity: tracker.velocity(at: time), fromList: false)
    case .draggingList(_, let moved):
      tracker.add(position: axis(p), time: time)
      let v = tracker.velocity(at: time)
      if moved {
        release(velocity: v, fromList: true)
      } else {
        coast(offsetVelocity: listDirection * v)
      }
    case .scrollingList:
      tracker.add(position: layout.edge.listPosition(of: p), time: time)
      coast(offsetVelocity: -tracker.velocity(at: time))
    }
  }

  func tap(_ press: Press, at p: Point, time: Double) {
    let c = configuration
    switch press.region {
    case .list where tracksContent:
      // A click on the app's own content is the app's.
      return
    case .list(let row?) where c.selectsRows:
      let count = clicks.click(in: .row(row), at: p, time: time, interval: c.multiClickInterval, slop: c.clickSlop)
      if selectedRow != row || count == 1 {
        selectedRow = row
        emit(.rowSelected(row))
      }
      // A picker takes one click; elsewhere the second of a double click.
      if c.isPicker || count == 2 {
        clicks.reset()
        emit(.rowActivated(row))
      }
    case .header, .list:
      let n = c.numberOfTapsForFullDrawerPresentation
      let count = clicks.click(in: .drawer, at: p, time: time, interval: c.multiClickInterval, slop: c.clickSlop)
      let current = nominalDetent
      // DrawerKit expands only from a click within the partial height of
      // the moving edge.
      guard n > 0, count == n, current > 0, current < mostExpanded,
        extent - axis(p) < c.heightOfPartiallyExpandedDrawer
      else { return }
      clicks.reset()
      emit(.interiorTap)
      transition(to: mostExpanded, velocity: 0, animated: true)
    case .outside:
      if isDismissedAtRest {
        clicks.reset()
        transition(to: initialDetent, velocity: 0, animated: true)
        return
      }
      // Non-modal, or a passthrough detent: the click belongs to the content behind.
      guard !c.passthrough, !c.passthroughTouchesInStates.contains(nominalState) else { return }
      let n = c.numberOfTapsForOutsideDrawerDismissal
      let count = clicks.click(in: .outside, at: p, time: time, interval: c.multiClickInterval, slop: c.clickSlop)
      guard n > 0, count == n, nominalDetent != 0 else { return }
      clicks.reset()
      emit(.exteriorTap)
      transition(to: 0, velocity: 0, animated: true)
    }
  }
}
