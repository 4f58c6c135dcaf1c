/// How a border `thickness` px thick covers a straight side: `whole` solid
/// pixels from the outside in, then, when the thickness is not whole, one
/// pixel at `fraction` of the colour's alpha. Every path draws its straight
/// sides by this rule, and the corner rings' coverage (`CornerMasks`)
/// agrees with it where a ring meets a side.
public struct BorderRule: Hashable, Sendable {
  /// Solid pixels from the outside in: the thickness rounded down.
  public let whole: Int
  /// The opacity of the one pixel after them: the thickness's fractional part, 0 when it is whole.
  public let fraction: Double

  /// A thickness that is not finite or not positive draws nothing.
  public init(thickness: Double) {
    let t = thickness.isFinite ? max(0, thickness) : 0
    whole = Int(t.rounded(.down))
    fraction = t - Double(whole)
  }

  /// The runs across the side, outside in: (offset from the outside, px
  /// deep, opacity).
  public var runs: [(offset: Int, depth: Int, opacity: Double)] {
    var out: [(offset: Int, depth: Int, opacity: Double)] = []
    if whole > 0 { out.append((0, whole, 1)) }
    if fraction > 0 { out.append((whole, 1, fraction)) }
    return out
  }
}
