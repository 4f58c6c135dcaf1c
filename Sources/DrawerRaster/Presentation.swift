import DrawerEngine

/// A picture the window's rows from a split row down come from, instead of
/// the back buffer: a sheet's body, drawn once and moved with the sheet.
public struct BodySource: Hashable, Sendable {
  /// Which picture (the server's id): a new one is copied whole.
  public var picture: UInt
  /// Changes whenever the picture's pixels do.
  public var version: Int
  /// The first window row taken from the picture.
  public var row: Int
  /// Where the picture's top-left pixel lies in the window.
  public var x: Int
  /// The window y of the picture's top-left pixel.
  public var y: Int
  /// The picture's columns taken, from its left edge: the window's rows
  /// below `row` come from it in these columns only, and from the back
  /// buffer beside them (a sheet narrower than the window).
  public var width: Int
  /// Outside these rectangles (picture positions) every row of the picture
  /// is the same, so moving it up or down changes no pixel there.
  public var inks: [PixelRect]
  /// The version this one was patched from, and where (picture positions):
  /// a window showing that version needs only those rectangles besides.
  public var patched: BodyPatch?

  /// A body shown from `row` down, picture `picture` at `version`, placed at (`x`, `y`) in the window.
  public init(
    picture: UInt, version: Int, row: Int, x: Int, y: Int, width: Int, inks: [PixelRect],
    patched: BodyPatch? = nil
  ) {
    self.picture = picture
    self.version = version
    self.row = row
    self.x = x
    self.y = y
    self.width = width
    self.inks = inks
    self.patched = patched
  }
}

/// A content picture redrawn in place in a few rectangles (picture
/// positions): version `from` with those rectangles drawn again.
public struct BodyPatch: Hashable, Sendable {
  /// The version of the picture the rectangles were drawn over.
  public var from: Int
  /// The rectangles drawn again, picture positions.
  public var rects: [PixelRect]

  /// Version `from` with `rects` drawn again.
  public init(from: Int, rects: [PixelRect]) {
    self.from = from
    self.rects = rects
  }
}

/// What one present copies to the window.
public struct PresentCopies: Equatable, Sendable {
  /// Rectangles of the back buffer, each copied to the same place.
  public var back: [PixelRect] = []
  /// The body's window rectangle (its columns from the split row down),
  /// copied from its picture; nil copies nothing from it.
  public var body: PixelRect?
  /// When the body is copied, the window rectangles it is clipped to; nil
  /// copies all of `body`.
  public var bodyClip: [PixelRect]?
  /// The window lost its pixels: what lies beyond the drawn surface must be
  /// filled again.
  public var fillBeyondSurface = false

  /// Nothing to copy.
  public init() {}
}

/// The one owner of what reaches the window: it collects the damage a
/// frame drew into the back buffer and the body the frame shows, and turns
/// them into the copies of one present.
///
/// The rule: a present copies every pixel where the window may differ from
/// this frame's picture (the back buffer, with the body from its split row
/// down in its columns), and nothing else. The back buffer's pixels differ
/// only where a frame damaged them, and where the window showed the body
/// last time. The body's differ where its picture or version or column
/// changed, in the rows the back buffer covered last time, and at the old
/// and the new place of each ink when it moved up or down.
public struct Presentation: Sendable {
  /// The surface drawn, px.
  public private(set) var width: Int
  /// The surface's height, px.
  public private(set) var height: Int
  /// The back buffer's damage since the last present: rectangles that may
  /// overlap, at most `maximumDamage` of them (`damage`).
  private var damaged: [PixelRect]
  /// Past this many rectangles the damage becomes its bounding box: a
  /// frame that cuts a whole dim step around an opaque panel damages a few.
  public static let maximumDamage = 64
  private var body: BodySource?
  /// The body as the window shows it since the last present, its row the
  /// one the window takes it from.
  public private(set) var shownBody: BodySource?
  /// The window's pixels are gone (an Expose, a new back buffer): the next
  /// present copies everything.
  private var copyAll = true
  /// The last present's copies and clip, refilled in place: a frame
  /// allocates nothing once they have grown.
  private var copies = PresentCopies()
  private var clip: [PixelRect] = []

  /// A presentation of a `width` × `height` px surface whose first present copies everything.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    damaged = [PixelRect(x: 0, y: 0, width: self.width, height: self.height)]
  }

  /// The whole surface, as a rectangle.
  public var surface: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

  /// A new back buffer of the given size, blank: everything is damaged and
  /// no body is shown until a frame names one.
  public mutating func newBackBuffer(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    body = nil
    shownBody = nil
    windowLost()
  }

  /// Notes that the back buffer changed inside `r`.
  public mutating func damage(_ r: PixelRect) {
    let r = r.intersection(surface)
    guard !r.isEmpty, !damaged.contains(where: { $0.intersection(r) == r }) else { return }
    if damaged.count >= Presentation.maximumDamage {
      let box = damaged.reduce(r) { $0.union($1) }
      damaged.removeAll(keepingCapacity: true)
      damaged.append(box)
    } else {
      damaged.append(r)
    }
  }

  /// Notes that the window lost its pixels: the next present copies all.
  public mutating func windowLost() {
    damaged.removeAll(keepingCapacity: true)
    damaged.append(surface)
    copyAll = true
  }

  /// Takes the window's rows from `body.row` down from `body` at each
  /// present, until changed; nil goes back to the back buffer for all rows.
  public mutating func show(_ body: BodySource?) {
    self.body = body
  }

  /// The copies that bring the window to this frame, and forgets the
  /// damage: the window is then up to date.
  public mutating func present() -> PresentCopies {
    copies.bodyClip = nil
    clip.removeAll(keepingCapacity: true)
    var out = copies
    copies = PresentCopies()
    out.back.removeAll(keepingCapacity: true)
    (out.body, out.fillBeyondSurface) = (nil, false)
    let split = min(body?.row ?? height, height)
    // The back buffer's damage above the body, and beside it.
    let columns = body.map(coveredColumns) ?? 0..<0
    let below = height - split
    // What the window took from the last body and now takes from the back
    // buffer shows the back buffer again, damaged or not.
    if let shown = shownBody {
      let was = coveredColumns(shown)
      let end = body == nil || columns != was ? height : split
      damage(PixelRect(x: was.lowerBound, y: shown.row, width: was.count, height: end - shown.row))
    }
    func copyBack(_ r: PixelRect) {
      for d in damaged {
        let d = d.intersection(r)
        if !d.isEmpty { out.back.append(d) }
      }
    }
    copyBack(PixelRect(x: 0, y: 0, width: width, height: split))
    copyBack(PixelRect(x: 0, y: split, width: columns.lowerBound, height: below))
    copyBack(PixelRect(x: columns.upperBound, y: split, width: width - columns.upperBound, height: below))
    if let body, split < height {
      let area = PixelRect(x: columns.lowerBound, y: split, width: columns.upperBound - columns.lowerBound, height: below)
      if !area.isEmpty {
        let patch = body.patched.flatMap { $0.from == shownBody?.version ? $0.rects : nil }
        if !copyAll, let shown = shownBody, shown.picture == body.picture,
          shown.version == body.version || patch != nil, shown.x == body.x
        {
          addChangedBodyRectangles(from: shown, to: body, split: split)
          // A patched picture differs from the one shown in its patches.
          for r in patch ?? [] { addBelow(PixelRect(x: r.x + body.x, y: r.y + body.y, width: r.width, height: r.height), split: split) }
          if !clip.isEmpty { (out.body, out.bodyClip) = (area, clip) }
        } else {
          out.body = area
        }
      }
    }
    out.fillBeyondSurface = copyAll
    shownBody = body.map { var b = $0; b.row = split; return b }
    damaged.removeAll(keepingCapacity: true)
    copyAll = false
    copies = out
    return out
  }

  /// Adds `r` (window positions) to `clip` from row `split` down.
  private mutating func addBelow(_ r: PixelRect, split: Int) {
    let r = r.intersection(PixelRect(x: 0, y: split, width: width, height: height - split))
    if !r.isEmpty { clip.append(r) }
  }

  /// The surface's columns `body` covers.
  private func coveredColumns(_ body: BodySource) -> Range<Int> {
    let start = min(max(0, body.x), width)
    return start..<max(start, min(width, body.x + body.width))
  }

  /// Adds to `clip` the window rectangles that differ between `shown` and
  /// `body` (the same picture) from row `split` down: rows the back buffer
  /// covered before, and each ink rectangle at its old and new place.
  private mutating func addChangedBodyRectangles(from shown: BodySource, to body: BodySource, split: Int) {
    let below = PixelRect(x: 0, y: split, width: width, height: height - split)
    func add(_ r: PixelRect) {
      let r = r.intersection(below)
      if !r.isEmpty { clip.append(r) }
    }
    if split < shown.row { add(PixelRect(x: 0, y: split, width: width, height: shown.row - split)) }
    guard shown.y != body.y else { return }
    for ink in body.inks {
      let old = ink.y + shown.y
      let new = ink.y + body.y
      let x = ink.x + body.x
      // Apart (a separator moved further than its height), each place on
      // its own; overlapping, both as one.
      if abs(new - old) >= ink.height {
        add(PixelRect(x: x, y: old, width: ink.width, height: ink.height))
        add(PixelRect(x: x, y: new, width: ink.width, height: ink.height))
      } else {
        add(PixelRect(x: x, y: min(old, new), width: ink.width, height: ink.height + abs(new - old)))
      }
    }
  }
}
