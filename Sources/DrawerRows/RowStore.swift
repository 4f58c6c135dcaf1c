import DrawerProcess
import Glibc

/// Rows of text as they arrive, stored compactly: one UTF-8 buffer holding
/// every row followed by its newline, and where each row starts.
///
/// A million rows cost their text plus about 2 bytes each (`RowOffsets`),
/// with no `String` per row. The buffers grow in place (`MappedBuffer`),
/// so loading never holds a second copy of either. Bytes come in chunks
/// cut anywhere (a pipe's reads) and are read straight into the text
/// buffer (`appendReading`); only complete lines become rows, and the start
/// of a line whose newline has not come yet waits at the buffer's end.
/// `finish()` takes a last line without its newline. CRLF endings lose
/// their CR when read; invalid UTF-8 is replaced with U+FFFD line by line,
/// so every row draws, matches and is reported whole, and the input's own
/// bytes of such a row are kept beside it (`withRowBytes`), for a pick to
/// give back exactly what it was given. Valid rows pay nothing for this.
public final class RowStore {
  /// Each row's text then `\n`, `committed` bytes in all; then the start
  /// of a line whose newline has not come yet.
  private let text: MappedBuffer<UInt8>
  /// Row i spans starts[i] ..< starts[i + 1] - 1; empty until the first
  /// row, then starting with 0. The byte limit (1 GiB) keeps every offset
  /// within 31 bits.
  private let starts: RowOffsets
  /// Where a scan writes the offsets of the rows it finds, before they are
  /// checked against the limits and kept: as many as one read holds.
  private let found: MappedBuffer<UInt32>
  /// Bytes of complete rows at the start of `text`.
  private var committed = 0
  /// The rows whose input was not valid UTF-8, ascending, and the input's
  /// bytes of each, in `rawText`: row `repairedRows[k]` was
  /// rawText[rawEnds[k - 1] ..< rawEnds[k]] (from 0 for the first).
  /// Address space is only reserved once a row needs it.
  private let repairedRows: MappedBuffer<UInt32>
  private let rawEnds: MappedBuffer<UInt32>
  private let rawText: MappedBuffer<UInt8>
  /// The limits every chunk is checked against.
  public let limits: ItemLimits

  /// Bytes `append` copies in at a time, so a large chunk needs no more
  /// room at once than a read does.
  static let piece = 1 << 20

  /// An empty store that holds at most what `limits` allows; memory is only reserved, not used.
  public init(limits: ItemLimits = ItemLimits()) {
    self.limits = limits
    // Every row within the byte limit, a line still waiting up to the row
    // length limit, and the newline `finish` adds to it.
    text = MappedBuffer(limit: limits.bytes + limits.lineBytes + 2)
    starts = RowOffsets(limit: limits.rows + 1)
    found = MappedBuffer(limit: limits.rows + 1)
    repairedRows = MappedBuffer(limit: limits.rows)
    rawEnds = MappedBuffer(limit: limits.rows)
    rawText = MappedBuffer(limit: limits.bytes)
  }

  /// Number of complete rows.
  public var count: Int { max(0, starts.count - 1) }

  /// Bytes of text held in rows, newlines included.
  public var byteCount: Int { committed }

  /// Bytes the rows take besides their text and newlines: the offsets.
  public var indexBytes: Int { starts.byteCount }

  /// Bytes kept for rows that were repaired: their input and where it is.
  public var rawBytes: Int { rawText.count + repairedRows.count * 8 }

  /// Why a chunk was refused: the limit it would break, in words.
  public struct LimitExceeded: Error, Equatable {
    /// The limit broken, in words for the message on standard error.
    public var reason: String
  }

  /// Appends `chunk`; each line it completes becomes a row. Throws, and
  /// keeps every row before the chunk's last piece, when a limit would be
  /// broken.
  public func append(_ chunk: UnsafeRawBufferPointer) throws(LimitExceeded) {
    var offset = 0
    while offset < chunk.count {
      let piece = min(chunk.count - offset, RowStore.piece)
      offset += try appendReading(upTo: piece) { room in
        let n = min(piece, room.count)
        room.copyMemory(from: UnsafeRawBufferPointer(rebasing: chunk[offset..<(offset + n)]))
        return n
      }
    }
  }

  /// Reads up to `maximum` bytes straight into the text buffer: `fill`
  /// writes into the space it is given and returns how many bytes it wrote
  /// (0 or less: none, and nothing changes, so a read(2) can be `fill`
  /// as it is). The lines those bytes complete become rows. Returns what
  /// `fill` returned. Throws, keeping every row before these bytes, when a
  /// limit would be broken or memory runs out.
  ///
  /// `expecting` is how many bytes the caller knows are coming (what a
  /// pipe holds, what is left of a file): their memory is made resident
  /// at once rather than a page fault at a time.
  public func appendReading(
    upTo maximum: Int, expecting: Int = 0, _ fill: (UnsafeMutableRawBufferPointer) -> Int
  ) throws(LimitExceeded) -> Int {
    guard maximum > 0 else { return 0 }
    // Never past what the limits let the buffer hold: the checks below
    // fail before it is full.
    let room = min(maximum, text.limit - text.count)
    guard room > 0 else { throw tooLongLine() }
    let space: UnsafeMutablePointer<UInt8>
    do throws(MappedBuffer<UInt8>.Exhausted) { space = try text.reserve(room) } catch { throw outOfMemory(error) }
    text.populate(min(expecting, room))
    let n = fill(UnsafeMutableRawBufferPointer(start: space, count: room))
    guard n > 0 else { return n }
    let arrived = text.count
    text.didAppend(min(n, room))
    if let end = endOfLastLine(after: arrived) { try commitLines(upTo: end) }
    if text.count - committed > limits.lineBytes { throw tooLongLine() }
    return n
  }

  /// Appends one row whose text is `line` (a control `append`); a newline
  /// in it ends the row there and the rest is dropped. A line still
  /// waiting for its newline from the source stays after it.
  public func append(line: String) throws(LimitExceeded) {
    var bytes = Array(line.utf8)
    if let cut = bytes.firstIndex(of: 0x0A) { bytes.removeSubrange(cut...) }
    bytes.append(0x0A)
    let waiting = Array(text.elements[committed...])
    text.truncate(to: committed)
    defer { try? appendBytes(waiting) }
    try appendBytes(bytes)
    try commitLines(upTo: text.count)
  }

  /// The input ended: a last line without its newline becomes a row.
  public func finish() throws(LimitExceeded) {
    guard text.count > committed else { return }
    do throws(MappedBuffer<UInt8>.Exhausted) { try text.append(0x0A) } catch { throw outOfMemory(error) }
    try commitLines(upTo: text.count)
  }

  /// Removes every row, and the start of a line not yet complete, and
  /// gives their memory back.
  public func clear() {
    text.removeAll()
    starts.removeAll()
    found.removeAll()
    repairedRows.removeAll()
    rawEnds.removeAll()
    rawText.removeAll()
    committed = 0
  }

  /// Calls `body` with row `row`'s text, without its line end.
  public func withRow<R>(_ row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let (start, end) = bounds(row)
    return body(UnsafeBufferPointer(rebasing: text.elements[start..<end]))
  }

  /// The first row in `rows` whose text equals `bytes`, or nil.
  ///
  /// The scan stays in this module, where each row's comparison is
  /// inlined: a caller elsewhere looping over `withRow` would pay a generic
  /// call and a closure call a row.
  public func firstRow(equalTo bytes: [UInt8], in rows: Range<Int>) -> Int? {
    for row in rows where withRow(row, { $0.elementsEqual(bytes) }) { return row }
    return nil
  }

  /// Calls `body` with the rows' text and the row offsets (`count + 1` of
  /// them), for a scan over every row at once.
  public func withStorage<R>(_ body: (UnsafeBufferPointer<UInt8>, RowOffsets.View) -> R) -> R {
    // One call of `body`, so that the optimiser inlines it here with the
    // matching it does per row: with two calls it left findBytes and
    // subsequenceEnd as calls, once a row (perf).
    body(
      UnsafeBufferPointer(rebasing: text.elements[0..<committed]),
      starts.count > 0 ? starts.view : RowStore.noRowOffsets)
  }

  /// The offsets of a store without rows: 0 alone.
  nonisolated(unsafe) private static let noRowOffsets: RowOffsets.View = {
    let base = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    base.initialize(to: 0)
    let relative = UnsafeMutablePointer<UInt16>.allocate(capacity: 1)
    relative.initialize(to: 0)
    return RowOffsets.View(bases: base, relative: relative, wide: nil)
  }()

  /// Calls `body` with row `row`'s bytes as its input gave them, without
  /// its line end: those `withRow` gives, unless the row was repaired.
  public func withRowBytes<R>(_ row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    guard let k = repairIndex(of: row) else { return withRow(row, body) }
    let start = k == 0 ? 0 : Int(rawEnds[k - 1])
    var end = Int(rawEnds[k])
    if end > start && rawText[end - 1] == 0x0D { end -= 1 }
    return body(UnsafeBufferPointer(rebasing: rawText.elements[start..<end]))
  }

  /// Whether row `row`'s input was not valid UTF-8, and its text is the
  /// repair of it.
  public func isRepaired(_ row: Int) -> Bool { repairIndex(of: row) != nil }

  /// Where row `row` is in `repairedRows`, if there.
  private func repairIndex(of row: Int) -> Int? {
    guard repairedRows.count > 0, row >= 0, row <= Int(UInt32.max) else { return nil }
    let rows = repairedRows.elements
    let key = UInt32(row)
    var low = 0
    var high = rows.count
    while low < high {
      let mid = (low + high) / 2
      if rows[mid] < key { low = mid + 1 } else { high = mid }
    }
    return low < rows.count && rows[low] == key ? low : nil
  }

  /// Row `row`'s text as a `String`.
  public func text(ofRow row: Int) -> String {
    guard row >= 0 && row < count else { return "" }
    return withRow(row) { String(decoding: $0, as: UTF8.self) }
  }

  /// Row `row`'s byte range in the buffer, line end excluded.
  func bounds(_ row: Int) -> (Int, Int) {
    let offsets = starts.view
    let start = Int(offsets[row])
    var end = Int(offsets[row + 1]) - 1
    if end > start && text[end - 1] == 0x0D { end -= 1 }
    return (start, end)
  }

  // MARK: Taking lines

  /// One past the last newline among the bytes from `from` to the end, or
  /// nil; the line waiting before them has none, so only they are looked at.
  private func endOfLastLine(after from: Int) -> Int? {
    let bytes = text.elements
    var i = bytes.count
    while i > from {
      i -= 1
      if bytes[i] == 0x0A { return i + 1 }
    }
    return nil
  }

  /// Makes the lines in text[committed..<end] rows (`end` follows a
  /// newline), repaired first when they are not valid UTF-8. A broken
  /// limit throws and leaves the rows as they were, without the waiting line.
  private func commitLines(upTo end: Int) throws(LimitExceeded) {
    let rowsBefore = starts.count
    let repairsBefore = repairedRows.count
    let rawBefore = rawText.count
    do throws(LimitExceeded) {
      var end = end
      var lines = try indexLines(upTo: end)
      if lines.nonASCII && !isValidUTF8(UnsafeBufferPointer(rebasing: text.elements[committed..<end])) {
        guard lines.rows <= lines.offsets.count else { throw tooManyRows() }
        let repaired = try repairLines(lines.offsets)
        if committed + repaired.count > limits.bytes { throw tooMuchText() }
        // The repair changes the lines' length: the waiting line moves,
        // and the rows are found again in the repaired text.
        let waiting = Array(text.elements[end...])
        text.truncate(to: committed)
        try appendBytes(repaired)
        try appendBytes(waiting)
        end = committed + repaired.count
        lines = try indexLines(upTo: end)
      }
      if end > limits.bytes { throw tooMuchText() }
      if lines.longest > limits.lineBytes { throw tooLongLine() }
      if count + lines.rows > limits.rows { throw tooManyRows() }
      do throws(MappedBuffer<UInt32>.Exhausted) {
        try starts.append(contentsOf: lines.offsets)
      } catch {
        throw outOfMemory(error)
      }
      // Found offsets past a few pages' worth (tiny rows, a long repair)
      // go back to the system rather than stay resident for the next read.
      if lines.rows > RowStore.foundKept { found.removeAll() }
      committed = end
    } catch {
      starts.truncate(to: rowsBefore)
      text.truncate(to: committed)
      repairedRows.truncate(to: repairsBefore)
      rawEnds.truncate(to: repairsBefore)
      rawText.truncate(to: rawBefore)
      throw error
    }
  }

  /// The lines from `committed` to the last of `ends` (each one past a
  /// line's newline), each invalid one replaced by its repair, which is
  /// what repairing them all at once gives: a newline never falls inside
  /// a sequence. The input of each line repaired is kept, with its row.
  private func repairLines(_ ends: UnsafeBufferPointer<UInt32>) throws(LimitExceeded) -> [UInt8] {
    var out: [UInt8] = []
    var lineStart = committed
    let firstRow = count
    for (k, lineEnd) in ends.enumerated() {
      let line = UnsafeBufferPointer(rebasing: text.elements[lineStart..<(Int(lineEnd) - 1)])
      if isValidUTF8(line) {
        out.append(contentsOf: line)
      } else {
        guard let repaired = repairedUTF8(Array(line), limit: limits.bytes) else { throw tooMuchRepaired() }
        out.append(contentsOf: repaired)
        do throws(MappedBuffer<UInt8>.Exhausted) {
          try rawText.append(contentsOf: line)
        } catch {
          throw outOfMemory(error)
        }
        do throws(MappedBuffer<UInt32>.Exhausted) {
          try repairedRows.append(UInt32(firstRow + k))
          try rawEnds.append(UInt32(rawText.count))
        } catch {
          throw outOfMemory(error)
        }
      }
      out.append(0x0A)
      if out.count > limits.bytes { throw tooMuchRepaired() }
      lineStart = Int(lineEnd)
    }
    return out
  }

  /// Finds the rows in text[committed..<end] and writes their offsets in
  /// `found`, without keeping them yet: how many there are, the longest,
  /// whether a byte is not ASCII (then the text needs checking as UTF-8),
  /// and the offsets, for `commitLines` to check against the limits first.
  private func indexLines(
    upTo end: Int
  ) throws(LimitExceeded) -> (rows: Int, longest: Int, nonASCII: Bool, offsets: UnsafeBufferPointer<UInt32>) {
    guard let base = text.elements.baseAddress else { return (0, 0, false, UnsafeBufferPointer(start: nil, count: 0)) }
    let room: UnsafeMutablePointer<UInt32>
    let capacity: Int
    do throws(MappedBuffer<UInt32>.Exhausted) {
      if starts.count == 0 { try starts.append(0) }
      // As many offsets as the stretch can need, within the row limit.
      capacity = min(end - committed, starts.limit - starts.count)
      room = try found.reserve(capacity)
    } catch {
      throw outOfMemory(error)
    }
    let lines = scanLines(UnsafeRawPointer(base), from: committed, to: end, offsets: room, capacity: capacity)
    return (lines.rows, lines.longest, lines.nonASCII, UnsafeBufferPointer(start: room, count: min(lines.rows, capacity)))
  }

  /// Offsets `found` keeps resident between reads: 64 KiB of them.
  static let foundKept = 16 << 10

  private func appendBytes(_ bytes: [UInt8]) throws(LimitExceeded) {
    let added = bytes.withUnsafeBufferPointer { b in
      Result { () throws(MappedBuffer<UInt8>.Exhausted) in try text.append(contentsOf: b) }
    }
    if case .failure(let error) = added { throw outOfMemory(error) }
  }

  private func tooLongLine() -> LimitExceeded {
    LimitExceeded(reason: "a row is longer than \(describeBytes(limits.lineBytes)), the most one row may hold")
  }

  private func tooManyRows() -> LimitExceeded {
    LimitExceeded(reason: "more than \(limits.rows) rows, the most allowed")
  }

  private func tooMuchRepaired() -> LimitExceeded {
    LimitExceeded(reason: "more than \(describeBytes(limits.bytes)) of text once invalid UTF-8 is replaced")
  }

  private func tooMuchText() -> LimitExceeded {
    LimitExceeded(reason: "more than \(describeBytes(limits.bytes)) of text, the most allowed")
  }

  private func outOfMemory<E: BitwiseCopyable>(_ error: MappedBuffer<E>.Exhausted) -> LimitExceeded {
    LimitExceeded(reason: "out of memory: \(describeBytes(error.bytes)) of rows could not be held")
  }
}

/// The newlines in bytes `from ..< end` at `base`, found eight bytes at a
/// time: for each, the offset one past it goes to `offsets` (the first
/// `capacity` of them; the rest are only counted). Returns how many there
/// are, the longest line before one (from `from`, or the previous newline),
/// and whether any byte has its high bit set.
///
/// One pass does what a memchr per row and a separate ASCII check did: rows
/// of 20 to 40 bytes made memchr's cost per call, not per byte, the bound.
func scanLines(
  _ base: UnsafeRawPointer, from: Int, to end: Int, offsets: UnsafeMutablePointer<UInt32>, capacity: Int
) -> (rows: Int, longest: Int, nonASCII: Bool) {
  var rows = 0
  var longest = 0
  var lineStart = from
  var high: UInt64 = 0
  var i = from
  @inline(__always) func newline(at position: Int) {
    longest = max(longest, position - lineStart)
    lineStart = position + 1
    if rows < capacity { offsets[rows] = UInt32(truncatingIfNeeded: lineStart) }
    rows += 1
  }
  while i + 8 <= end {
    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
    high |= word
    // Each byte equal to \n becomes 0x80 and every other byte 0: a byte of
    // `x` is 0 exactly when adding 0x7F to its low seven bits leaves its
    // high bit clear and it had none, and no byte carries into the next.
    let x = word ^ 0x0A0A_0A0A_0A0A_0A0A
    var found = ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x | 0x7F7F_7F7F_7F7F_7F7F)
    while found != 0 {
      newline(at: i + found.trailingZeroBitCount >> 3)
      found &= found &- 1
    }
    i += 8
  }
  while i < end {
    let byte = base.load(fromByteOffset: i, as: UInt8.self)
    high |= UInt64(byte)
    if byte == 0x0A { newline(at: i) }
    i += 1
  }
  return (rows, longest, high & 0x8080_8080_8080_8080 != 0)
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
