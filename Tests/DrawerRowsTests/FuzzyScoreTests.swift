import XCTest

@testable import DrawerRows

/// Scoring a fuzzy match as fzf does (DrawerRows/FuzzyScore.swift).
final class FuzzyScoreTests: XCTestCase {
  private func score(_ query: String, _ row: String, fold: Bool = true) -> Int? {
    let scorer = FuzzyScorer()
    return Array(query.utf8).withUnsafeBufferPointer { q in
      Array(row.utf8).withUnsafeBufferPointer { scorer.score(q, in: $0, fold: fold) }
    }
  }

  // Scores worked out by hand from fzf's rules.

  func testAWholeWordAtTheStartScoresEveryBonus() {
    // m: 16 + 10×2; a, i, n: 16 + 10 each (a run keeps its first bonus).
    XCTAssertEqual(score("main", "main"), 36 + 3 * 26)
  }

  func testAGapCostsThreeThenOne() {
    // a at the start: 16 + 20; b after a gap of two: 16 − 3 − 1 + 0.
    XCTAssertEqual(score("ab", "axxb"), 36 + 16 - 4)
  }

  func testBoundariesCamelHumpsAndDigits() {
    // After a slash: 9; after punctuation: 8; a hump or a first digit: 7.
    XCTAssertEqual(score("b", "a/b"), 16 + 9 * 2)
    XCTAssertEqual(score("b", "a-b"), 16 + 8 * 2)
    XCTAssertEqual(score("b", "aB"), 16 + 7 * 2)
    XCTAssertEqual(score("1", "a1"), 16 + 7 * 2)
    XCTAssertEqual(score("b", "ab"), 16)
  }

  func testOneByteTakesTheFirstBoundaryAsFzfDoes() {
    // The hump (7) is passed over, the first boundary (8, after "-")
    // ends the search though one after a space (10) follows.
    XCTAssertEqual(score("b", "aB-b b"), 16 + 8 * 2)
  }

  func testTheBestAlignmentNotTheFirst() {
    // The first "f…b" pair is far apart; the later "fb" is together at a boundary.
    let best = score("fb", "foo_bar_fb")!
    XCTAssertEqual(best, 16 + 8 * 2 + 16 + 8)
  }

  /// fzf's own examples of intent.
  func testFzfsExamples() {
    XCTAssertGreaterThan(score("ff", "fuzzy-finder")!, score("ff", "fuzzyfinder")!, "boundaries beat length")
    XCTAssertGreaterThan(score("foob", "foobar")!, score("foob", "foo-bar")!, "the consecutive bonus")
  }

  func testCaseFoldsOnlyWhenAsked() {
    XCTAssertNotNil(score("read", "README"))
    XCTAssertNil(score("read", "README", fold: false))
    XCTAssertNil(score("abc", "acb"))
    XCTAssertNil(score("abcd", "abc"))
  }

  func testALongRowIsScoredByItsFirstWindow() {
    // Past fzf's table bound the shortest window ending at the first
    // complete match is scored: the later, better "ab" is not seen.
    let row = "a" + String(repeating: "x", count: 60_000) + "b ab"
    XCTAssertEqual(score("ab", row), 36 - 3 - 59_999 + 16)
  }
}
