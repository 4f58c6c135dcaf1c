/// The selection: keys that move it, activation, hover, and rows that
/// come and go while the panel runs.
extension Drawer {
  /// Whether the list keys act on the selection now: in a picker always,
  /// otherwise where the list scrolls at the panel's detent. Where they do
  /// not, Up and Down keep moving the panel a stage.
  var keysMoveSelection: Bool {
    guard configuration.selectsRows, nominalDetent != 0, layout.rowCount > 0 else { return false }
    return configuration.isPicker || (animation == nil && listScrolls(at: extent))
  }

  /// Rows a page key moves: the whole rows the viewport shows now, less
  /// one kept for context, and at least one.
  var rowsPerPage: Int {
    let visible = layout.listViewportHeight(at: extent)
    guard layout.rowHeight > 0, visible.isFinite else { return 1 }
    return max(1, Int((visible / layout.rowHeight).rounded(.down)) - 1)
  }

  /// Moves the selection for a list key. With nothing selected, any of
  /// them starts at the first row in view (Home and End still go to their
  /// ends). Reports `rowSelected` only when the selection changed.
  func moveSelection(_ key: DrawerKey) {
    let count = layout.rowCount
    guard count > 0 else { return }
    let last = count - 1
    let target: Int
    if let current = selectedRow, current < count {
      switch key {
      case .up: target = current - 1
      case .down: target = current + 1
      case .pageUp: target = current - rowsPerPage
      case .pageDown: target = current + rowsPerPage
      case .home: target = 0
      case .end: target = last
      default: return
      }
    } else {
      switch key {
      case .home: target = 0
      case .end: target = last
      default: target = Int(clamp((contentOffset / layout.rowHeight).rounded(.up), 0, Double(last)))
      }
    }
    let row = min(max(target, 0), last)
    if row == selectedRow {
      reveal(row: row)
      return
    }
    select(row: row)
  }

  /// Reports the selected row as activated, when there is one in the list.
  /// Returns whether it did.
  @discardableResult
  func activateSelection() -> Bool {
    guard configuration.selectsRows, nominalDetent != 0, let row = selectedRow, row < layout.rowCount else { return false }
    emit(.rowActivated(row))
    return true
  }

  /// The list now holds `count` rows. The selection stays on its row when
  /// that row still exists and is dropped otherwise; a picker selects the
  /// first row as soon as there is one. The scroll position stays, within
  /// what the new length can scroll.
  func setRowCount(_ count: Int) {
    let rows = max(0, count)
    guard rows != layout.rowCount else { return }
    layout = Drawer.makeLayout(configuration, detentSet, window: windowSize, textMetrics, rowCount: rows)
    relayout()
    contentOffset = clamp(contentOffset, 0, maximumContentOffset(at: extent))
    if let row = selectedRow, row >= rows { selectedRow = nil }
    if configuration.isPicker && selectedRow == nil && rows > 0 {
      selectedRow = 0
      emit(.rowSelected(0))
    }
  }

  /// The row under the pointer, while it rests over the list with no
  /// button down and the list is not coasting under it.
  var hoveredRow: Int? {
    guard let p = hoverPoint, case .idle = gesture else { return nil }
    if case .list(let row) = region(at: p) { return row }
    return nil
  }
}

extension Drawer {
  /// The selected row, or nil: what Tab and Space act on, without building
  /// a render model to ask.
  public var selection: Int? { selectedRow }

  /// The row shown at window point `p`, or nil when `p` is not on a row:
  /// what a modified click (Ctrl+click marking a row) acts on.
  public func row(at p: Point) -> Int? {
    if case .list(let row) = region(at: local(p)) { return row }
    return nil
  }
}
