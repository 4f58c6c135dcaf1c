/// Where a mask's moving edge lies: masks are computed for a bottom panel,
/// whose moving edge is its top, and turned once, when cached, for the
/// other edges.
public enum MovingSide: Hashable, Sendable {
  /// A bottom panel: masks as computed.
  case top
  /// A top panel: flipped upside down.
  case bottom
  /// A right panel: transposed, so the top rows become the left columns.
  case left
  /// A left panel: transposed and mirrored, the top rows become the right columns.
  case right
}

/// A row-major alpha mask with its size.
public struct OrientedMask: Hashable, Sendable {
  public let width: Int
  public let height: Int
  public let pixels: [UInt8]

  /// `pixels` (`width` × `height`, computed with the moving edge at the
  /// top) turned so that the moving edge lies on `side`. Transposing swaps
  /// the width and the height.
  public init(_ pixels: [UInt8], width w: Int, height h: Int, movingSide side: MovingSide) {
    precondition(w >= 0 && h >= 0 && pixels.count == w * h, "mask size mismatch")
    switch side {
    case .top:
      (width, height, self.pixels) = (w, h, pixels)
    case .bottom:
      var out = [UInt8](repeating: 0, count: pixels.count)
      for y in 0..<h {
        let from = (h - 1 - y) * w
        for x in 0..<w { out[y * w + x] = pixels[from + x] }
      }
      (width, height, self.pixels) = (w, h, out)
    case .left, .right:
      // Source (x, y) goes to column y (counted from the right for
      // `.right`) of row x.
      var out = [UInt8](repeating: 0, count: pixels.count)
      for y in 0..<h {
        let column = side == .left ? y : h - 1 - y
        for x in 0..<w { out[x * h + column] = pixels[y * w + x] }
      }
      (width, height, self.pixels) = (h, w, out)
    }
  }
}
