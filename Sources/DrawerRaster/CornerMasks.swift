/// The left top-corner masks of the drawer for one corner radius and border
/// thickness: the fill and the border ring.
public struct CornerMasks {
  /// Width and height of each mask: enough for the radius and the border.
  public let size: Int
  /// Coverage of the drawer's shape.
  public let fill: [UInt8]
  /// Coverage of the border ring (shape minus the shape inset by the
  /// thickness); nil when there is no border.
  public let border: [UInt8]?

  /// The masks for corner radius `r` and border thickness `t`, px; `t` 0 makes no border ring.
  public init(radius r: Double, borderThickness t: Double) {
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
