import Glibc

/// Anti-aliased coverage masks computed in software: the drawer's rounded
/// corners, its border ring, the handle and the Gaussian shadow band.
///
/// Doing this on the client (B2 route 1 of the research note) gives exact,
/// cacheable A8 images: Xorg rasterises trapezoids on the CPU anyway, and a
/// mask built once per geometry costs nothing per frame.
enum Coverage {
  /// Vertical slices per pixel when integrating a circle's area. Each slice is
  /// exact in y, so 16 slices keep the error under one A8 step.
  static let slicesPerPixel = 16

  /// Coverage (0...1, row-major, `size`×`size`) of the top-left corner of a
  /// shape whose edges lie at x = `inset` and y = `inset` and whose corner is
  /// a quarter circle of radius `radius` centred at (inset + radius)².
  ///
  /// The shape goes on forever to the right and downward, so one table
  /// serves every corner by mirroring.
  static func corner(inset a: Double, radius rho: Double, size n: Int) -> [Double] {
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
      for y in 0..<n {
        var sum = 0.0
        for top in tops { sum += min(max(Double(y) + 1 - top, 0), 1) }
        out[y * n + x] = sum / Double(slices)
      }
    }
    return out
  }

  /// A coverage value as an A8 byte.
  @inline(__always)
  static func byte(_ v: Double) -> UInt8 {
    UInt8(min(max(v, 0), 1) * 255 + 0.5)
  }

  /// The same `width`-wide rows, each reversed: the right-hand twin of a
  /// left-hand mask.
  static func mirrored(_ pixels: [UInt8], width: Int) -> [UInt8] {
    var out = pixels
    guard width > 0 else { return out }
    for start in stride(from: 0, to: pixels.count, by: width) {
      for x in 0..<width { out[start + x] = pixels[start + width - 1 - x] }
    }
    return out
  }
}

/// The left top-corner masks of the drawer for one corner radius and border
/// thickness: the fill and the border ring.
struct CornerMasks {
  /// Width and height of each mask: enough for the radius and the border.
  let size: Int
  /// Coverage of the drawer's shape.
  let fill: [UInt8]
  /// Coverage of the border ring (shape minus the shape inset by the
  /// thickness); nil when there is no border.
  let border: [UInt8]?

  init(radius r: Double, borderThickness t: Double) {
    let n = max(Int(r.rounded(.up)), Int(t.rounded(.up)))
    size = n
    let outer = Coverage.corner(inset: 0, radius: r, size: n)
    fill = outer.map(Coverage.byte)
    if t > 0 {
      // Inset by t, the inner corner keeps the outer centre while the
      // radius allows; past that it is square.
      let inner = Coverage.corner(inset: t, radius: max(0, r - t), size: n)
      var ring = [UInt8](repeating: 0, count: n * n)
      for i in 0..<(n * n) { ring[i] = Coverage.byte(outer[i] - inner[i]) }
      border = ring
    } else {
      border = nil
    }
  }
}

/// A rounded rectangle's coverage, for the handle.
struct RoundedRectMask {
  let width: Int
  let height: Int
  let pixels: [UInt8]

  init(width w: Int, height h: Int, radius: Double) {
    width = w
    height = h
    let rho = min(radius, Double(w) / 2, Double(h) / 2)
    let n = Int(rho.rounded(.up))
    let corner = Coverage.corner(inset: 0, radius: rho, size: n)
    var out = [UInt8](repeating: 255, count: w * h)
    for y in 0..<h {
      let my = min(y, h - 1 - y)
      guard my < n else { continue }
      for x in 0..<w {
        let mx = min(x, w - 1 - x)
        if mx < n { out[y * w + x] = Coverage.byte(corner[my * n + mx]) }
      }
    }
    pixels = out
  }
}

/// The drawer's Gaussian shadow around its rounded top edge, as coverage.
///
/// The drawer is a `shapeWidth`-wide sheet with two rounded top corners that
/// runs far below the window, so its blurred silhouette is constant along
/// the top edge away from the corners and constant downward below the
/// corners. The band holds the rows where it varies (blur extent above the
/// top to blur extent below the corners); `profile` is the one row that
/// repeats below the band. The left corner tile is computed and mirrored,
/// the middle is one value per row, like picom's nine-region shadow (B1).
struct ShadowBand {
  /// Width: the shape plus the blur extent on each side.
  let width: Int
  let height: Int
  /// Where the band's top-left pixel lies relative to the shape's top-left
  /// corner (both negative: the blur extent).
  let originX: Int
  let originY: Int
  let pixels: [UInt8]
  /// The row below the band, repeated downward.
  let profile: [UInt8]

  /// - Parameters:
  ///   - shapeWidth: the drawer's width, px.
  ///   - cornerRadius: its top corners' radius, px.
  ///   - blurRadius: the shadow radius, px; σ = blurRadius / 2 as in
  ///     `ShadowConfiguration`, and the kernel reaches 3σ so its edge is
  ///     invisible.
  ///   - extraRows: rows added below the corners, for an upward offset.
  init(shapeWidth w: Int, cornerRadius r: Double, blurRadius: Double, extraRows: Int) {
    let sigma = blurRadius / 2
    let k = blurRadius > 0 ? Int((3 * sigma).rounded(.up)) : 0
    var g = [Double](repeating: 1, count: 2 * k + 1)
    if k > 0 {
      var total = 0.0
      for i in -k...k {
        let v = Double(i * i) / (-2 * sigma * sigma)
        g[i + k] = exp(v)
        total += g[i + k]
      }
      for i in 0..<g.count { g[i] /= total }
    }
    // cdf[u + k] = sum of the kernel up to offset u.
    var cdfTable = [Double](repeating: 0, count: 2 * k + 1)
    var running = 0.0
    for i in 0..<g.count {
      running += g[i]
      cdfTable[i] = running
    }
    func weight(_ d: Int) -> Double { d < -k || d > k ? 0 : g[d + k] }
    func cdf(_ u: Int) -> Double { u < -k ? 0 : (u >= k ? 1 : cdfTable[u + k]) }

    let c = Int(r.rounded(.up))
    let corner = Coverage.corner(inset: 0, radius: r, size: c)
    let bandHeight = c + 2 * k + extraRows
    let bandWidth = w + 2 * k
    width = bandWidth
    height = bandHeight
    originX = -k
    originY = -k

    // When the shape is wide enough the left tile sees neither the right
    // corner nor the right edge; otherwise compute every column.
    let tiled = w >= 2 * c + 2 * k
    let columns = tiled ? c + 2 * k : bandWidth

    // Horizontal pass, rows 0 ..< c (corner rows) and row c (every row
    // below): a full row's blur minus the corners' missing coverage.
    var horizontal = [Double](repeating: 0, count: (c + 1) * columns)
    for i in 0..<columns {
      let x = i - k
      let full = cdf(x) - cdf(x - w)
      for yy in 0...c {
        var v = full
        if yy < c {
          for cx in 0..<c {
            let deficit = 1 - corner[yy * c + cx]
            guard deficit > 0 else { continue }
            v -= weight(x - cx) * deficit + weight(x - (w - 1 - cx)) * deficit
          }
        }
        horizontal[yy * columns + i] = v
      }
    }
    // Vertical pass: the corner rows one by one, every row below at once.
    var blurred = [Double](repeating: 0, count: bandHeight * columns)
    for j in 0..<bandHeight {
      let y = j - k
      let below = cdf(y - c)
      for i in 0..<columns {
        var v = below * horizontal[c * columns + i]
        for yy in 0..<c { v += weight(y - yy) * horizontal[yy * columns + i] }
        blurred[j * columns + i] = v
      }
    }

    var out = [UInt8](repeating: 0, count: bandWidth * bandHeight)
    for j in 0..<bandHeight {
      let row = j * bandWidth
      if tiled {
        let middle = Coverage.byte(cdf(j - k))
        for i in 0..<columns {
          let v = Coverage.byte(blurred[j * columns + i])
          out[row + i] = v
          out[row + bandWidth - 1 - i] = v
        }
        for i in columns..<(bandWidth - columns) { out[row + i] = middle }
      } else {
        for i in 0..<columns { out[row + i] = Coverage.byte(blurred[j * columns + i]) }
      }
    }
    pixels = out
    var bottom = [UInt8](repeating: 0, count: bandWidth)
    for i in 0..<bandWidth {
      let x = i - k
      bottom[i] = Coverage.byte(cdf(x) - cdf(x - w))
    }
    profile = bottom
  }
}
