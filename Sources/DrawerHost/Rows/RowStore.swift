import Glibc

/// Rows of text as they arrive, stored compactly: one UTF-8 buffer holding
/// every row followed by its newline, and one 32-bit offset per row.
///
/// A million rows cost their text plus 4 bytes each, with no `String` per
/// row. Bytes come in chunks cut anywhere (a pipe's reads); only complete
/// lines become rows, and `finish()` takes a last line without its newline.
/// CRLF endings lose their CR when read; invalid UTF-8 is replaced with
/// U+FFFD line by line, so every row draws whole.
public final class RowStore {
  /// Each row's text then `\n`.
  private(set) var bytes: [UInt8] = []
  /// Row i spans starts[i] ..< starts[i + 1] - 1. The byte limit (1 GiB)
  /// keeps every offset within 32 bits.
  private(set) var starts: [UInt32] = [0]
  /// The start of a line whose newline has not come yet.
  private var partial: [UInt8] = []
  public let limits: ItemLimits

  public init(limits: ItemLimits = ItemLimits()) {
    self.limits = limits
  }

  /// Number of complete rows.
  public var count: Int { starts.count - 1 }

  /// Bytes of text held, newlines included.
  public var byteCount: Int { bytes.count }

  /// Why a chunk was refused: the limit it would break, in words.
  public struct LimitExceeded: Error, Equatable {
    public var reason: String
  }

  /// Appends `chunk`; each line it completes becomes a row. Throws, and
  /// keeps every row before the chunk, when a limit would be broken.
  public func append(_ chunk: UnsafeRawBufferPointer) throws(LimitExceeded) {
    guard let base = chunk.baseAddress, chunk.count > 0 else { return }
    // The last newline splits what becomes rows from what waits.
    let all = chunk.bindMemory(to: UInt8.self)
    guard let lastNewline = all.lastIndex(of: 0x0A) else {
      partial.append(contentsOf: all)
      if partial.count > limits.lineBytes { throw tooLongLine() }
      return
    }
    let complete = lastNewline + 1
    _ = base
    if partial.isEmpty {
      try appendLines(UnsafeRawBufferPointer(rebasing: chunk[0..<complete]))
    } else {
      var joined = partial
      joined.append(contentsOf: all[0..<complete])
      partial.removeAll()
      try appendArray(joined)
    }
    partial.append(contentsOf: all[complete...])
    if partial.count > limits.lineBytes { throw tooLongLine() }
  }

  /// Appends one row whose text is `line` (a control `append`); a newline
  /// in it ends the row there and the rest is dropped.
  public func append(line: String) throws(LimitExceeded) {
    var text = Array(line.utf8)
    if let cut = text.firstIndex(of: 0x0A) { text.removeSubrange(cut...) }
    text.append(0x0A)
    try appendArray(text)
  }

  /// The input ended: a last line without its newline becomes a row.
  public func finish() throws(LimitExceeded) {
    guard !partial.isEmpty else { return }
    partial.append(0x0A)
    let line = partial
    partial.removeAll()
    try appendArray(line)
  }

  /// Removes every row, and the start of a line not yet complete.
  public func clear() {
    bytes.removeAll()
    starts.removeAll()
    starts.append(0)
    partial.removeAll()
  }

  /// Calls `body` with row `row`'s text, without its line end.
  public func withRow<R>(_ row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    bytes.withUnsafeBufferPointer { all in
      let (start, end) = bounds(row)
      return body(UnsafeBufferPointer(rebasing: all[start..<end]))
    }
  }

  /// Calls `body` with the whole buffer and the row offsets, for a scan
  /// over every row at once.
  public func withStorage<R>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt32>) -> R) -> R {
    bytes.withUnsafeBufferPointer { text in starts.withUnsafeBufferPointer { offsets in body(text, offsets) } }
  }

  /// Row `row`'s text as a `String`.
  public func text(ofRow row: Int) -> String {
    guard row >= 0 && row < count else { return "" }
    return withRow(row) { String(decoding: $0, as: UTF8.self) }
  }

  /// Row `row`'s byte range in the buffer, line end excluded.
  func bounds(_ row: Int) -> (Int, Int) {
    let start = Int(starts[row])
    var end = Int(starts[row + 1]) - 1
    if end > start && bytes[end - 1] == 0x0D { end -= 1 }
    return (start, end)
  }

  /// Appends whole lines (`lines` ends with a newline), repaired when they
  /// are not valid UTF-8.
  private func appendLines(_ lines: UnsafeRawBufferPointer) throws(LimitExceeded) {
    let raw = lines.bindMemory(to: UInt8.self)
    var repaired: [UInt8]?
    if !isValidUTF8(raw) {
      guard let fixed = repairedUTF8(Array(raw), limit: limits.bytes) else {
        throw LimitExceeded(reason: "more than \(describeBytes(limits.bytes)) of text once invalid UTF-8 is replaced")
      }
      repaired = fixed
    }
    func add(_ text: UnsafeBufferPointer<UInt8>) throws(LimitExceeded) {
      if bytes.count + text.count > limits.bytes {
        throw LimitExceeded(reason: "more than \(describeBytes(limits.bytes)) of text, the most allowed")
      }
      // Count the rows and check the longest before anything is kept.
      var newStarts: [UInt32] = []
      var start = 0
      var longest = 0
      while start < text.count, let hit = memchr(text.baseAddress! + start, 0x0A, text.count - start) {
        let end = text.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        longest = max(longest, end - start)
        start = end + 1
        newStarts.append(UInt32(bytes.count + start))
      }
      if longest > limits.lineBytes { throw tooLongLine() }
      if count + newStarts.count > limits.rows {
        throw LimitExceeded(reason: "more than \(limits.rows) rows, the most allowed")
      }
      bytes.append(contentsOf: text)
      starts.append(contentsOf: newStarts)
    }
    if let repaired {
      let added = repaired.withUnsafeBufferPointer { b in Result { () throws(LimitExceeded) in try add(b) } }
      try added.get()
    } else {
      try add(raw)
    }
  }

  private func appendArray(_ lines: [UInt8]) throws(LimitExceeded) {
    let added = lines.withUnsafeBytes { raw in Result { () throws(LimitExceeded) in try appendLines(raw) } }
    try added.get()
  }

  private func tooLongLine() -> LimitExceeded {
    LimitExceeded(reason: "a row is longer than \(describeBytes(limits.lineBytes)), the most one row may hold")
  }
}

/// Whether `bytes` are valid UTF-8; the standard library's validator,
/// which is vectorised, behind a check that skips pure ASCII quickly.
func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  var i = 0
  let n = bytes.count
  // Eight bytes at a time: any high bit means more than ASCII.
  if let base = bytes.baseAddress {
    let raw = UnsafeRawPointer(base)
    while i + 8 <= n {
      if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
      i += 8
    }
  }
  while i < n && bytes[i] < 0x80 { i += 1 }
  if i == n { return true }
  return String(validating: UnsafeBufferPointer(rebasing: bytes[i...]), as: UTF8.self) != nil
}
