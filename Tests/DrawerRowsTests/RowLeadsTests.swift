import TestSupport
import XCTest

@testable import DrawerRows

/// A substring query's leading matches, and the rest in input order
/// (DrawerRows/RowLeads.swift).
final class RowLeadsTests: XCTestCase {
  /// Over seeded sets of leads, some of them whole, every count,
  /// membership, place of a lead and of the rest is what a walk over the
  /// matches gives: the whole leads, then the other leads, then the rest.
  func testPlacesAgreeWithAWalkOverTheMatches() {
    var rng = SplitMix64(seed: 81)
    for _ in 0..<200 {
      let matchCount = Int(rng.next() % 40)
      var leads = RowLeads()
      var isLead = [Bool](repeating: false, count: matchCount)
      var isWhole = [Bool](repeating: false, count: matchCount)
      // Dense, sparse, none and all: the chance of a lead, and of a whole
      // one among them, varies per set.
      let chance = rng.next() % 5
      let wholeChance = rng.next() % 5
      for place in 0..<matchCount where rng.next() % 4 < chance {
        isLead[place] = true
        isWhole[place] = rng.next() % 4 < wholeChance
        leads.append(place: place, whole: isWhole[place])
      }
      let places = Array(0..<matchCount)
      let rest = places.filter { !isLead[$0] }
      let shownLeads = places.filter { isLead[$0] && isWhole[$0] } + places.filter { isLead[$0] && !isWhole[$0] }
      XCTAssertEqual(leads.count, matchCount - rest.count)
      for (j, place) in rest.enumerated() { XCTAssertEqual(leads.placeOfRest(j), place, "rest \(j) of \(isLead)") }
      for (j, place) in shownLeads.enumerated() {
        XCTAssertEqual(leads.placeOfLead(shown: j), place, "lead \(j) of \(isLead) \(isWhole)")
        XCTAssertEqual(leads.shownIndex(ofLead: leads.countThrough(place) - 1), j)
      }
      for place in 0..<matchCount {
        XCTAssertEqual(leads.contains(place: place), isLead[place])
        XCTAssertEqual(leads.countThrough(place), isLead[...place].filter { $0 }.count)
      }
    }
  }
}
