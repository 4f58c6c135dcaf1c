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

/// The Gaussian of a shadow's blur: σ = blurRadius / 2 as in
/// `ShadowConfiguration`, reaching k = ⌈3σ⌉ either side so that its edge is
/// invisible, normalised to sum 1.
struct ShadowKernel {
  /// k: the kernel covers offsets -k...k.
  let extent: Int
  private let weights: [Double]
  /// cdfTable[u + k] = sum of the weights up to offset u.
  private let cdfTable: [Double]

  /// k for `blurRadius`.
  static func extent(blurRadius: Double) -> Int { blurRadius > 0 ? Int((3 * (blurRadius / 2)).rounded(.up)) : 0 }

  init(blurRadius: Double) {
    let sigma = blurRadius / 2
    let k = ShadowKernel.extent(blurRadius: blurRadius)
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
    var table = [Double](repeating: 0, count: 2 * k + 1)
    var running = 0.0
    for i in 0..<g.count {
      running += g[i]
      table[i] = running
    }
    extent = k
    weights = g
    cdfTable = table
  }

  @inline(__always)
  func weight(_ d: Int) -> Double { d < -extent || d > extent ? 0 : weights[d + extent] }

  @inline(__always)
  func cdf(_ u: Int) -> Double { u < -extent ? 0 : (u >= extent ? 1 : cdfTable[u + extent]) }

  /// The band's value in row `j` away from the corners: the blurred top
  /// edge alone, the same for every corner radius.
  func edge(row j: Int) -> UInt8 { Coverage.byte(cdf(j - extent)) }
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
///
/// The renderer assembles the band itself from a `ShadowTile` and the edge
/// rows when the drawer is opaque; this whole band serves a translucent
/// drawer, through which all of it shows.
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
  ///   - blurRadius: the shadow radius, px.
  ///   - extraRows: rows added below the corners, for an upward offset.
  init(shapeWidth w: Int, cornerRadius r: Double, blurRadius: Double, extraRows: Int) {
    let kernel = ShadowKernel(blurRadius: blurRadius)
    let k = kernel.extent
    let c = Int(r.rounded(.up))
    let bandWidth = w + 2 * k
    width = bandWidth
    originX = -k
    originY = -k
    var out: [UInt8]
    if ShadowTile.fits(shapeWidth: w, cornerSize: c, blurExtent: k) {
      let tile = ShadowTile(kernel: kernel, cornerRadius: r, extraRows: extraRows)
      height = tile.height
      out = [UInt8](repeating: 0, count: bandWidth * tile.height)
      for j in 0..<tile.height {
        let row = j * bandWidth
        for i in 0..<tile.width {
          out[row + i] = tile.left[j * tile.width + i]
          out[row + bandWidth - tile.width + i] = tile.right[j * tile.width + i]
        }
        let middle = kernel.edge(row: j)
        for i in tile.width..<(bandWidth - tile.width) { out[row + i] = middle }
      }
    } else {
      height = c + 2 * k + extraRows
      let blurred = blurredColumns(kernel, shapeWidth: w, cornerRadius: r, columns: bandWidth, rows: height)
      out = blurred.map(Coverage.byte)
    }
    pixels = out
    var bottom = [UInt8](repeating: 0, count: bandWidth)
    for i in 0..<bandWidth {
      let x = i - k
      bottom[i] = Coverage.byte(kernel.cdf(x) - kernel.cdf(x - w))
    }
    profile = bottom
  }
}

/// The two ends of the shadow band of a sheet wide enough that its corners
/// do not see each other through the blur: everything in the band that
/// depends on the corner radius.
///
/// A drag changes the radius every frame, so this is what a drag computes;
/// the rest of the band is the edge rows (`ShadowKernel.edge`), the same
/// for every radius and every width.
struct ShadowTile {
  /// Columns of each end: the corner plus the blur extent on both sides.
  let width: Int
  /// The band's rows computed: all of them (the corner plus the blur
  /// extent above and below, plus the extra rows) unless fewer were asked.
  let height: Int
  /// The left end, row-major, its first column at the band's left edge.
  let left: [UInt8]
  /// The right end: `left` mirrored.
  let right: [UInt8]

  /// Whether a `shapeWidth` sheet has its ends apart: then its band is two
  /// tiles with the edge rows between them.
  static func fits(shapeWidth w: Int, cornerSize c: Int, blurExtent k: Int) -> Bool { w >= 2 * c + 2 * k }

  /// - Parameters:
  ///   - rows: the band's top rows wanted, when not all: an opaque drawer
  ///     hides the rest.
  ///   - hiddenColumns: outer columns of each end left at 0, for ends that
  ///     reach past the window's edges.
  init(kernel: ShadowKernel, cornerRadius r: Double, extraRows: Int, rows: Int? = nil, hiddenColumns: Int = 0) {
    let k = kernel.extent
    let c = Int(r.rounded(.up))
    let columns = c + 2 * k
    let bandHeight = c + 2 * k + extraRows
    let count = min(max(rows ?? bandHeight, 0), bandHeight)
    // The narrowest sheet that fits: from a wider one the far corner and
    // edge are out of the kernel's reach, so the values are the same.
    let blurred = blurredColumns(
      kernel, shapeWidth: 2 * c + 2 * k, cornerRadius: r, columns: columns, rows: count,
      firstColumn: min(max(hiddenColumns, 0), columns))
    width = columns
    height = count
    left = blurred.map(Coverage.byte)
    right = Coverage.mirrored(left, width: columns)
  }
}

/// The blurred silhouette of a `w`-wide sheet with top corners of radius
/// `r`, in its band's columns `firstColumn`..<`columns` and rows 0..<`rows`,
/// row-major with `columns` a row (the columns before `firstColumn` are 0):
/// a horizontal pass over the corner rows and one row standing for every
/// row below them, then a vertical pass. Columns are independent, so
/// leaving some out changes none of the others.
private func blurredColumns(
  _ kernel: ShadowKernel, shapeWidth w: Int, cornerRadius r: Double, columns: Int, rows bandHeight: Int,
  firstColumn: Int = 0
) -> [Double] {
  let k = kernel.extent
  let c = Int(r.rounded(.up))
  let corner = Coverage.corner(inset: 0, radius: r, size: c)

  // Horizontal pass, rows 0 ..< c (corner rows) and row c (every row
  // below): a full row's blur minus the corners' missing coverage. Corner
  // columns out of the kernel's reach from both corners subtract exactly
  // zero and are skipped.
  // In each corner row only the columns left of the arc miss coverage.
  var missing = [Int](repeating: 0, count: c)
  for yy in 0..<c {
    for cx in 0..<c where corner[yy * c + cx] < 1 { missing[yy] = cx + 1 }
  }
  var horizontal = [Double](repeating: 0, count: (c + 1) * columns)
  horizontal.withUnsafeMutableBufferPointer { h in
    corner.withUnsafeBufferPointer { corner in
      for i in firstColumn..<columns {
        let x = i - k
        let full = kernel.cdf(x) - kernel.cdf(x - w)
        // Reach of the left corner (x - cx within ±k) and of the right one
        // (x - (w - 1 - cx) within ±k), as one span of corner columns.
        let lowest = max(0, min(x - k, w - 1 - x - k))
        let highest = min(c - 1, max(x + k, w - 1 - x + k))
        for yy in 0...c {
          var v = full
          if yy < c && lowest < min(highest + 1, missing[yy]) {
            for cx in lowest..<min(highest + 1, missing[yy]) {
              let deficit = 1 - corner[yy * c + cx]
              guard deficit > 0 else { continue }
              v -= kernel.weight(x - cx) * deficit + kernel.weight(x - (w - 1 - cx)) * deficit
            }
          }
          h[yy * columns + i] = v
        }
      }
    }
  }
  // Vertical pass: the corner rows one by one, every row below at once.
  // Row by row, so the inner loop runs along memory; each value still sums
  // its terms in the same order. Corner rows beyond the kernel's reach add
  // exactly zero and are skipped.
  var blurred = [Double](repeating: 0, count: bandHeight * columns)
  blurred.withUnsafeMutableBufferPointer { out in
    horizontal.withUnsafeBufferPointer { h in
      for j in 0..<bandHeight {
        let y = j - k
        let below = kernel.cdf(y - c)
        let row = out.baseAddress! + j * columns
        let rest = h.baseAddress! + c * columns
        for i in firstColumn..<columns { row[i] = below * rest[i] }
        let first = max(0, y - k)
        let end = min(c, y + k + 1)
        guard first < end else { continue }
        for yy in first..<end {
          let weight = kernel.weight(y - yy)
          let source = h.baseAddress! + yy * columns
          for i in firstColumn..<columns { row[i] += weight * source[i] }
        }
      }
    }
  }
  return blurred
}
