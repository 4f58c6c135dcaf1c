import TestSupport
import XCTest

@testable import DrawerRows

/// A substring query's leading matches, and the rest in input order
/// (DrawerRows/RowLeads.swift).
final class RowLeadsTests: XCTestCase {
  /// Over seeded sets of leads, every count, membership and place of the
  /// rest is what a walk over the matches gives.
  func testPlacesAgreeWithAWalkOverTheMatches() {
    var rng = SplitMix64(seed: 81)
    for _ in 0..<200 {
      let matchCount = Int(rng.next() % 40)
      var leads = RowLeads()
      var isLead = [Bool](repeating: false, count: matchCount)
      // Dense, sparse, none and all: the chance of a lead varies per set.
      let chance = rng.next() % 5
      for place in 0..<matchCount where rng.next() % 4 < chance {
        isLead[place] = true
        leads.append(place: place, row: UInt32(place * 3))
      }
      let rest = (0..<matchCount).filter { !isLead[$0] }
      XCTAssertEqual(leads.count, matchCount - rest.count)
      for (j, place) in rest.enumerated() { XCTAssertEqual(leads.placeOfRest(j), place, "rest \(j) of \(isLead)") }
      for place in 0..<matchCount {
        XCTAssertEqual(leads.contains(place: place), isLead[place])
        XCTAssertEqual(leads.countThrough(place), isLead[...place].filter { $0 }.count)
      }
      XCTAssertEqual(leads.rows, (0..<matchCount).filter { isLead[$0] }.map { UInt32($0 * 3) })
    }
  }
}
