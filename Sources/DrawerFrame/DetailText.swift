import DrawerEngine
import DrawerRows
import DrawerText

/// One row's whole text as the detail panel shows it, wrapped to the
/// panel's width in the row font: its title, and for generated rows their
/// detail line after a middle dot. Kept while the row, the width and the
/// fonts stay, so the frames that draw it and the host that counts its
/// lines share one wrap.
public final class DetailText {
  /// The text, UTF-8.
  public private(set) var bytes: [UInt8] = []
  /// The header's count, "3 of 200": where the row lies in the list,
  /// beside the list's title.
  public private(set) var position: [UInt8] = []
  /// The width the lines were wrapped to, px.
  public private(set) var width = 0
  /// The store row the text is of; -1 before the first `prepare`.
  public private(set) var row = -1
  private let wrap = ParagraphWrap()

  /// No text yet: nothing is wrapped until a row is prepared.
  public init() {}
  /// Bumped when the fonts change: a wrap made before is stale.
  private var fontsVersion = 0
  private var wrappedVersion = -1

  /// The lines, as byte ranges of `bytes`.
  public var lines: [Range<Int>] { wrap.lines }

  /// The lines of `row` wrapped to a list `listWidth` px wide in the row
  /// font (`measurer`), wrapping
  /// again only when something changed; returns how many there are.
  public func prepare<M: GlyphMeasuring>(row: Int, listWidth: Double, inset: Int, rows: RowTexts, measurer: M) -> Int {
    let width = max(1, Int(listWidth.rounded(.down)) - 2 * inset)
    if row == self.row && width == self.width && wrappedVersion == fontsVersion { return wrap.lines.count }
    if row != self.row {
      position = Array("\(row + 1) of \(rows.count)".utf8)
      rows.withRow(row) { title, detail in
        bytes = Array(title)
        if let detail, detail.count > 0 {
          bytes += Array(" \u{00B7} ".utf8)
          bytes += Array(detail)
        }
      }
    }
    self.row = row
    self.width = width
    wrappedVersion = fontsVersion
    bytes.withUnsafeBufferPointer {
      wrap.wrap($0, width: width, measurer: measurer, maximumLines: maximumDetailLines)
    }
    return wrap.lines.count
  }

  /// The fonts changed (a new scale): the next `prepare` wraps again.
  public func fontsChanged() { fontsVersion += 1 }
}
