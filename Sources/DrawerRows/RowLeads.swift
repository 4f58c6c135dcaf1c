/// The matches of a substring query that start with it: they show first,
/// and the rest keep input order.
///
/// Only the leads need a key (`RowRanking`): the rest are shown as the
/// matches hold them, leads left out, so a query matching half a million
/// rows costs no key for each of them. A whole-text search finds the
/// leads for nothing, as hits at a row's first byte. The `j`th of the
/// rest is found by a binary search over the leads' places.
struct RowLeads {
  /// Each lead's place among the matches, ascending.
  private(set) var places: [UInt32] = []
  /// Each lead's store row, in the same order.
  private(set) var rows: [UInt32] = []

  var count: Int { places.count }

  mutating func append(place: Int, row: UInt32) {
    places.append(UInt32(place))
    rows.append(row)
  }

  mutating func removeAll() {
    places.removeAll(keepingCapacity: true)
    rows.removeAll(keepingCapacity: true)
  }

  /// How many leads are at places up to and including `place`.
  func countThrough(_ place: Int) -> Int {
    var low = 0
    var high = places.count
    while low < high {
      let mid = (low + high) / 2
      if Int(places[mid]) <= place { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// Whether the match at `place` is a lead.
  func contains(place: Int) -> Bool {
    let through = countThrough(place)
    return through > 0 && Int(places[through - 1]) == place
  }

  /// The place among the matches of the `j`th match that is not a lead:
  /// the first place up to which `j + 1` matches are not leads.
  func placeOfRest(_ j: Int) -> Int {
    var low = j
    var high = j + places.count
    while low < high {
      let mid = (low + high) / 2
      if mid + 1 - countThrough(mid) >= j + 1 { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
