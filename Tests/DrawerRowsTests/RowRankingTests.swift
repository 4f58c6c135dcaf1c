import Foundation
import TestSupport
import XCTest

@testable import DrawerRows

/// The order matches show in (DrawerRows/RowRanking.swift).
final class RowRankingTests: XCTestCase {
  private func store(_ lines: [String]) -> RowStore {
    let s = RowStore()
    for line in lines { try! s.append(line: line) }
    return s
  }

  private func shown(_ query: String, _ lines: [String], _ mode: MatchMode, sorts: Bool = true) -> [String] {
    let s = store(lines)
    let f = RowFilter(mode: mode, sorts: sorts)
    f.setQuery(query, in: s)
    return (0..<f.count(in: s)).map { s.text(ofRow: f.storeRow($0)) }
  }

  /// 20,000 file paths, the same on every run: directories and names
  /// from word lists, camelCase and snake_case, numbers, a few extensions.
  static let paths: [String] = {
    var rng = SplitMix64(seed: 27)
    let words = [
      "src", "lib", "test", "main", "row", "filter", "pick", "window", "host", "session", "drawer", "frame",
      "text", "raster", "shadow", "event", "control", "config", "util", "core", "view", "model", "index", "query",
      "editor", "store", "reader", "bench", "docs", "build", "fuzzy", "match", "score", "rank",
    ]
    let extensions = ["swift", "md", "py", "c", "h", "json", "txt", "sh"]
    func pick<T>(_ a: [T]) -> T { a[Int(rng.next() % UInt64(a.count))] }
    func name() -> String {
      let w = (0..<(1 + Int(rng.next() % 3))).map { _ in pick(words) }
      switch rng.next() % 4 {
      case 0: return w.joined(separator: "_")
      case 1: return w.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
      case 2: return w.joined(separator: "-") + String(rng.next() % 100)
      default: return w.joined()
      }
    }
    var seen = Set<String>()
    var paths: [String] = []
    while paths.count < 20_000 {
      let dirs = (0..<(1 + Int(rng.next() % 4))).map { _ in name() }
      let path = "./" + (dirs + [name() + "." + pick(extensions)]).joined(separator: "/")
      if seen.insert(path).inserted { paths.append(path) }
    }
    return paths
  }()

  /// The first row `fzf --filter query` prints for `rows`, nil when
  /// nothing matches (fzf exits 1).
  private func fzfFirst(_ query: String, _ rows: [String]) throws -> String? {
    let fzf = "/usr/bin/fzf"
    guard FileManager.default.isExecutableFile(atPath: fzf) else {
      XCTFail("fzf is missing: install Debian's fzf (make test does)")
      return nil
    }
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("ranking-\(getpid()).txt")
    try (rows.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: input) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: fzf)
    process.arguments = ["--filter", query]
    // The user's FZF_DEFAULT_OPTS would change the ranking.
    process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    process.standardInput = try FileHandle(forReadingFrom: input)
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertTrue([0, 1].contains(process.terminationStatus), "fzf --filter \(query) exits \(process.terminationStatus)")
    return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
  }

  /// Over 20,000 paths the first row is fzf's first for a dozen queries
  /// of every kind: a word, a run across a slash, camelCase humps,
  /// scattered letters, an upper-case letter (case counts), digits.
  func testTheFirstRowIsFzfsFirst() throws {
    let rows = Self.paths
    let queries = [
      "main", "rowfilter", "srcmain", "RowF", "test/pick", "fzsw", "conf.json", "wndhst", "Shadow_", "rank42",
      "qedit", "dbmd",
    ]
    let s = store(rows)
    let f = RowFilter(mode: .fuzzy)
    for query in queries {
      f.setQuery(query, in: s)
      let ours = f.count(in: s) > 0 ? s.text(ofRow: f.storeRow(0)) : nil
      XCTAssertNotNil(ours, query)
      XCTAssertEqual(ours, try fzfFirst(query, rows), "query \(query)")
    }
  }

  /// A row equal to the query, then rows starting with it, come first in
  /// either mode, whatever scores higher.
  func testExactThenPrefixMatchesComeFirst() {
    let rows = ["src/main.swift", "mainly", "Main", "x main", "domain", "main"]
    XCTAssertEqual(shown("main", rows, .fuzzy).prefix(3), ["Main", "main", "mainly"])
    XCTAssertEqual(shown("main", rows, .substring), ["Main", "main", "mainly", "src/main.swift", "x main", "domain"])
    // The 20,000 paths hold no row equal to "./src": the rows starting with it lead.
    let paths = Self.paths
    let starting = paths.filter { $0.lowercased().hasPrefix("./src") }.count
    XCTAssertGreaterThan(starting, 0)
    for mode in MatchMode.allCases {
      let ranked = shown("./src", paths, mode)
      XCTAssertTrue(ranked.prefix(starting).allSatisfy { $0.lowercased().hasPrefix("./src") }, "\(mode)")
    }
  }

  func testFuzzyOrdersByScoreThenTheShorterRowThenInputOrder() {
    let rows = ["fuzzyfinder", "fuzzy-finder", "a fuzzy-finder", "b fuzzy-finder", "fuzzy-finder2"]
    XCTAssertEqual(
      shown("ff", rows, .fuzzy), ["fuzzy-finder", "fuzzy-finder2", "a fuzzy-finder", "b fuzzy-finder", "fuzzyfinder"])
  }

  func testNoSortKeepsInputOrder() {
    let rows = ["domain", "x main", "main"]
    XCTAssertEqual(shown("main", rows, .fuzzy, sorts: false), rows)
    XCTAssertEqual(shown("main", rows, .substring, sorts: false), rows)
  }

  /// Ranking stopped at a deadline shows the best of the rows ranked so
  /// far, goes on with `refine`, and ends in the order ranked at once;
  /// asking for a row past the top, or where a row shows, finishes it.
  func testRankingGoesOnOverLaterPasses() {
    let rows = Self.paths + ["main"]
    let s = store(rows)
    let whole = RowFilter(mode: .fuzzy)
    whole.setQuery("ma", in: s)
    let expected = (0..<whole.count(in: s)).map { whole.storeRow($0) }
    XCTAssertGreaterThan(expected.count, 2 * RowRanking.rowsPerClockCheck, "more matches than one slice")

    let sliced = RowFilter(mode: .fuzzy)
    // A deadline already past: one slice between two looks at the clock.
    sliced.setQuery("ma", in: s, rankUntil: 0)
    XCTAssertTrue(sliced.isRanking)
    XCTAssertEqual(sliced.count(in: s), expected.count, "every match counts at once")
    XCTAssertNotEqual(sliced.storeRow(0), rows.count - 1, "the exact match, last in the input, is not ranked yet")
    var passes = 0
    var changed = false
    while sliced.isRanking && passes < 10_000 {
      changed = sliced.refine(until: 0) || changed
      passes += 1
    }
    XCTAssertGreaterThan(passes, 1)
    XCTAssertTrue(changed, "a later pass changed the rows shown first")
    XCTAssertEqual((0..<sliced.count(in: s)).map { sliced.storeRow($0) }, expected)
    XCTAssertEqual(sliced.storeRow(0), rows.count - 1)
    XCTAssertFalse(sliced.refine(until: .infinity), "nothing is left to rank")

    // A row past the top, or a row's place, finishes the ranking first.
    let far = RowFilter(mode: .fuzzy)
    far.setQuery("ma", in: s, rankUntil: 0)
    XCTAssertEqual(far.storeRow(RowRanking.topCount + 5), expected[RowRanking.topCount + 5])
    XCTAssertFalse(far.isRanking)
    let place = RowFilter(mode: .fuzzy)
    place.setQuery("ma", in: s, rankUntil: 0)
    XCTAssertEqual(place.shownIndex(ofStoreRow: rows.count - 1), 0)
    XCTAssertFalse(place.isRanking)
  }

  /// Past the sorted top the rest is sorted on demand, and rows that
  /// arrive for the same query merge into the top.
  func testTheRestIsSortedOnDemandAndArrivalsMergeIn() {
    let lines = (0..<5000).map { "row \($0 % 7 == 0 ? "x" : "")\($0)" }
    let s = store(Array(lines.prefix(4000)))
    let f = RowFilter(mode: .fuzzy)
    f.setQuery("x", in: s)
    for line in lines.dropFirst(4000) { try! s.append(line: line) }
    f.update(s)
    try! s.append(line: "x")
    f.update(s)
    let shown = (0..<f.count(in: s)).map { f.storeRow($0) }
    XCTAssertEqual(shown.first, 5000, "the exact match that came last leads")
    XCTAssertEqual(shown.count, lines.filter { $0.contains("x") }.count + 1)
    XCTAssertEqual(Set(shown).count, shown.count)
    // Every "row xN" scores alike: the shorter first, then input order.
    let rest = shown.dropFirst().map { lines[$0] }
    XCTAssertEqual(rest, rest.sorted { ($0.count, Int($0.dropFirst(5))!) < ($1.count, Int($1.dropFirst(5))!) })
    XCTAssertEqual(f.shownIndex(ofStoreRow: 5000), 0)
    XCTAssertEqual(f.shownIndex(ofStoreRow: shown[3000 / 7]), 3000 / 7)
    XCTAssertNil(f.shownIndex(ofStoreRow: 1))
  }
}
