/// What a pick made from rofi's `-dmenu` command line does besides a
/// pick's own flags: its `-format`, the row `-selected-row` selects, the
/// keys `-kb-custom-N` bind, the rows `-a` and `-u` mark, and the options
/// its rows carry in rofi's row protocol.
public struct RofiPick: Sendable, Equatable {
  /// `-format`; `s` by default.
  public var format = PickFormat("s")
  /// `-selected-row`: the input row selected once it has arrived.
  public var selectedRow: Int?
  /// `-kb-custom-1` to `-kb-custom-19`, in order: each key prints the
  /// selection and exits 10 to 28 (`customStatus`).
  public var customKeys: [[KeyChord]] = RofiPick.defaultCustomKeys
  /// `-a`: the active rows, by their number in the input.
  public var active = RowRanges()
  /// `-u`: the urgent rows.
  public var urgent = RowRanges()
  /// The rows' protocol options, filled as the input is read.
  public var options: RowOptionsTable?
  /// `-show-icons`: the rows' `icon` options show.
  public var showsIcons = false
  /// `-icon-theme`: the theme icons come from, instead of the desktop's.
  public var iconTheme: String?

  /// What `-dmenu` does with no other rofi flag: format `s`, rofi's default custom keys, no marked rows.
  public init() {}

  /// The status of the `n`th custom key (from 0): rofi's 10 to 28.
  public static func customStatus(_ n: Int) -> Int32 { Int32(10 + n) }

  /// rofi 1.7's default bindings: Alt+1 to Alt+9 and Alt+0, then Alt and
  /// the shifted digits of a US layout.
  public static let defaultCustomKeys: [[KeyChord]] =
    (["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "exclam", "at", "numbersign", "dollar", "percent",
      "dead_circumflex", "ampersand", "asterisk", "parenleft"] as [String]).map { [KeyChord("Alt+" + $0)!] }

  /// Equal when every setting is, and both share the same options table (compared by identity).
  public static func == (a: RofiPick, b: RofiPick) -> Bool {
    a.format == b.format && a.selectedRow == b.selectedRow && a.customKeys == b.customKeys && a.active == b.active
      && a.urgent == b.urgent && a.options === b.options && a.showsIcons == b.showsIcons && a.iconTheme == b.iconTheme
  }
}

/// rofi's row lists (`-a 0,2,4-6`, `-u 3-`): numbers and ranges of rows
/// from 0, separated by commas; a range open at its end runs to the last
/// row.
public struct RowRanges: Equatable, Sendable {
  /// The rows listed, each a closed range of row numbers from 0 (`Int.max` for an open end).
  public var ranges: [ClosedRange<Int>] = []

  /// An empty list: no row is in it.
  public init() {}

  /// The list `text`; nil when a part is not a number or a range.
  public init?(_ text: String) {
    for part in text.split(separator: ",") {
      let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
      guard let low = Int(bounds[0]), low >= 0 else { return nil }
      if bounds.count == 1 {
        ranges.append(low...low)
      } else if bounds[1].isEmpty {
        ranges.append(low...Int.max)
      } else {
        guard let high = Int(bounds[1]), high >= low else { return nil }
        ranges.append(low...high)
      }
    }
  }

  /// Whether row number `row` (from 0, in input order) is in one of the ranges.
  public func contains(_ row: Int) -> Bool { ranges.contains { $0.contains(row) } }
}

/// A key with its modifiers, as rofi names one: `Alt+1`,
/// `Control+Shift+Return`, `Super+x` (modifiers Shift, Control, Alt,
/// Mod1 for Alt, Super, Mod4 for Super; the key an X keysym's name).
public struct KeyChord: Equatable, Sendable {
  /// The key without its modifiers.
  public var key: KeyPress.Name
  /// Whether the chord needs Control held.
  public var control = false
  /// Whether the chord needs Alt (Mod1) held.
  public var alt = false
  /// Whether the chord needs Shift held.
  public var shift = false
  /// Whether the chord needs Super (Mod4) held.
  public var superKey = false

  /// The chord `text` names; nil when it names no key this program reads.
  public init?(_ text: String) {
    let parts = text.split(separator: "+").map(String.init)
    guard let last = parts.last else { return nil }
    for m in parts.dropLast() {
      switch m.lowercased() {
      case "control", "ctrl": control = true
      case "alt", "mod1": alt = true
      case "shift": shift = true
      case "super", "mod4": superKey = true
      default: return nil
      }
    }
    guard let name = KeyChord.name(last) else { return nil }
    key = name
  }

  /// The keys this program reads, by their X keysym names.
  static func name(_ keysym: String) -> KeyPress.Name? {
    let named: [String: KeyPress.Name] = [
      "Return": .enter, "KP_Enter": .enter, "Escape": .escape, "Up": .up, "Down": .down, "Left": .left,
      "Right": .right, "Page_Up": .pageUp, "Prior": .pageUp, "Page_Down": .pageDown, "Next": .pageDown,
      "Home": .home, "End": .end, "space": .space, "Tab": .tab, "BackSpace": .backspace, "Delete": .delete,
      "Insert": .insert,
    ]
    if let n = named[keysym] { return n }
    let symbols: [String: Character] = [
      "exclam": "!", "at": "@", "numbersign": "#", "dollar": "$", "percent": "%", "dead_circumflex": "^",
      "asciicircum": "^", "ampersand": "&", "asterisk": "*", "parenleft": "(", "parenright": ")", "minus": "-",
      "equal": "=", "plus": "+", "comma": ",", "period": ".", "slash": "/", "semicolon": ";",
    ]
    if let c = symbols[keysym] { return .character(c) }
    guard keysym.count == 1, let c = keysym.first, c.isASCII, !c.isWhitespace else { return nil }
    return .character(Character(c.lowercased()))
  }

  /// The digit or letter key that types `c` on a US layout with Shift.
  private static let shiftedDigits: [Character: Character] = [
    "!": "1", "@": "2", "#": "3", "$": "4", "%": "5", "^": "6", "&": "7", "*": "8", "(": "9", ")": "0",
  ]

  /// Whether `press` is this chord. A symbol typed with Shift matches by
  /// what it types, or by its key on a US layout.
  public func matches(_ press: KeyPress) -> Bool {
    guard press.control == control, press.alt == alt else { return false }
    if case .character(let c) = key, !c.isLetter && !c.isNumber {
      if press.text == String(c) { return true }
      if let digit = KeyChord.shiftedDigits[c] { return press.shift && press.name == .character(digit) }
      return press.name == key
    }
    return press.name == key && press.shift == shift
  }
}
