import DrawerRows

/// A pick made from rofi's `-dmenu` (`RofiPick`): its custom keys, its
/// format, its rows that cannot be chosen, and the row selected at start.
extension HostSession {
  /// Takes rofi's own keys: Control+Return prints the typed text
  /// (kb-accept-custom), Shift+Return marks the row with -multi-select and
  /// is Return otherwise (kb-accept-alt), Tab selects the next row
  /// (kb-row-tab), and a custom key (`-kb-custom-N`) prints the selection,
  /// or the typed text when no row is shown, and ends the pick with 10 to
  /// 28.
  func rofiKey(_ press: KeyPress, time: Double) -> Bool {
    guard let pick, let rofi = pick.rofi, exitStatus == nil else { return false }
    if let n = rofi.customKeys.firstIndex(where: { $0.contains { $0.matches(press) } }) {
      if let row = drawer.selection, row < rows.count {
        writeRofi(storeRow: rows.storeRow(row), rofi)
      } else if let text = query?.text {
        output.result(rofi.format.line(text: text, index: -1, query: text))
      }
      exitStatus = RofiPick.customStatus(n)
      return true
    }
    if press.name == .enter && !press.alt {
      if press.control {
        key(KeyPress(.enter, shift: true), time: time, rofi: false)
        return true
      }
      if press.shift {
        key(KeyPress(pick.multiple ? .tab : .enter), time: time, rofi: false)
        return true
      }
    }
    if press.name == .tab && !press.control && !press.alt && !pick.multiple {
      key(KeyPress(.down), time: time, rofi: false)
      return true
    }
    return false
  }

  /// Prints input row `row` as `-format` says.
  func writeRofi(storeRow row: Int, _ rofi: RofiPick) {
    guard let store = rows.store else { return }
    let text = store.withRow(row) { String(decoding: RowProtocol.shown($0), as: UTF8.self) }
    output.result(rofi.format.line(text: text, index: row, query: query?.text ?? ""))
  }

  /// Whether input row `row` may be the pick: not one marked `nonselectable`.
  func isSelectable(storeRow row: Int) -> Bool {
    pick?.rofi?.options?.options(ofRow: row).nonselectable != true
  }

  /// Selects the row `-selected-row` names once it has arrived.
  func selectRofiRowIfArrived(time: Double) {
    guard let wanted = rofiSelectPending, wanted < rows.total else { return }
    rofiSelectPending = nil
    let shown = rows.filter.map { $0.shownIndex(ofStoreRow: wanted) } ?? wanted
    guard let shown, shown < rows.count else { return }
    feed(.request(.selectRow(shown), time: time))
  }
}
