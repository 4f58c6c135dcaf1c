import DrawerEngine
import DrawerProcess
import DrawerRows
import DrawerScripting

/// What a key does to the query or the pick, before the panel sees it.
private enum QueryKey {
  case cancel
  case deleteBackward, deleteWord, clear
  case deleteForward, deleteToEnd
  case caretLeft, caretRight, caretToStart, caretToEnd, caretWordLeft, caretWordRight
  case previous, next
  /// Tab: copy the selected row into the query (dmenu), or mark it.
  case complete
  /// Space in a multiple pick: mark the selected row.
  case mark
  /// Return: the selected row, or the marked ones; the typed text when
  /// no row matches (dmenu).
  case accept
  /// Shift+Return: the query as typed (dmenu).
  case acceptQuery
  /// Ctrl+Y, Shift+Insert, Ctrl+Shift+V, Ctrl+V: a selection's text at the caret.
  case paste(PasteSelection)
  /// Ctrl+Return: what Return prints, and the pick goes on (dmenu).
  case acceptAndStay
}

extension HostSession {
  /// Hands one key to the query, the pick or the panel at `time`.
  ///
  /// With Alt, the arrows move the panel a stage even where the list holds
  /// the plain arrows. While typing filters, the editing keys change the
  /// query and other text is typed into it; otherwise `q` closes.
  public func key(_ press: KeyPress, time: Double) { key(press, time: time, rofi: true) }

  /// `key`, with rofi's keys first unless `rofi` is false.
  func key(_ press: KeyPress, time: Double, rofi: Bool) {
    if !isReady { startSlideIn() }
    if rofi && rofiKey(press, time: time) { return }
    if press.alt && !press.control, let key = stageKey(press.name) {
      feed(.key(key, time: time))
      return
    }
    if query != nil {
      if let action = queryKey(press) {
        perform(action, time: time)
        return
      }
      // Space types a space too, except in a multiple pick, where
      // `queryKey` took it to mark the row.
      if !press.control && !press.alt, let text = press.text {
        edit(time: time) { $0.type(text) }
        return
      }
    } else if press.name == .character("q") && !press.control && !press.alt {
      close()
      return
    }
    guard let key = panelKey(press.name) else { return }
    feed(.key(key, time: time))
  }

  /// The keys the panel reacts to.
  private func panelKey(_ name: KeyPress.Name?) -> DrawerKey? {
    switch name {
    case .escape: .escape
    case .up: .up
    case .pageUp: .pageUp
    case .down: .down
    case .pageDown: .pageDown
    case .home: .home
    case .end: .end
    case .space: .space
    case .enter: .enter
    default: nil
    }
  }

  /// Alt's arrows: a stage up or down (a panel at full goes back to partial).
  private func stageKey(_ name: KeyPress.Name?) -> DrawerKey? {
    switch name {
    case .up: .expandStage
    case .down: .collapseStage
    default: nil
    }
  }

  private func queryKey(_ press: KeyPress) -> QueryKey? {
    if press.control {
      switch press.name {
      case .character("u"): return .clear
      case .character("w"): return .deleteWord
      case .character("h"): return .deleteBackward
      case .character("k"): return .deleteToEnd
      case .character("a"): return .caretToStart
      case .character("e"): return .caretToEnd
      case .left: return .caretWordLeft
      case .right: return .caretWordRight
      case .character("p"): return .previous
      case .character("n"), .character("j"): return .next
      case .character("["), .character("c"), .character("g"): return .cancel
      case .character("m"): return .accept
      case .enter: return pick != nil ? .acceptAndStay : .accept
      // Ctrl+V marks nothing, even in a multiple pick (Space and Tab do):
      // it pastes, as in most text fields.
      case .character("v"): return .paste(.clipboard)
      case .character("y"): return .paste(.primary)
      default: return nil
      }
    }
    switch press.name {
    case .escape: return .cancel
    case .backspace: return .deleteBackward
    case .delete: return .deleteForward
    case .left: return .caretLeft
    case .right: return .caretRight
    case .tab: return .complete
    case .space: return pick?.multiple == true ? .mark : nil
    case .enter: return press.shift && pick != nil ? .acceptQuery : .accept
    case .insert: return press.shift ? .paste(.primary) : nil
    default: return nil
    }
  }

  private func perform(_ action: QueryKey, time: Double) {
    // A kept pick's answer given by a key, outside a drain, hides it now.
    defer { if dismissesAfterDrain { drainEvents() } }
    switch action {
    case .cancel:
      if pick != nil && lifecycle.keeps {
        // A kept pick slides out and waits hidden for its next choice.
        feed(.request(.dismiss(animated: true), time: time))
      } else if pick != nil {
        // At the key, whatever the slide: as dmenu's and rofi's, a
        // cancelled pick leaves at once.
        exitStatus = ExitStatus.cancelled
      } else if query?.text.isEmpty == false {
        edit(time: time) { $0.clear() }
      } else {
        feed(.key(.escape, time: time))
      }
    case .deleteBackward: edit(time: time) { $0.deleteBackward() }
    case .deleteWord: edit(time: time) { $0.deleteWord() }
    case .clear: edit(time: time) { $0.clear() }
    case .deleteForward: edit(time: time) { $0.deleteForward() }
    case .deleteToEnd: edit(time: time) { $0.deleteToEnd() }
    case .caretLeft:
      // dmenu's one line: Left takes the match before the selected one,
      // and moves the caret only from the first.
      if pick?.inline == true, let row = drawer.selection, row > 0 {
        feed(.key(.up, time: time))
      } else {
        moveCaret { $0.moveLeft() }
      }
    case .caretRight:
      // …and Right takes the next match once the caret is at the end.
      if pick?.inline == true, let q = query, q.caret >= q.text.utf8.count {
        feed(.key(.down, time: time))
      } else {
        moveCaret { $0.moveRight() }
      }
    case .caretToStart: moveCaret { $0.moveToStart() }
    case .caretToEnd: moveCaret { $0.moveToEnd() }
    case .caretWordLeft: moveCaret { $0.moveWordLeft() }
    case .caretWordRight: moveCaret { $0.moveWordRight() }
    case .previous: feed(.key(.up, time: time))
    case .next: feed(.key(.down, time: time))
    case .complete:
      if pick?.multiple == true {
        markSelection(time: time)
      } else if let row = drawer.selection {
        let text = rows.text(ofRow: row)
        edit(time: time) {
          $0.clear()
          $0.type(text)
        }
      }
    case .mark: markSelection(time: time)
    case .accept:
      if let pick, pick.multiple, !rows.marked.isEmpty {
        finishPick(storeRows: rows.markedRows)
      } else if pick != nil && rows.count == 0 {
        finishWithQuery()
      } else {
        feed(.key(.enter, time: time))
      }
    case .acceptQuery: finishWithQuery()
    case .paste(let selection): pasteRequested?(selection)
    case .acceptAndStay: printAndStay()
    }
  }

  /// Prints the query as typed as the answer, unless it is empty or the
  /// pick takes rows only (`--no-custom`).
  private func finishWithQuery() {
    guard let pick, pick.allowsCustom, exitStatus == nil, let text = query?.text, !text.isEmpty else { return }
    // No row's number: -1, as rofi prints, which no row can be.
    output.result(pick.rofi?.format.line(text: text, index: -1, query: text) ?? (pick.printsIndex ? "-1" : text))
    answered()
  }

  /// Prints what Return would (the selected row, or the typed text when
  /// no row matches and the pick takes it), and the pick goes on, as
  /// dmenu's Ctrl+Return does.
  private func printAndStay() {
    guard let pick, exitStatus == nil else { return }
    if let row = drawer.selection, row < rows.count {
      write(storeRow: rows.storeRow(row), pick)
    } else if rows.count == 0, pick.allowsCustom, let text = query?.text, !text.isEmpty {
      output.result(pick.printsIndex ? "-1" : text)
    }
  }

  /// With --auto-select, picks the one row left once the input has ended.
  func autoSelectIfOneRowLeft() {
    guard pick?.autoSelect == true, exitStatus == nil, !dismissesAfterDrain, !rows.isLoading, rows.count == 1 else {
      return
    }
    finishPick(storeRows: [rows.storeRow(0)])
  }

  /// Selects the row --select names once it has arrived: the first row
  /// equal to it, among the rows shown.
  func preselectIfArrived(time: Double) {
    guard let text = preselect, let store = rows.store else { return }
    let wanted = Array(text.utf8)
    let total = max(rows.total, preselectScanned)
    let found = store.firstRow(equalTo: wanted, in: preselectScanned..<total)
    preselectScanned = found.map { $0 + 1 } ?? total
    guard let row = found else { return }
    // A row the query filters out is not selected: the next equal one may be shown.
    let shown = rows.filter.map { $0.shownIndex(ofStoreRow: row) } ?? row
    guard let shown, shown < rows.count else { return }
    preselect = nil
    feed(.request(.selectRow(shown), time: time))
  }

  /// Marks (or unmarks) the selected row and moves to the next, as fzf's Tab does.
  private func markSelection(time: Double) {
    guard let row = drawer.selection else { return }
    rows.toggleMark(row)
    feed(.key(.down, time: time))
  }

  /// Moves the query's caret: the text and the rows shown stay.
  private func moveCaret(_ move: (inout QueryEditor) -> Void) {
    guard var editor = query else { return }
    move(&editor)
    query = editor
    rows.setCaret(editor.caret)
  }

  /// Changes the query with `change`; when it changed, the list shows its
  /// matches with the first one selected and in view.
  func edit(time: Double, _ change: (inout QueryEditor) -> Void) {
    guard var editor = query else { return }
    change(&editor)
    let changed = editor.text != query?.text
    query = editor
    guard changed else {
      rows.setCaret(editor.caret)
      return
    }
    // Typing takes over from --select.
    preselect = nil
    // One event a keystroke: the last query's goes now if it still waits.
    if filteredPending { reportFiltered() }
    rows.setQuery(editor.text, rankUntil: monotonicSeconds() + rankSliceSeconds)
    rows.setCaret(editor.caret)
    feed(.request(.setRowCount(rows.count), time: time))
    if rows.count > 0 { feed(.request(.selectRow(0), time: time)) }
    rowsSyncTime = time
    // A reader of the event finds the rows in their final order, unless
    // another keystroke comes first.
    filteredPending = true
    if !rows.isRanking { reportFiltered() }
    autoSelectIfOneRowLeft()
  }

  /// The `filtered` event: the query, and how many rows match it.
  func reportFiltered() {
    filteredPending = false
    guard let events = output.events, isReady else { return }
    var line = JSONLine(event: "filtered")
    // A password is nobody else's: its event says only how many match.
    if pick?.hidesQuery != true { line.add("query", rows.query) }
    line.add("count", rows.count)
    events(line)
  }

  /// A pick's answer to the list's events: an activated row is the
  /// choice (a dismissal, the cancel, is `listDismissed`'s).
  func pickEvent(_ event: DrawerEvent) {
    guard exitStatus == nil else { return }
    switch event {
    case .rowActivated(let row):
      guard row < rows.count, isSelectable(storeRow: rows.storeRow(row)) else { return }
      finishPick(storeRows: [rows.storeRow(row)])
    default:
      break
    }
  }

  /// Writes the chosen rows (their text, or their numbers with
  /// --print-index), one a line, and ends the program with status 0.
  func finishPick(storeRows: [Int]) {
    guard let pick, exitStatus == nil else { return }
    for row in storeRows { write(storeRow: row, pick) }
    answered()
  }

  /// Writes one row of the input (its text, or its number with
  /// --print-index) as a line of the pick.
  private func write(storeRow row: Int, _ pick: PickSettings) {
    if let rofi = pick.rofi {
      writeRofi(storeRow: row, rofi)
    } else if pick.printsIndex {
      output.result(String(row))
    } else if let store = rows.store {
      // The input's own bytes: a file name that is not UTF-8 must reach
      // the next command as it was, not as the list shows it.
      store.withRowBytes(row) { output.result(UnsafeRawBufferPointer($0)) }
    }
  }

  /// The pick printed its answer: the end of the run, or with --keep the
  /// panel slides out, unmarked, and waits hidden for the next choice.
  private func answered() {
    guard lifecycle.keeps else {
      exitStatus = ExitStatus.ok
      return
    }
    rows.unmarkAll()
    dismissesAfterDrain = true
  }
}
