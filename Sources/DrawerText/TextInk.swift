/// Where a line's glyphs put ink: a box relative to the line's start (its
/// left edge) and its baseline, so `y` is negative above the baseline.
public struct TextInk: Hashable, Sendable {
  public var x = 0
  public var y = 0
  public var width = 0
  public var height = 0

  public init(x: Int = 0, y: Int = 0, width: Int = 0, height: Int = 0) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

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
  public var width = 0
  /// The glyphs' ink relative to the line's left edge and baseline.
  public var ink = TextInk()
  public var isRightToLeft = false

  public init(width: Int = 0, ink: TextInk = TextInk(), isRightToLeft: Bool = false) {
    self.width = width
    self.ink = ink
    self.isRightToLeft = isRightToLeft
  }
}

