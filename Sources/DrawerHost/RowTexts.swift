import Glibc

/// The texts of the list's rows: the lines of `--items`, or place names made
/// up from the row index.
///
/// Drawing reads rows as UTF-8 byte buffers, never as `String`: file lines
/// live in one contiguous buffer, and generated rows are written into two
/// scratch buffers allocated once, so a frame costs no allocation whatever
/// the row count.
public final class RowTexts {
  /// Number of rows.
  public let count: Int
  /// Whether rows have a second, smaller detail line.
  public let hasDetail: Bool
  /// The drawer's header title.
  public let title: [UInt8]
  /// The header's right-hand note, e.g. "200 places".
  public let summary: [UInt8]

  private let lines: [UInt8]
  /// Offsets into `lines`: row i spans starts[i] ..< starts[i + 1] - 1 (the
  /// newline excluded). 32 bits halve the table for million-line files.
  private let starts: [UInt32]
  private let scratch: UnsafeMutablePointer<UInt8>

  /// Bytes reserved per generated line; the longest generated text is ~60.
  private static let scratchLength = 128

  private init(count: Int, hasDetail: Bool, title: String, summary: String, lines: [UInt8], starts: [UInt32]) {
    self.count = count
    self.hasDetail = hasDetail
    self.title = Array(title.utf8)
    self.summary = Array(summary.utf8)
    self.lines = lines
    self.starts = starts
    scratch = .allocate(capacity: 2 * RowTexts.scratchLength)
  }

  deinit {
    scratch.deallocate()
  }

  /// `count` generated rows.
  public static func generated(count: Int) -> RowTexts {
    RowTexts(
      count: count, hasDetail: true, title: "Places",
      summary: count == 1 ? "1 place" : "\(count) places", lines: [], starts: [])
  }

  /// The lines of the file at `path` (`-` is stdin), one row per line.
  ///
  /// An empty file gives no rows; a last line without a newline still
  /// counts; CRLF endings lose their CR; invalid UTF-8 is repaired with
  /// U+FFFD so every row draws whole. Reading stops at the first limit
  /// broken (exit 66, naming the limit) and at the first signal that ends
  /// the program, while a slow producer is still writing.
  public static func load(path: String, limits: ItemLimits = ItemLimits()) throws(Failure) -> RowTexts {
    var bytes = try readItems(path: path, limits: limits)
    if String(validating: bytes, as: UTF8.self) == nil {
      // Repair can grow the text (one bad byte becomes three), so the
      // byte limit holds for the repaired text too.
      guard let repaired = repairedUTF8(bytes, limit: limits.bytes) else {
        throw Failure(
          status: ExitStatus.noInput,
          message: "cannot read --items \(path): more than \(describeBytes(limits.bytes)) of text once invalid UTF-8 is replaced")
      }
      bytes = repaired
    }
    if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
    var starts: [UInt32] = [0]
    bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      var start = 0
      while start < raw.count, let hit = memchr(base + start, 0x0A, raw.count - start) {
        start = base.distance(to: UnsafeRawPointer(hit)) + 1
        starts.append(UInt32(start))
      }
    }
    let count = starts.count - 1
    let name = path == "-" ? "stdin" : String(path.split(separator: "/").last ?? Substring(path))
    return RowTexts(
      count: count, hasDetail: false, title: name,
      summary: count == 1 ? "1 row" : "\(count) rows", lines: bytes, starts: starts)
  }

  /// Calls `body` with row `row`'s title bytes and detail bytes (nil when
  /// rows have no detail). The buffers are valid only inside `body`.
  public func withRow<R>(_ row: Int, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>?) -> R) -> R {
    if hasDetail {
      let titleEnd = writeGeneratedTitle(row, into: scratch)
      let detail = scratch + RowTexts.scratchLength
      let detailEnd = writeGeneratedDetail(row, into: detail)
      return body(
        UnsafeBufferPointer(start: scratch, count: titleEnd),
        UnsafeBufferPointer(start: detail, count: detailEnd))
    }
    return lines.withUnsafeBufferPointer { all in
      let (start, end) = lineBounds(row)
      return body(UnsafeBufferPointer(rebasing: all[start..<end]), nil)
    }
  }

  /// Row `row`'s title as a `String`, for the `selected` event.
  public func text(ofRow row: Int) -> String {
    guard row >= 0 && row < count else { return "" }
    return withRow(row) { title, _ in String(decoding: title, as: UTF8.self) }
  }

  private func lineBounds(_ row: Int) -> (Int, Int) {
    let start = Int(starts[row])
    var end = Int(starts[row + 1]) - 1
    if end > start && lines[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return (start, end)
  }

  // MARK: Generated rows

  private static let places: [StaticString] = [
    "Maple", "Harbour", "Cedar", "Juniper", "Riverside", "Old Mill", "Lantern", "Copper",
    "Willow", "Granite", "Saffron", "Orchard", "Kestrel", "Meadow", "Bramble", "Linden",
    "Northgate", "Bluebell", "Foundry", "Quayside", "Hawthorn", "Little Brook", "Amber", "Seven Oaks",
  ]
  private static let kinds: [StaticString] = [
    "Café", "Bakery", "Park", "Library", "Market", "Books", "Gallery", "Station",
    "Pharmacy", "Gardens", "Bistro", "Museum", "Cinema", "Pool", "Deli", "Records",
  ]

  /// A well-mixed hash of the row index (SplitMix64's finaliser), so that
  /// neighbouring rows get unrelated names.
  private func mix(_ row: Int) -> UInt64 {
    var z = UInt64(truncatingIfNeeded: row) &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  private func writeGeneratedTitle(_ row: Int, into p: UnsafeMutablePointer<UInt8>) -> Int {
    let h = mix(row)
    var w = ByteWriter(p, capacity: RowTexts.scratchLength)
    w.append(RowTexts.places[Int(h % UInt64(RowTexts.places.count))])
    w.append(" ")
    w.append(RowTexts.kinds[Int((h >> 16) % UInt64(RowTexts.kinds.count))])
    return w.length
  }

  /// "#12 · 1.4 km · open until 21:00": the number keeps rows of a long list
  /// tellable apart.
  private func writeGeneratedDetail(_ row: Int, into p: UnsafeMutablePointer<UInt8>) -> Int {
    let h = mix(row)
    let tenthsOfKm = Int((h >> 32) % 95) + 1
    let closingHour = Int((h >> 48) % 7) + 17
    var w = ByteWriter(p, capacity: RowTexts.scratchLength)
    w.append("#")
    w.appendDecimal(row + 1)
    w.append(" · ")
    w.appendDecimal(tenthsOfKm / 10)
    w.append(".")
    w.appendDecimal(tenthsOfKm % 10)
    w.append(" km · open until ")
    w.appendDecimal(closingHour)
    w.append(":00")
    return w.length
  }
}

/// Appends bytes to a fixed buffer, dropping what does not fit.
private struct ByteWriter {
  let base: UnsafeMutablePointer<UInt8>
  let capacity: Int
  private(set) var length = 0

  init(_ base: UnsafeMutablePointer<UInt8>, capacity: Int) {
    self.base = base
    self.capacity = capacity
  }

  mutating func append(_ s: StaticString) {
    // withUTF8Buffer, not utf8Start: a one-scalar literal has no pointer.
    s.withUTF8Buffer { bytes in
      let n = min(bytes.count, capacity - length)
      if n > 0, let src = bytes.baseAddress { (base + length).update(from: src, count: n) }
      length += n
    }
  }

  /// Appends `value` in decimal; nothing when it does not fit whole.
  mutating func appendDecimal(_ value: Int) {
    var v = value.magnitude
    var digits = 1
    var rest = v
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    let total = digits + (value < 0 ? 1 : 0)
    guard length + total <= capacity else { return }
    if value < 0 { base[length] = UInt8(ascii: "-") }
    var i = length + total - 1
    repeat {
      base[i] = UInt8(ascii: "0") + UInt8(v % 10)
      v /= 10
      i -= 1
    } while v > 0
    length += total
  }
}

/// `bytes` with each invalid UTF-8 sequence replaced by U+FFFD (as
/// `String(decoding:as:)` does), or nil when that is more than `limit` bytes.
func repairedUTF8(_ bytes: [UInt8], limit: Int) -> [UInt8]? {
  var out: [UInt8] = []
  out.reserveCapacity(min(limit, bytes.count + bytes.count / 8))
  var parser = Unicode.UTF8.ForwardParser()
  var input = bytes.makeIterator()
  while true {
    switch parser.parseScalar(from: &input) {
    case .valid(let encoded): out.append(contentsOf: encoded)
    case .error: out.append(contentsOf: [0xEF, 0xBF, 0xBD])
    case .emptyInput: return out
    }
    if out.count > limit { return nil }
  }
}
