import DrawerEngine

/// The parts of a frame's back buffer whose pixels wait in another picture:
/// where the frame shows the dim made ready ahead (`DimPreparation`), and
/// nothing has drawn over it yet.
///
/// The presenter copies those parts to the window straight from that
/// picture at the present, and into the back buffer after it, so each
/// pixel is copied once within the frame. Before an operation draws over
/// a part, the part goes into the back buffer first (`take`).
public struct ReadyRects: Sendable {
  /// One rectangle of the back buffer and where its pixels lie in the
  /// picture that holds them: `rect` moved by (`dx`, `dy`).
  public struct Piece: Equatable, Sendable {
    /// Back buffer (window) positions.
    public var rect: PixelRect
    /// How far the source lies from `rect`, across.
    public var dx: Int
    /// How far the source lies from `rect`, down.
    public var dy: Int

    /// `rect`, its pixels at (`rect.x + dx`, `rect.y + dy`) in the source.
    public init(rect: PixelRect, dx: Int, dy: Int) {
      self.rect = rect
      self.dx = dx
      self.dy = dy
    }

    /// Where the pixels come from, in the source picture.
    public var source: PixelRect { PixelRect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height) }
  }

  /// The parts, none overlapping another.
  public private(set) var pieces: [Piece] = []

  /// No part waits.
  public init() {}

  /// Whether no part waits.
  public var isEmpty: Bool { pieces.isEmpty }

  /// Adds `r`, whose pixels lie at (`r.x + dx`, `r.y + dy`) in the source;
  /// what waited in `r` before is replaced.
  public mutating func add(_ r: PixelRect, dx: Int, dy: Int) {
    guard !r.isEmpty else { return }
    _ = take(within: r)
    pieces.append(Piece(rect: r, dx: dx, dy: dy))
  }

  /// Removes and returns what waits within `area`; what lies outside it
  /// keeps waiting.
  @discardableResult
  public mutating func take(within area: PixelRect) -> [Piece] {
    guard pieces.contains(where: { !$0.rect.intersection(area).isEmpty }) else { return [] }
    var taken: [Piece] = []
    var kept: [Piece] = []
    for p in pieces {
      let part = p.rect.intersection(area)
      guard !part.isEmpty else {
        kept.append(p)
        continue
      }
      taken.append(Piece(rect: part, dx: p.dx, dy: p.dy))
      for rest in subtract(from: p.rect, [area]) { kept.append(Piece(rect: rest, dx: p.dx, dy: p.dy)) }
    }
    pieces = kept
    return taken
  }

  /// `r` split into what waits (each part with its source) and the
  /// rectangles that do not: together they cover `r` once.
  public func split(_ r: PixelRect) -> (ready: [Piece], rest: [PixelRect]) {
    var ready: [Piece] = []
    var rest = [r]
    for p in pieces {
      let part = p.rect.intersection(r)
      guard !part.isEmpty else { continue }
      ready.append(Piece(rect: part, dx: p.dx, dy: p.dy))
      rest = rest.flatMap { subtract(from: $0, [part]) }
    }
    return (ready, rest)
  }
}
