/// The desktop's settings as an XSETTINGS manager publishes them: the
/// `_XSETTINGS_SETTINGS` property of the owner of `_XSETTINGS_S<screen>`.
///
/// Only what the program reads is kept; every other setting is skipped. A
/// property that breaks the format anywhere yields no settings at all, so a
/// broken manager is treated like a missing one.
public struct XSettings: Hashable, Sendable {
  /// Net/ThemeName, e.g. "Adwaita-dark".
  public var themeName: String?
  /// Net/IconThemeName, e.g. "Adwaita": the theme rows' icons come from.
  public var iconThemeName: String?
  /// Gtk/ApplicationPreferDarkTheme, when the manager publishes it.
  public var prefersDarkSetting: Bool?
  /// Xft/DPI, in dots per inch (the property holds 1024ths).
  public var dpi: Double?
  /// Gtk/EnableAnimations: false is GNOME's "reduce animation".
  public var enableAnimations: Bool?

  /// Settings as given; the icon theme is left unset, and every nil is a setting not published.
  public init(themeName: String? = nil, prefersDarkSetting: Bool? = nil, dpi: Double? = nil, enableAnimations: Bool? = nil) {
    self.themeName = themeName
    self.prefersDarkSetting = prefersDarkSetting
    self.dpi = dpi
    self.enableAnimations = enableAnimations
  }

  /// Whether the desktop asks for a dark appearance: it says so, or its
  /// theme's name ends in "-dark" (any case), as GTK's dark variants do.
  public var prefersDark: Bool {
    if let prefersDarkSetting { return prefersDarkSetting }
    return themeName?.lowercased().hasSuffix("-dark") == true
  }

  /// Whether the desktop asks for reduced motion: it says
  /// Gtk/EnableAnimations 0 (GNOME's "reduce animation"); not when it says
  /// 1, says nothing, or no manager runs (`settings` nil).
  public static func asksForReducedMotion(_ settings: XSettings?) -> Bool {
    settings?.enableAnimations == false
  }

  /// Parses the property's bytes; nil when they break the format.
  ///
  /// The layout (XSETTINGS 0.5): a byte order (LSBFirst or MSBFirst, also
  /// written as 'l' and 'B'), 3 unused, a serial and a count (CARD32); then
  /// each setting: a type (0 integer, 1 string, 2 colour), 1 unused, the
  /// name's length (CARD16), the name padded to 4, a serial (CARD32), and
  /// the value: an INT32, a CARD32 length and the string padded to 4, or
  /// four CARD16 channels.
  public init?(property bytes: [UInt8]) {
    var r = Reader(bytes: bytes)
    guard let order = r.byte() else { return nil }
    switch order {
    case 0, UInt8(ascii: "l"): r.littleEndian = true
    case 1, UInt8(ascii: "B"): r.littleEndian = false
    default: return nil
    }
    guard r.skip(3), r.card32() != nil, let count = r.card32() else { return nil }
    self.init()
    // Each setting takes at least 12 bytes: a count beyond that is a lie.
    guard Int(count) <= bytes.count / 12 else { return nil }
    for _ in 0..<count {
      guard let type = r.byte(), r.skip(1), let nameLength = r.card16(),
        let name = r.string(Int(nameLength)), r.card32() != nil
      else { return nil }
      switch type {
      case 0:
        guard let raw = r.card32() else { return nil }
        let value = Int32(bitPattern: raw)
        if name == "Gtk/ApplicationPreferDarkTheme" { prefersDarkSetting = value != 0 }
        if name == "Xft/DPI" && value > 0 { dpi = Double(value) / 1024 }
        if name == "Gtk/EnableAnimations" { enableAnimations = value != 0 }
      case 1:
        guard let length = r.card32(), let value = r.string(Int(length)) else { return nil }
        if name == "Net/ThemeName" { themeName = value }
        if name == "Net/IconThemeName" { iconThemeName = value }
      case 2:
        guard r.skip(8) else { return nil }
      default:
        return nil
      }
    }
  }
}

/// Reads the property's fields in its byte order, never past its end.
private struct Reader {
  let bytes: [UInt8]
  var offset = 0
  var littleEndian = true

  mutating func byte() -> UInt8? {
    guard offset < bytes.count else { return nil }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func skip(_ n: Int) -> Bool {
    guard n >= 0, bytes.count - offset >= n else { return false }
    offset += n
    return true
  }

  mutating func unsigned(_ size: Int) -> UInt32? {
    guard bytes.count - offset >= size else { return nil }
    var v: UInt32 = 0
    for i in 0..<size {
      let b = UInt32(bytes[offset + (littleEndian ? size - 1 - i : i)])
      v = v << 8 | b
    }
    offset += size
    return v
  }

  mutating func card16() -> UInt16? { unsigned(2).map { UInt16($0) } }
  mutating func card32() -> UInt32? { unsigned(4) }

  /// `length` bytes of text and the padding to a multiple of 4.
  mutating func string(_ length: Int) -> String? {
    let padded = (length + 3) & ~3
    guard length >= 0, bytes.count - offset >= padded else { return nil }
    let text = String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
    offset += padded
    return text
  }
}
