/// Finds extended grapheme cluster boundaries (Unicode's UAX #29) one scalar
/// at a time and without allocating: the places where a line may be cut
/// without splitting what a reader sees as one character.
///
/// It follows the rules for CR LF, controls, Hangul syllables, extending
/// and spacing marks, prepended marks, emoji ZWJ sequences and flag pairs.
/// Two approximations: Extended_Pictographic is taken as the Emoji property
/// beyond ASCII, and Indic conjuncts (GB9c) break after the virama.
struct GraphemeBreaker {
  private enum Kind {
    case cr, lf, control, extend, zwj, regional, prepend, spacingMark, l, v, t, lv, lvt, pictographic, other
  }

  private var previous: Kind?
  /// Regional indicators in a row just before the next scalar.
  private var regionalRun = 0
  /// Pictographic, then extending marks, then (2) a ZWJ: the next
  /// pictographic joins the cluster.
  private var pictographicState = 0

  /// Whether a cluster boundary lies just before `value`, the next scalar;
  /// true before the first.
  mutating func isBoundary(before value: UInt32) -> Bool {
    let k = GraphemeBreaker.kind(value)
    defer {
      regionalRun = k == .regional ? regionalRun + 1 : 0
      switch k {
      case .pictographic: pictographicState = 1
      case .extend: pictographicState = pictographicState == 1 ? 1 : 0
      case .zwj: pictographicState = pictographicState == 1 ? 2 : 0
      default: pictographicState = 0
      }
      previous = k
    }
    guard let p = previous else { return true }
    switch (p, k) {
    case (.cr, .lf): return false
    case (.cr, _), (.lf, _), (.control, _): return true
    case (_, .cr), (_, .lf), (_, .control): return true
    case (.l, .l), (.l, .v), (.l, .lv), (.l, .lvt): return false
    case (.lv, .v), (.lv, .t), (.v, .v), (.v, .t): return false
    case (.lvt, .t), (.t, .t): return false
    case (_, .extend), (_, .zwj), (_, .spacingMark): return false
    case (.prepend, _): return false
    case (.zwj, .pictographic): return pictographicState != 2
    case (.regional, .regional): return regionalRun % 2 == 0
    default: return true
    }
  }

  private static func kind(_ value: UInt32) -> Kind {
    switch value {
    case 0x0D: return .cr
    case 0x0A: return .lf
    case 0..<0x20, 0x7F: return .control
    case 0x20..<0x7F: return .other
    case 0x200D: return .zwj
    case 0x1F1E6...0x1F1FF: return .regional
    // Emoji skin tones extend the emoji before them.
    case 0x1F3FB...0x1F3FF: return .extend
    case 0x1100...0x115F, 0xA960...0xA97C: return .l
    case 0x1160...0x11A7, 0xD7B0...0xD7C6: return .v
    case 0x11A8...0x11FF, 0xD7CB...0xD7FB: return .t
    case 0xAC00...0xD7A3: return (value - 0xAC00) % 28 == 0 ? .lv : .lvt
    case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD: return .prepend
    default: break
    }
    guard let scalar = Unicode.Scalar(value) else { return .control }
    let p = scalar.properties
    if p.isGraphemeExtend { return .extend }
    switch p.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: return .control
    case .spacingMark: return .spacingMark
    default: break
    }
    return p.isEmoji && value >= 0xA9 ? .pictographic : .other
  }
}
