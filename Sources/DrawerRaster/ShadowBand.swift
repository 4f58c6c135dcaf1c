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
public struct ShadowBand {
  /// Width: the shape plus the blur extent on each side.
  public let width: Int
  public let height: Int
  /// Where the band's top-left pixel lies relative to the shape's top-left
  /// corner (both negative: the blur extent).
  public let originX: Int
  public let originY: Int
  public let pixels: [UInt8]
  /// The row below the band, repeated downward.
  public let profile: [UInt8]

  /// - Parameters:
  ///   - shapeWidth: the drawer's width, px.
  ///   - cornerRadius: its top corners' radius, px.
  ///   - blurRadius: the shadow radius, px.
  ///   - extraRows: rows added below the corners, for an upward offset.
  public init(shapeWidth w: Int, cornerRadius r: Double, blurRadius: Double, extraRows: Int) {
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

/// The blurred silhouette of a `w`-wide sheet with top corners of radius
/// `r`, in its band's columns `firstColumn`..<`columns` and rows 0..<`rows`,
/// row-major with `columns` a row (the columns before `firstColumn` are 0):
/// a horizontal pass over the corner rows and one row standing for every
/// row below them, then a vertical pass. Columns are independent, so
/// leaving some out changes none of the others.
func blurredColumns(
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
