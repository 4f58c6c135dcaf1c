import DrawerEngine

/// A row-major alpha mask with its size.
public struct OrientedMask: Hashable, Sendable {
  public let width: Int
  public let height: Int
  public let pixels: [UInt8]

  /// `pixels` (`width` × `height`, computed for a bottom panel, whose
  /// moving edge is its top) turned for a panel on `edge`: flipped upside
  /// down for a top panel, transposed for a right one (the top rows become
  /// the left columns), transposed and mirrored for a left one. Transposing
  /// swaps the width and the height.
  public init(_ pixels: [UInt8], width w: Int, height h: Int, edge: Edge) {
    precondition(w >= 0 && h >= 0 && pixels.count == w * h, "mask size mismatch")
    switch edge {
    case .bottom:
      (width, height, self.pixels) = (w, h, pixels)
    case .top:
      var out = [UInt8](repeating: 0, count: pixels.count)
      for y in 0..<h {
        let from = (h - 1 - y) * w
        for x in 0..<w { out[y * w + x] = pixels[from + x] }
      }
      (width, height, self.pixels) = (w, h, out)
    case .left, .right:
      // Source (x, y) goes to column y (counted from the right for a
      // left panel) of row x.
      var out = [UInt8](repeating: 0, count: pixels.count)
      for y in 0..<h {
        let column = edge == .right ? y : h - 1 - y
        for x in 0..<w { out[x * h + column] = pixels[y * w + x] }
      }
      (width, height, self.pixels) = (h, w, out)
    }
  }
}
