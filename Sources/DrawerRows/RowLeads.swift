/// The matches of a substring query that start with its first word, in
/// the order they show: those equal to the whole query first, then the
/// other leads, then the rest of the matches, each in input order (dmenu's
/// order).
///
/// That order needs no key per match: a lead is one place among the
/// matches (4 bytes), and the leads equal to the query are few. A query
/// matching half a million rows keeps no more than that. A whole-text
/// search finds the leads for nothing, as hits at a row's first byte. The
/// `j`th of the other leads, and of the rest, is found by a binary search.
struct RowLeads {
  /// Each lead's place among the matches, ascending.
  private(set) var places: [UInt32] = []
  /// The leads equal to the whole query, as indices into `places`,
  /// ascending.
  private(set) var wholes: [UInt32] = []

  var count: Int { places.count }

  /// Adds the match at `place`, after every lead so far; `whole` when its
  /// row is the whole query.
  @inline(__always)
  mutating func append(place: Int, whole: Bool) {
    if whole { wholes.append(UInt32(places.count)) }
    places.append(UInt32(place))
  }

  mutating func removeAll() {
    places.removeAll(keepingCapacity: true)
    wholes.removeAll(keepingCapacity: true)
  }

  /// How many leads are at places up to and including `place`.
  func countThrough(_ place: Int) -> Int { Self.countThrough(place, in: places) }

  /// Whether the match at `place` is a lead.
  func contains(place: Int) -> Bool {
    let through = countThrough(place)
    return through > 0 && Int(places[through - 1]) == place
  }

  /// The place among the matches of the `j`th match that is not a lead:
  /// the first place up to which `j + 1` matches are not leads.
  func placeOfRest(_ j: Int) -> Int { Self.nth(j, skipping: places) }

  /// The place among the matches of the lead shown `j`th: the wholes
  /// first, then the other leads in order.
  func placeOfLead(shown j: Int) -> Int {
    let lead = j < wholes.count ? Int(wholes[j]) : Self.nth(j - wholes.count, skipping: wholes)
    return Int(places[lead])
  }

  /// Where among the leads the lead at index `lead` of `places` shows.
  func shownIndex(ofLead lead: Int) -> Int {
    let through = Self.countThrough(lead, in: wholes)
    if through > 0 && Int(wholes[through - 1]) == lead { return through - 1 }
    return wholes.count + lead - through
  }

  /// How many of `sorted` are at most `value`.
  private static func countThrough(_ value: Int, in sorted: [UInt32]) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let mid = (low + high) / 2
      if Int(sorted[mid]) <= value { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The `j`th of 0, 1, 2, … that is not in `sorted`: the first value up
  /// to which `j + 1` values are not in it.
  private static func nth(_ j: Int, skipping sorted: [UInt32]) -> Int {
    var low = j
    var high = j + sorted.count
    while low < high {
      let mid = (low + high) / 2
      if mid + 1 - countThrough(mid, in: sorted) >= j + 1 { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
