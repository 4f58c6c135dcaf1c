/// The list: scrolling, its hand-off with the panel, and coasting.
extension Drawer {
  /// How the scroll offset changes per px of growth (`Edge.listDirection`).
  var listDirection: Double { layout.edge.listDirection }

  /// Scrolls by `delta` px within the range at the current extent; returns
  /// how far it went, px, never negative.
  @discardableResult
  func scrollList(by delta: Double) -> Double {
    let unclamped = contentOffset + delta
    let target = clamp(unclamped, 0, maximumContentOffset(at: extent))
    // Unclamped, all of `delta` went: the difference of the sums can round
    // below it, and the crumb left over would move the panel.
    let moved = target == unclamped ? abs(delta) : abs(target - contentOffset)
    contentOffset = target
    if moved > 0 { lastScrollTime = now }
    return moved
  }

  /// Splits a pointer motion of `growth` px along the axis between the
  /// list and the panel, and returns whether the panel has moved in this
  /// gesture.
  ///
  /// Shrinking, the list first scrolls back to the end nearest the moving
  /// edge (its top for a bottom panel) and the rest moves the panel.
  /// Growing, the panel grows to its most expanded detent first and the
  /// rest scrolls the list; where the list scrolls at the current detent
  /// (DrawerKit's `listScrollsInAllStates`), it takes growing motion first.
  /// So one gesture hands off both ways without a jump, and the list and the
  /// panel together never move more than the pointer did.
  ///
  /// The first motion that would move the panel asks the delegate whether
  /// a drag may begin from `press`; refused, the panel stays for the rest
  /// of the press and the list alone takes the motion.
  func shareListDrag(_ growth: Double, drawerMoved: Bool, from press: Point) -> Bool {
    let draggable = configuration.isDrawerDraggable && !dragRefused
    /// Whether the panel may move now: it already does, or a drag begins.
    func begin(_ moved: Bool) -> Bool {
      if moved { return true }
      guard mayBeginDrag(at: press) else {
        dragRefused = true
        return false
      }
      emit(.dragBegan(state: name(ofDetent: rest)))
      return true
    }
    let s = listDirection
    var moved = drawerMoved
    if growth > 0 {
      var left = growth
      if listScrolls(at: extent) { left -= scrollList(by: s * left) }
      if draggable && left > 0 {
        let rise = min(left, max(0, highestDragExtent - extent))
        if rise > 0 && begin(moved) {
          moved = true
          setExtent(extent + rise)
          left -= rise
        }
      }
      if left > 0 && listScrolls(at: extent) { scrollList(by: s * left) }
    } else if growth < 0 {
      var left = -growth
      if listScrolls(at: extent) { left -= scrollList(by: -s * left) }
      if draggable && left > 0 {
        let fall = min(left, max(0, extent - lowestDragExtent))
        if fall > 0 && begin(moved) {
          moved = true
          setExtent(extent - fall)
        }
      }
    }
    return moved
  }

  /// Lets the list coast at `offsetVelocity` (px/s of scroll offset) where
  /// it scrolls.
  func coast(offsetVelocity v: Double) {
    guard abs(v) >= configuration.metrics.coastingMinimumSpeed, listScrolls(at: extent) else { return }
    momentum = ScrollMomentum(
      startOffset: contentOffset, startVelocity: v, startTime: now, restingSpeed: configuration.metrics.coastingRestingSpeed)
  }

  /// Selects `row` and scrolls the least that shows it whole.
  func select(row: Int) {
    guard row >= 0 && row < layout.rowCount else { return }
    selectedRow = row
    reveal(row: row)
    emit(.rowSelected(row))
  }

  /// Scrolls the least that shows `row` whole; a coast stops, since the
  /// keyboard now says where the list is.
  func reveal(row: Int) {
    let top = Double(row) * layout.rowHeight
    let visible = max(layout.rowHeight, layout.listViewportHeight(at: extent))
    let maximum = maximumContentOffset(at: extent)
    let before = contentOffset
    if top < contentOffset {
      contentOffset = clamp(top, 0, maximum)
    } else if top + layout.rowHeight > contentOffset + visible {
      contentOffset = clamp(top + layout.rowHeight - visible, 0, maximum)
    }
    if contentOffset != before {
      momentum = nil
      lastScrollTime = now
    }
  }
}
