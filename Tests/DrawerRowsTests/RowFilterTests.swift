import TestSupport
import XCTest

@testable import DrawerRows

/// Matching rows to a query (DrawerRows/RowFilter.swift).
final class RowFilterTests: XCTestCase {
  private func store(_ lines: [String]) -> RowStore {
    let s = RowStore()
    for line in lines { try! s.append(line: line) }
    return s
  }

  private func shown(_ f: RowFilter, _ s: RowStore) -> [String] {
    (0..<f.count(in: s)).map { s.text(ofRow: f.storeRow($0)) }
  }

  private func matches(_ query: String, _ row: String, _ mode: MatchMode = .substring) -> Bool {
    Array(row.utf8).withUnsafeBufferPointer { RowQuery(query, mode: mode).matches($0) }
  }

  private func highlights(_ query: String, _ row: String, _ mode: MatchMode) -> [Int] {
    Array(row.utf8).withUnsafeBufferPointer { RowQuery(query, mode: mode).highlights(in: $0) }
  }

  // Edge cases.

  func testAnEmptyQueryShowsEveryRow() {
    let s = store(["a", "b"])
    let f = RowFilter(mode: .substring)
    f.setQuery("", in: s)
    XCTAssertNil(f.matches)
    XCTAssertEqual(shown(f, s), ["a", "b"])
  }

  func testSmartCase() {
    XCTAssertTrue(matches("read", "README.md"), "lower case matches either case")
    XCTAssertFalse(matches("Read", "README.md"), "an upper-case letter makes case count")
    XCTAssertTrue(matches("READ", "README.md"))
    XCTAssertTrue(matches("é", "CAFÉ"), "folding covers letters beyond ASCII")
    XCTAssertFalse(matches("É", "café"))
  }

  func testSubstringAndFuzzy() {
    XCTAssertTrue(matches("b_c", "ab_cd"))
    XCTAssertFalse(matches("ac", "abc"))
    XCTAssertTrue(matches("ac", "abc", .fuzzy))
    XCTAssertFalse(matches("ca", "abc", .fuzzy), "in order")
    XCTAssertTrue(matches("", "", .fuzzy))
    XCTAssertFalse(matches("a", "", .fuzzy))
  }

  func testHighlightsMarkTheMatchedBytes() {
    XCTAssertEqual(highlights("lo", "Hello", .substring), [3, 4])
    XCTAssertEqual(highlights("LO", "HELLO", .substring), [3, 4])
    XCTAssertEqual(highlights("ab", "a_a_b_ab", .fuzzy), [2, 4], "the tightest run that ends first")
    XCTAssertEqual(highlights("xz", "xyz", .fuzzy), [0, 2])
    XCTAssertEqual(highlights("q", "abc", .fuzzy), [])
  }

  func testRowsThatArriveLaterAreMatched() {
    let s = store(["apple", "banana"])
    let f = RowFilter(mode: .substring)
    f.setQuery("an", in: s)
    XCTAssertEqual(shown(f, s), ["banana"])
    try! s.append(line: "mango")
    try! s.append(line: "kiwi")
    f.update(s)
    XCTAssertEqual(shown(f, s), ["banana", "mango"])
  }

  func testBackspaceReturnsToTheShorterQuerysRows() {
    let s = store(["ab", "abc", "abcd", "x"])
    let f = RowFilter(mode: .substring)
    f.setQuery("a", in: s)
    f.setQuery("ab", in: s)
    f.setQuery("abc", in: s)
    XCTAssertEqual(shown(f, s), ["abc", "abcd"])
    f.setQuery("ab", in: s)
    XCTAssertEqual(shown(f, s), ["ab", "abc", "abcd"])
    f.setQuery("x", in: s)
    XCTAssertEqual(shown(f, s), ["x"])
  }

  func testClearingTheStoreKeepsTheQuery() {
    let s = store(["one", "two"])
    let f = RowFilter(mode: .substring)
    f.setQuery("o", in: s)
    s.clear()
    f.reset(s)
    XCTAssertEqual(f.count(in: s), 0)
    try! s.append(line: "four")
    try! s.append(line: "six")
    f.update(s)
    XCTAssertEqual(shown(f, s), ["four"])
  }

  /// Rows read with CRLF endings rank as their text without the CR: the
  /// row equal to the query still comes first, by the whole-text search
  /// ("9", no case to fold) and row by row ("a", folded).
  func testARowEndedByCRLFIsStillEqualToTheQuery() throws {
    let s = RowStore()
    let text = Array("x9\r\n99\r\n9\r\nya\r\nab\r\nA\r\n".utf8)
    try text.withUnsafeBytes { try s.append($0) }
    try s.finish()
    let f = RowFilter(mode: .substring)
    f.setQuery("9", in: s)
    XCTAssertEqual(shown(f, s), ["9", "99", "x9"])
    f.setQuery("a", in: s)
    XCTAssertEqual(shown(f, s), ["A", "ab", "ya"])
  }

  // Sweeps: the incremental filter against a naive one.

  /// What a row should match, written the slow and obvious way: every
  /// space-separated word of the query, in any order (dmenu's rule).
  private func naive(_ query: String, _ row: String, _ mode: MatchMode) -> Bool {
    let sensitive = query.unicodeScalars.contains { $0.properties.isUppercase }
    let r = Array((sensitive ? row : row.lowercased()).unicodeScalars)
    return query.split(separator: " ").allSatisfy { word in
      let q = Array((sensitive ? String(word) : word.lowercased()).unicodeScalars)
      switch mode {
      case .substring:
        guard r.count >= q.count else { return false }
        return (0...(r.count - q.count)).contains { i in Array(r[i..<(i + q.count)]) == q }
      case .fuzzy:
        var k = 0
        for c in r where k < q.count && c == q[k] { k += 1 }
        return k == q.count
      }
    }
  }

  /// A match's tier, the slow way: 0 for the row equal to the query, 1
  /// for a row that starts with its first word (dmenu's prefix), 2 for
  /// the rest.
  private func naiveTier(_ query: String, _ row: String) -> Int {
    let sensitive = query.unicodeScalars.contains { $0.properties.isUppercase }
    let q = Array((sensitive ? query : query.lowercased()).unicodeScalars)
    let first = Array((sensitive ? query : query.lowercased()).split(separator: " ").first.map(String.init) ?? "")
      .flatMap { String($0).unicodeScalars }
    let r = Array((sensitive ? row : row.lowercased()).unicodeScalars)
    return r == q ? 0 : r.starts(with: first) ? 1 : 2
  }

  /// Typing, deleting and rows arriving in any order show what a naive
  /// filter shows: in input order with `--no-sort`; best first otherwise,
  /// which for a substring is dmenu's order (the row equal to the query,
  /// then rows starting with it, then the rest, each in input order), and
  /// for fuzzy the same rows with the equal and starting rows first.
  func testSeededTypingMatchesANaiveFilter() {
    var rng = SplitMix64(seed: 2024)
    let alphabet: [Character] = ["a", "b", "c", "A", "B", "é", "É", "1", " ", "_"]
    func word(_ n: Int) -> String { String((0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }) }
    for mode in MatchMode.allCases {
      for _ in 0..<30 {
        let rows = (0..<Int(rng.next() % 60)).map { _ in word(Int(rng.next() % 9)) }
        let s = store(Array(rows.prefix(rows.count / 2)))
        let f = RowFilter(mode: mode, sorts: false)
        let ranked = RowFilter(mode: mode)
        var query = ""
        var appended = rows.count / 2
        for _ in 0..<12 {
          // Type, delete, replace, or let rows arrive.
          switch rng.next() % 5 {
          case 0, 1: query.append(alphabet[Int(rng.next() % UInt64(alphabet.count))])
          case 2: if !query.isEmpty { query.removeLast() }
          case 3: query = word(Int(rng.next() % 3))
          default:
            while appended < rows.count && rng.next() % 2 == 0 {
              try! s.append(line: rows[appended])
              appended += 1
            }
            f.update(s)
            ranked.update(s)
          }
          f.setQuery(query, in: s)
          ranked.setQuery(query, in: s)
          let expected = rows.prefix(appended).filter { naive(query, $0, mode) }
          XCTAssertEqual(shown(f, s), Array(expected), "\(mode) query \"\(query)\"")
          let best = shown(ranked, s)
          for i in 0..<ranked.count(in: s) {
            XCTAssertEqual(ranked.shownIndex(ofStoreRow: ranked.storeRow(i)), i, "\(mode) query \"\(query)\" row \(i)")
          }
          if query.allSatisfy({ $0 == " " }) || mode == .substring {
            let tiered = query.allSatisfy({ $0 == " " }) ? Array(expected) : expected.enumerated()
              .sorted { (naiveTier(query, $0.element), $0.offset) < (naiveTier(query, $1.element), $1.offset) }
              .map(\.element)
            XCTAssertEqual(best, tiered, "\(mode) query \"\(query)\" ranked")
          } else {
            XCTAssertEqual(best.sorted(), expected.sorted(), "\(mode) query \"\(query)\" ranked")
            let tiers = best.map { naiveTier(query, $0) }
            XCTAssertEqual(tiers, tiers.sorted(), "\(mode) query \"\(query)\": equal, then starting rows first")
          }
        }
      }
    }
  }
}
