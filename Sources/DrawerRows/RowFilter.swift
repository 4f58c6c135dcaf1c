import Glibc

/// How typed text narrows the rows.
public enum MatchMode: String, CaseIterable, Sendable {
  /// The query appears in the row as it is (dmenu, rofi).
  case substring
  /// The query's characters appear in the row in order, not necessarily
  /// together (fzf).
  case fuzzy
}

/// The offset of the first occurrence of the `count` bytes at `needle` in
/// the `length` bytes at `hay` (glibc's memmem is not exported to Swift):
/// memchr finds each candidate for the first byte, memcmp checks the rest.
// Always inlined into the scans' loops, where it runs once a row: the
// optimiser's own choice changed with unrelated edits to the store.
@inline(__always)
func findBytes(
  _ needle: UnsafePointer<UInt8>, _ count: Int, in hay: UnsafePointer<UInt8>, _ length: Int
) -> Int? {
  guard count > 0 else { return 0 }
  guard count <= length else { return nil }
  let first = Int32(needle[0])
  let last = length - count
  var i = 0
  while i <= last {
    guard let hit = memchr(hay + i, first, last - i + 1) else { return nil }
    i = hay.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    if count == 1 || memcmp(hay + i + 1, needle + 1, count - 1) == 0 { return i }
    i += 1
  }
  return nil
}

@inline(__always)
func foldedByte(_ b: UInt8, _ fold: Bool) -> UInt8 {
  fold && b >= 0x41 && b <= 0x5A ? b | 0x20 : b
}

/// The offset of the first occurrence of `needle` in `hay`, or nil. With
/// `foldASCII`, upper-case ASCII letters in `hay` count as lower case
/// (`needle` is lower case already).
func firstOccurrence(of needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>, foldASCII: Bool) -> Int? {
  guard let n = needle.baseAddress, let h = hay.baseAddress, needle.count <= hay.count else {
    return needle.isEmpty ? 0 : nil
  }
  let first = needle[0]
  let hasCase = foldASCII && first >= 0x61 && first <= 0x7A
  if !foldASCII || !needle.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) {
    // Nothing to fold: libc's memmem.
    return findBytes(n, needle.count, in: h, hay.count)
  }
  let last = hay.count - needle.count
  var i = 0
  while i <= last {
    // Jump to the next byte that can start a match, in either case.
    if hasCase {
      let lower = memchr(h + i, Int32(first), last - i + 1)
      let upper = memchr(h + i, Int32(first & ~0x20), last - i + 1)
      switch (lower, upper) {
      case (nil, nil): return nil
      case (let l?, nil): i = h.distance(to: l.assumingMemoryBound(to: UInt8.self))
      case (nil, let u?): i = h.distance(to: u.assumingMemoryBound(to: UInt8.self))
      case (let l?, let u?):
        i = min(h.distance(to: l.assumingMemoryBound(to: UInt8.self)), h.distance(to: u.assumingMemoryBound(to: UInt8.self)))
      }
    } else {
      guard let hit = memchr(h + i, Int32(first), last - i + 1) else { return nil }
      i = h.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }
    var k = 1
    while k < needle.count && foldedByte(hay[i + k], true) == needle[k] { k += 1 }
    if k == needle.count { return i }
    i += 1
  }
  return nil
}

/// One past the offset where `needle`'s last byte is found when its bytes
/// are taken in order from `hay[start...]`, or nil when they are not all there.
@inline(__always)
func subsequenceEnd(
  of needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>, from start: Int, foldASCII: Bool
) -> Int? {
  guard let h = hay.baseAddress else { return needle.isEmpty ? start : nil }
  var i = start
  for b in needle {
    let hasCase = foldASCII && b >= 0x61 && b <= 0x7A
    guard i < hay.count else { return nil }
    let lower = memchr(h + i, Int32(b), hay.count - i)
    var found = lower.map { h.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
    if hasCase, let upper = memchr(h + i, Int32(b & ~0x20), (found ?? hay.count) - i) {
      found = h.distance(to: upper.assumingMemoryBound(to: UInt8.self))
    }
    guard let at = found else { return nil }
    i = at + 1
  }
  return i
}

/// Which rows of a `RowStore` a query shows, kept up to date as the query
/// changes and as rows arrive.
///
/// Typing one more character narrows the current matches instead of
/// scanning every row; the matches for each shorter query typed on the way
/// are kept, so Backspace goes back to them at once. Rows appended later
/// are matched as they come. A substring query with nothing to fold scans
/// the whole buffer with one memmem per match, not one call per row.
///
/// The matches show best first unless the filter keeps input order
/// (`--no-sort`); an empty query shows every row in input order either
/// way. Every fuzzy match is ranked (`RowRanking`). A substring query's
/// order needs no ranking (`RowLeads`): the rows equal to it, then those
/// starting with it, then the rest, each in input order. Ranking may stop
/// at a deadline given with the query or the rows (`rankUntil`) and go on
/// with `refine`; until it is done (`isRanking`), the rows shown first are
/// the best of those ranked, and asking for a row past them, or where a
/// row shows, finishes it first.
public final class RowFilter {
  /// The query the matches are for; the empty query shows every row.
  public private(set) var query: RowQuery
  /// Whether matches show best first rather than in input order.
  public let sorts: Bool
  /// Whether every query matches either case (`--ignore-case`).
  public let ignoresCase: Bool
  /// The matching rows' indices in the store, in store order; nil when
  /// the query is empty and every row shows.
  public private(set) var matches: [UInt32]?
  /// A fuzzy query's order.
  private var ranking = RowRanking()
  /// A substring query's order: its matches that start with it.
  private var leads = RowLeads()
  /// The store the matches are of, to finish ranking on demand.
  private weak var rankedStore: RowStore?
  /// Rows of the store already matched.
  public private(set) var scannedRows = 0
  /// The matches of the queries typed on the way to this one, shortest
  /// first, each narrowed by the next.
  private var history: [(query: RowQuery, matches: [UInt32], leads: RowLeads, scanned: Int)] = []
  /// Bytes of matches kept in `history` at most: older ones go first.
  static let historyLimit = 64 << 20
  /// Time a front end spends ranking matches per pass of its loop, s: a
  /// keystroke's first frame shows the best of what was ranked in this
  /// long, and later passes refine it. A broad fuzzy query over a million
  /// paths takes about 100 ms to rank whole (docs/Performance.md).
  public static let rankSliceSeconds = 0.004

  /// A filter with the empty query, matching as `mode` says, best first unless `sorts` is false.
  public init(mode: MatchMode, sorts: Bool = true, ignoresCase: Bool = false) {
    query = RowQuery("", mode: mode)
    self.sorts = sorts
    self.ignoresCase = ignoresCase
  }

  /// Rows shown: all of the store's, or the matches.
  public func count(in store: RowStore) -> Int { matches?.count ?? store.count }

  /// The store row shown at `index`.
  @inline(__always)
  public func storeRow(_ index: Int) -> Int {
    guard let matches else { return index }
    guard sorts else { return Int(matches[index]) }
    guard ranksEveryMatch else {
      let place = index < leads.count ? leads.placeOfLead(shown: index) : leads.placeOfRest(index - leads.count)
      return Int(matches[place])
    }
    if index >= ranking.top.count { finishRanking() }
    return ranking.storeRow(index)
  }

  /// Whether every match gets a key (fuzzy), or the order comes from the
  /// leads (substring).
  private var ranksEveryMatch: Bool { query.mode == .fuzzy }

  /// Whether matches are still waiting for their place (`refine`).
  public var isRanking: Bool {
    guard sorts, ranksEveryMatch, let matches else { return false }
    return !ranking.isComplete(matches.count)
  }

  /// Ranks more of the matches, until `deadline` (on `monotonicSeconds`'
  /// clock). Returns whether the order shown changed.
  @discardableResult
  public func refine(until deadline: Double) -> Bool {
    guard isRanking, let store = rankedStore else { return false }
    let before = ranking.top
    rank(store, until: deadline)
    return ranking.top != before
  }

  private func finishRanking() {
    if isRanking, let store = rankedStore { rank(store, until: .infinity) }
  }

  /// Where the store row `row` is shown, or nil when it does not match.
  public func shownIndex(ofStoreRow row: Int) -> Int? {
    guard let matches else { return row }
    // Matches are in store order: a binary search finds the row.
    var low = 0
    var high = matches.count
    while low < high {
      let mid = (low + high) / 2
      if Int(matches[mid]) < row { low = mid + 1 } else { high = mid }
    }
    guard low < matches.count && Int(matches[low]) == row else { return nil }
    guard sorts else { return low }
    if ranksEveryMatch {
      finishRanking()
      return ranking.shownIndex(ofStoreRow: row)
    }
    let through = leads.countThrough(low)
    if through > 0 && Int(leads.places[through - 1]) == low { return leads.shownIndex(ofLead: through - 1) }
    return leads.count + low - through
  }

  /// Changes the query, matching only the rows it must, and ranks the
  /// matches until `deadline`.
  public func setQuery(_ text: String, in store: RowStore, rankUntil deadline: Double = .infinity) {
    let next = RowQuery(text, mode: query.mode, ignoresCase: ignoresCase)
    guard next != query else { return }
    ranking.invalidate()
    defer { rank(store, until: deadline) }
    if next.isEmpty {
      history.removeAll()
      query = next
      matches = nil
      leads.removeAll()
      scannedRows = store.count
      return
    }
    // Back to a query typed on the way here: its matches are kept.
    while let last = history.last, !next.narrows(last.query) { history.removeLast() }
    if let current = matches, !query.isEmpty, next.narrows(query) {
      remember(query, current, leads, scannedRows)
    }
    let base = history.last
    query = next
    if let base, base.query == next {
      history.removeLast()
      matches = base.matches
      leads = base.leads
      scannedRows = base.scanned
      appendScan(store)
    } else if let base, !(scansWhole(next) && base.matches.count > store.count / 4) {
      // Fewer rows to try than a scan of the whole text would pass over.
      var newLeads = RowLeads()
      let q = next
      let collectsLeads = sorts && !ranksEveryMatch
      let narrowed = store.withStorage { text, starts in
        [UInt32](capacity: base.matches.count) { hits in
          for r in base.matches {
            Self.match(q, Int(r), text, starts, collectsLeads, into: &hits, after: 0, leads: &newLeads)
          }
        }
      }
      leads = newLeads
      matches = narrowed
      scannedRows = base.scanned
      appendScan(store)
    } else {
      matches = []
      leads.removeAll()
      scannedRows = 0
      appendScan(store)
    }
  }

  /// Matches the rows appended since the last call, and ranks them with
  /// the rest until `deadline`.
  public func update(_ store: RowStore, rankUntil deadline: Double = .infinity) {
    defer { rank(store, until: deadline) }
    if store.count < scannedRows { reset(store) }
    guard matches != nil else {
      scannedRows = store.count
      return
    }
    // Kept matches miss the new rows: they can no longer be reused.
    if store.count > scannedRows { history.removeAll() }
    appendScan(store)
  }

  /// The store was cleared: nothing is matched, the query stays.
  public func reset(_ store: RowStore) {
    ranking.invalidate()
    defer { rank(store, until: .infinity) }
    history.removeAll()
    scannedRows = 0
    matches = query.isEmpty ? nil : []
    leads.removeAll()
    appendScan(store)
  }

  /// Keys the matches found since the last ranking, until `deadline`.
  private func rank(_ store: RowStore, until deadline: Double) {
    rankedStore = store
    guard sorts, ranksEveryMatch, let matches else { return }
    ranking.extend(query: query, matches: matches, store: store, until: deadline)
  }

  private func remember(_ q: RowQuery, _ m: [UInt32], _ l: RowLeads, _ scanned: Int) {
    history.append((q, m, l, scanned))
    func bytes(_ h: (query: RowQuery, matches: [UInt32], leads: RowLeads, scanned: Int)) -> Int {
      (h.matches.count + h.leads.count + h.leads.wholes.count) * 4
    }
    var total = history.reduce(0) { $0 + bytes($1) }
    while total > RowFilter.historyLimit, !history.isEmpty {
      total -= bytes(history.removeFirst())
    }
  }

  /// Matches rows `scannedRows ..< store.count` and appends the hits.
  private func appendScan(_ store: RowStore) {
    guard matches != nil else {
      scannedRows = store.count
      return
    }
    let from = scannedRows
    let to = store.count
    guard to > from else { return }
    var found = matches!
    matches = nil
    // Room for every row scanned at once: growing by doubling copied the
    // matches again at each step and touched fresh pages each time. The
    // room past the matches is never written, so it costs address space,
    // not memory. At least double, so that rows matched as they arrive,
    // a slice at a time, are not copied again for each slice.
    let needed = found.count + (to - from)
    if needed > found.capacity { found.reserveCapacity(max(needed, 2 * found.capacity)) }
    store.withStorage { text, starts in
      if scansWhole(query) {
        scanWhole(query, text, starts, from: from, to: to, into: &found)
      } else {
        // The query, the flag and the leads as locals: read through the
        // object, each row paid a copy of the query (three retains) and an
        // exclusivity check, and fuzzy typing over 10^6 rows took 4x longer.
        let q = query
        let collectsLeads = sorts && !ranksEveryMatch
        var newLeads = RowLeads()
        swap(&newLeads, &leads)
        let first = found.count
        found.append(addingCapacity: to - from) { hits in
          for r in from..<to {
            Self.match(q, r, text, starts, collectsLeads, into: &hits, after: first, leads: &newLeads)
          }
        }
        swap(&newLeads, &leads)
      }
    }
    matches = found
    scannedRows = to
  }

  /// Whether `q` is found by one search of the whole text (one substring
  /// word with no case to fold) rather than row by row.
  private func scansWhole(_ q: RowQuery) -> Bool {
    guard let word = q.onlyWord else { return false }
    return q.mode == .substring && !q.needsUnicodeFolding
      && (q.caseSensitive || !word.contains(where: { $0 >= 0x61 && $0 <= 0x7A }))
  }

  /// Appends row `r` to `hits`, which follow `first` matches, when `q`
  /// matches it, and to `leads` when `collectsLeads` and the match starts
  /// the row. The hits are written into room reserved for them: an append
  /// through the array checked its storage was unshared at every match.
  @inline(__always)
  private static func match(
    _ q: RowQuery, _ r: Int, _ text: UnsafeBufferPointer<UInt8>, _ starts: RowOffsets.View, _ collectsLeads: Bool,
    into hits: inout OutputSpan<UInt32>, after first: Int, leads: inout RowLeads
  ) {
    let start = Int(starts[r])
    var end = Int(starts[r + 1]) - 1
    if end > start && text[end - 1] == 0x0D { end -= 1 }
    let row = UnsafeBufferPointer(rebasing: text[start..<end])
    guard q.matches(row) else { return }
    if collectsLeads && q.isPrefix(of: row) { leads.append(place: first + hits.count, whole: q.isWhole(row)) }
    hits.append(UInt32(r))
  }

  /// One search over the rows' text from row `from` to row `to`: each hit
  /// names its row, and the search goes on from the next row. A needle never holds a newline, so no hit
  /// spans two rows.
  private func scanWhole(
    _ q: RowQuery, _ text: UnsafeBufferPointer<UInt8>, _ starts: RowOffsets.View, from: Int, to: Int,
    into found: inout [UInt32]
  ) {
    let needle = q.onlyWord!
    guard let base = text.baseAddress else { return }
    var position = Int(starts[from])
    let end = Int(starts[to])
    var row = from
    // Out of the object while the loop appends to it: a property appended
    // to in the loop paid an exclusivity check a hit.
    var newLeads = RowLeads()
    swap(&newLeads, &leads)
    defer { swap(&newLeads, &leads) }
    let collectsLeads = sorts
    let first = found.count
    needle.withUnsafeBytes { n in
      let needleBase = n.baseAddress!.assumingMemoryBound(to: UInt8.self)
      // Written straight into the room the caller reserved: an append
      // through the array checked its storage was unshared at every hit.
      found.append(addingCapacity: to - from) { hits in
        while position < end, let offset = findBytes(needleBase, n.count, in: base + position, end - position) {
          let at = position + offset
          // Hits come in order: the row cursor only moves forward, so
          // naming every hit's row costs one pass over the offsets in all.
          while Int(starts[row + 1]) <= at { row += 1 }
          let rowEnd = Int(starts[row + 1]) - 1
          // The first hit in a row: right after a newline, the row starts with the query.
          if collectsLeads && (at == 0 || base[at - 1] == 0x0A) {
            var length = rowEnd - at
            if length > 0 && base[rowEnd - 1] == 0x0D { length -= 1 }
            let whole = length == q.needle.count && q.isWhole(UnsafeBufferPointer(start: base + at, count: length))
            newLeads.append(place: first + hits.count, whole: whole)
          }
          // The needle holds no newline, so the hit lies within the row.
          hits.append(UInt32(row))
          position = rowEnd + 1
        }
      }
    }
  }
}
