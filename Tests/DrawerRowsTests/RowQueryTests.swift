import XCTest

@testable import DrawerRows

/// A query's words (DrawerRows/RowQuery.swift): every space-separated word must
/// match, in any order, as in dmenu and fzf's extended search.
final class RowQueryTests: XCTestCase {
  private func matches(_ query: String, _ row: String, _ mode: MatchMode = .substring) -> Bool {
    Array(row.utf8).withUnsafeBufferPointer { RowQuery(query, mode: mode).matches($0) }
  }

  private func highlights(_ query: String, _ row: String, _ mode: MatchMode = .substring) -> [Int] {
    Array(row.utf8).withUnsafeBufferPointer { RowQuery(query, mode: mode).highlights(in: $0) }
  }

  func testEveryWordMustMatchInAnyOrder() {
    XCTAssertTrue(matches("web hub", "web/github.com"), "passmenu's two words")
    XCTAssertTrue(matches("hub web", "web/github.com"), "in any order")
    XCTAssertFalse(matches("web lab", "web/github.com"), "every word")
    XCTAssertTrue(matches("wb gh", "web/github.com", .fuzzy), "each word fuzzily")
    XCTAssertFalse(matches("wb x", "web/github.com", .fuzzy))
  }

  func testSpacesOnlySeparate() {
    XCTAssertTrue(matches("  web   hub ", "web/github.com"), "runs of spaces, leading and trailing")
    XCTAssertTrue(RowQuery("   ", mode: .substring).isEmpty, "spaces alone match every row, as dmenu's no words")
    XCTAssertFalse(RowQuery(" a", mode: .substring).isEmpty)
  }

  func testOneUpperCaseLetterAnywhereMakesEveryWordMatchCase() {
    XCTAssertFalse(matches("web Hub", "web/github.com"))
    XCTAssertTrue(matches("web Hub", "web/GitHub.com"))
    XCTAssertTrue(
      Array("web/github.com".utf8).withUnsafeBufferPointer { RowQuery("WEB HUB", mode: .substring, ignoresCase: true).matches($0) })
  }

  func testHighlightsAreEveryWordsBytesInOrder() {
    XCTAssertEqual(highlights("hub web", "web/github.com"), [0, 1, 2, 7, 8, 9])
    XCTAssertEqual(highlights("b bc", "abc"), [1, 2], "overlapping words mark each byte once")
    XCTAssertEqual(highlights("web lab", "web/github.com"), [], "no match, no marks")
  }

  func testTypingAWordOrASpaceNarrows() {
    let web = RowQuery("web", mode: .substring)
    XCTAssertTrue(RowQuery("web ", mode: .substring).narrows(web))
    XCTAssertTrue(RowQuery("web h", mode: .substring).narrows(RowQuery("web ", mode: .substring)))
    XCTAssertFalse(RowQuery("we", mode: .substring).narrows(web))
  }

  func testThePrefixIsTheFirstWords() {
    func prefix(_ q: String, _ row: String) -> Bool {
      Array(row.utf8).withUnsafeBufferPointer { RowQuery(q, mode: .substring).isPrefix(of: $0) }
    }
    XCTAssertTrue(prefix("web hub", "web/github.com"), "dmenu: the first word starts the row")
    XCTAssertFalse(prefix("hub web", "web/github.com"))
  }
}
