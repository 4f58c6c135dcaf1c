/// The text size a --font pattern asks for, as a factor on the program's
/// own sizes.
///
/// Each kind of text has its size (rows 15 px, the header's title 17, the
/// map's heading 22, details 12, logical px). A pattern that names a size
/// (`DejaVu Sans-20`, `:size=20` in points, `:pixelsize=24`) sets the rows'
/// text size, and every other kind keeps its proportion to it; so do the
/// rows' default height and, through the line heights, the header. Points
/// are 1/72 inch at the 96 logical px an inch that scale 1 stands for. A
/// pattern without a size keeps the factor 1, the layout as it always was.
///
/// Read here from the pattern's text, without fontconfig, so that the
/// program and a replay of its trace come to the same layout.
public enum FontSize {
  /// The rows' text size at factor 1, logical px.
  public static let rowPixelSize = 15.0
  /// The factors a size can give: rows' text from 7.5 to 60 px. Beyond,
  /// text is unreadable or a row no longer fits a window.
  public static let factorRange = 0.5...4.0

  /// The factor `pattern` asks for: its pixel size, else its point size,
  /// over `rowPixelSize`, within `factorRange`; 1 when it names no size.
  public static func factor(ofPattern pattern: String) -> Double {
    let (points, pixels) = sizes(in: pattern)
    guard let px = pixels ?? points.map({ $0 * 96 / 72 }), px.isFinite, px > 0 else { return 1 }
    return min(max(px / rowPixelSize, factorRange.lowerBound), factorRange.upperBound)
  }

  /// The first point size and pixel size a fontconfig name gives: sizes
  /// after the families' unescaped `-`, and `size=` and `pixelsize=`
  /// elements (the later element wins, as fontconfig's last value does).
  static func sizes(in pattern: String) -> (points: Double?, pixels: Double?) {
    var parts: [String] = []
    var current = ""
    var escaped = false
    // Splits at unescaped colons; the first part keeps its escapes so that
    // `\-` in a family is not a size.
    for ch in pattern {
      if escaped {
        current.append("\\")
        current.append(ch)
        escaped = false
      } else if ch == "\\" {
        escaped = true
      } else if ch == ":" {
        parts.append(current)
        current = ""
      } else {
        current.append(ch)
      }
    }
    parts.append(current)
    var points: Double?
    var pixels: Double?
    if let head = parts.first, let dash = unescapedDash(in: head) {
      points = number(String(head[head.index(after: dash)...]))
    }
    for element in parts.dropFirst() {
      guard let eq = element.firstIndex(of: "=") else { continue }
      let name = element[..<eq].lowercased()
      let value = number(String(element[element.index(after: eq)...]))
      if name == "size", let value { points = value }
      if name == "pixelsize", let value { pixels = value }
    }
    return (points, pixels)
  }

  /// The first `-` not escaped by a backslash.
  private static func unescapedDash(in text: String) -> String.Index? {
    var i = text.startIndex
    while i < text.endIndex {
      if text[i] == "\\" {
        i = text.index(after: i)
        if i < text.endIndex { i = text.index(after: i) }
        continue
      }
      if text[i] == "-" { return i }
      i = text.index(after: i)
    }
    return nil
  }

  /// The first of a comma-separated list of values, as a number.
  private static func number(_ text: String) -> Double? {
    let first = text.split(separator: ",", omittingEmptySubsequences: false).first ?? ""
    return Double(String(first.filter { $0 != " " }))
  }
}

/// The fontconfig pattern text is drawn with when --font is not given.
public let defaultFontPattern = "sans-serif"
