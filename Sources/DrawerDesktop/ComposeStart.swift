/// Which keys may begin a Compose sequence, so that libX11's own input
/// method opens only when one is typed.
///
/// Opening libX11's own method parses the locale's Compose table (about
/// 6,000 sequences): 10 ms or more and 0.2 MiB whenever libX11 has no cache
/// of it, which is always for root and once a day for everyone else. A
/// launcher typed into with letters and digits never needs it.
///
/// The rule: every Compose table libX11 ships begins its sequences with
/// `Multi_key`, a dead key, or a keysym outside the letters, digits and
/// space of ASCII (the Arabic, Khmer and Greek tables; Amharic's with a
/// backslash). So a key that types an ASCII letter, digit or space, or a
/// key that types nothing (an arrow, Return, a modifier, a function key)
/// begins none, and any other key may. A table of the user's own
/// (`XCOMPOSEFILE`, `~/.XCompose`) may begin anywhere: with one, the method
/// opens before the first key, as it would without this rule.
public enum ComposeStart {
  /// Whether a key whose keysym (its modifiers applied) is `keysym` may
  /// begin a sequence in one of libX11's own tables.
  public static func mayBegin(keysym: UInt32) -> Bool {
    switch keysym {
    case 0: return false  // NoSymbol
    case 0x20, 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return false  // space, digits, letters
    case multiKey, inputMethodKeys: return true
    case deadKeys: return true
    // ISO modifiers and group shifts, pointer and server keys: they type
    // nothing, and no table starts with them.
    case 0xFE00...0xFEFF: return false
    // Editing, navigation, keypad, function and modifier keys.
    case 0xFF00...0xFFFF: return false
    default: return true
    }
  }

  /// Whether the user has a Compose table of their own, which libX11 reads
  /// instead of the locale's: `XCOMPOSEFILE` names one, or `~/.XCompose`
  /// exists. `variable` reads the environment; `exists` tells whether a
  /// path names a file that can be read.
  public static func userTable(variable: (String) -> String?, exists: (String) -> Bool) -> Bool {
    if let named = variable("XCOMPOSEFILE"), !named.isEmpty { return true }
    guard let home = variable("HOME"), !home.isEmpty else { return false }
    return exists(home + "/.XCompose")
  }

  /// `Multi_key`, the Compose key.
  private static let multiKey: UInt32 = 0xFF20
  /// The keys of input methods (Kanji, Henkan, Codeinput, the candidate
  /// keys), which follow `Multi_key` in the keysym table.
  private static let inputMethodKeys: ClosedRange<UInt32> = 0xFF21...0xFF3F
  /// The dead keys, `dead_grave` to the last `dead_` keysym.
  private static let deadKeys: ClosedRange<UInt32> = 0xFE50...0xFE9F
}
