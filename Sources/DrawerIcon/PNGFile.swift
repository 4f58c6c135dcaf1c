import CPNG

/// Writes 8-bit RGBA pixels as a PNG file through libpng.
///
/// The file is what libpng's simplified API writes for `PNG_FORMAT_RGBA`:
/// colour type 6 at 8 bits a channel, not interlaced, with an sRGB chunk
/// (the icon's colours are sRGB), its rows filtered and compressed by
/// libpng's and zlib's defaults. PNG's alpha is straight, never
/// premultiplied, so the pixels given must be too. The bytes depend on the
/// libpng and zlib versions; the pixels do not, so compare decoded files.
public enum PNGFile {
  /// Why libpng wrote no file: its own message.
  public struct EncodingError: Error, CustomStringConvertible {
    /// libpng's message, as it gave it.
    public let description: String
  }

  /// `rgba` (R, G, B, A bytes per pixel, straight alpha, row-major from the
  /// top left; `width` × `height` × 4 of them) as a PNG file.
  ///
  /// Both sides must be at least 1 px, as PNG requires. Throws only when
  /// libpng fails, which for pixels in memory means it ran out of memory.
  public static func encode(width: Int, height: Int, rgba: [UInt8]) throws(EncodingError) -> [UInt8] {
    precondition(width > 0 && height > 0, "a PNG is at least 1 × 1 px")
    precondition(rgba.count == width * height * 4, "rgba holds width × height × 4 bytes")
    var image = png_image()
    image.version = png_uint_32(PNG_IMAGE_VERSION)
    image.width = png_uint_32(width)
    image.height = png_uint_32(height)
    image.format = drawer_png_format_rgba
    // Two passes, as libpng documents: the first writes nowhere and gives
    // the size, the second fills a buffer of that size. The compression
    // runs twice, which for an icon is a millisecond.
    var size: png_alloc_size_t = 0
    guard png_image_write_to_memory(&image, nil, &size, 0, rgba, 0, nil) != 0, size > 0 else {
      throw EncodingError(description: message(image))
    }
    var file = [UInt8](repeating: 0, count: Int(size))
    let written = file.withUnsafeMutableBytes { out in
      png_image_write_to_memory(&image, out.baseAddress, &size, 0, rgba, 0, nil)
    }
    guard written != 0 else { throw EncodingError(description: message(image)) }
    return Array(file.prefix(Int(size)))
  }

  /// The message libpng left in `image`, or a general one when it left none.
  static func message(_ image: png_image) -> String {
    var text = image.message
    let read = withUnsafeBytes(of: &text) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    return read.isEmpty ? "libpng could not write the image" : read
  }
}
