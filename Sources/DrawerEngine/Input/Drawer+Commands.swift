/// Keys, requests, resizes and the control API.
extension Drawer {
  func key(_ key: DrawerKey) {
    switch gesture {
    case .draggingDrawer(let press), .draggingList(let press, true):
      // Escape mid-drag puts the panel back; other keys wait for the release.
      if key == .escape {
        abandonGesture()
        transition(to: press.startDetent, velocity: 0, animated: true)
      }
      return
    default:
      break
    }
    switch key {
    case .up, .down, .pageUp, .pageDown, .home, .end:
      if keysMoveSelection {
        moveSelection(key)
        return
      }
      // A picker's keys never move the panel: they belong to the list.
      if configuration.isPicker { return }
    case .enter:
      if activateSelection() { return }
    case .escape, .space, .expandStage, .collapseStage:
      break
    }
    let current = nominalDetent
    func go(_ index: Int?) {
      guard let index, index != current else { return }
      transition(to: index, velocity: 0, animated: true)
    }
    switch key {
    case .escape:
      if current != 0 { go(0) }
    case .space, .enter:
      if current == 0 { transition(to: initialDetent, velocity: 0, animated: true) }
    case .up, .pageUp, .expandStage:
      if current == 0 {
        transition(to: initialDetent, velocity: 0, animated: true)
      } else {
        go(neighbour(of: current, upward: true))
      }
    case .down, .pageDown, .collapseStage:
      // Never further than a shrinking flick would go.
      let final = stages.finalTarget(among: layout.detents, origin: current)
      if let next = neighbour(of: current, upward: false), next >= final { go(next) }
    case .home:
      go(mostExpanded)
    case .end:
      go(leastExpanded)
    }
  }

  func resize(to size: Size) {
    windowSize = size
    layout = makeLayout()
    relayout()
  }

  /// After the detents moved (a resize, a detent enabled or disabled):
  /// a move keeps heading for its target by name, at its current speed; a
  /// drag keeps its extent within the new range; a panel at rest goes to
  /// its detent's new extent.
  func relayout() {
    let top = max(layout.fullExtent, 0)
    if let running = animation {
      let target = layout.detents.all[running.target].extent
      let velocity = running.velocity(at: now, timing: animationTiming)
      setExtent(clamp(extent, 0, top))
      var again = (running.followsTiming ? animationTiming : nil).map {
        DrawerAnimation(origin: running.origin, target: running.target, from: extent, to: target, time: now, timing: $0)
      } ?? DrawerAnimation(
        origin: running.origin, target: running.target, from: extent, to: target, velocity: velocity, time: now,
        configuration: configuration, containerLength: layout.length)
      again.afterRelease = running.afterRelease
      animation = again
    } else if isDrawerDragged {
      setExtent(clamp(extent, 0, top))
    } else {
      let before = extent
      setExtent(layout.detents.all[rest].extent)
      if extent != before {
        reportMove()
        emit(.refitted(state: name(ofDetent: rest)))
      }
    }
  }

  func request(_ request: DrawerRequest) {
    switch request {
    case .present(let animated):
      guard nominalDetent == 0 else { return }
      abandonGesture()
      transition(to: initialDetent, velocity: 0, animated: animated)
    case .dismiss(let animated):
      guard nominalDetent != 0 || isDrawerDragged else { return }
      abandonGesture()
      transition(to: 0, velocity: 0, animated: animated)
    case let .move(target, animated):
      guard let i = detentIndex(of: target), i == 0 || layout.detents.all[i].isEnabled else { return }
      abandonGesture()
      transition(to: i, velocity: 0, animated: animated)
    case .selectRow(let row):
      select(row: row)
    case let .setEnabled(enabled, name):
      guard detentSet.setEnabled(enabled, for: name.rawValue) else { return }
      layout = makeLayout()
      relayout()
    case .setRowCount(let count):
      setRowCount(count)
    }
  }

  // MARK: Control API

  /// Moves to the detent named `name` (ignored when there is none, or it is
  /// disabled), at the engine's current time.
  public func move(to name: DetentName, animated: Bool = true) {
    handle(.request(.move(to: name, animated: animated), time: now))
  }

  /// Enables or disables the detent named `name` at run time.
  public func setEnabled(_ enabled: Bool, for name: DetentName) {
    handle(.request(.setEnabled(enabled, for: name), time: now))
  }

  /// Shows the panel at its initial detent when it is hidden.
  public func present(animated: Bool = true) {
    handle(.request(.present(animated: animated), time: now))
  }

  /// Hides the panel.
  public func dismiss(animated: Bool = true) {
    handle(.request(.dismiss(animated: animated), time: now))
  }
}
