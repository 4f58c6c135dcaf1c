// Filtering a million rows as a query is typed: the cost of each keystroke,
// the first (a scan of every row) and the ones that narrow the last matches.

import DrawerHost
import Glibc

/// Rows in the filter benchmark: `seq 1000000`.
let filterRows = 1_000_000

/// The slowest keystroke, ms, and the first one, while "99999" is typed
/// one character at a time in `mode`; the best of `runs` tries.
func measureFilter(mode: MatchMode, runs: Int = 3) -> (firstMs: Double, slowestMs: Double, matches: Int) {
  let store = RowStore()
  var text: [UInt8] = []
  text.reserveCapacity(7 * filterRows)
  for n in 1...filterRows { text.append(contentsOf: "\(n)\n".utf8) }
  text.withUnsafeBytes { try! store.append($0) }
  var best = (firstMs: Double.infinity, slowestMs: Double.infinity, matches: 0)
  for _ in 0..<runs {
    let filter = RowFilter(mode: mode)
    var first = 0.0
    var slowest = 0.0
    var query = ""
    for c in "99999" {
      query.append(c)
      let start = seconds()
      filter.setQuery(query, in: store)
      let ms = (seconds() - start) * 1000
      if query.count == 1 { first = ms }
      slowest = max(slowest, ms)
    }
    best = (min(best.firstMs, first), min(best.slowestMs, slowest), filter.count(in: store))
  }
  return best
}
