/// How well a fuzzy query matches a row, scored by fzf's rules so that the
/// row fzf puts first is the row put first here.
///
/// The rules are fzf 0.38's (Debian 12), default scheme: each matched
/// character scores 16; a gap costs 3 to open and 1 a character more; a
/// match earns a bonus by where it stands: 10 at the start or after white
/// space, 9 after one of `/,:;|`, 8 after other punctuation, 7 for a
/// camelCase hump or the first digit of a number, 8 on punctuation itself;
/// the first query character's bonus counts twice; and a run of
/// consecutive characters keeps its first character's bonus, at least 4
/// each. The best alignment is found as fzf's second algorithm finds it
/// (Smith-Waterman without skipping query characters); when a row is so
/// long that its table would pass fzf's bound, the first match's shortest
/// window is scored instead, as fzf does then.
///
/// Rows are scored by their bytes: a byte above ASCII counts as a letter.
/// One scorer keeps its tables from row to row, so scoring allocates only
/// when a row is longer than any before.
final class FuzzyScorer {
  /// A character's class, in fzf's order: a boundary bonus goes to a
  /// class above `nonWord` after white, a delimiter or punctuation.
  enum CharClass: Int {
    case white, nonWord, delimiter, lower, upper, letter, number
  }

  static let scoreMatch: Int32 = 16
  static let gapStart: Int32 = -3
  static let gapExtension: Int32 = -1
  static let bonusBoundary: Int32 = 8
  static let bonusNonWord: Int32 = 8
  static let bonusCamel123: Int32 = 7
  static let bonusConsecutive: Int32 = 4
  static let bonusBoundaryWhite: Int32 = 10
  static let bonusBoundaryDelimiter: Int32 = 9
  /// The table size past which fzf scores the first match's window alone.
  static let tableLimit = 100 * 1024

  /// Each byte's class.
  static let classes: [CharClass] = (0..<256).map { b -> CharClass in
    switch UInt8(b) {
    case 0x20, 0x09...0x0D: return .white
    case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "|"): return .delimiter
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return .lower
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return .upper
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    case 0x80...: return .letter
    default: return .nonWord
    }
  }

  /// The bonus of a character of class `cur` after one of class `prev`.
  static func bonus(_ prev: CharClass, _ cur: CharClass) -> Int32 {
    if cur.rawValue > CharClass.nonWord.rawValue {
      switch prev {
      case .white: return bonusBoundaryWhite
      case .delimiter: return bonusBoundaryDelimiter
      case .nonWord: return bonusBoundary
      default: break
      }
    }
    if prev == .lower && cur == .upper || prev != .number && cur == .number { return bonusCamel123 }
    if cur == .nonWord { return bonusNonWord }
    if cur == .white { return bonusBoundaryWhite }
    return 0
  }

  /// `bonus(prev, cur)` for every pair, indexed `prev * 7 + cur`.
  static let bonuses: [Int32] = (0..<49).map {
    bonus(CharClass(rawValue: $0 / 7)!, CharClass(rawValue: $0 % 7)!)
  }

  /// Each byte's class and each pair's bonus, read through pointers in
  /// the loops: the arrays' checks cost more than the scoring.
  private let classOf: UnsafeMutablePointer<CharClass>
  private let bonusOf: UnsafeMutablePointer<Int32>
  /// The scratch tables, grown to the longest row seen.
  private var h: UnsafeMutablePointer<Int32>
  private var c: UnsafeMutablePointer<Int32>
  private var tableCapacity = 0
  private var bonusAt: UnsafeMutablePointer<Int32>
  private var h0: UnsafeMutablePointer<Int32>
  private var c0: UnsafeMutablePointer<Int32>
  private var rowCapacity = 0
  private var firsts: UnsafeMutablePointer<Int>
  private var needleCapacity = 0

  init() {
    classOf = .allocate(capacity: 256)
    classOf.initialize(from: FuzzyScorer.classes, count: 256)
    bonusOf = .allocate(capacity: 49)
    bonusOf.initialize(from: FuzzyScorer.bonuses, count: 49)
    h = .allocate(capacity: 0)
    c = .allocate(capacity: 0)
    bonusAt = .allocate(capacity: 0)
    h0 = .allocate(capacity: 0)
    c0 = .allocate(capacity: 0)
    firsts = .allocate(capacity: 0)
  }

  deinit {
    for p in [h, c, bonusAt, h0, c0] { p.deallocate() }
    firsts.deallocate()
    classOf.deallocate()
    bonusOf.deallocate()
  }

  /// The score of `row` for `needle` (lower case when `fold`, and then
  /// upper-case ASCII in the row counts as lower case), or nil when the
  /// needle's bytes are not all in the row in order.
  func score(_ needle: UnsafeBufferPointer<UInt8>, in row: UnsafeBufferPointer<UInt8>, fold: Bool) -> Int? {
    let m = needle.count
    let n = row.count
    guard m > 0 else { return 0 }
    guard m <= n, let q = needle.baseAddress, let t = row.baseAddress else { return nil }
    if n * m > FuzzyScorer.tableLimit { return windowScore(needle, in: row, fold: fold) }
    // The first occurrence of the first byte: nothing before it can match.
    let first = q[0]
    var at = 0
    while at < n && foldedByte(t[at], fold) != first { at += 1 }
    guard at < n else { return nil }
    if m == 1 { return oneByteScore(first, t, n, from: at, fold: fold) }
    let start = max(at - 1, 0)
    let width = n - start
    if rowCapacity < width {
      for p in [bonusAt, h0, c0] { p.deallocate() }
      rowCapacity = max(width, 2 * rowCapacity)
      bonusAt = .allocate(capacity: rowCapacity)
      h0 = .allocate(capacity: rowCapacity)
      c0 = .allocate(capacity: rowCapacity)
    }
    if needleCapacity < m {
      firsts.deallocate()
      needleCapacity = m
      firsts = .allocate(capacity: m)
    }
    // One pass: each position's bonus, the first row of the table, and
    // the first place each needle byte can go.
    var prevClass = start > 0 ? classOf[Int(t[start - 1])] : .white
    var found = 0
    var last = 0
    var prevH: Int32 = 0
    var inGap = false
    var next = q[0]
    for off in 0..<width {
      let byte = t[start + off]
      let cls = classOf[Int(byte)]
      let char = foldedByte(byte, fold)
      let b = bonusOf[prevClass.rawValue &* 7 &+ cls.rawValue]
      bonusAt[off] = b
      prevClass = cls
      if char == next {
        if found < m {
          firsts[found] = off
          found += 1
          next = q[min(found, m - 1)]
        }
        last = off
      }
      if char == first {
        h0[off] = FuzzyScorer.scoreMatch + b &* 2
        c0[off] = 1
        inGap = false
      } else {
        h0[off] = max(prevH + (inGap ? FuzzyScorer.gapExtension : FuzzyScorer.gapStart), 0)
        c0[off] = 0
        inGap = true
      }
      prevH = h0[off]
    }
    guard found == m else { return nil }
    return Int(fill(q, m, t + start, last: last, fold: fold))
  }

  /// A one-byte needle: the first boundary's score, or the best before
  /// it, as fzf takes it without a table.
  private func oneByteScore(_ byte: UInt8, _ t: UnsafePointer<UInt8>, _ n: Int, from: Int, fold: Bool) -> Int {
    var best: Int32 = 0
    var i = from
    while i < n {
      if foldedByte(t[i], fold) == byte {
        let prev = i > 0 ? classOf[Int(t[i - 1])] : .white
        let b = bonusOf[prev.rawValue &* 7 &+ classOf[Int(t[i])].rawValue]
        let s = FuzzyScorer.scoreMatch + b &* 2
        if s > best {
          best = s
          if b >= FuzzyScorer.bonusBoundary { break }
        }
      }
      i += 1
    }
    return Int(best)
  }

  /// The rest of the table, from the second needle byte on, over the row
  /// from `t` (where the first pass started): the best score in its last row.
  private func fill(_ q: UnsafePointer<UInt8>, _ m: Int, _ t: UnsafePointer<UInt8>, last: Int, fold: Bool) -> Int32 {
    let f0 = firsts[0]
    let width = last - f0 + 1
    if tableCapacity < width * m {
      h.deallocate()
      c.deallocate()
      tableCapacity = max(width * m, 2 * tableCapacity)
      h = .allocate(capacity: tableCapacity)
      c = .allocate(capacity: tableCapacity)
    }
    for j in 0..<width {
      h[j] = h0[f0 + j]
      c[j] = c0[f0 + j]
    }
    var best: Int32 = 0
    for i in 1..<m {
      let f = firsts[i]
      let byte = q[i]
      let rowBase = i * width
      let above = rowBase - width
      var inGap = false
      // The cell left of the first column counts as 0.
      var left: Int32 = 0
      for col in f...last {
        let j = col - f0
        let s2 = left + (inGap ? FuzzyScorer.gapExtension : FuzzyScorer.gapStart)
        var s1: Int32 = 0
        var run: Int32 = 0
        if foldedByte(t[col], fold) == byte {
          s1 = h[above + j - 1] + FuzzyScorer.scoreMatch
          var b = bonusAt[col]
          run = c[above + j - 1] + 1
          if run > 1 {
            let runBonus = bonusAt[col - Int(run) + 1]
            // A boundary stronger than the run's start begins a new run.
            if b >= FuzzyScorer.bonusBoundary && b > runBonus {
              run = 1
            } else {
              b = max(b, FuzzyScorer.bonusConsecutive, runBonus)
            }
          }
          if s1 + b < s2 {
            s1 += bonusAt[col]
            run = 0
          } else {
            s1 += b
          }
        }
        c[rowBase + j] = run
        inGap = s1 < s2
        let score = max(s1, s2, 0)
        if i == m - 1 && score > best { best = score }
        h[rowBase + j] = score
        left = score
      }
    }
    return best
  }

  /// fzf's first algorithm: the first place the needle can end, the
  /// shortest window back from there, and that window's score.
  private func windowScore(_ needle: UnsafeBufferPointer<UInt8>, in row: UnsafeBufferPointer<UInt8>, fold: Bool) -> Int? {
    let m = needle.count
    var k = 0
    var end = -1
    for i in 0..<row.count where foldedByte(row[i], fold) == needle[k] {
      k += 1
      if k == m {
        end = i + 1
        break
      }
    }
    guard end > 0 else { return nil }
    var start = end - 1
    k = m - 1
    while true {
      if foldedByte(row[start], fold) == needle[k] {
        if k == 0 { break }
        k -= 1
      }
      start -= 1
    }
    var score: Int32 = 0
    var inGap = false
    var run = 0
    var runBonus: Int32 = 0
    var prevClass = start > 0 ? FuzzyScorer.classes[Int(row[start - 1])] : .white
    k = 0
    for i in start..<end {
      let cls = FuzzyScorer.classes[Int(row[i])]
      if k < m && foldedByte(row[i], fold) == needle[k] {
        score += FuzzyScorer.scoreMatch
        var b = FuzzyScorer.bonus(prevClass, cls)
        if run == 0 {
          runBonus = b
        } else {
          if b >= FuzzyScorer.bonusBoundary && b > runBonus { runBonus = b }
          b = max(b, runBonus, FuzzyScorer.bonusConsecutive)
        }
        score += k == 0 ? b * 2 : b
        inGap = false
        run += 1
        k += 1
      } else {
        score += inGap ? FuzzyScorer.gapExtension : FuzzyScorer.gapStart
        inGap = true
        run = 0
        runBonus = 0
      }
      prevClass = cls
    }
    return Int(score)
  }
}
