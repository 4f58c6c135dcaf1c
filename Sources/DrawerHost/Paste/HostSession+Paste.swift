import DrawerRows
import DrawerScripting

extension HostSession {
  /// Inserts a selection's text, as `PastedText` made it one line, at the
  /// query's caret; `dropped` bytes past `SelectionTransfer.keptLimit`
  /// never arrived. A paste the query cannot hold whole is cut between two
  /// characters, with one notice. Under --password the text shows in no
  /// event: `filtered` leaves the query out.
  public func paste(_ text: String, dropped: Int, from selection: PasteSelection, time: Double) {
    guard query != nil else { return }
    var left = dropped
    edit(time: time) { left += $0.paste(text) }
    if left > 0 {
      pasteNotice(
        "the query holds \(QueryEditor.maximumLength) bytes at most: \(left) bytes of the paste were cut", from: selection)
    }
  }

  /// A paste that brought nothing: `message` says why, in one line on
  /// standard error, or as an `error` event with --events, as the control
  /// channel's refusals go.
  public func pasteFailed(_ message: String, from selection: PasteSelection) {
    pasteNotice(message, from: selection)
  }

  private func pasteNotice(_ message: String, from selection: PasteSelection) {
    if let events = output.events {
      var event = JSONLine(event: "error")
      event.add("paste", selection.rawValue)
      event.add("message", message)
      events(event)
    } else {
      output.diagnostic("paste from \(selection.rawValue): \(message)")
    }
  }
}
