import CX11
import DrawerEngine
import DrawerHost

/// The keys the panel reacts to, keypad twins included.
private let keyTable: [(KeySym, DrawerKey)] = [
  (KeySym(XK_Escape), .escape),
  (KeySym(XK_Up), .up), (KeySym(XK_KP_Up), .up),
  (KeySym(XK_Page_Up), .pageUp), (KeySym(XK_KP_Page_Up), .pageUp),
  (KeySym(XK_Down), .down), (KeySym(XK_KP_Down), .down),
  (KeySym(XK_Page_Down), .pageDown), (KeySym(XK_KP_Page_Down), .pageDown),
  (KeySym(XK_Home), .home), (KeySym(XK_KP_Home), .home),
  (KeySym(XK_End), .end), (KeySym(XK_KP_End), .end),
  (KeySym(XK_space), .space),
  (KeySym(XK_Return), .enter), (KeySym(XK_KP_Enter), .enter),
]

/// With Alt held, the arrows move the panel a stage even where the list
/// holds the plain arrows (a panel at full goes back to partial).
private let stageKeyTable: [(KeySym, DrawerKey)] = [
  (KeySym(XK_Up), .expandStage), (KeySym(XK_KP_Up), .expandStage),
  (KeySym(XK_Down), .collapseStage), (KeySym(XK_KP_Down), .collapseStage),
]

/// What a key does to the query or the pick, before the panel sees it.
private enum QueryKey {
  case cancel
  case deleteBackward, deleteWord, clear
  case previous, next
  /// Tab: copy the selected row into the query (dmenu), or mark it.
  case complete
  /// Space in a multiple pick: mark the selected row.
  case mark
  /// Return: the selected row, or the marked ones.
  case accept
  /// Shift+Return: the query as typed (dmenu).
  case acceptQuery
}

extension App {
  /// How the program ends when its window is closed: a pick closed
  /// without a choice is cancelled.
  var closeStatus: Int32 { pick != nil ? ExitStatus.cancelled : ExitStatus.ok }

  func keyPressed(_ e: inout XKeyEvent) {
    let time = inputTime(e.time, synthetic: e.send_event != 0)
    // The text the key types, through the input method; the plain keysym
    // (no modifiers, first group) for the keys' names, so that Ctrl+U is
    // Ctrl+U in any layout that keeps the Latin letters there. A key the
    // input method composed (keycode 0) has no plain keysym, only text.
    let typed = textInput?.lookup(&e) ?? (keysym: 0, text: nil)
    let symbol = e.keycode == 0 ? KeySym(0) : XLookupKeysym(&e, 0)
    let control = e.state & UInt32(ControlMask) != 0
    let alt = e.state & UInt32(Mod1Mask) != 0
    let shift = e.state & UInt32(ShiftMask) != 0

    if alt && !control, let key = stageKeyTable.first(where: { $0.0 == symbol })?.1 {
      feed(.key(key, time: time))
      return
    }
    if query != nil {
      if let action = queryKey(symbol, control: control, shift: shift) {
        perform(action, time: time)
        return
      }
      // Space types a space too, except in a multiple pick, where
      // `queryKey` took it to mark the row.
      if !control && !alt, let text = typed.text {
        edit(time: time) { $0.type(text) }
        return
      }
    } else if symbol == KeySym(XK_q) && !control && !alt {
      exitStatus = closeStatus
      return
    }
    guard let key = keyTable.first(where: { $0.0 == symbol })?.1 else { return }
    feed(.key(key, time: time))
  }

  private func queryKey(_ symbol: KeySym, control: Bool, shift: Bool) -> QueryKey? {
    if control {
      switch Int32(symbol) {
      case XK_u: return .clear
      case XK_w: return .deleteWord
      case XK_h: return .deleteBackward
      case XK_p, XK_k: return .previous
      case XK_n, XK_j: return .next
      case XK_bracketleft, XK_c, XK_g: return .cancel
      case XK_m, XK_Return, XK_KP_Enter: return .accept
      default: return nil
      }
    }
    switch Int32(symbol) {
    case XK_Escape: return .cancel
    case XK_BackSpace: return .deleteBackward
    case XK_Tab, XK_ISO_Left_Tab: return .complete
    case XK_space: return pick?.multiple == true ? .mark : nil
    case XK_Return, XK_KP_Enter: return shift && pick != nil ? .acceptQuery : .accept
    default: return nil
    }
  }

  private func perform(_ action: QueryKey, time: Double) {
    switch action {
    case .cancel:
      if pick != nil {
        exitStatus = ExitStatus.cancelled
      } else if query?.text.isEmpty == false {
        edit(time: time) { $0.clear() }
      } else {
        feed(.key(.escape, time: time))
      }
    case .deleteBackward: edit(time: time) { $0.deleteBackward() }
    case .deleteWord: edit(time: time) { $0.deleteWord() }
    case .clear: edit(time: time) { $0.clear() }
    case .previous: feed(.key(.up, time: time))
    case .next: feed(.key(.down, time: time))
    case .complete:
      if pick?.multiple == true {
        markSelection(time: time)
      } else if let row = engine.selection {
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
      } else {
        feed(.key(.enter, time: time))
      }
    case .acceptQuery:
      guard let text = query?.text, !text.isEmpty else { return }
      // No row's number: -1, as rofi prints, which no row can be.
      EventLog.writeResult(pick?.printsIndex == true ? "-1" : text)
      exitStatus = ExitStatus.ok
    }
  }

  /// Marks (or unmarks) the selected row and moves to the next, as fzf's Tab does.
  private func markSelection(time: Double) {
    guard let row = engine.selection else { return }
    rows.toggleMark(row)
    feed(.key(.down, time: time))
  }

  /// Changes the query with `change`; when it changed, the list shows its
  /// matches with the first one selected and in view.
  func edit(time: Double, _ change: (inout QueryEditor) -> Void) {
    guard var editor = query else { return }
    change(&editor)
    guard editor != query else { return }
    query = editor
    rows.setQuery(editor.text)
    feed(.request(.setRowCount(rows.count), time: time))
    if rows.count > 0 { feed(.request(.selectRow(0), time: time)) }
    rowsSyncTime = time
    if EventLog.enabled && ready {
      var line = JSONLine(event: "filtered")
      line.add("query", editor.text)
      line.add("count", rows.count)
      EventLog.emit(line)
    }
  }

  // MARK: Pick

  /// A pick's answer to the panel's events: an activated row is the
  /// choice, a dismissal the cancel.
  func pickEvent(_ event: DrawerEvent) {
    guard exitStatus == nil else { return }
    switch event {
    case .rowActivated(let row):
      guard row < rows.count else { return }
      finishPick(storeRows: [rows.storeRow(row)])
    case .dismissed:
      exitStatus = ExitStatus.cancelled
    default:
      break
    }
  }

  /// Prints the chosen rows (their text, or their numbers with
  /// --print-index), one a line, and ends the program with status 0.
  func finishPick(storeRows: [Int]) {
    guard let pick, exitStatus == nil else { return }
    for row in storeRows {
      if pick.printsIndex {
        EventLog.writeResult(String(row))
      } else if let store = rows.store {
        // The input's own bytes: a file name that is not UTF-8 must reach
        // the next command as it was, not as the list shows it.
        store.withRowBytes(row) { EventLog.writeResult(bytes: UnsafeRawBufferPointer($0)) }
      }
    }
    exitStatus = ExitStatus.ok
  }
}
