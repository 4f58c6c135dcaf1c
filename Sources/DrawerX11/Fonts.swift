import CX11
import DrawerDesktop
import DrawerProcess
import DrawerText

/// The fonts of one role: the primary font matched from the user's pattern,
/// and the fallbacks opened so far for scalars it lacks.
///
/// A fallback is sought by fontconfig for one scalar at a time: the role's
/// pattern plus a character set holding the scalar, substituted and matched
/// as Xft matches (XftFontMatch). Character coverage outranks the family in
/// fontconfig's matching, so the match has the scalar if any font does;
/// colour emoji fonts, which are bitmap strikes, come back with the scaling
/// matrix fontconfig's configuration gives them, and Xft draws them in
/// colour at the role's size.
final class RoleFonts: FontProvider {
  private let display: OpaquePointer
  private let screen: Int32
  /// The user's pattern with the role's size and weight, before any
  /// substitution: the start of every search.
  private let pattern: OpaquePointer
  /// The primary font, then the fallbacks in the order they were opened.
  private(set) var faces: [UnsafeMutablePointer<XftFont>]

  /// Opens the primary font; nil when fontconfig matches nothing or Xft
  /// cannot open the match.
  init?(display: OpaquePointer, screen: Int32, pattern userPattern: String, role: FontRole, scale: Double) {
    guard let p = FcNameParse(userPattern) else { return nil }
    // The role's size and weight replace whatever the pattern says: the
    // layout's line heights are made for them. A size in the pattern
    // scales every role alike (`FontSize`).
    FcPatternDel(p, FC_SIZE)
    FcPatternDel(p, FC_PIXEL_SIZE)
    FcPatternAddDouble(p, FC_PIXEL_SIZE, role.pixelSize * FontSize.factor(ofPattern: userPattern) * scale)
    if role.isBold {
      FcPatternDel(p, FC_WEIGHT)
      FcPatternAddInteger(p, FC_WEIGHT, FC_WEIGHT_BOLD)
    }
    guard let primary = RoleFonts.open(display, screen, p) else {
      FcPatternDestroy(p)
      return nil
    }
    self.display = display
    self.screen = screen
    pattern = p
    faces = [primary]
  }

  /// Closes every font of the role.
  func close() {
    for f in faces { XftFontClose(display, f) }
    faces.removeAll()
    FcPatternDestroy(pattern)
  }

  var primary: UnsafeMutablePointer<XftFont> { faces[0] }

  // MARK: FontProvider

  var fontCount: Int { faces.count }

  func font(_ index: Int, covers scalar: Unicode.Scalar) -> Bool {
    XftCharExists(display, faces[index], scalar.value) != 0
  }

  func advance(of scalar: Unicode.Scalar, inFont index: Int) -> Int {
    let face = faces[index]
    var glyph = XftCharIndex(display, face, scalar.value)
    var info = XGlyphInfo()
    XftGlyphExtents(display, face, &glyph, 1, &info)
    return Int(info.xOff)
  }

  func openFallback(for scalar: Unicode.Scalar) -> Int? {
    guard let p = FcPatternDuplicate(pattern) else { return nil }
    defer { FcPatternDestroy(p) }
    guard let wanted = FcCharSetCreate() else { return nil }
    FcCharSetAddChar(wanted, scalar.value)
    FcPatternAddCharSet(p, FC_CHARSET, wanted)
    FcCharSetDestroy(wanted)
    var result = FcResultNoMatch
    guard let match = XftFontMatch(display, screen, p, &result) else { return nil }
    // The best match may still lack the scalar when no font has it.
    var coverage: OpaquePointer?
    guard FcPatternGetCharSet(match, FC_CHARSET, 0, &coverage) == FcResultMatch, FcCharSetHasChar(coverage, scalar.value) != 0,
      let face = XftFontOpenPattern(display, match)
    else {
      FcPatternDestroy(match)
      return nil
    }
    // Xft hands back a font already open for an equal pattern.
    if let known = faces.firstIndex(of: face) {
      XftFontClose(display, face)
      return known
    }
    faces.append(face)
    return faces.count - 1
  }

  /// Matches `pattern` as Xft does and opens the match.
  private static func open(_ display: OpaquePointer, _ screen: Int32, _ pattern: OpaquePointer) -> UnsafeMutablePointer<XftFont>? {
    var result = FcResultNoMatch
    guard let match = XftFontMatch(display, screen, pattern, &result) else { return nil }
    // On success the font owns the match.
    guard let face = XftFontOpenPattern(display, match) else {
      FcPatternDestroy(match)
      return nil
    }
    return face
  }
}

/// Every role's fonts, each behind the fallback choice that measures glyphs
/// for the layout.
final class FontSet {
  private let roles: [FontFallback<RoleFonts>]

  /// Opens the four roles' primary fonts from `pattern` at `scale` times
  /// their pixel sizes. Fallbacks are opened later, when a scalar needs one.
  init(display: OpaquePointer, screen: Int32, pattern: String, scale: Double) throws(Failure) {
    var opened: [FontFallback<RoleFonts>] = []
    for role in FontRole.allCases {
      guard let fonts = RoleFonts(display: display, screen: screen, pattern: pattern, role: role, scale: scale) else {
        for o in opened { o.provider.close() }
        throw Failure(status: ExitStatus.unavailable, message: "cannot open a font for --font \(pattern) (install fonts-dejavu-core)")
      }
      opened.append(FontFallback(provider: fonts))
    }
    roles = opened
  }

  /// Closes every font, fallbacks included; the set is unusable after.
  func close() {
    for r in roles { r.provider.close() }
  }

  /// The glyph measuring for `role`: its fonts and its fallback cache.
  subscript(role: FontRole) -> FontFallback<RoleFonts> { roles[role.rawValue] }

  /// The primary font of `role`, whose metrics the layout uses.
  func primary(_ role: FontRole) -> UnsafeMutablePointer<XftFont> { roles[role.rawValue].provider.primary }

  func ascent(_ role: FontRole) -> Int { Int(primary(role).pointee.ascent) }
  func descent(_ role: FontRole) -> Int { Int(primary(role).pointee.descent) }
  func lineHeight(_ role: FontRole) -> Int { ascent(role) + descent(role) }
}

/// Whether fontconfig can parse `pattern`; checked before the display is
/// opened, so that a syntax error is a bad flag value.
package func isFontPattern(_ pattern: String) -> Bool {
  guard let p = FcNameParse(pattern) else { return false }
  FcPatternDestroy(p)
  return true
}
