/// Where each row starts in the rows' text, in about 2 bytes a row
/// instead of 4: a 32-bit base for each block of 256 offsets, and each
/// offset's distance from its block's base in 16 bits.
///
/// Rows up to 256 bytes long on average fit; a block whose rows span more
/// than 64 KiB keeps its 256 offsets whole in `wide`, which only such rows
/// pay for (and which is small beside their text). A million rows of 20 to
/// 40 bytes cost 2.0 MB here against 4 MB as plain offsets. Reading an
/// offset is two loads and a branch that long rows alone take.
public final class RowOffsets {
  /// A block's base with this bit set is instead the index of its 256
  /// offsets in `wide`; offsets stay below 2^31 (the byte limit is 1 GiB).
  static let wideBlock: UInt32 = 1 << 31
  static let blockShift = 8
  static let blockSize = 1 << blockShift

  private let bases: MappedBuffer<UInt32>
  private let relative: MappedBuffer<UInt16>
  private let wide: MappedBuffer<UInt32>

  /// At most `limit` offsets.
  init(limit: Int) {
    relative = MappedBuffer(limit: limit)
    bases = MappedBuffer(limit: limit / RowOffsets.blockSize + 1)
    wide = MappedBuffer(limit: (limit / RowOffsets.blockSize + 1) * RowOffsets.blockSize)
  }

  var count: Int { relative.count }
  var limit: Int { relative.limit }

  /// Bytes the offsets take.
  var byteCount: Int { bases.count * 4 + relative.count * 2 + wide.count * 4 }

  /// The offsets, for reading many: valid until they next change.
  var view: View {
    View(bases: bases.elements.baseAddress, relative: relative.elements.baseAddress, wide: wide.elements.baseAddress)
  }

  subscript(index: Int) -> UInt32 {
    precondition(index >= 0 && index < count, "RowOffsets index out of range")
    return view[index]
  }

  /// Appends `offsets`, which ascend and follow the last. Throws when memory
  /// runs out or the limit would be passed; then `truncate` to the count
  /// before restores the offsets as they were.
  func append(contentsOf offsets: UnsafeBufferPointer<UInt32>) throws(MappedBuffer<UInt32>.Exhausted) {
    let n = offsets.count
    guard n > 0 else { return }
    let start = count
    let written: UnsafeMutablePointer<UInt16>
    do throws(MappedBuffer<UInt16>.Exhausted) {
      written = try relative.reserve(n)
    } catch {
      throw MappedBuffer<UInt32>.Exhausted(bytes: error.bytes)
    }
    // The whole of `relative`, for reading a block's offsets back when it
    // turns wide: those before `start` and those written here so far.
    let all = written - start
    var base = bases.count > 0 ? bases[bases.count - 1] : 0
    for k in 0..<n {
      let index = start + k
      let offset = offsets[k]
      written[k] = 0
      if index & (RowOffsets.blockSize - 1) == 0 {
        // A block starts: its base is its first offset.
        base = offset
        try bases.append(base)
      } else if base & RowOffsets.wideBlock != 0 {
        try wide.append(offset)
      } else if offset - base <= UInt32(UInt16.max) {
        written[k] = UInt16(offset - base)
      } else {
        // The block's rows span more than 64 KiB: it keeps whole offsets.
        let first = index & ~(RowOffsets.blockSize - 1)
        let slot = UInt32(wide.count >> RowOffsets.blockShift)
        for j in first..<index { try wide.append(base + UInt32(all[j])) }
        try wide.append(offset)
        base = RowOffsets.wideBlock | slot
        truncateBases(to: bases.count - 1)
        try bases.append(base)
      }
    }
    relative.didAppend(n)
  }

  func append(_ offset: UInt32) throws(MappedBuffer<UInt32>.Exhausted) {
    try withUnsafePointer(to: offset) { p throws(MappedBuffer<UInt32>.Exhausted) in
      try append(contentsOf: UnsafeBufferPointer(start: p, count: 1))
    }
  }

  /// Keeps the first `n` offsets (n ≤ count), and the blocks they need.
  func truncate(to n: Int) {
    relative.truncate(to: n)
    let blocks = (n + RowOffsets.blockSize - 1) >> RowOffsets.blockShift
    truncateBases(to: blocks)
    // Wide blocks keep their offsets in block order: the last one kept
    // says how many of `wide` stay.
    var kept = 0
    var b = blocks - 1
    while b >= 0 {
      let base = bases[b]
      if base & RowOffsets.wideBlock != 0 {
        let inBlock = min(n - (b << RowOffsets.blockShift), RowOffsets.blockSize)
        kept = Int(base & ~RowOffsets.wideBlock) << RowOffsets.blockShift + inBlock
        break
      }
      b -= 1
    }
    wide.truncate(to: kept)
  }

  /// Removes every offset and gives the memory back.
  func removeAll() {
    relative.removeAll()
    bases.removeAll()
    wide.removeAll()
  }

  private func truncateBases(to n: Int) { bases.truncate(to: min(n, bases.count)) }

  /// Reads offsets without retaining the buffers: for loops over many rows.
  public struct View {
    let bases: UnsafePointer<UInt32>?
    let relative: UnsafePointer<UInt16>?
    let wide: UnsafePointer<UInt32>?

    /// The offset of entry `index`, which must be below the count when the view was taken.
    @inline(__always)
    public subscript(index: Int) -> UInt32 {
      let base = bases.unsafelyUnwrapped[index >> RowOffsets.blockShift]
      if base & RowOffsets.wideBlock == 0 { return base &+ UInt32(relative.unsafelyUnwrapped[index]) }
      return wide.unsafelyUnwrapped[Int(base & ~RowOffsets.wideBlock) << RowOffsets.blockShift | index & (RowOffsets.blockSize - 1)]
    }
  }
}
