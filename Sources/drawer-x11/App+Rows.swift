import DrawerEngine
import DrawerHost

/// Bytes read from the rows' source per pass of the loop: enough to take a
/// fast producer's pipe in a few passes, little enough that a frame is
/// never late for it.
private let readBudget = 4 << 20

extension App {
  /// Whether rows have been read that the panel has not been told of:
  /// they are counted once a frame.
  var rowsPending: Bool { engine.layout.rowCount != rows.count }

  /// Reads what the rows' source has ready and, at most once a frame (or
  /// at once with `force`), tells the panel how many rows the list holds.
  /// Throws the source's failure (a read error, a broken limit).
  func readRows(now: Double, force: Bool) throws(Failure) {
    if let source = reader {
      // Rows already read and not yet shown wait for their frame first.
      if force || !rowsPending {
        _ = try source.read(into: rows, budget: readBudget)
      }
      if source.isFinished {
        reader = nil
        // The end of the input is news even when no row came with it.
        if !rowsPending { reportRows() }
      }
    }
    guard rowsPending, force || now >= rowsSyncTime + frameInterval else { return }
    rowsSyncTime = now
    engineTime = max(engineTime, now)
    feed(.request(.setRowCount(rows.count), time: engineTime))
    reportRows()
  }

  /// The `rows` event: how many rows the list shows, how many were read,
  /// and whether more may come.
  func reportRows() {
    guard EventLog.enabled && ready else { return }
    var line = JSONLine(event: "rows")
    line.add("count", rows.count)
    line.add("total", rows.store?.count ?? rows.count)
    line.add("loading", rows.isLoading)
    EventLog.emit(line)
  }
}
