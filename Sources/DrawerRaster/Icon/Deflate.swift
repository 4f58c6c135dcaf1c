/// A small DEFLATE compressor (RFC 1951): greedy LZ77 matches coded with
/// the fixed Huffman codes, in one final block.
///
/// Fixed codes need no code tables in the stream, and an icon's long runs
/// of one colour and its repeated rows are what LZ77 alone removes: the
/// 128 px icon shrinks from 64 KiB to a few. Any inflater reads the output.
public enum Deflate {
  /// The shortest match worth coding, bytes: DEFLATE's minimum.
  static let minimumMatch = 3
  /// The longest match one length code carries, bytes.
  static let maximumMatch = 258
  /// How far back a match may start, bytes: DEFLATE's window.
  static let window = 32768
  /// Earlier positions with the same 3-byte hash tried per match, at most:
  /// enough for an icon, and a bound on the time a long run can take.
  static let maximumChain = 64
  /// Bits of the 3-byte hash: the head table's size is 2^hashBits.
  static let hashBits = 15

  /// `data` as one final fixed-Huffman block.
  public static func compress(_ data: [UInt8]) -> [UInt8] {
    var out = BitWriter()
    out.write(1, bits: 1)  // BFINAL: the only block
    out.write(1, bits: 2)  // BTYPE 01: fixed Huffman codes
    let n = data.count
    let hashMask = (1 << hashBits) - 1
    // head[h]: the latest position whose next 3 bytes hash to h;
    // previous[i]: the position before i with the same hash; -1 is none.
    var head = [Int](repeating: -1, count: 1 << hashBits)
    var previous = [Int](repeating: -1, count: n)
    func hash(_ i: Int) -> Int {
      (Int(data[i]) << 10 ^ Int(data[i + 1]) << 5 ^ Int(data[i + 2])) & hashMask
    }
    func insert(_ i: Int) {
      guard i + minimumMatch <= n else { return }
      let h = hash(i)
      previous[i] = head[h]
      head[h] = i
    }
    var i = 0
    while i < n {
      var bestLength = 0, bestDistance = 0
      if i + minimumMatch <= n {
        let limit = min(maximumMatch, n - i)
        var candidate = head[hash(i)]
        var tries = maximumChain
        while candidate >= 0, i - candidate <= window, tries > 0 {
          var length = 0
          while length < limit, data[candidate + length] == data[i + length] { length += 1 }
          if length > bestLength {
            bestLength = length
            bestDistance = i - candidate
            if length == limit { break }
          }
          candidate = previous[candidate]
          tries -= 1
        }
      }
      if bestLength >= minimumMatch {
        out.writeLength(bestLength)
        out.writeDistance(bestDistance)
        for j in i..<(i + bestLength) { insert(j) }
        i += bestLength
      } else {
        out.writeLiteral(Int(data[i]))
        insert(i)
        i += 1
      }
    }
    out.writeLiteral(endOfBlock)
    return out.finish()
  }

  /// The literal/length symbol that ends a block.
  static let endOfBlock = 256

  /// Length symbols 257... : the shortest length each codes, and the extra
  /// bits that add to it (RFC 1951 §3.2.5).
  static let lengthBase: [Int] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  static let lengthExtraBits: [Int] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  /// Distance symbols 0...29: the shortest distance each codes, and its
  /// extra bits.
  static let distanceBase: [Int] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
    6145, 8193, 12289, 16385, 24577,
  ]
  static let distanceExtraBits: [Int] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]

  /// The index of the last entry of `bases` (ascending) not above `value`.
  static func bucket(_ value: Int, in bases: [Int]) -> Int {
    var lo = 0, hi = bases.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if bases[mid] <= value { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }

  /// The fixed Huffman code of literal/length symbol `symbol` (0...287),
  /// and its length in bits (RFC 1951 §3.2.6).
  static func fixedCode(_ symbol: Int) -> (code: UInt32, bits: Int) {
    switch symbol {
    case 0...143: (UInt32(0x30 + symbol), 8)
    case 144...255: (UInt32(0x190 + symbol - 144), 9)
    case 256...279: (UInt32(symbol - 256), 7)
    default: (UInt32(0xC0 + symbol - 280), 8)
    }
  }
}

/// Bits packed into bytes as DEFLATE orders them: from each byte's least
/// significant bit up.
struct BitWriter {
  private(set) var bytes: [UInt8] = []
  /// Bits not yet a whole byte, lowest first.
  private var pending: UInt32 = 0
  private var pendingCount = 0

  /// The low `bits` bits of `value`, least significant first: how DEFLATE
  /// stores header fields and extra bits.
  mutating func write(_ value: UInt32, bits: Int) {
    // pendingCount < 8 and bits ≤ 16, so the word never overflows.
    pending |= (value & ((1 << bits) - 1)) << pendingCount
    pendingCount += bits
    while pendingCount >= 8 {
      bytes.append(UInt8(truncatingIfNeeded: pending))
      pending >>= 8
      pendingCount -= 8
    }
  }

  /// A Huffman code, most significant bit first, as DEFLATE stores codes.
  mutating func writeCode(_ code: UInt32, bits: Int) {
    var reversed: UInt32 = 0
    for k in 0..<bits { reversed |= (code >> k & 1) << (bits - 1 - k) }
    write(reversed, bits: bits)
  }

  mutating func writeLiteral(_ symbol: Int) {
    let (code, bits) = Deflate.fixedCode(symbol)
    writeCode(code, bits: bits)
  }

  /// A match's length (3...258): its symbol, then its extra bits.
  mutating func writeLength(_ length: Int) {
    let k = Deflate.bucket(length, in: Deflate.lengthBase)
    writeLiteral(257 + k)
    write(UInt32(length - Deflate.lengthBase[k]), bits: Deflate.lengthExtraBits[k])
  }

  /// A match's distance (1...32768): its fixed 5-bit code, then its extra
  /// bits.
  mutating func writeDistance(_ distance: Int) {
    let k = Deflate.bucket(distance, in: Deflate.distanceBase)
    writeCode(UInt32(k), bits: 5)
    write(UInt32(distance - Deflate.distanceBase[k]), bits: Deflate.distanceExtraBits[k])
  }

  /// The bytes, the last one padded with zero bits.
  mutating func finish() -> [UInt8] {
    if pendingCount > 0 { bytes.append(UInt8(truncatingIfNeeded: pending)) }
    pending = 0
    pendingCount = 0
    return bytes
  }
}
