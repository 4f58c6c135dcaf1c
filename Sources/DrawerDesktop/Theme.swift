import DrawerEngine
import Glibc

/// The colours of everything the user does not colour: the panel's default
/// surface and handle, the list's text, separators and selection, the debug
/// lines, and the map behind the panel.
///
/// Two appearances, light and dark, and two of high contrast for low
/// vision. A surface colour the user chooses keeps its text readable:
/// `readable(on:)` picks the text colours by contrast.
public struct Theme: Hashable, Sendable {
  /// The four built-in themes, by the names `--theme` and the events use.
  public enum Name: String, CaseIterable, Sendable {
    /// The appearances: dark text on a light sheet, and light text on a dark one.
    case light, dark
    /// Black on white, and its inverse, white on black.
    case highContrast = "high-contrast"
    /// White on black: the inverse of `highContrast`.
    case highContrastInverse = "high-contrast-inverse"

    /// Whether the theme is one of the two high-contrast ones, which ask for 7:1 text.
    public var isHighContrast: Bool { self == .highContrast || self == .highContrastInverse }
  }

  /// Which of the built-in themes this one starts from.
  public var name: Name
  /// The panel's fill when --background-color is not given.
  public var surface: DrawerColor
  /// The handle's colour when --handle-color is not given.
  public var handle: DrawerColor
  /// The rows' titles and the header's title.
  public var rowText: DrawerColor
  /// The dimmer text: rows' second lines, the header's count and message, the detail panel's text.
  public var detailText: DrawerColor
  /// The hairlines between rows.
  public var separator: DrawerColor
  /// The selected row's fill.
  public var selection: DrawerColor
  /// The row under the pointer: a faint tint, lighter than the selection.
  public var hover: DrawerColor
  /// The selected row's focus ring, marked rows' bar and tick, and the
  /// characters a query matched.
  public var accent: DrawerColor
  /// The list's scroll indicator: a translucent grey that stands out from
  /// the surface at WCAG's 3:1 for interface components.
  public var scrollIndicator: DrawerColor
  /// The `--debug` line at the upper mark's extent.
  public var upperMark: DrawerColor
  /// The `--debug` line at the mark detent (DrawerKit's partial position).
  public var partialMark: DrawerColor
  /// The `--debug` line at the lower mark's extent.
  public var lowerMark: DrawerColor
  /// The colours of the map drawn behind the panel.
  public var map: MapColors
  /// The selected row's focus ring, logical px: 2, as desktop toolkits draw
  /// keyboard focus, and 3 in high contrast.
  public var focusRingWidth = 2.0
  /// The selected row's text; nil draws it in `rowText`.
  public var selectionText: DrawerColor?
  /// The characters a query matched; nil draws them in `accent`.
  public var match: DrawerColor?

  /// Light: iOS's grouped-list greys on an almost white sheet.
  public static let light = Theme(
    name: .light,
    surface: DrawerColor(red: 0.980, green: 0.980, blue: 0.988),
    handle: DrawerColor(red: 0.780, green: 0.780, blue: 0.800),
    rowText: DrawerColor(red: 0.11, green: 0.11, blue: 0.12),
    detailText: DrawerColor(red: 0.40, green: 0.40, blue: 0.43),
    separator: DrawerColor(red: 0.87, green: 0.87, blue: 0.89),
    selection: DrawerColor(red: 0.83, green: 0.89, blue: 0.98),
    hover: DrawerColor(red: 0, green: 0, blue: 0, alpha: 0.05),
    accent: DrawerColor(red: 0.0, green: 0.40, blue: 0.85),
    scrollIndicator: DrawerColor(red: 0.2, green: 0.2, blue: 0.22, alpha: 0.55),
    upperMark: .black, partialMark: .white, lowerMark: .black,
    map: .light)

  /// Dark: a charcoal sheet, lighter than the night map below it so that
  /// it reads as raised, with light text.
  public static let dark = Theme(
    name: .dark,
    surface: DrawerColor(red: 0.173, green: 0.173, blue: 0.180),
    handle: DrawerColor(red: 0.388, green: 0.388, blue: 0.400),
    rowText: DrawerColor(red: 0.94, green: 0.94, blue: 0.96),
    detailText: DrawerColor(red: 0.64, green: 0.64, blue: 0.68),
    separator: DrawerColor(red: 0.27, green: 0.27, blue: 0.29),
    selection: DrawerColor(red: 0.16, green: 0.27, blue: 0.45),
    hover: DrawerColor(red: 1, green: 1, blue: 1, alpha: 0.07),
    accent: DrawerColor(red: 0.45, green: 0.68, blue: 1.0),
    scrollIndicator: DrawerColor(red: 0.92, green: 0.92, blue: 0.96, alpha: 0.5),
    upperMark: .white, partialMark: DrawerColor(red: 1, green: 0.8, blue: 0.2), lowerMark: .white,
    map: .dark)

  /// High contrast: black text on white, every text at WCAG's 7:1 on the
  /// surface and on the selection (AAA, success criterion 1.4.6), a yellow
  /// selection, 3 px focus rings, and nothing translucent.
  public static let highContrast = Theme(
    name: .highContrast,
    surface: .white,
    handle: .black,
    rowText: .black,
    detailText: DrawerColor(red: 0.13, green: 0.13, blue: 0.13),
    separator: .black,
    selection: DrawerColor(red: 1, green: 0.93, blue: 0.2),
    hover: DrawerColor(red: 0.86, green: 0.86, blue: 0.86),
    accent: DrawerColor(red: 0, green: 0, blue: 0.6),
    scrollIndicator: .black,
    upperMark: .black, partialMark: DrawerColor(red: 0.6, green: 0, blue: 0), lowerMark: .black,
    map: MapColors.light.opaque, focusRingWidth: 3)

  /// High contrast inverted: white text on black, a navy selection and a
  /// yellow accent.
  public static let highContrastInverse = Theme(
    name: .highContrastInverse,
    surface: .black,
    handle: .white,
    rowText: .white,
    detailText: DrawerColor(red: 0.88, green: 0.88, blue: 0.88),
    separator: .white,
    selection: DrawerColor(red: 0, green: 0.2, blue: 0.5),
    hover: DrawerColor(red: 0.2, green: 0.2, blue: 0.2),
    accent: DrawerColor(red: 1, green: 0.93, blue: 0.2),
    scrollIndicator: .white,
    upperMark: .white, partialMark: DrawerColor(red: 1, green: 0.93, blue: 0.2), lowerMark: .white,
    map: MapColors.dark.opaque, focusRingWidth: 3)

  /// The built-in theme called `name`.
  public static func named(_ name: Name) -> Theme {
    switch name {
    case .light: .light
    case .dark: .dark
    case .highContrast: .highContrast
    case .highContrastInverse: .highContrastInverse
    }
  }

  /// WCAG's least contrast of text on the surface for this theme: 7:1 in
  /// high contrast, else 4.5:1.
  public var textContrast: Double { name.isHighContrast ? highTextContrast : minimumTextContrast }

  /// This theme with its text, separator and selection colours chosen for
  /// `surface`: those of the appearance whose text contrasts more with it,
  /// and, when even those fall below WCAG's 4.5:1 for body text, black or
  /// white, whichever contrasts more.
  public func readable(on surface: DrawerColor) -> Theme {
    let opaque = surface.over(map.streets)
    let candidates = name.isHighContrast ? [Theme.highContrast, Theme.highContrastInverse] : [Theme.light, Theme.dark]
    let best = candidates.max { contrast($0.rowText, opaque) < contrast($1.rowText, opaque) }!
    var t = self
    t.rowText = best.rowText
    t.separator = best.separator
    t.selection = best.selection
    t.hover = best.hover
    t.accent = best.accent
    t.detailText = best.detailText
    t.scrollIndicator = best.scrollIndicator
    let extreme: DrawerColor = contrast(.black, opaque) >= contrast(.white, opaque) ? .black : .white
    if contrast(t.rowText, opaque) < textContrast { t.rowText = extreme }
    if contrast(t.detailText, opaque) < textContrast { t.detailText = extreme }
    return t
  }

  /// This theme with the colours the user chose (--row-color and the
  /// others) in place of its own: a choice is taken as given, whatever its
  /// contrast, as dmenu's -nf and -sf are.
  public func choosing(_ colors: ColorChoices) -> Theme {
    var t = self
    if let c = colors.rowText { t.rowText = c }
    if let c = colors.selection { t.selection = c }
    t.selectionText = colors.selectionText ?? selectionText
    t.match = colors.match ?? match
    return t
  }
}

/// The list's colours the user chose (--row-color, --selection-color,
/// --selection-text-color, --match-color); nil keeps the theme's.
public struct ColorChoices: Hashable, Sendable {
  /// `--row-color`: the rows' text.
  public var rowText: DrawerColor?
  /// `--selection-color`: the selected row's fill.
  public var selection: DrawerColor?
  /// `--selection-text-color`: the selected row's text.
  public var selectionText: DrawerColor?
  /// `--match-color`: the characters a query matched.
  public var match: DrawerColor?

  /// The colours chosen; each one left nil keeps the theme's.
  public init(
    rowText: DrawerColor? = nil, selection: DrawerColor? = nil, selectionText: DrawerColor? = nil,
    match: DrawerColor? = nil
  ) {
    self.rowText = rowText
    self.selection = selection
    self.selectionText = selectionText
    self.match = match
  }
}

/// WCAG 2's minimum contrast ratio for body text (success criterion 1.4.3).
public let minimumTextContrast = 4.5
/// WCAG 2's enhanced contrast ratio for body text (success criterion 1.4.6).
public let highTextContrast = 7.0

/// The colours of the map behind the panel.
public struct MapColors: Hashable, Sendable {
  /// The ground between the city blocks, and the map's fill.
  public var streets: DrawerColor
  /// The city blocks.
  public var block: DrawerColor
  /// The parks' lawns.
  public var park: DrawerColor
  /// The trees dotted over the parks.
  public var tree: DrawerColor
  /// The river and the lake.
  public var water: DrawerColor
  /// The edge drawn under the avenue and the boulevard, wider than `road`.
  public var roadCasing: DrawerColor
  /// The avenue's and the boulevard's fill.
  public var road: DrawerColor
  /// The edge drawn under the highway, wider than `highway`.
  public var highwayCasing: DrawerColor
  /// The highway's fill.
  public var highway: DrawerColor
  /// The parks' names.
  public var parkLabel: DrawerColor
  /// The names on the water.
  public var waterLabel: DrawerColor
  /// The roads' names.
  public var roadLabel: DrawerColor
  /// The pins' heads, used in turn, one colour a pin.
  public var pins: [DrawerColor]
  /// The shadow under each pin's tip.
  public var pinShadow: DrawerColor
  /// The "you are here" dot and its halo.
  public var here: DrawerColor
  /// The translucent halo around the "you are here" dot.
  public var hereHalo: DrawerColor
  /// The card with the program's name and hints, and its text.
  public var card: DrawerColor
  /// The card's shadow, drawn 2 px below it.
  public var cardShadow: DrawerColor
  /// The card's heading: the program's name.
  public var heading: DrawerColor
  /// The card's hint line, dimmer than the heading.
  public var hint: DrawerColor

  /// Pins and the position dot keep their hues in both themes: they mark
  /// things, they do not decorate.
  static let pinColors = [
    DrawerColor(red: 0.898, green: 0.282, blue: 0.231),
    DrawerColor(red: 0.957, green: 0.553, blue: 0.129),
    DrawerColor(red: 0.557, green: 0.341, blue: 0.812),
  ]
  static let hereColor = DrawerColor(red: 0.259, green: 0.522, blue: 0.957)

  /// The day map: pale streets, green parks and blue water.
  public static let light = MapColors(
    streets: DrawerColor(red: 0.976, green: 0.972, blue: 0.960),
    block: DrawerColor(red: 0.918, green: 0.906, blue: 0.878),
    park: DrawerColor(red: 0.796, green: 0.902, blue: 0.745),
    tree: DrawerColor(red: 0.690, green: 0.847, blue: 0.620),
    water: DrawerColor(red: 0.667, green: 0.827, blue: 0.957),
    roadCasing: DrawerColor(red: 0.847, green: 0.816, blue: 0.749),
    road: .white,
    highwayCasing: DrawerColor(red: 0.878, green: 0.659, blue: 0.290),
    highway: DrawerColor(red: 0.973, green: 0.835, blue: 0.486),
    parkLabel: DrawerColor(red: 0.290, green: 0.478, blue: 0.227),
    waterLabel: DrawerColor(red: 0.239, green: 0.478, blue: 0.722),
    roadLabel: DrawerColor(red: 0.478, green: 0.451, blue: 0.400),
    pins: MapColors.pinColors, pinShadow: DrawerColor(red: 0, green: 0, blue: 0, alpha: 0.22),
    here: MapColors.hereColor, hereHalo: MapColors.hereColor.withAlpha(multipliedBy: 0.18),
    card: DrawerColor(red: 1, green: 1, blue: 1, alpha: 0.93),
    cardShadow: DrawerColor(red: 0, green: 0, blue: 0, alpha: 0.10),
    heading: DrawerColor(red: 0.11, green: 0.11, blue: 0.12),
    hint: DrawerColor(red: 0.37, green: 0.39, blue: 0.41))

  /// The map with its card opaque: high contrast draws nothing translucent
  /// over the map.
  public var opaque: MapColors {
    var m = self
    m.card = card.over(streets)
    return m
  }

  /// The night map: dark streets and muted parks and water, under the dark theme.
  public static let dark = MapColors(
    streets: DrawerColor(red: 0.212, green: 0.220, blue: 0.239),
    block: DrawerColor(red: 0.149, green: 0.153, blue: 0.169),
    park: DrawerColor(red: 0.141, green: 0.224, blue: 0.157),
    tree: DrawerColor(red: 0.180, green: 0.290, blue: 0.200),
    water: DrawerColor(red: 0.090, green: 0.176, blue: 0.290),
    roadCasing: DrawerColor(red: 0.290, green: 0.294, blue: 0.310),
    road: DrawerColor(red: 0.251, green: 0.255, blue: 0.275),
    highwayCasing: DrawerColor(red: 0.420, green: 0.318, blue: 0.141),
    highway: DrawerColor(red: 0.588, green: 0.471, blue: 0.220),
    parkLabel: DrawerColor(red: 0.541, green: 0.749, blue: 0.557),
    waterLabel: DrawerColor(red: 0.541, green: 0.671, blue: 0.863),
    roadLabel: DrawerColor(red: 0.667, green: 0.659, blue: 0.631),
    pins: MapColors.pinColors, pinShadow: DrawerColor(red: 0, green: 0, blue: 0, alpha: 0.40),
    here: MapColors.hereColor, hereHalo: MapColors.hereColor.withAlpha(multipliedBy: 0.25),
    card: DrawerColor(red: 0.149, green: 0.149, blue: 0.161, alpha: 0.93),
    cardShadow: DrawerColor(red: 0, green: 0, blue: 0, alpha: 0.30),
    heading: DrawerColor(red: 0.94, green: 0.94, blue: 0.96),
    hint: DrawerColor(red: 0.66, green: 0.67, blue: 0.70))
}

/// What --theme asks for.
public enum ThemeChoice: String, CaseIterable, Sendable {
  /// A fixed appearance, light or dark, whatever the desktop says.
  case light, dark
  /// Black on white, or white on black when the desktop prefers dark.
  case highContrast = "high-contrast"
  /// The desktop's choice through XSETTINGS, light without a settings manager.
  case auto
}

extension ThemeChoice {
  /// The theme to use, given the desktop's settings (nil when no XSETTINGS
  /// manager runs): for `auto`, high contrast when the desktop's theme is
  /// HighContrast or HighContrastInverse (GNOME's), else dark when its name
  /// ends in "-dark" (Adwaita-dark, Arc-Dark) or it says it prefers dark.
  public func resolve(with settings: XSettings?) -> Theme.Name {
    let inverse = settings?.themeName?.lowercased() == "highcontrastinverse" || settings?.prefersDark == true
    switch self {
    case .light: return .light
    case .dark: return .dark
    case .highContrast: return inverse ? .highContrastInverse : .highContrast
    case .auto:
      if let name = settings?.themeName?.lowercased(), name == "highcontrast" || name == "highcontrastinverse" {
        return name == "highcontrast" ? .highContrast : .highContrastInverse
      }
      return settings?.prefersDark == true ? .dark : .light
    }
  }
}

// MARK: Colour arithmetic

extension DrawerColor {
  /// This colour composited over the opaque `base` (straight alpha).
  public func over(_ base: DrawerColor) -> DrawerColor {
    let a = min(1, max(0, alpha))
    return DrawerColor(
      red: red * a + base.red * (1 - a), green: green * a + base.green * (1 - a), blue: blue * a + base.blue * (1 - a))
  }

  /// WCAG 2's relative luminance of the (opaque) colour, 0 for black to 1
  /// for white, from sRGB channels.
  public var relativeLuminance: Double {
    func linear(_ c: Double) -> Double {
      let c = min(1, max(0, c))
      return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }
}

/// WCAG 2's contrast ratio of two opaque colours, 1 (none) to 21.
public func contrast(_ a: DrawerColor, _ b: DrawerColor) -> Double {
  let (la, lb) = (a.relativeLuminance, b.relativeLuminance)
  return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}
