/// Where a line's glyphs put ink: a box relative to the line's start (its
/// left edge) and its baseline, so `y` is negative above the baseline.
public struct TextInk: Hashable, Sendable {
  /// The ink's left edge, px right of the line's start.
  public var x = 0
  /// The ink's top edge, px below the baseline (negative above it).
  public var y = 0
  /// The ink's width, px.
  public var width = 0
  /// The ink's height, px.
  public var height = 0

  /// A box at (`x`, `y`) from the line's start and baseline, `width` × `height` px; empty by default.
  public init(x: Int = 0, y: Int = 0, width: Int = 0, height: Int = 0) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Whether the glyphs put no ink anywhere (spaces, an empty line).
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// The smallest box holding both.
  public func union(_ o: TextInk) -> TextInk {
    if isEmpty { return o }
    if o.isEmpty { return self }
    let x0 = min(x, o.x)
    let y0 = min(y, o.y)
    return TextInk(x: x0, y: y0, width: max(x + width, o.x + o.width) - x0, height: max(y + height, o.y + o.height) - y0)
  }
}

/// A text laid out on one line without a width limit, for placing it.
public struct MeasuredLine: Hashable, Sendable {
  /// How far the line moves the pen, px: its advances summed.
  public var width = 0
  /// The glyphs' ink relative to the line's left edge and baseline.
  public var ink = TextInk()
  /// Whether the line's paragraph runs right to left, so it is placed from the right.
  public var isRightToLeft = false

  /// A line `width` px wide with `ink`, left to right unless `isRightToLeft`.
  public init(width: Int = 0, ink: TextInk = TextInk(), isRightToLeft: Bool = false) {
    self.width = width
    self.ink = ink
    self.isRightToLeft = isRightToLeft
  }
}

