/// The character a keysym types when the keysym itself encodes it.
///
/// The X protocol's keysym encoding gives two ranges their code point
/// without a table: the Latin-1 keysyms are their ISO 8859-1 characters,
/// and keysyms 0x01000100 to 0x0110FFFF are U+0100 to U+10FFFF plus
/// 0x01000000. Every other keysym that types a character (the legacy
/// Cyrillic, Greek, Latin-2 … blocks) needs libxkbcommon's table, which a
/// window typed into in ASCII then never loads.
public enum KeysymCode {
  /// The code point `keysym` encodes directly; nil when only a table
  /// knows it, or it types nothing.
  public static func direct(_ keysym: UInt32) -> UInt32? {
    switch keysym {
    case latin1Printable, latin1Upper: return keysym
    case unicode: return keysym - unicodeOffset
    default: return nil
    }
  }

  /// Latin-1's printable ASCII half, space to tilde.
  private static let latin1Printable: ClosedRange<UInt32> = 0x20...0x7E
  /// Latin-1's upper half, no-break space to ÿ.
  private static let latin1Upper: ClosedRange<UInt32> = 0xA0...0xFF
  /// Keysyms that are a code point plus `unicodeOffset`.
  private static let unicode: ClosedRange<UInt32> = 0x0100_0100...0x0110_FFFF
  private static let unicodeOffset: UInt32 = 0x0100_0000
}
