/// Writes 8-bit RGBA pixels as a PNG file (ISO/IEC 15948), with the
/// standard library alone.
///
/// The file is the signature, IHDR (colour type 6: RGBA, 8 bits a channel,
/// no interlace), one IDAT holding a zlib stream of the rows, and IEND.
/// Each row has filter type 0 (none): `Deflate`'s matches already find the
/// runs and repeated rows a filter would expose. PNG's alpha is straight,
/// never premultiplied, so the pixels given must be too.
public enum PNGEncoder {
  /// Every PNG file's first eight bytes.
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Bits per channel, and IHDR's colour type for RGBA.
  static let bitDepth: UInt8 = 8
  static let colorTypeRGBA: UInt8 = 6

  /// `rgba` (R, G, B, A bytes per pixel, straight alpha, row-major from the
  /// top left; `width` × `height` × 4 of them) as a PNG file.
  ///
  /// Both sides must be at least 1 px, as PNG requires.
  public static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
    precondition(width > 0 && height > 0, "a PNG is at least 1 × 1 px")
    precondition(rgba.count == width * height * 4, "rgba holds width × height × 4 bytes")
    var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
    // Compression method 0 (zlib), filter method 0, interlace method 0.
    header += [bitDepth, colorTypeRGBA, 0, 0, 0]
    let stride = width * 4
    var raw = [UInt8]()
    raw.reserveCapacity(height * (stride + 1))
    for y in 0..<height {
      raw.append(0)  // filter type 0: the row as it is
      raw += rgba[(y * stride)..<((y + 1) * stride)]
    }
    return signature + chunk("IHDR", header) + chunk("IDAT", zlib(raw)) + chunk("IEND", [])
  }

  /// A chunk: the data's length, the type, the data, and the CRC-32 of
  /// type and data.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeAndData = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
  }

  /// A zlib stream (RFC 1950): the two header bytes, the DEFLATE data,
  /// the Adler-32 of `data`.
  static func zlib(_ data: [UInt8]) -> [UInt8] {
    // CMF: method 8 (DEFLATE) with a 2^(7+8) = 32 KiB window.
    let cmf: UInt8 = 0x78
    // FLG: level 0 (the fastest: this is no search for the smallest), no
    // preset dictionary, and the check bits that make CMF·256 + FLG a
    // multiple of 31.
    let level: UInt16 = 0 << 6
    let check = (31 - (UInt16(cmf) << 8 | level) % 31) % 31
    let flg = UInt8(level | check)
    return [cmf, flg] + Deflate.compress(data) + bigEndian(adler32(data))
  }

  /// The CRC-32 of ISO 3309 / ITU-T V.42 that PNG uses: reflected
  /// polynomial 0xEDB88320, register starting at all ones, result inverted.
  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for b in bytes { crc = crcTable[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) }
    return ~crc
  }

  /// The CRC of each byte value, so the sum runs a byte at a time.
  static let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  /// Adler-32 (RFC 1950): two sums modulo 65521, the second of the first.
  public static func adler32(_ bytes: [UInt8]) -> UInt32 {
    let modulus: UInt32 = 65521
    // 5552 bytes is the most that can be summed before a UInt32 overflows.
    let run = 5552
    var a: UInt32 = 1, b: UInt32 = 0
    var start = 0
    while start < bytes.count {
      for byte in bytes[start..<min(start + run, bytes.count)] {
        a += UInt32(byte)
        b += a
      }
      a %= modulus
      b %= modulus
      start += run
    }
    return b << 16 | a
  }

  /// `value`'s four bytes, most significant first: PNG's order.
  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}
