import CX11
import DrawerFrame
import DrawerRaster
import DrawerText

/// Draws lines of text through `LineLayout` in the session's fonts: one
/// layout and one XftDrawCharFontSpec request a line, each glyph in the
/// font the fallback choice gave it.
///
/// The layout and the glyph buffer are kept from line to line, so drawing
/// the visible rows of a frame allocates nothing once lines as long have
/// been drawn before.
final class TextPainter {
  let x: XSession
  let line = LineLayout()
  private var specs: [XftCharFontSpec] = []
  /// The glyphs a query matched, drawn in the highlight colour.
  private var marked: [XftCharFontSpec] = []
  /// The role of the line last laid out, whose fonts its glyphs index.
  var lastRole = FontRole.row

  /// A box wide enough for any line the program measures whole.
  static let unbounded = 1 << 20

  init(session: XSession) {
    x = session
  }

  /// Lays `text` out in the box from `left`, `width` px wide, and draws it
  /// with its baseline at `baseline` into `draw` (drawable positions); the
  /// characters at `highlighted` go in `highlight`'s colour.
  func draw(
    _ text: UnsafeBufferPointer<UInt8>, _ role: FontRole, _ color: inout XftColor, on draw: OpaquePointer, left: Int,
    width: Int, baseline: Int, alignment: LineLayout.Alignment = .natural,
    highlighted: UnsafeBufferPointer<Int> = UnsafeBufferPointer(start: nil, count: 0),
    highlight: UnsafeMutablePointer<XftColor>? = nil
  ) {
    let fonts = x.fonts[role]
    lastRole = role
    line.layout(text, width: width, measurer: fonts, alignment: alignment)
    specs.removeAll(keepingCapacity: true)
    marked.removeAll(keepingCapacity: true)
    let faces = fonts.provider.faces
    for g in line.glyphs {
      let px = left + g.x
      // The request's positions are 16-bit: what lies beyond is never seen.
      guard px >= -32_000 && px <= 32_000 else { continue }
      let spec = XftCharFontSpec(font: faces[g.font], ucs4: g.scalar.value, x: x16(px), y: x16(baseline))
      // Matched characters go in a colour of their own, each drawn once.
      if highlight != nil && g.index >= 0 && binarySearch(highlighted, g.index) {
        marked.append(spec)
      } else {
        specs.append(spec)
      }
    }
    if !specs.isEmpty { XftDrawCharFontSpec(draw, &color, specs, x32(specs.count)) }
    if let highlight, !marked.isEmpty { XftDrawCharFontSpec(draw, highlight, marked, x32(marked.count)) }
  }

  /// Whether the ascending `values` hold `value`.
  private func binarySearch(_ values: UnsafeBufferPointer<Int>, _ value: Int) -> Bool {
    var low = 0
    var high = values.count
    while low < high {
      let mid = (low + high) / 2
      if values[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low < values.count && values[low] == value
  }

  func draw(
    _ text: [UInt8], _ role: FontRole, _ color: inout XftColor, on draw: OpaquePointer, left: Int, width: Int,
    baseline: Int, alignment: LineLayout.Alignment = .natural
  ) {
    text.withUnsafeBufferPointer {
      self.draw($0, role, &color, on: draw, left: left, width: width, baseline: baseline, alignment: alignment)
    }
  }

  /// `text` laid out on one line as wide as it needs.
  func measure(_ text: [UInt8], _ role: FontRole) -> MeasuredLine {
    text.withUnsafeBufferPointer { measure($0, role) }
  }

  /// The ink of the last line laid out, relative to its box and baseline:
  /// each glyph's own box from its font, fallbacks included.
  func glyphInk() -> TextInk {
    var box = TextInk()
    let faces = x.fonts[lastRole].provider.faces
    for g in line.glyphs {
      let face = faces[g.font]
      var index = XftCharIndex(x.display, face, g.scalar.value)
      var info = XGlyphInfo()
      XftGlyphExtents(x.display, face, &index, 1, &info)
      box = box.union(TextInk(x: g.x - Int(info.x), y: -Int(info.y), width: Int(info.width), height: Int(info.height)))
    }
    return box
  }
}

/// The frame builder measures with the fonts the painter draws with.
extension TextPainter: FrameTextMetrics {
  func ascent(_ role: FontRole) -> Int { x.fonts.ascent(role) }
  func lineHeight(_ role: FontRole) -> Int { x.fonts.lineHeight(role) }

  func measure(_ text: UnsafeBufferPointer<UInt8>, _ role: FontRole) -> MeasuredLine {
    lastRole = role
    line.layout(text, width: TextPainter.unbounded, measurer: x.fonts[role], alignment: .left)
    return MeasuredLine(width: line.width, ink: glyphInk(), isRightToLeft: line.isRightToLeft)
  }

  func ink(_ text: UnsafeBufferPointer<UInt8>, _ role: FontRole, width: Int, alignment: LineLayout.Alignment) -> TextInk {
    lastRole = role
    line.layout(text, width: width, measurer: x.fonts[role], alignment: alignment)
    return glyphInk()
  }
}
