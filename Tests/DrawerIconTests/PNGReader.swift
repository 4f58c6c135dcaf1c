import CPNG

// A reader for the PNG files the tests check: the chunks' types and
// IHDR's fields walked by hand, the pixels decoded by libpng, which checks
// every CRC, the zlib stream and the filters. No inflater of our own: a
// decoder written next to the encoder it checks is a second copy of the
// same misreading.

struct FormatError: Error, CustomStringConvertible {
  let description: String
  init(_ d: String) { description = d }
}

func readBigEndian(_ bytes: [UInt8], _ at: Int) -> UInt32 {
  UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
}

/// A PNG file read back: its chunks' types, IHDR's fields, and its pixels
/// as straight R, G, B, A bytes.
struct DecodedPNG {
  var chunkTypes: [String] = []
  /// IHDR's bit depth, colour type, compression, filter and interlace methods.
  var headerFields: [UInt8] = []
  var width = 0
  var height = 0
  var rgba: [UInt8] = []

  /// Reads an 8-bit RGBA PNG; any other kind of PNG, or a damaged one, is
  /// an error.
  init(_ file: [UInt8]) throws {
    guard file.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw FormatError("signature") }
    var at = 8
    while at + 12 <= file.count {
      let length = Int(readBigEndian(file, at))
      guard at + 12 + length <= file.count else { throw FormatError("chunk past the end") }
      let type = String(decoding: file[(at + 4)..<(at + 8)], as: UTF8.self)
      chunkTypes.append(type)
      if type == "IHDR" && length == 13 { headerFields = Array(file[(at + 16)..<(at + 21)]) }
      at += 12 + length
    }
    guard at == file.count else { throw FormatError("bytes after the last chunk") }

    var image = png_image()
    image.version = png_uint_32(PNG_IMAGE_VERSION)
    // begin_read keeps a pointer into the file until finish_read, so both
    // run while the bytes are pinned.
    let pixels: [UInt8]? = try file.withUnsafeBytes { bytes in
      guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else { return nil }
      guard image.format == drawer_png_format_rgba else {
        png_image_free(&image)
        throw FormatError("not 8-bit RGBA: format \(image.format)")
      }
      var out = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
      let read = out.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
      return read != 0 ? out : nil
    }
    guard let pixels else {
      var message = image.message
      throw FormatError(withUnsafeBytes(of: &message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
    }
    width = Int(image.width)
    height = Int(image.height)
    rgba = pixels
  }
}
