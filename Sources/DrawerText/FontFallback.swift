/// The fonts of one role as the front end holds them: a primary font and
/// fallbacks opened on demand.
public protocol FontProvider: AnyObject {
  /// Fonts open so far: the primary font (index 0) and the fallbacks.
  var fontCount: Int { get }
  /// Whether font `index` has a glyph for `scalar`.
  func font(_ index: Int, covers scalar: Unicode.Scalar) -> Bool
  /// The advance of `scalar`'s glyph in font `index`, px; for a scalar the
  /// font lacks, that of the glyph it draws instead (.notdef).
  func advance(of scalar: Unicode.Scalar, inFont index: Int) -> Int
  /// Finds and opens a font that has `scalar`, and returns its index; nil
  /// when no font has it.
  func openFallback(for scalar: Unicode.Scalar) -> Int?
}

/// Picks the font for each scalar: the primary font when it has the glyph,
/// else a fallback already open that has it, else a new fallback found for
/// it; when no font has it, the primary font, which draws its .notdef.
///
/// Fallbacks are searched for only when a scalar needs one, never ahead,
/// and each scalar's answer is cached, the missing ones too: a scalar that
/// no font has is searched for once.
public final class FontFallback<Provider: FontProvider>: GlyphMeasuring {
  /// The fonts of the role, which this picks among and opens fallbacks from.
  public let provider: Provider
  /// ASCII answers, which most lines are made of, without hashing.
  private var ascii = [GlyphMetrics?](repeating: nil, count: 128)
  private var others: [UInt32: GlyphMetrics] = [:]
  /// Cached answers beyond ASCII kept before all are dropped: enough for
  /// every scalar of a few thousand screens of CJK.
  public static var maximumCached: Int { 65_536 }

  /// A picker over `provider`'s fonts, with nothing cached yet.
  public init(provider: Provider) {
    self.provider = provider
  }

  /// The font for `scalar` and its advance, px: the primary's, an open fallback's, or a new one's.
  public func glyph(for scalar: Unicode.Scalar) -> GlyphMetrics {
    let v = scalar.value
    if v < 128, let known = ascii[Int(v)] { return known }
    if v >= 128, let known = others[v] { return known }
    let found = resolve(scalar)
    if v < 128 {
      ascii[Int(v)] = found
    } else {
      if others.count >= FontFallback.maximumCached { others.removeAll(keepingCapacity: true) }
      others[v] = found
    }
    return found
  }

  private func resolve(_ scalar: Unicode.Scalar) -> GlyphMetrics {
    var font = 0
    if !provider.font(0, covers: scalar) {
      font = (1..<max(1, provider.fontCount)).first { provider.font($0, covers: scalar) }
        ?? provider.openFallback(for: scalar) ?? 0
    }
    return GlyphMetrics(font: font, advance: provider.advance(of: scalar, inFont: font))
  }
}
