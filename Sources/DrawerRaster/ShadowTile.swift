/// The two ends of the shadow band of a sheet wide enough that its corners
/// do not see each other through the blur: everything in the band that
/// depends on the corner radius.
///
/// A drag changes the radius every frame, so this is what a drag computes;
/// the rest of the band is the edge rows (`ShadowKernel.edge`), the same
/// for every radius and every width.
public struct ShadowTile {
  /// Columns of each end: the corner plus the blur extent on both sides.
  public let width: Int
  /// The band's rows computed: all of them (the corner plus the blur
  /// extent above and below, plus the extra rows) unless fewer were asked.
  public let height: Int
  /// The left end, row-major, its first column at the band's left edge.
  public let left: [UInt8]
  /// The right end: `left` mirrored.
  public let right: [UInt8]

  /// - Parameters:
  ///   - rows: the band's top rows wanted, when not all: an opaque drawer
  ///     hides the rest.
  ///   - hiddenColumns: outer columns of each end left at 0, for ends that
  ///     reach past the window's edges.
  public init(kernel: ShadowKernel, cornerRadius r: Double, extraRows: Int, rows: Int? = nil, hiddenColumns: Int = 0) {
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
