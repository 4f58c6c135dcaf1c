/// What a paste puts into the query, made from a selection's bytes.
///
/// A query is one line, so a paste becomes one: line breaks at the end
/// (a copied line usually ends with one) are dropped, every other line
/// break (LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029) and every tab becomes one
/// space, and other control characters are dropped. The bytes are UTF-8
/// (UTF8_STRING), or Latin-1 (STRING, ICCCM's encoding for it), where each
/// byte is the character of the same number; a bad UTF-8 sequence reads as
/// U+FFFD.
public enum PastedText {
  /// How a selection's bytes are encoded.
  public enum Encoding: Sendable {
    /// UTF8_STRING's UTF-8, and STRING's ISO 8859-1 (Latin-1).
    case utf8, latin1
  }

  /// The one line `bytes` paste as.
  public static func line(_ bytes: [UInt8], encoding: Encoding) -> String {
    var scalars = String.UnicodeScalarView()
    switch encoding {
    case .latin1: scalars.append(contentsOf: bytes.lazy.map { Unicode.Scalar($0) })
    case .utf8: scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars
    }
    var kept = String.UnicodeScalarView()
    var previous: Unicode.Scalar?
    for scalar in scalars {
      defer { previous = scalar }
      if isLineBreak(scalar) {
        // CR LF is one break.
        if scalar == "\n" && previous == "\r" { continue }
        kept.append(" ")
      } else if scalar == "\t" {
        kept.append(" ")
      } else if scalar.properties.generalCategory != .control {
        kept.append(scalar)
      }
    }
    // The breaks at the end were spaces above: the copied line's own end.
    var end = scalars.endIndex
    while end > scalars.startIndex, isLineBreak(scalars[scalars.index(before: end)]) {
      end = scalars.index(before: end)
    }
    let trailing = breakCount(scalars[end...])
    return String(String.UnicodeScalarView(kept.dropLast(trailing)))
  }

  private static func isLineBreak(_ s: Unicode.Scalar) -> Bool {
    s == "\n" || s == "\r" || s == "\u{0B}" || s == "\u{0C}" || s == "\u{85}" || s == "\u{2028}" || s == "\u{2029}"
  }

  /// How many spaces `breaks` became: CR LF is one.
  private static func breakCount(_ breaks: Substring.UnicodeScalarView) -> Int {
    var count = 0
    var previous: Unicode.Scalar?
    for s in breaks {
      if !(s == "\n" && previous == "\r") { count += 1 }
      previous = s
    }
    return count
  }
}
