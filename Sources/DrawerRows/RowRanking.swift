import DrawerProcess

/// The order a filter shows its matches in, best first.
///
/// Every match gets one 64-bit key, and smaller keys show first. A row
/// equal to the query comes first, then rows that start with its first
/// word, then the rest (dmenu's order); within each, a fuzzy query orders
/// by fzf's score (`FuzzyScorer`, each word's summed), higher first, then the shorter row, as fzf's default
/// tiebreak does; ties keep input order. (A filter orders a substring
/// query's matches without keys: `RowLeads`.)
///
/// Only the top of the list is sorted when the matches change: the
/// `topCount` smallest keys are picked in one pass and sorted. The rest is
/// sorted the first time a row past the top is asked for. Matches that
/// arrive for the same query are keyed alone and merged into the top.
///
/// Keying can stop at a deadline and go on later (`extend`): a broad
/// fuzzy query over a million rows takes longer to score than a frame,
/// so the first frame shows the best of the rows keyed so far, and later
/// frames refine it. Whatever asks for a row past the top, or where a row
/// is shown, waits for every key.
struct RowRanking {
  /// Rows sorted at once: many pages of any list.
  static let topCount = 1024
  /// Rows keyed between two looks at the clock: about 0.1 to 1 ms of
  /// scoring, so a deadline is passed by no more than that.
  static let rowsPerClockCheck = 4096

  /// The keys of the matches keyed so far, in the order of the filter's
  /// matches.
  private(set) var keys: [UInt64] = []
  /// The smallest keys, sorted.
  private(set) var top: [UInt64] = []
  /// Every key, sorted; nil until a row past the top is asked for.
  private var sorted: [UInt64]?
  private let scorer = FuzzyScorer()

  /// Forgets the keys: the query or the matches changed.
  mutating func invalidate() {
    keys.removeAll(keepingCapacity: true)
    top.removeAll()
    sorted = nil
  }

  /// Whether every one of `matchCount` matches has its key.
  func isComplete(_ matchCount: Int) -> Bool { keys.count >= matchCount }

  /// Keys the matches not keyed yet, until `deadline` (on
  /// `monotonicSeconds`' clock) has passed, and brings the top up to date.
  /// Returns whether every match is keyed.
  @discardableResult
  mutating func extend(query: RowQuery, matches: [UInt32], store: RowStore, until deadline: Double = .infinity) -> Bool {
    guard keys.count < matches.count else { return true }
    let from = keys.count
    keys.reserveCapacity(matches.count)
    store.withStorage { text, starts in
      var i = from
      while i < matches.count {
        let sliceEnd = min(i + RowRanking.rowsPerClockCheck, matches.count)
        while i < sliceEnd {
          let r = Int(matches[i])
          let begin = Int(starts[r])
          var end = Int(starts[r + 1]) - 1
          if end > begin && text[end - 1] == 0x0D { end -= 1 }
          keys.append(key(row: r, UnsafeBufferPointer(rebasing: text[begin..<end]), query))
          i += 1
        }
        if deadline != .infinity && i < matches.count && monotonicSeconds() >= deadline { break }
      }
    }
    top = RowRanking.smallest(top, keys[from...], RowRanking.topCount)
    sorted = nil
    return keys.count == matches.count
  }

  /// The store row shown at `index`: past the top, every match must be
  /// keyed (`extend` without a deadline) first.
  mutating func storeRow(_ index: Int) -> Int {
    if index < top.count { return Int(UInt32(truncatingIfNeeded: top[index])) }
    if sorted == nil { sorted = keys.sorted() }
    return Int(UInt32(truncatingIfNeeded: sorted![index]))
  }

  /// Where the store row `row` is shown, or nil when it does not match.
  mutating func shownIndex(ofStoreRow row: Int) -> Int? {
    if let at = top.firstIndex(where: { Int(UInt32(truncatingIfNeeded: $0)) == row }) { return at }
    guard keys.count > top.count else { return nil }
    if sorted == nil { sorted = keys.sorted() }
    return sorted!.firstIndex { Int(UInt32(truncatingIfNeeded: $0)) == row }
  }

  /// The key of store row `r`, whose text is `row`: its tier in the top
  /// two bits, then for a fuzzy query the score inverted (16 bits) and
  /// the length in characters (14 bits), and the row in the low 32.
  private func key(row r: Int, _ row: UnsafeBufferPointer<UInt8>, _ query: RowQuery) -> UInt64 {
    if query.needsUnicodeFolding && row.contains(where: { $0 >= 0x80 }) {
      let folded = Array(String(decoding: row, as: UTF8.self).lowercased().utf8)
      return folded.withUnsafeBufferPointer { keyFolded(row: r, $0, query, fold: false) }
    }
    return keyFolded(row: r, row, query, fold: !query.caseSensitive)
  }

  private func keyFolded(row r: Int, _ row: UnsafeBufferPointer<UInt8>, _ query: RowQuery, fold: Bool) -> UInt64 {
    func starts(_ prefix: [UInt8]) -> Bool {
      guard prefix.count <= row.count else { return false }
      var k = 0
      while k < prefix.count && foldedByte(row[k], fold) == prefix[k] { k += 1 }
      return k == prefix.count
    }
    // dmenu's tiers: the whole text equal to the row, then the first word
    // starting it, then the rest.
    let tier: UInt64 =
      query.needle.count == row.count && starts(query.needle) ? 0 : starts(query.words.first ?? []) ? 1 : 2
    var key = tier << 62 | UInt64(UInt32(truncatingIfNeeded: r))
    guard query.mode == .fuzzy else { return key }
    // Each word's score, summed, as fzf's extended search does.
    var total = 0
    for word in query.words {
      total += word.withUnsafeBufferPointer { scorer.score($0, in: row, fold: fold) } ?? 0
    }
    let score = UInt64(min(max(total, 0), 0xFFFF))
    // Characters, not bytes: continuation bytes do not count.
    var length = 0
    for b in row where b & 0xC0 != 0x80 { length += 1 }
    key |= (0xFFFF - score) << 46 | UInt64(min(length, 0x3FFF)) << 32
    return key
  }

  /// The `count` smallest of `a` (sorted) and `b`, sorted: one pass with
  /// a heap of the best so far, so most keys cost one comparison.
  static func smallest(_ a: [UInt64], _ b: ArraySlice<UInt64>, _ count: Int) -> [UInt64] {
    if a.count + b.count <= count { return (a + b).sorted() }
    // A max-heap of the `count` smallest seen, largest at the root.
    var heap: [UInt64] = []
    heap.reserveCapacity(count)
    var rest = b[...]
    heap.append(contentsOf: a.prefix(count))
    let fill = min(count - heap.count, rest.count)
    heap.append(contentsOf: rest.prefix(fill))
    rest = rest.dropFirst(fill)
    for i in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(&heap, i) }
    for k in a.dropFirst(count) where k < heap[0] {
      heap[0] = k
      siftDown(&heap, 0)
    }
    for k in rest where k < heap[0] {
      heap[0] = k
      siftDown(&heap, 0)
    }
    return heap.sorted()
  }

  private static func siftDown(_ heap: inout [UInt64], _ at: Int) {
    var i = at
    let n = heap.count
    while true {
      let l = 2 * i + 1
      guard l < n else { return }
      let r = l + 1
      let child = r < n && heap[r] > heap[l] ? r : l
      guard heap[child] > heap[i] else { return }
      heap.swapAt(i, child)
      i = child
    }
  }
}
