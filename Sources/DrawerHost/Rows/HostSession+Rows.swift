import DrawerEngine
import DrawerProcess
import DrawerScripting

/// Bytes read from the rows' source per pass of the loop at most.
private let readSliceBytes = 16 << 20
/// Time spent reading per pass of the loop, s, checked after each read of
/// a megabyte at most: a pass with a frame to draw still ends well within
/// the frame, and the front end looks at its input between slices, so
/// input is never held up for longer than this while rows stream in.
private let readSliceSeconds = 0.004

extension HostSession {
  /// Whether rows have been read that the panel has not been shown: they
  /// are counted once a frame.
  public var rowsPending: Bool { rows.hasUnshownRows }

  /// Reads one slice of what the rows' source has ready and, at most once
  /// a frame (at once with `force`, and when the source ends), shows the
  /// rows read: the header counts them and the panel gets the list's row
  /// count. The `rows` event follows once that frame is on screen
  /// (`reportShownRows`). Throws the source's failure (a read error, a
  /// broken limit).
  public func readRows(now: Double, force: Bool) throws(Failure) {
    var ended = false
    if let source = reader, let store = rows.store {
      if try source.read(into: store, budget: readSliceBytes, until: monotonicSeconds() + readSliceSeconds) {
        // Matched slice by slice, so a filter's cost is bounded as the reading is.
        rows.matchArrivedRows(rankUntil: monotonicSeconds() + rankSliceSeconds)
      }
      if source.isFinished {
        reader = nil
        ended = true
      }
    }
    // The end of the input is news even when no row came with it.
    guard ended || (rowsPending && (force || now >= rowsSyncTime + HostSession.frameInterval)) else { return }
    rowsSyncTime = now
    rows.rowsChanged(finished: ended, rankUntil: monotonicSeconds() + rankSliceSeconds)
    if drawer.layout.rowCount != rows.count {
      time = max(time, now)
      feed(.request(.setRowCount(rows.count), time: time))
    }
    rowsShownPending = true
    preselectIfArrived(time: max(time, now))
    selectRofiRowIfArrived(time: max(time, now))
    if ended { autoSelectIfOneRowLeft() }
  }

  /// Whether matches still wait for their place in the list: the loop
  /// then calls `rankRows` again without sleeping.
  public var rowsRanking: Bool { rows.isRanking }

  /// Ranks one more slice of the matches; once they are all in place, a
  /// query's `filtered` event goes out.
  public func rankRows() {
    guard rows.isRanking else { return }
    rows.refineRanking(until: monotonicSeconds() + rankSliceSeconds)
    if !rows.isRanking && filteredPending { reportFiltered() }
  }

  /// The `rows` event for rows shown since the last, once the frame that
  /// shows them is on screen: a reader woken by it finds them painted.
  public func reportShownRows() {
    guard rowsShownPending, isReady else { return }
    rowsShownPending = false
    reportRows()
  }

  /// The `rows` event: how many rows the list shows, how many were read,
  /// and whether more may come.
  func reportRows() {
    guard let events = output.events, isReady else { return }
    rowsShownPending = false
    var line = JSONLine(event: "rows")
    line.add("count", rows.count)
    line.add("total", rows.store == nil ? rows.count : rows.total)
    line.add("loading", rows.isLoading)
    events(line)
  }

  /// Tells the panel the list's row count now, and reports it.
  func syncRowCount() {
    rowsSyncTime = time
    if drawer.layout.rowCount != rows.count { feed(.request(.setRowCount(rows.count), time: time)) }
    reportRows()
  }
}
