/// How the layout treats a scalar: drawn, a tab, or nothing at all.
enum ScalarKind: Equatable {
  /// Drawn with a glyph of some font.
  case visible
  /// Moves the pen to the next tab stop.
  case tab
  /// Neither drawn nor measured: control characters, format characters
  /// (bidi controls, zero-width joiners) and other default-ignorable code
  /// points, which a font would otherwise draw as a box.
  case invisible

  init(_ value: UInt32) {
    if value < 0x80 {
      self = value == 0x09 ? .tab : (value < 0x20 || value == 0x7F ? .invisible : .visible)
      return
    }
    guard let scalar = Unicode.Scalar(value) else {
      self = .invisible
      return
    }
    let p = scalar.properties
    if p.isDefaultIgnorableCodePoint {
      self = .invisible
      return
    }
    switch p.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: self = .invisible
    default: self = .visible
    }
  }
}
