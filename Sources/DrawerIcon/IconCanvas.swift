/// A square of pixels that icon shapes are painted onto, in order, each
/// source-over what is already there.
///
/// The pixels are kept premultiplied (each colour channel already
/// multiplied by the pixel's alpha), in Double, with the sRGB-encoded
/// values as they are: source-over is then one multiply-add per channel,
/// `result = source × coverage + destination × (1 − source alpha × coverage)`,
/// and a translucent shape over a translucent pixel needs no division.
/// Blending the encoded values rather than linear light is what SVG
/// renderers do by default, so the PNGs and the SVG agree.
public struct IconCanvas: Sendable {
  /// Width and height, px.
  public let size: Int
  /// Red, green, blue and alpha of each pixel, row-major, premultiplied,
  /// each 0...1; all 0 is transparent.
  public private(set) var pixels: [Double]

  /// A transparent canvas; a negative size is an empty one.
  public init(size: Int) {
    self.size = max(0, size)
    pixels = [Double](repeating: 0, count: self.size * self.size * 4)
  }

  /// Paints `shape` source-over, each pixel weighted by the fraction of it
  /// the shape covers; with `clip` (a coverage map, see
  /// `PixelShape.coverageMap(size:)`), only inside the clip's shape.
  ///
  /// A clipped shape paints as if the clip's edge pixels were whole: its
  /// weight is the part of the clip's coverage it shares,
  /// min(shape, clip) / clip, which is exact when one of the two holds the
  /// other within the pixel. `mask(_:)` with the same map then cuts the
  /// edge. Painting a shape over another whose edge it shares would
  /// otherwise raise the alpha there, as if the two covered different
  /// parts of the pixel, and a panel inside a tile would leak past it.
  public mutating func paint(_ shape: IconShape, clip: [Double]? = nil) {
    let placed = shape.pixels(size: size)
    let (columns, rows) = placed.pixelBounds(size: size)
    guard !columns.isEmpty, !rows.isEmpty else { return }
    for x in columns {
      for (i, c) in placed.coverage(column: x, rows: rows).enumerated() where c > 0 {
        let y = rows.lowerBound + i
        var weight = c
        if let clip {
          let k = clip[y * size + x]
          guard k > 0 else { continue }
          weight = min(c, k) / k
        }
        blend(shape.color, coverage: weight, x: x, y: y)
      }
    }
  }

  /// Multiplies every pixel, colour and alpha, by `coverage` (row-major,
  /// `size`×`size`, 0...1): what clipping to a shape leaves of the canvas.
  public mutating func mask(_ coverage: [Double]) {
    precondition(coverage.count == size * size, "one coverage per pixel")
    for p in 0..<(size * size) {
      let k = min(max(coverage[p], 0), 1)
      for c in 0..<4 { pixels[p * 4 + c] *= k }
    }
  }

  /// Source-over of `color` at pixel (`x`, `y`), with its alpha scaled by
  /// `coverage`; nothing outside the canvas.
  public mutating func blend(_ color: IconColor, coverage: Double, x: Int, y: Int) {
    let a = color.alpha * min(max(coverage, 0), 1)
    guard a > 0, (0..<size).contains(x), (0..<size).contains(y) else { return }
    let i = (y * size + x) * 4
    // Channel by channel rather than through an array of the source's
    // channels: this runs for every pixel of every shape, and an array a
    // pixel is an allocation a pixel.
    pixels[i] = Double(color.red) / 255 * a + pixels[i] * (1 - a)
    pixels[i + 1] = Double(color.green) / 255 * a + pixels[i + 1] * (1 - a)
    pixels[i + 2] = Double(color.blue) / 255 * a + pixels[i + 2] * (1 - a)
    pixels[i + 3] = a + pixels[i + 3] * (1 - a)
  }

  /// The canvas as 0xAARRGGBB words with straight (non-premultiplied)
  /// channels, row-major: what `_NET_WM_ICON` carries (see `AppIcon.argb`).
  ///
  /// A pixel whose alpha rounds to 0 is 0 in every channel.
  public func straightARGB() -> [UInt32] {
    (0..<(size * size)).map { p in
      let (r, g, b, a) = straightBytes(p)
      return UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }
  }

  /// The canvas as 0xAARRGGBB words with premultiplied channels, row-major:
  /// what an XRender PictStandardARGB32 picture holds. No channel exceeds
  /// the alpha.
  public func premultipliedARGB() -> [UInt32] {
    (0..<(size * size)).map { p in
      let i = p * 4
      let a = IconCanvas.byte(pixels[i + 3])
      // Rounding is monotonic and each channel is at most the alpha, so
      // the bytes keep that order.
      return UInt32(a) << 24 | UInt32(IconCanvas.byte(pixels[i])) << 16
        | UInt32(IconCanvas.byte(pixels[i + 1])) << 8 | UInt32(IconCanvas.byte(pixels[i + 2]))
    }
  }

  /// The canvas as R, G, B, A bytes per pixel with straight channels,
  /// row-major: what a PNG of colour type 6 holds.
  public func straightRGBA() -> [UInt8] {
    var out = [UInt8]()
    out.reserveCapacity(size * size * 4)
    for p in 0..<(size * size) {
      let (r, g, b, a) = straightBytes(p)
      out += [r, g, b, a]
    }
    return out
  }

  /// Pixel `p`'s channels divided by its alpha, and the alpha, as bytes.
  private func straightBytes(_ p: Int) -> (UInt8, UInt8, UInt8, UInt8) {
    let i = p * 4
    let alpha = pixels[i + 3]
    let a = IconCanvas.byte(alpha)
    // Below half a step the pixel is transparent, and its colour
    // (a division by almost nothing) means nothing.
    guard a > 0 else { return (0, 0, 0, 0) }
    return (
      IconCanvas.byte(pixels[i] / alpha), IconCanvas.byte(pixels[i + 1] / alpha),
      IconCanvas.byte(pixels[i + 2] / alpha), a
    )
  }

  /// 0...1 as the nearest of 0...255.
  @inline(__always)
  static func byte(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }
}
