/// Which matches dmenu's one line shows: a page of them side by side,
/// from `first` up to the next page's first, that holds the selection.
///
/// The rule is dmenu 5.2's: each match takes its text's width and a
/// line's worth of padding, at most the whole room; a page is as many as
/// fit, at least one. The page changes only when the selection leaves
/// it: past its end the next page starts at the end, and before its
/// start the page is the one that ends at its start, filled backwards.
/// A new query or new matches start again from the first match.
public struct InlinePages: Equatable, Sendable {
  /// The first match shown (dmenu's `curr`).
  public private(set) var first = 0

  /// Pages starting at the first match.
  public init() {}

  /// Starts again from the first match: the matches changed.
  public mutating func reset() { first = 0 }

  /// The matches shown, for `selected` of `count` matches in `room` px,
  /// each `width(i)` px wide with its padding; moves the page first when
  /// the selection has left it.
  public mutating func shown(selected: Int?, count: Int, room: Int, width: (Int) -> Int) -> Range<Int> {
    guard count > 0 else {
      first = 0
      return 0..<0
    }
    first = min(first, count - 1)
    if let selected = selected.map({ min(max($0, 0), count - 1) }) {
      while selected < first { first = InlinePages.start(before: first, room: room, width: width) }
      while selected >= InlinePages.end(from: first, count: count, room: room, width: width) {
        first = InlinePages.end(from: first, count: count, room: room, width: width)
      }
    }
    return first..<InlinePages.end(from: first, count: count, room: room, width: width)
  }

  /// One past the last match that fits from `start` (dmenu's `next`).
  static func end(from start: Int, count: Int, room: Int, width: (Int) -> Int) -> Int {
    var used = 0
    var i = start
    while i < count {
      used += min(width(i), room)
      if used > room { break }
      i += 1
    }
    // At least one, however narrow the room.
    return max(i, start + 1)
  }

  /// The first match of the page that ends at `end` (dmenu's `prev`).
  static func start(before end: Int, room: Int, width: (Int) -> Int) -> Int {
    var used = 0
    var i = end
    while i > 0 {
      used += min(width(i - 1), room)
      if used > room { break }
      i -= 1
    }
    return min(i, end - 1)
  }
}
