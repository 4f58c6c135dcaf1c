// A reader for what PNGEncoder writes, written apart from it so the tests
// check the files against the formats, not against the encoder's own code:
// an inflater for stored and fixed-Huffman DEFLATE blocks (RFC 1951), the
// zlib wrapper (RFC 1950) and PNG's chunks, with a bit-at-a-time CRC-32.

struct FormatError: Error, CustomStringConvertible {
  let description: String
  init(_ d: String) { description = d }
}

/// The CRC-32 PNG and zlib's crc32 compute, one bit at a time (no table).
func referenceCRC32(_ bytes: [UInt8]) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for b in bytes {
    crc ^= UInt32(b)
    for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
  }
  return ~crc
}

/// Adler-32 with the modulus taken after every byte.
func referenceAdler32(_ bytes: [UInt8]) -> UInt32 {
  var a: UInt32 = 1, b: UInt32 = 0
  for x in bytes {
    a = (a + UInt32(x)) % 65521
    b = (b + a) % 65521
  }
  return b << 16 | a
}

func readBigEndian(_ bytes: [UInt8], _ at: Int) -> UInt32 {
  UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
}

/// Inflates a raw DEFLATE stream of stored and fixed-Huffman blocks;
/// dynamic blocks (type 2) are an error, as the encoder never writes them.
/// Returns the data and how many bytes of `input` the stream used.
func inflate(_ input: [UInt8]) throws -> (data: [UInt8], used: Int) {
  var bit = 0
  func next() throws -> Int {
    guard bit / 8 < input.count else { throw FormatError("the stream ends inside a block") }
    defer { bit += 1 }
    return Int(input[bit / 8] >> (bit % 8)) & 1
  }
  func bits(_ n: Int) throws -> Int {
    var v = 0
    for k in 0..<n { v |= try next() << k }
    return v
  }
  /// Huffman codes arrive most significant bit first.
  func code(_ n: Int, after prefix: Int = 0) throws -> Int {
    var v = prefix
    for _ in 0..<n { v = v << 1 | (try next()) }
    return v
  }
  let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
  let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577,
  ]
  let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
  var out: [UInt8] = []
  var final = false
  while !final {
    final = try next() == 1
    switch try bits(2) {
    case 0:
      bit = (bit + 7) / 8 * 8
      let len = try bits(16), nlen = try bits(16)
      guard len == ~nlen & 0xFFFF else { throw FormatError("stored block: LEN and NLEN disagree") }
      guard bit / 8 + len <= input.count else { throw FormatError("stored block past the end") }
      out += input[(bit / 8)..<(bit / 8 + len)]
      bit += len * 8
    case 1:
      while true {
        // RFC 1951 §3.2.6: 7-bit codes 0...23 are 256...279; 8-bit
        // 48...191 are 0...143 and 192...199 are 280...287; 9-bit
        // 400...511 are 144...255.
        var symbol: Int
        let c7 = try code(7)
        if c7 <= 23 {
          symbol = 256 + c7
        } else {
          let c8 = try code(1, after: c7)
          if (48...191).contains(c8) {
            symbol = c8 - 48
          } else if (192...199).contains(c8) {
            symbol = 280 + c8 - 192
          } else {
            symbol = 144 + (try code(1, after: c8)) - 400
          }
        }
        if symbol < 256 {
          out.append(UInt8(symbol))
          continue
        }
        if symbol == 256 { break }
        let k = symbol - 257
        guard k < 29 else { throw FormatError("length symbol \(symbol)") }
        let length = lengthBase[k] + (try bits(lengthExtra[k]))
        let d = try code(5)
        guard d < 30 else { throw FormatError("distance symbol \(d)") }
        let distance = distanceBase[d] + (try bits(distanceExtra[d]))
        guard distance <= out.count else { throw FormatError("distance \(distance) before the start") }
        for _ in 0..<length { out.append(out[out.count - distance]) }
      }
    default:
      throw FormatError("a block type the encoder never writes")
    }
  }
  return (out, (bit + 7) / 8)
}

/// A zlib stream's data, after checking its header and its Adler-32.
func unzlib(_ stream: [UInt8]) throws -> [UInt8] {
  guard stream.count >= 6 else { throw FormatError("zlib stream too short") }
  guard stream[0] & 0x0F == 8, stream[0] >> 4 <= 7 else { throw FormatError("not DEFLATE with a window up to 32 KiB") }
  guard (UInt16(stream[0]) << 8 | UInt16(stream[1])) % 31 == 0 else { throw FormatError("header check bits") }
  guard stream[1] & 0x20 == 0 else { throw FormatError("preset dictionary") }
  let (data, used) = try inflate(Array(stream[2...]))
  guard 2 + used + 4 == stream.count else { throw FormatError("bytes after the Adler-32") }
  guard readBigEndian(stream, 2 + used) == referenceAdler32(data) else { throw FormatError("Adler-32 mismatch") }
  return data
}

/// A PNG file read back: its chunks' types, its size, and its RGBA bytes.
struct DecodedPNG {
  var chunkTypes: [String] = []
  var width = 0
  var height = 0
  var rgba: [UInt8] = []

  /// Reads an 8-bit RGBA, non-interlaced PNG, checking every CRC and
  /// undoing the five filter types.
  init(_ file: [UInt8]) throws {
    guard file.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw FormatError("signature") }
    var at = 8
    var header: [UInt8] = []
    var idat: [UInt8] = []
    while at < file.count {
      guard at + 12 <= file.count else { throw FormatError("truncated chunk") }
      let length = Int(readBigEndian(file, at))
      guard at + 12 + length <= file.count else { throw FormatError("chunk past the end") }
      let typeAndData = Array(file[(at + 4)..<(at + 8 + length)])
      guard readBigEndian(file, at + 8 + length) == referenceCRC32(typeAndData) else {
        throw FormatError("CRC of chunk \(chunkTypes.count)")
      }
      let type = String(decoding: typeAndData[0..<4], as: UTF8.self)
      chunkTypes.append(type)
      if type == "IHDR" { header = Array(typeAndData[4...]) }
      if type == "IDAT" { idat += typeAndData[4...] }
      at += 12 + length
    }
    guard header.count == 13 else { throw FormatError("IHDR") }
    width = Int(readBigEndian(header, 0))
    height = Int(readBigEndian(header, 4))
    guard header[8...] == [8, 6, 0, 0, 0] else { throw FormatError("not 8-bit RGBA, zlib, no interlace") }
    let raw = try unzlib(idat)
    let stride = width * 4
    guard raw.count == height * (stride + 1) else { throw FormatError("\(raw.count) bytes of rows") }
    var previous = [UInt8](repeating: 0, count: stride)
    for y in 0..<height {
      let filter = raw[y * (stride + 1)]
      var row = Array(raw[(y * (stride + 1) + 1)..<((y + 1) * (stride + 1))])
      for i in 0..<stride {
        let a = Int(i >= 4 ? row[i - 4] : 0), b = Int(previous[i]), c = Int(i >= 4 ? previous[i - 4] : 0)
        let predicted: Int
        switch filter {
        case 0: predicted = 0
        case 1: predicted = a
        case 2: predicted = b
        case 3: predicted = (a + b) / 2
        case 4:
          let p = a + b - c
          let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
          predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        default: throw FormatError("filter \(filter)")
        }
        row[i] = UInt8(truncatingIfNeeded: Int(row[i]) + predicted)
      }
      rgba += row
      previous = row
    }
  }
}
