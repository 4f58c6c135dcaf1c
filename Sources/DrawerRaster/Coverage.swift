/// Anti-aliased coverage masks computed in software: the drawer's rounded
/// corners, its border ring, the handle and the Gaussian shadow band.
///
/// Doing this on the client (B2 route 1 of the research note) gives exact,
/// cacheable A8 images: Xorg rasterises trapezoids on the CPU anyway, and a
/// mask built once per geometry costs nothing per frame.
public enum Coverage {
  /// Vertical slices per pixel when integrating a circle's area. Each slice is
  /// exact in y, so 16 slices keep the error under one A8 step.
  public static let slicesPerPixel = 16

  /// Coverage (0...1, row-major, `size`×`size`) of the top-left corner of a
  /// shape whose edges lie at x = `inset` and y = `inset` and whose corner is
  /// a quarter circle of radius `radius` centred at (inset + radius)².
  ///
  /// The shape goes on forever to the right and downward, so one table
  /// serves every corner by mirroring.
  public static func corner(inset a: Double, radius rho: Double, size n: Int) -> [Double] {
    guard n > 0 else { return [] }
    let slices = slicesPerPixel
    var out = [Double](repeating: 0, count: n * n)
    var tops = [Double](repeating: 0, count: slices)
    let centre = a + rho
    for x in 0..<n {
      // The shape's top edge at each slice's centre: inside is y ≥ top.
      for j in 0..<slices {
        let xs = Double(x) + (Double(j) + 0.5) / Double(slices)
        if xs < a {
          tops[j] = .infinity
        } else if xs >= centre {
          tops[j] = a
        } else {
          let dx = centre - xs
          tops[j] = centre - max(0, rho * rho - dx * dx).squareRoot()
        }
      }
      // Above every slice's edge the pixel is empty, below all of them
      // full; only the rows between need the sum.
      let highest = tops.min() ?? .infinity
      let lowest = tops.max() ?? .infinity
      for y in 0..<n where Double(y) + 1 > highest {
        if Double(y) >= lowest {
          out[y * n + x] = 1
          continue
        }
        var sum = 0.0
        for top in tops { sum += min(max(Double(y) + 1 - top, 0), 1) }
        out[y * n + x] = sum / Double(slices)
      }
    }
    return out
  }

  /// A coverage value as an A8 byte.
  @inline(__always)
  public static func byte(_ v: Double) -> UInt8 {
    UInt8(min(max(v, 0), 1) * 255 + 0.5)
  }

  /// The same `width`-wide rows, each reversed: the right-hand twin of a
  /// left-hand mask.
  public static func mirrored(_ pixels: [UInt8], width: Int) -> [UInt8] {
    var out = pixels
    guard width > 0 else { return out }
    for start in stride(from: 0, to: pixels.count, by: width) {
      for x in 0..<width { out[start + x] = pixels[start + width - 1 - x] }
    }
    return out
  }
}
