/// A rounded rectangle's coverage, for the handle.
public struct RoundedRectMask {
  /// The mask's width, px.
  public let width: Int
  /// The mask's height, px.
  public let height: Int
  /// Each pixel's coverage, 0 to 255, row-major, `width` a row.
  public let pixels: [UInt8]

  /// The coverage of a `w` × `h` px rectangle whose corners have `radius` px, cut to half the shorter side.
  public init(width w: Int, height h: Int, radius: Double) {
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
