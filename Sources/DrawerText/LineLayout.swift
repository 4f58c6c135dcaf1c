/// One glyph of a laid-out line: what to draw, with which font, where.
public struct PlacedGlyph: Equatable, Sendable {
  /// The scalar to draw (U+2026 for the ellipsis).
  public var scalar: Unicode.Scalar
  /// The font's index, as `GlyphMeasuring` gave it.
  public var font: Int
  /// The pen position, px from the left edge of the line's box.
  public var x: Int
  /// The scalar's place in the text, in logical order from 0; -1 for the
  /// ellipsis, which is not in it.
  public var index: Int

  /// A glyph of `scalar` in font `font` at `x`; the index defaults to the ellipsis's -1.
  public init(scalar: Unicode.Scalar, font: Int, x: Int, index: Int = -1) {
    self.scalar = scalar
    self.font = font
    self.x = x
    self.index = index
  }
}

/// Lays out one line of UTF-8 text into a box of a given width: tabs,
/// invisible controls, the visual order of right-to-left and mixed text,
/// Arabic joining, and an ellipsis where the text overflows.
///
/// - Only a bounded prefix of the text is examined (`scalarLimit`): a pixel
///   holds at most one scalar's pen step, so what lies beyond can never be
///   seen, and a 10 MB line costs what a short one does.
/// - Text that does not fit is cut at a grapheme cluster boundary and ends
///   in "…", so that text and ellipsis fit. The ellipsis sits at the end of
///   the paragraph: on the right of a left-to-right line, on the left of a
///   right-to-left one.
/// - The base direction is the paragraph's, from its first strong
///   character; with `.natural` alignment a right-to-left line is aligned
///   to the right of the box.
/// - Tab stops are every `tabStopSpaces` space widths from the start of
///   the text.
///
/// The object keeps its buffers from line to line: laying out lines no
/// longer than earlier ones allocates nothing (FriBidi aside, see
/// `BidiParagraph`).
public final class LineLayout {
  /// Where a line shorter than its box goes.
  public enum Alignment: Sendable {
    /// Left for a left-to-right paragraph, right for a right-to-left one.
    case natural
    /// Against the box's left edge, whatever the direction.
    case left
    /// In the middle of the box, in whole px: an odd px of room goes to the right.
    case center
  }

  /// What ends a line that does not fit.
  public static let ellipsis: Unicode.Scalar = "\u{2026}"
  /// The distance between tab stops, in space widths.
  public static let tabStopSpaces = 8
  /// The most scalars examined whatever the width, so that a huge box
  /// cannot make a line cost without bound.
  public static let maximumScalars = 16_384

  /// The most scalars of a line that a box `width` px wide can show: one
  /// a pixel (glyphs narrower than that, such as combining marks, draw
  /// over their base), and two more to tell an overflow.
  public static func scalarLimit(width: Int) -> Int {
    min(maximumScalars, max(0, width) + 2)
  }

  /// The line's glyphs, left to right, at positions within the box.
  /// Tabs and invisible characters have none.
  public private(set) var glyphs: [PlacedGlyph] = []
  /// The line's width with its ellipsis, px; at most the box's.
  public private(set) var width = 0
  /// Where the line starts in the box, px.
  public private(set) var origin = 0
  /// Whether the paragraph runs right to left.
  public private(set) var isRightToLeft = false
  /// Whether the line was cut and (when it fits) ends in the ellipsis.
  public private(set) var isTruncated = false
  /// How many of the text's scalars, in logical order, are shown.
  public private(set) var keptScalars = 0
  /// How many scalars of the text were examined: the bounded prefix.
  public private(set) var examinedScalars = 0

  /// The examined scalars in logical order, then as shaped for display.
  private var logical: [UInt32] = []
  private var shaped: [UInt32] = []
  private var fonts: [Int32] = []
  private var advances: [Int32] = []
  /// The pen before each scalar, px, and after the last measured.
  private var pens: [Int32] = []
  /// Whether a grapheme cluster starts at each scalar, and at the end.
  private var boundaries: [Bool] = []
  private var bidi = BidiParagraph()

  /// A layout with its buffers empty; they grow with the longest line and are kept.
  public init() {}

  /// Lays out `text` (UTF-8; invalid sequences show as U+FFFD) in a box
  /// `available` px wide.
  public func layout<M: GlyphMeasuring>(
    _ text: UnsafeBufferPointer<UInt8>, width available: Int, measurer: M, alignment: Alignment = .natural
  ) {
    let box = max(0, available)
    let limit = LineLayout.scalarLimit(width: box)
    decode(text, limit: limit)
    // One scalar past the limit was decoded, if there is one: it tells
    // whether the text goes on and whether a cluster ends at the limit.
    let complete = logical.count <= limit
    let n = min(logical.count, limit)
    examinedScalars = n

    shaped.removeAll(keepingCapacity: true)
    shaped.append(contentsOf: logical[0..<n])
    let reorders = bidi.needsReordering(shaped)
    if reorders { bidi.resolveAndShape(&shaped) }
    isRightToLeft = reorders && bidi.isRightToLeft

    // Measure in logical order until the text no longer fits.
    fonts.removeAll(keepingCapacity: true)
    advances.removeAll(keepingCapacity: true)
    pens.removeAll(keepingCapacity: true)
    boundaries.removeAll(keepingCapacity: true)
    let tabStop = max(1, LineLayout.tabStopSpaces * measurer.glyph(for: " ").advance)
    var breaker = GraphemeBreaker()
    var pen = 0
    var overflows = !complete
    for i in 0..<n {
      boundaries.append(breaker.isBoundary(before: logical[i]))
      pens.append(Int32(clamping: pen))
      var font = 0
      var advance = 0
      switch ScalarKind(shaped[i]) {
      case .visible:
        let g = measurer.glyph(for: Unicode.Scalar(shaped[i]) ?? "\u{FFFD}")
        (font, advance) = (g.font, max(0, g.advance))
      case .tab: advance = tabStop - pen % tabStop
      case .invisible: break
      }
      fonts.append(Int32(clamping: font))
      advances.append(Int32(clamping: advance))
      pen += advance
      if pen > box {
        overflows = true
        break
      }
    }
    let measured = pens.count
    pens.append(Int32(clamping: pen))
    boundaries.append(measured == n && (complete || breaker.isBoundary(before: logical[n])))

    var ellipsis: GlyphMetrics?
    var kept = measured
    if overflows {
      let e = measurer.glyph(for: LineLayout.ellipsis)
      // The last cluster boundary where the text and the ellipsis fit;
      // when not even the ellipsis fits, nothing is shown.
      if e.advance <= box {
        ellipsis = e
        kept = 0
        for j in stride(from: measured, through: 0, by: -1) where boundaries[j] && Int(pens[j]) + e.advance <= box {
          kept = j
          break
        }
      } else {
        kept = 0
      }
    }
    keptScalars = kept
    isTruncated = overflows
    width = Int(pens[kept]) + (ellipsis?.advance ?? 0)
    switch alignment {
    case .natural: origin = isRightToLeft ? box - width : 0
    case .left: origin = 0
    case .center: origin = (box - width) / 2
    }
    place(kept: kept, reorders: reorders, ellipsis: ellipsis)
  }

  /// Fills `glyphs` with the first `kept` scalars in visual order and the
  /// ellipsis at the paragraph's end.
  private func place(kept: Int, reorders: Bool, ellipsis: GlyphMetrics?) {
    glyphs.removeAll(keepingCapacity: true)
    var x = origin
    if let e = ellipsis, isRightToLeft {
      glyphs.append(PlacedGlyph(scalar: LineLayout.ellipsis, font: e.font, x: x))
      x += e.advance
    }
    if reorders { bidi.reorder(count: kept) }
    for v in 0..<kept {
      let i = reorders ? Int(bidi.visualMap[v]) : v
      let advance = Int(advances[i])
      if let s = Unicode.Scalar(shaped[i]), ScalarKind(shaped[i]) == .visible {
        glyphs.append(PlacedGlyph(scalar: s, font: Int(fonts[i]), x: x, index: i))
      }
      x += advance
    }
    if let e = ellipsis, !isRightToLeft {
      glyphs.append(PlacedGlyph(scalar: LineLayout.ellipsis, font: e.font, x: x))
    }
  }

  /// Decodes at most `limit` + 1 scalars of `text` into `logical`.
  private func decode(_ text: UnsafeBufferPointer<UInt8>, limit: Int) {
    logical.removeAll(keepingCapacity: true)
    var parser = Unicode.UTF8.ForwardParser()
    var input = text.makeIterator()
    while logical.count <= limit {
      switch parser.parseScalar(from: &input) {
      case .valid(let encoded): logical.append(Unicode.UTF8.decode(encoded).value)
      case .error: logical.append(0xFFFD)
      case .emptyInput: return
      }
    }
  }
}

extension LineLayout {
  /// Lays out `text`; for callers that hold a `String` (tests, fixed labels).
  public func layout<M: GlyphMeasuring>(
    _ text: String, width available: Int, measurer: M, alignment: Alignment = .natural
  ) {
    var copy = text
    copy.withUTF8 { layout($0, width: available, measurer: measurer, alignment: alignment) }
  }
}
