import DrawerEngine

extension CornerRadii {
  /// The radius of `corner`.
  public subscript(corner: Corner) -> Double {
    switch corner {
    case .topLeft: topLeft
    case .topRight: topRight
    case .bottomRight: bottomRight
    case .bottomLeft: bottomLeft
    }
  }

  /// Each radius moved by `d` (a shadow's spread): a rounded corner grows
  /// or shrinks with the shape, a square one stays square.
  public func spread(by d: Double) -> CornerRadii {
    func grow(_ r: Double) -> Double { r > 0 ? max(0, r + d) : 0 }
    return CornerRadii(topLeft: grow(topLeft), topRight: grow(topRight), bottomRight: grow(bottomRight), bottomLeft: grow(bottomLeft))
  }
}

/// A corner of a rectangle.
public enum Corner: Int, CaseIterable, Hashable, Sendable {
  /// The four corners, clockwise from the top left.
  case topLeft, topRight, bottomRight, bottomLeft

  /// Whether the corner lies on the right side.
  public var isRight: Bool { self == .topRight || self == .bottomRight }
  /// Whether the corner lies on the bottom side.
  public var isBottom: Bool { self == .bottomRight || self == .bottomLeft }
}

/// A rectangle of whole pixels with rounded corners: the panel's surface,
/// or one of its shadows' shapes.
public struct RoundedShape: Hashable, Sendable {
  /// The rectangle, whole px.
  public var rect: PixelRect
  /// Each corner's radius, px.
  public var radii: CornerRadii

  /// Radii are cut to half the shorter side, so no two corners overlap.
  public init(rect: PixelRect, radii: CornerRadii) {
    self.rect = rect
    let limit = Double(max(0, min(rect.width, rect.height))) / 2
    func fit(_ r: Double) -> Double { r.isFinite ? min(max(0, r), limit) : 0 }
    self.radii = CornerRadii(
      topLeft: fit(radii.topLeft), topRight: fit(radii.topRight), bottomRight: fit(radii.bottomRight),
      bottomLeft: fit(radii.bottomLeft))
  }

  /// The side of the square that holds `corner`'s curve, px.
  public func cornerSize(_ corner: Corner) -> Int { Int(radii[corner].rounded(.up)) }

  /// The square holding `corner`'s curve, in the shape's coordinates.
  public func cornerSquare(_ corner: Corner) -> PixelRect {
    let n = cornerSize(corner)
    return PixelRect(
      x: corner.isRight ? rect.maxX - n : rect.x, y: corner.isBottom ? rect.maxY - n : rect.y, width: n, height: n)
  }

  /// The shape moved by (`dx`, `dy`) and grown on every side by `spread`
  /// (shrunk when negative): a shadow's shape before the blur.
  public func shadowShape(dx: Int, dy: Int, spread: Double) -> RoundedShape {
    let s = Int(spread.rounded())
    let r = rect
    let grown = PixelRect(
      x: r.x + dx - s, y: r.y + dy - s, width: max(0, r.width + 2 * s), height: max(0, r.height + 2 * s))
    return RoundedShape(rect: grown, radii: radii.spread(by: Double(s)))
  }

  /// The shape as whole rectangles of full coverage plus its four corner
  /// squares, which together cover it exactly once: what fills the
  /// surface and what cuts it out of the shadows.
  public var interior: [PixelRect] {
    cutCorners(
      rect, topLeft: cornerSize(.topLeft), topRight: cornerSize(.topRight), bottomRight: cornerSize(.bottomRight),
      bottomLeft: cornerSize(.bottomLeft))
  }

  /// Coverage (0...1) of `corner`'s square, row-major, `cornerSize` a side.
  public func cornerCoverage(_ corner: Corner) -> [Double] {
    let n = cornerSize(corner)
    return oriented(Coverage.corner(inset: 0, radius: radii[corner], size: n), size: n, corner: corner)
  }

  /// Coverage of every pixel of `rect`, row-major: for tests and for
  /// shapes too small for the shadow's slices.
  public func coverage() -> [Double] {
    let w = rect.width, h = rect.height
    guard w > 0, h > 0 else { return [] }
    var out = [Double](repeating: 1, count: w * h)
    for corner in Corner.allCases {
      let square = cornerSquare(corner)
      let values = cornerCoverage(corner)
      let n = square.width
      for j in 0..<n {
        for i in 0..<n { out[(square.y - rect.y + j) * w + square.x - rect.x + i] = values[j * n + i] }
      }
    }
    return out
  }
}

/// A top-left corner's `size`² table turned to `corner`.
public func oriented<T>(_ topLeft: [T], size n: Int, corner: Corner) -> [T] {
  guard n > 0 else { return [] }
  var out = topLeft
  for y in 0..<n {
    for x in 0..<n {
      let sx = corner.isRight ? n - 1 - x : x
      let sy = corner.isBottom ? n - 1 - y : y
      out[y * n + x] = topLeft[sy * n + sx]
    }
  }
  return out
}

/// `whole` less the four squares at its corners of the given sides, as
/// `subtract(from:_:)` gives it (horizontal bands top to bottom, one
/// rectangle each), without its sorts and temporary arrays: every frame
/// cuts the panel's corners and its shadows' fill this way.
public func cutCorners(_ whole: PixelRect, topLeft tl: Int, topRight tr: Int, bottomRight br: Int, bottomLeft bl: Int)
  -> [PixelRect]
{
  guard !whole.isEmpty else { return [] }
  let top = whole.y, bottom = whole.maxY
  // Where each square ends: a top one's bottom row, a bottom one's top row.
  let tlEnd = min(top + max(0, tl), bottom), trEnd = min(top + max(0, tr), bottom)
  let brStart = max(bottom - max(0, br), top), blStart = max(bottom - max(0, bl), top)
  // The rows where a square starts or ends, sorted: the bands between them
  // meet the same squares all across. Six at most, kept on the stack.
  var edges = (top, bottom, 0, 0, 0, 0)
  var count = 2
  withUnsafeMutableBytes(of: &edges) { raw in
    let e = raw.bindMemory(to: Int.self)
    func add(_ n: Int, _ row: Int) {
      guard n > 0 else { return }
      var j = count - 1
      while j >= 0 && e[j] > row {
        e[j + 1] = e[j]
        j -= 1
      }
      e[j + 1] = row
      count += 1
    }
    add(tl, tlEnd)
    add(tr, trEnd)
    add(br, brStart)
    add(bl, blStart)
  }
  var out: [PixelRect] = []
  out.reserveCapacity(count - 1)
  withUnsafeBytes(of: &edges) { raw in
    let e = raw.bindMemory(to: Int.self)
    var y0 = e[0]
    for k in 1..<count {
      let y1 = e[k]
      guard y1 > y0 else { continue }
      // The squares this band crosses: a top one down to its end, a
      // bottom one up from its start.
      let left = max(tl > 0 && y0 < tlEnd ? tl : 0, bl > 0 && y1 > blStart ? bl : 0)
      let right = max(tr > 0 && y0 < trEnd ? tr : 0, br > 0 && y1 > brStart ? br : 0)
      let x0 = whole.x + left, x1 = whole.maxX - right
      if x1 > x0 { out.append(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) }
      y0 = y1
    }
  }
  return out
}

/// `whole` less `holes`, as rectangles in horizontal bands that cover each
/// remaining pixel once.
public func subtract(from whole: PixelRect, _ holes: [PixelRect]) -> [PixelRect] {
  guard !whole.isEmpty else { return [] }
  // Every frame cuts the panel's corners and its shadows' this way: three
  // arrays in all, sorted in place, rather than a set and a sort per band.
  var cut: [PixelRect] = []
  cut.reserveCapacity(holes.count)
  for hole in holes {
    let inside = hole.intersection(whole)
    if !inside.isEmpty { cut.append(inside) }
  }
  // Left to right once, so that each band meets its holes in order.
  cut.sort { $0.x < $1.x }
  var edges = [whole.y, whole.maxY]
  edges.reserveCapacity(2 + 2 * cut.count)
  for hole in cut {
    edges.append(hole.y)
    edges.append(hole.maxY)
  }
  edges.sort()
  var out: [PixelRect] = []
  var y0 = edges[0]
  for y1 in edges.dropFirst() where y1 > y0 {
    // What lies between the holes across this band stays.
    var x = whole.x
    for hole in cut where hole.y < y1 && hole.maxY > y0 {
      if hole.x > x { out.append(PixelRect(x: x, y: y0, width: hole.x - x, height: y1 - y0)) }
      x = max(x, hole.maxX)
    }
    if whole.maxX > x { out.append(PixelRect(x: x, y: y0, width: whole.maxX - x, height: y1 - y0)) }
    y0 = y1
  }
  return out
}
