/// A rounded rectangle's coverage, for the handle.
public struct RoundedRectMask {
  public let width: Int
  public let height: Int
  public let pixels: [UInt8]

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
