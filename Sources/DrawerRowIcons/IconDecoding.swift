import CPNG
import CRsvg
import DrawerRows

/// An icon file decoded into a square of premultiplied pixels: PNG through
/// libpng's simplified API, SVG through librsvg (opened on first use).
///
/// The rule: the picture is scaled to fit `size` × `size` keeping its
/// proportions, centred; a PNG of another size is resampled by averaging
/// the source pixels each target pixel covers (a box filter), which keeps
/// a large icon's thin lines when it shrinks. A file that cannot be read
/// or decoded gives nil.
public enum IconDecoding {
  /// The largest icon file read, bytes.
  static let fileLimit = 8 << 20

  /// The icon at `path` at `size` device pixels.
  public static func decode(path: String, size: Int) -> RowIconImage? {
    guard size > 0, size <= 1024, let data = IconFiles.read(path, limit: fileLimit) else { return nil }
    if path.hasSuffix(".svg") { return svg(data, size: size) }
    return png(data, size: size)
  }

  static func svg(_ data: [UInt8], size: Int) -> RowIconImage? {
    var pixels = [UInt32](repeating: 0, count: size * size)
    let status = data.withUnsafeBufferPointer { d in
      pixels.withUnsafeMutableBufferPointer { drawer_rsvg_render(d.baseAddress, d.count, Int32(size), $0.baseAddress) }
    }
    return status == 0 ? RowIconImage(size: size, pixels: pixels) : nil
  }

  static func png(_ data: [UInt8], size: Int) -> RowIconImage? {
    // libpng reads from the bytes between begin and finish: one borrow
    // holds them for both.
    data.withUnsafeBytes { bytes -> RowIconImage? in
      var image = png_image()
      image.version = png_uint_32(PNG_IMAGE_VERSION)
      guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else { return nil }
      let width = Int(image.width), height = Int(image.height)
      guard width > 0, height > 0, width <= 4096, height <= 4096 else {
        png_image_free(&image)
        return nil
      }
      image.format = drawer_png_format_rgba
      var rgba = [UInt8](repeating: 0, count: width * height * 4)
      let finished = rgba.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
      guard finished != 0 else { return nil }
      return RowIconImage(size: size, pixels: fit(rgba, width: width, height: height, size: size))
    }
  }

  /// Straight RGBA `width` × `height` fitted into a square of `size`,
  /// premultiplied, as a8r8g8b8 words.
  static func fit(_ rgba: [UInt8], width: Int, height: Int, size: Int) -> [UInt32] {
    let fitScale = Double(size) / Double(max(width, height))
    let w = max(1, Int((Double(width) * fitScale).rounded())), h = max(1, Int((Double(height) * fitScale).rounded()))
    let ox = (size - w) / 2, oy = (size - h) / 2
    var out = [UInt32](repeating: 0, count: size * size)
    for ty in 0..<h {
      let sy0 = Double(ty) * Double(height) / Double(h), sy1 = Double(ty + 1) * Double(height) / Double(h)
      for tx in 0..<w {
        let sx0 = Double(tx) * Double(width) / Double(w), sx1 = Double(tx + 1) * Double(width) / Double(w)
        // Premultiplied sums over the source pixels the target covers, each
        // weighted by the part of it inside.
        var r = 0.0, g = 0.0, b = 0.0, a = 0.0, total = 0.0
        var sy = Int(sy0)
        while Double(sy) < sy1 && sy < height {
          let wy = min(sy1, Double(sy + 1)) - max(sy0, Double(sy))
          var sx = Int(sx0)
          while Double(sx) < sx1 && sx < width {
            let wx = min(sx1, Double(sx + 1)) - max(sx0, Double(sx))
            let weight = wx * wy
            let i = (sy * width + sx) * 4
            let alpha = Double(rgba[i + 3]) / 255
            r += Double(rgba[i]) * alpha * weight
            g += Double(rgba[i + 1]) * alpha * weight
            b += Double(rgba[i + 2]) * alpha * weight
            a += Double(rgba[i + 3]) * weight
            total += weight
            sx += 1
          }
          sy += 1
        }
        guard total > 0 else { continue }
        func byte(_ v: Double) -> UInt32 { UInt32(min(255, max(0, (v / total).rounded()))) }
        out[(oy + ty) * size + ox + tx] = byte(a) << 24 | byte(r) << 16 | byte(g) << 8 | byte(b)
      }
    }
    return out
  }
}
