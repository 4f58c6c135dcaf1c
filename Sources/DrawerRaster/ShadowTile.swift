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

  /// Whether a `shapeWidth` sheet has its ends apart: then its band is two
  /// tiles with the edge rows between them.
  public static func fits(shapeWidth w: Int, cornerSize c: Int, blurExtent k: Int) -> Bool { w >= 2 * c + 2 * k }

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
