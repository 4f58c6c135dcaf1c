/// A colour with straight (not premultiplied) components in 0...1.
///
/// Front ends premultiply when they hand the colour to a renderer that wants
/// it; the engine never does.
public struct DrawerColor: Hashable, Sendable {
  /// The red component, 0...1, not premultiplied.
  public var red: Double
  /// The green component, 0...1, not premultiplied.
  public var green: Double
  /// The blue component, 0...1, not premultiplied.
  public var blue: Double
  /// The opacity, 0 (none) to 1 (opaque).
  public var alpha: Double

  /// The colour of these components, each 0...1; opaque by default.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The same colour with its alpha multiplied by `factor`.
  public func withAlpha(multipliedBy factor: Double) -> DrawerColor {
    DrawerColor(red: red, green: green, blue: blue, alpha: alpha * factor)
  }

  /// Opaque black.
  public static let black = DrawerColor(red: 0, green: 0, blue: 0)
  /// Opaque white.
  public static let white = DrawerColor(red: 1, green: 1, blue: 1)
  /// DrawerKit's handle grey (UIColor.gray, 50 % white).
  public static let gray = DrawerColor(red: 0.5, green: 0.5, blue: 0.5)
  /// Transparent: black at alpha 0, which draws nothing.
  public static let clear = DrawerColor(red: 0, green: 0, blue: 0, alpha: 0)

  /// The names `init(parsing:)` accepts besides hexadecimal forms.
  public static let namedColors: [(name: String, color: DrawerColor)] = [
    ("black", .black),
    ("white", .white),
    ("gray", .gray),
    ("grey", .gray),
    ("red", DrawerColor(red: 1, green: 0, blue: 0)),
    ("green", DrawerColor(red: 0, green: 0.5, blue: 0)),
    ("lime", DrawerColor(red: 0, green: 1, blue: 0)),
    ("blue", DrawerColor(red: 0, green: 0, blue: 1)),
    ("yellow", DrawerColor(red: 1, green: 1, blue: 0)),
    ("cyan", DrawerColor(red: 0, green: 1, blue: 1)),
    ("magenta", DrawerColor(red: 1, green: 0, blue: 1)),
    ("orange", DrawerColor(red: 1, green: 0.647, blue: 0)),
    ("purple", DrawerColor(red: 0.5, green: 0, blue: 0.5)),
    ("transparent", .clear),
  ]

  /// Parses `#rgb`, `#rrggbb`, `#rrggbbaa` or one of `namedColors`
  /// (case-insensitive); returns nil for anything else.
  public init?(parsing text: String) {
    let lower = text.lowercased()
    if let named = DrawerColor.namedColors.first(where: { $0.name == lower }) {
      self = named.color
      return
    }
    guard lower.first == "#" else { return nil }
    var digits: [Double] = []
    for scalar in lower.unicodeScalars.dropFirst() {
      guard let d = DrawerColor.hexValue(scalar) else { return nil }
      digits.append(Double(d))
    }
    switch digits.count {
    case 3:
      self.init(red: digits[0] / 15, green: digits[1] / 15, blue: digits[2] / 15)
    case 6, 8:
      func byte(_ i: Int) -> Double { (digits[2 * i] * 16 + digits[2 * i + 1]) / 255 }
      self.init(red: byte(0), green: byte(1), blue: byte(2), alpha: digits.count == 8 ? byte(3) : 1)
    default:
      return nil
    }
  }

  private static func hexValue(_ s: Unicode.Scalar) -> UInt32? {
    switch s.value {
    case 0x30...0x39: s.value - 0x30
    case 0x61...0x66: s.value - 0x61 + 10
    default: nil
    }
  }
}
