/// Breaks one paragraph of UTF-8 text into lines no wider than a box:
/// at spaces, after ideographs, and inside a word too long for a line
/// (between two grapheme clusters).
///
/// Widths come from `LineLayout` itself, so a line is measured exactly as
/// it is drawn: fallback fonts, tabs, Arabic joining and right-to-left runs
/// included. Each line is then drawn on its own with `LineLayout`, which
/// puts it in visual order. Only the paragraph's first `maximumLines`
/// lines are made; the last of them holds the rest of the text, which
/// `LineLayout` ends in an ellipsis.
public final class ParagraphWrap {
  /// Each line's bytes in the text, in order. A break's spaces belong to
  /// no line.
  public private(set) var lines: [Range<Int>] = []

  private let layout = LineLayout()
  /// The byte offset of each scalar of the part laid out, and of its end.
  private var offsets: [Int] = []
  /// The scalars of the part laid out.
  private var scalars: [UInt32] = []

  /// A wrapper with its buffers empty; they are kept from one paragraph to the next.
  public init() {}

  /// Wraps `text` to `width` px in `measurer`'s fonts into at most
  /// `maximumLines` lines (at least one, which is empty for empty text).
  public func wrap<M: GlyphMeasuring>(
    _ text: UnsafeBufferPointer<UInt8>, width: Int, measurer: M, maximumLines: Int
  ) {
    lines.removeAll(keepingCapacity: true)
    let box = max(1, width)
    // Laid out one ellipsis wider, a truncated line keeps exactly the
    // scalars that fit in `box`: LineLayout keeps room for the ellipsis.
    let ellipsis = measurer.glyph(for: LineLayout.ellipsis).advance
    var start = 0
    while start < text.count {
      if lines.count == max(1, maximumLines) - 1 {
        lines.append(start..<text.count)
        return
      }
      let rest = UnsafeBufferPointer(rebasing: text[start...])
      layout.layout(rest, width: box + ellipsis, measurer: measurer, alignment: .left)
      if !layout.isTruncated && layout.width <= box {
        lines.append(start..<text.count)
        return
      }
      var kept = layout.keptScalars
      if !layout.isTruncated {
        // Fits the wider box only: lay out in `box` itself, which may keep
        // a little less than fits.
        layout.layout(rest, width: box, measurer: measurer, alignment: .left)
        kept = layout.keptScalars
      }
      let (end, next) = breakPoint(in: rest, keeping: kept)
      lines.append(start..<(start + end))
      start += next
      // A run of spaces at a break belongs to no line.
      while start < text.count {
        if text[start] == 0x20 || text[start] == 0x09 {
          start += 1
        } else if start + 2 < text.count && text[start] == 0xE3 && text[start + 1] == 0x80 && text[start + 2] == 0x80 {
          start += 3
        } else {
          break
        }
      }
    }
    if lines.isEmpty { lines.append(0..<0) }
  }

  /// Where the line that keeps at most `kept` scalars of `text` ends and
  /// the next one starts (bytes): after the last break opportunity among
  /// them, else after the kept scalars (a word too long for the line),
  /// and after at least one scalar.
  private func breakPoint(in text: UnsafeBufferPointer<UInt8>, keeping kept: Int) -> (end: Int, next: Int) {
    offsets.removeAll(keepingCapacity: true)
    var parser = Unicode.UTF8.ForwardParser()
    var input = text.makeIterator()
    var offset = 0
    var lastBreak: (end: Int, next: Int)?
    scalars.removeAll(keepingCapacity: true)
    // One scalar past the kept ones: a space there is a break too.
    decoding: while offsets.count <= kept {
      offsets.append(offset)
      let length: Int
      let value: UInt32
      switch parser.parseScalar(from: &input) {
      case .valid(let encoded):
        length = encoded.count
        value = Unicode.UTF8.decode(encoded).value
      case .error(let l):
        length = l
        value = 0xFFFD
      case .emptyInput:
        offsets.removeLast()
        break decoding
      }
      scalars.append(value)
      let index = offsets.count - 1
      offset += length
      if isSpace(value) {
        // The line ends before the space (and any before it) when what
        // precedes it fits; the next starts after it.
        var end = offsets[index]
        var j = index - 1
        while j >= 0 && isSpace(scalars[j]) {
          end = offsets[j]
          j -= 1
        }
        if index <= kept && end > 0 { lastBreak = (end, offset) }
      } else if index < kept && breaksAfter(value) {
        lastBreak = (offset, offset)
      }
    }
    if let lastBreak { return lastBreak }
    let cut = max(1, min(kept, offsets.count))
    let end = cut < offsets.count ? offsets[cut] : offset
    return (end, end)
  }
}

/// Whether a line may break at `v`, a space it leaves out.
private func isSpace(_ v: UInt32) -> Bool { v == 0x20 || v == 0x09 || v == 0x3000 }

/// Whether a line may break after `v` without a space: after a hyphen and
/// after the ideographs and kana of scripts written without spaces.
private func breaksAfter(_ v: UInt32) -> Bool {
  v == 0x2D || (0x2E80...0x9FFF).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFFEF).contains(v)
    || (0x20000...0x3FFFF).contains(v)
}
