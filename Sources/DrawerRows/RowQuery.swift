/// A query, ready to match rows: its words, and whether case counts.
///
/// Every space-separated word must match, in any order: dmenu's rule, and
/// fzf's extended search's. A query of spaces alone has no words and
/// matches every row. Each word is a substring of the row, or with
/// `--match fuzzy` its characters are in the row in order.
///
/// Smart case, as fzf and rofi do: a query with no upper-case letter
/// matches either case; one upper-case letter anywhere makes every word
/// match case exactly, unless the query ignores case (`--ignore-case`).
/// Case is folded for ASCII bytes at full speed, and for other letters
/// through the Unicode lower-case mapping, on the rows that have them.
public struct RowQuery: Equatable, Sendable {
  /// The query as typed, spaces included.
  public let text: String
  /// Whether each word matches as a substring or fuzzily (`--match`).
  public let mode: MatchMode
  /// The whole text's bytes, lower-cased when case does not count: a row
  /// equal to it ranks first (dmenu's exact match).
  let needle: [UInt8]
  /// The words matched, folded as `needle`, in the order typed.
  let words: [[UInt8]]
  /// Whether case counts: the text has an upper-case letter and the query does not ignore case.
  public let caseSensitive: Bool
  /// Whether the folded query has a byte above ASCII: then rows with such
  /// bytes are folded whole before matching.
  let needsUnicodeFolding: Bool

  /// The query `text` matched as `mode` says, smart case unless `ignoresCase`.
  public init(_ text: String, mode: MatchMode, ignoresCase: Bool = false) {
    self.text = text
    self.mode = mode
    caseSensitive = !ignoresCase && text.unicodeScalars.contains { $0.properties.isUppercase }
    let folded = caseSensitive ? text : text.lowercased()
    needle = Array(folded.utf8)
    words = needle.split(separator: 0x20).map(Array.init)
    needsUnicodeFolding = !caseSensitive && needle.contains { $0 >= 0x80 }
  }

  /// Whether the query has no word, and so matches every row.
  public var isEmpty: Bool { words.isEmpty }

  /// The one word a whole-text search looks for, when there is one word.
  var onlyWord: [UInt8]? { words.count == 1 ? words[0] : nil }

  /// Whether every row this query matches is also matched by `broader`,
  /// so narrowing `broader`'s matches gives this query's: typing at the
  /// end lengthens the last word or adds one, in either mode.
  func narrows(_ broader: RowQuery) -> Bool {
    mode == broader.mode && text.hasPrefix(broader.text) && (caseSensitive || !broader.caseSensitive)
  }

  /// Whether `row` starts with the query's first word (dmenu's prefix
  /// matches, which show before the rest), folded as `matches` folds it.
  func isPrefix(of row: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = words.first else { return false }
    if needsUnicodeFolding && row.contains(where: { $0 >= 0x80 }) {
      let folded = Array(String(decoding: row, as: UTF8.self).lowercased().utf8)
      return folded.starts(with: first)
    }
    guard first.count <= row.count else { return false }
    let fold = !caseSensitive
    for k in first.indices where foldedByte(row[k], fold) != first[k] { return false }
    return true
  }

  /// Whether `row` is the query's whole text, folded as `matches` folds
  /// it (dmenu's exact match, which shows first).
  func isWhole(_ row: UnsafeBufferPointer<UInt8>) -> Bool {
    if needsUnicodeFolding && row.contains(where: { $0 >= 0x80 }) {
      return Array(String(decoding: row, as: UTF8.self).lowercased().utf8) == needle
    }
    guard needle.count == row.count else { return false }
    let fold = !caseSensitive
    for k in needle.indices where foldedByte(row[k], fold) != needle[k] { return false }
    return true
  }

  /// Whether `row` matches every word.
  public func matches(_ row: UnsafeBufferPointer<UInt8>) -> Bool {
    if words.isEmpty { return true }
    if needsUnicodeFolding && row.contains(where: { $0 >= 0x80 }) {
      let folded = Array(String(decoding: row, as: UTF8.self).lowercased().utf8)
      return folded.withUnsafeBufferPointer { matchesFolded($0) }
    }
    return matchesFolded(row)
  }

  private func matchesFolded(_ row: UnsafeBufferPointer<UInt8>) -> Bool {
    for word in words {
      let found = word.withUnsafeBufferPointer { q -> Bool in
        switch mode {
        case .substring: return firstOccurrence(of: q, in: row, foldASCII: !caseSensitive) != nil
        case .fuzzy: return subsequenceEnd(of: q, in: row, from: 0, foldASCII: !caseSensitive) != nil
        }
      }
      if !found { return false }
    }
    return true
  }

  /// The byte offsets in `row` of every word's matched bytes, ascending
  /// and each once, for highlighting; empty when the row does not match
  /// or case folding changed its length (then nothing is highlighted
  /// rather than the wrong characters).
  ///
  /// A substring word marks its first occurrence. A fuzzy word marks the
  /// shortest stretch that ends at the first place a match can end, found
  /// backwards from there as fzf's first algorithm does, so "fb" in
  /// "foo_bar_fb" marks "fb"'s closest pair rather than the first f.
  public func highlights(in row: UnsafeBufferPointer<UInt8>) -> [Int] {
    if words.isEmpty { return [] }
    if needsUnicodeFolding && row.contains(where: { $0 >= 0x80 }) {
      let folded = Array(String(decoding: row, as: UTF8.self).lowercased().utf8)
      guard folded.count == row.count else { return [] }
      return folded.withUnsafeBufferPointer { highlightsFolded($0) }
    }
    return highlightsFolded(row)
  }

  private func highlightsFolded(_ row: UnsafeBufferPointer<UInt8>) -> [Int] {
    var marked = Set<Int>()
    for word in words {
      let one = word.withUnsafeBufferPointer { wordHighlights($0, in: row) }
      if one.isEmpty { return [] }
      marked.formUnion(one)
    }
    return marked.sorted()
  }

  private func wordHighlights(_ q: UnsafeBufferPointer<UInt8>, in row: UnsafeBufferPointer<UInt8>) -> [Int] {
    let fold = !caseSensitive
    switch mode {
    case .substring:
      guard let at = firstOccurrence(of: q, in: row, foldASCII: fold) else { return [] }
      return Array(at..<(at + q.count))
    case .fuzzy:
      guard let end = subsequenceEnd(of: q, in: row, from: 0, foldASCII: fold) else { return [] }
      // Back from the end: the latest start that still matches.
      var positions = [Int](repeating: 0, count: q.count)
      var i = end - 1
      var k = q.count - 1
      while k >= 0 {
        while foldedByte(row[i], fold) != q[k] { i -= 1 }
        positions[k] = i
        k -= 1
        i -= 1
      }
      return positions
    }
  }
}
