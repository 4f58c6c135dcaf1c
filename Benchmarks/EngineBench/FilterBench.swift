// Filtering a million rows as a query is typed: the cost of each keystroke,
// the first (a scan of every row) and the ones that narrow the last matches.

import DrawerProcess
import DrawerRows
import Glibc

/// Rows in the filter benchmark: `seq 1000000`, or a million paths.
let filterRows = 1_000_000

/// A keystroke's costs, ms: until the first frame can show its rows
/// (matched, and ranked for `RowFilter.rankSliceSeconds`, as the program
/// does), and until every match has its place.
struct KeystrokeCost {
  var firstMs = Double.infinity
  var slowestMs = Double.infinity
  var slowestRankedMs = Double.infinity
  var matches = 0
}

/// `seq 1000000`, one number a line.
func numberRows() -> RowStore {
  var text: [UInt8] = []
  text.reserveCapacity(7 * filterRows)
  for n in 1...filterRows { text.append(contentsOf: "\(n)\n".utf8) }
  let store = RowStore()
  text.withUnsafeBytes { try! store.append($0) }
  return store
}

/// A million file paths of about 40 bytes, the same every run: a few
/// directories and a name, from words, camelCase, snake_case and digits.
func pathRows() -> RowStore {
  let words = [
    "usr", "share", "lib", "src", "doc", "include", "python3", "dist", "packages", "locale", "man", "icons",
    "theme", "config", "test", "main", "drawer", "window", "frame", "event", "x11", "font", "cache", "data",
  ]
  let extensions = ["c", "h", "py", "swift", "gz", "png", "txt", "so", "json", "md"]
  var state: UInt64 = 0x2545_F491_4F6C_DD1D
  func next() -> Int {
    // xorshift64*: seeded, so every run types into the same rows.
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return Int(truncatingIfNeeded: (state &* 0x2545_F491_4F6C_DD1D) >> 33)
  }
  var text: [UInt8] = []
  text.reserveCapacity(45 * filterRows)
  for _ in 0..<filterRows {
    var path = ""
    for _ in 0..<(2 + next() % 3) { path += "/" + words[next() % words.count] }
    let a = words[next() % words.count]
    let b = words[next() % words.count]
    path += next() % 2 == 0 ? "/\(a)_\(b)\(next() % 100)" : "/\(a)\(b.prefix(1).uppercased())\(b.dropFirst())"
    path += "." + extensions[next() % extensions.count] + "\n"
    text.append(contentsOf: path.utf8)
  }
  let store = RowStore()
  text.withUnsafeBytes { try! store.append($0) }
  return store
}

/// The keystrokes of `query` typed one character at a time into a filter
/// over `store` in `mode`; the best of `runs` tries.
func measureFilter(
  _ store: RowStore, query: String, mode: MatchMode, sorts: Bool = true, runs: Int = 3
) -> KeystrokeCost {
  var best = KeystrokeCost()
  for _ in 0..<runs {
    let filter = RowFilter(mode: mode, sorts: sorts)
    var run = KeystrokeCost(firstMs: 0, slowestMs: 0, slowestRankedMs: 0)
    var typed = ""
    for c in query {
      typed.append(c)
      let start = seconds()
      filter.setQuery(typed, in: store, rankUntil: monotonicSeconds() + RowFilter.rankSliceSeconds)
      let ms = (seconds() - start) * 1000
      while filter.isRanking { filter.refine(until: .infinity) }
      let rankedMs = (seconds() - start) * 1000
      if typed.count == 1 { run.firstMs = ms }
      run.slowestMs = max(run.slowestMs, ms)
      run.slowestRankedMs = max(run.slowestRankedMs, rankedMs)
    }
    best.firstMs = min(best.firstMs, run.firstMs)
    best.slowestMs = min(best.slowestMs, run.slowestMs)
    best.slowestRankedMs = min(best.slowestRankedMs, run.slowestRankedMs)
    best.matches = filter.count(in: store)
  }
  return best
}
