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

  /// One run of pixels across a side.
  ///
  /// A struct, not a tuple: an array of tuples has its type made at run
  /// time, a look-up in the runtime's cache at every frame's border.
  public struct Run: Hashable, Sendable {
    /// Its first pixel, counted from the outside in.
    public var offset: Int
    /// How many pixels deep it is.
    public var depth: Int
    /// The opacity it is drawn at, 0...1.
    public var opacity: Double
  }

  /// The runs across the side, outside in.
  public var runs: [Run] {
    var out: [Run] = []
    out.reserveCapacity(2)
    if whole > 0 { out.append(Run(offset: 0, depth: whole, opacity: 1)) }
    if fraction > 0 { out.append(Run(offset: whole, depth: 1, opacity: fraction)) }
    return out
  }
}
