import DrawerEngine
import DrawerProcess
import DrawerRows
import DrawerScripting

extension HostSession {
  /// Runs the commands the control channel has ready. Each is answered
  /// with an `ack` event naming it, or an `error` event saying why it was
  /// refused (on standard error too when events are off); no command,
  /// however malformed, stops the program.
  public func readControl(now: Double) {
    guard let source = control else { return }
    for piece in source.read() {
      // A signal that came while a long command ran ends the run before
      // the next command, not after all of them.
      if exitStatus != nil || TerminationSignals.pending() != nil { break }
      run(piece, now: now)
    }
    if source.fd < 0 { control = nil }
  }

  /// Runs one line of the control channel (or refuses it, or one too long)
  /// at `now`, as `readControl` does with each line it reads.
  public func run(_ piece: LineSplitter.Piece, now: Double) {
    switch piece {
    case .tooLong:
      refuse("", "a line longer than \(ControlCommand.maximumLineLength / 1024) KiB")
    case .line(let line):
      guard let parsed = ControlCommand.parse(line) else { return }
      switch parsed {
      case .failure(let error): refuse(line, error.message)
      case .success(let command):
        if let message = run(command, time: max(time, now)) {
          refuse(line, message)
        } else {
          acknowledge(line)
        }
      }
    }
  }

  /// Runs `command`; returns why it could not, or nil when it ran.
  private func run(_ command: ControlCommand, time now: Double) -> String? {
    time = max(time, now)
    switch command {
    case .move(let name):
      if let problem = detentProblem(name, moving: true) { return problem }
      feed(.request(.move(to: name, animated: true), time: time))
    case .present:
      feed(.request(.present(animated: true), time: time))
    case .dismiss:
      feed(.request(.dismiss(animated: true), time: time))
    case .toggle:
      toggle(time: time)
    case .detents(let text):
      do throws(Failure) {
        try host.replaceDetents(text, time: time)
      } catch {
        return error.message ?? "detents refused"
      }
      // Not an input: the new layout is drawn all the same.
      inputSinceFrame = true
      drainEvents()
    case .enable(let name), .disable(let name):
      if let problem = detentProblem(name, moving: false) { return problem }
      let on = if case .enable = command { true } else { false }
      feed(.request(.setEnabled(on, for: name), time: time))
    case .select(let number):
      guard let row = shownRow(number) else {
        let total = rows.store?.count ?? rows.count
        return number < total
          ? "row \(number) is not shown: the query filters it out"
          : "no row \(number): the list has \(total) rows, numbered from 0"
      }
      feed(.request(.selectRow(row), time: time))
    case .append(let text):
      guard let store = rows.store else {
        return "the rows are generated (--rows); append needs --items FILE (even /dev/null)"
      }
      do throws(RowStore.LimitExceeded) {
        try store.append(line: text)
      } catch {
        return error.reason
      }
      rows.rowsChanged()
      syncRowCount()
    case .clear:
      guard rows.store != nil else { return "the rows are generated (--rows); clear needs --items FILE (even /dev/null)" }
      rows.clear()
      syncRowCount()
    case .quit:
      close()
    }
    return nil
  }

  /// Why `name` cannot be moved to (or enabled or disabled), or nil. The
  /// detents are the top panel's: a move goes to an open detail, as Esc does.
  private func detentProblem(_ name: DetentName, moving: Bool) -> String? {
    let all = host.stack.top.layout.detents.all
    guard let detent = all.first(where: { $0.name == name.rawValue }) else {
      // The first names, and how many there are: a panel of 80,000 detents
      // still gets a line one can read.
      let shown = all.prefix(DetentArguments.listedLimit).map(\.name).joined(separator: ", ")
      let more = all.count > DetentArguments.listedLimit ? " … (\(all.count) in all)" : ""
      return "no detent named \(name.rawValue); this panel's are \(shown)\(more)"
    }
    if detent.name == DetentName.dismissed.rawValue && !moving { return "dismissed cannot be enabled or disabled" }
    if moving && !detent.isEnabled && detent.name != DetentName.dismissed.rawValue {
      return "detent \(name.rawValue) is disabled; enable it first"
    }
    return nil
  }

  /// The place in the list of the row numbered `number` in its source, or
  /// nil when the list does not show it.
  private func shownRow(_ number: Int) -> Int? {
    guard number >= 0 else { return nil }
    guard let filter = rows.filter else { return number < rows.count ? number : nil }
    // Rows read since the last frame are matched but not yet shown.
    guard let shown = filter.shownIndex(ofStoreRow: number), shown < rows.count else { return nil }
    return shown
  }

  private func acknowledge(_ line: String) {
    var event = JSONLine(event: "ack")
    event.add("command", line)
    output.events?(event)
  }

  private func refuse(_ line: String, _ message: String) {
    if let events = output.events {
      var event = JSONLine(event: "error")
      event.add("command", line)
      event.add("message", message)
      events(event)
    } else {
      output.diagnostic("--control: \(terminalSafe(line)): \(message)")
    }
  }
}
