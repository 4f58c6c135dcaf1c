import DrawerEngine
import TestSupport
import XCTest

@testable import DrawerCommandLine
@testable import DrawerDesktop

final class ThemeTests: XCTestCase {
  // Contrast, against WCAG's published values.

  func testContrastMatchesWCAGsExtremes() {
    XCTAssertEqual(contrast(.black, .white), 21, accuracy: 1e-9)
    XCTAssertEqual(contrast(.white, .white), 1, accuracy: 1e-9)
    XCTAssertEqual(contrast(.white, .black), contrast(.black, .white), "symmetric")
    // #777777 on white is the well-known 4.48:1, just short of 4.5.
    let grey = DrawerColor(red: 119.0 / 255, green: 119.0 / 255, blue: 119.0 / 255)
    XCTAssertEqual(contrast(grey, .white), 4.48, accuracy: 0.01)
  }

  func testBothThemesTextPassesOnTheirOwnSurface() {
    for theme in [Theme.light, .dark] {
      XCTAssertGreaterThanOrEqual(contrast(theme.rowText, theme.surface), minimumTextContrast, "\(theme.name)")
      XCTAssertGreaterThanOrEqual(contrast(theme.detailText, theme.surface), minimumTextContrast, "\(theme.name)")
      XCTAssertGreaterThanOrEqual(contrast(theme.map.heading, theme.map.card.over(theme.map.streets)), minimumTextContrast)
    }
  }

  /// WCAG's 3:1 for interface components (success criterion 1.4.11).
  func testTheScrollIndicatorStandsOutOnBothThemesSurfaces() {
    for theme in [Theme.light, .dark] {
      XCTAssertLessThan(theme.scrollIndicator.alpha, 1, "translucent: the rows show through")
      XCTAssertGreaterThanOrEqual(
        contrast(theme.scrollIndicator.over(theme.surface), theme.surface), 3, "\(theme.name)")
    }
    // A dark surface of the user's takes the dark theme's light indicator.
    let navy = DrawerColor(red: 0.05, green: 0.08, blue: 0.20)
    XCTAssertEqual(Theme.light.readable(on: navy).scrollIndicator, Theme.dark.scrollIndicator)
  }

  // A user's surface.

  func testADarkSurfaceGetsLightText() {
    let navy = DrawerColor(red: 0.05, green: 0.08, blue: 0.20)
    let t = Theme.light.readable(on: navy)
    XCTAssertEqual(t.rowText, Theme.dark.rowText)
    XCTAssertEqual(t.separator, Theme.dark.separator)
    XCTAssertEqual(t.surface, Theme.light.surface, "the theme's own surface stays")
  }

  func testALightSurfaceInTheDarkThemeGetsDarkText() {
    let t = Theme.dark.readable(on: DrawerColor(red: 1, green: 0.95, blue: 0.8))
    XCTAssertEqual(t.rowText, Theme.light.rowText)
  }

  func testAMidGreySurfaceFallsBackToBlackOrWhite() {
    // Neither theme's detail grey reaches 4.5:1 on mid grey.
    let mid = DrawerColor(red: 0.55, green: 0.55, blue: 0.55)
    let t = Theme.light.readable(on: mid)
    XCTAssertGreaterThanOrEqual(contrast(t.rowText, mid), minimumTextContrast)
    XCTAssertGreaterThanOrEqual(contrast(t.detailText, mid), minimumTextContrast)
  }

  func testATranslucentSurfaceIsJudgedOverTheMap() {
    // Black at 10 % over the light map is light: dark text; white at 10 %
    // over the dark map is dark: light text.
    XCTAssertEqual(Theme.light.readable(on: DrawerColor(red: 0, green: 0, blue: 0, alpha: 0.1)).rowText, Theme.light.rowText)
    XCTAssertEqual(Theme.dark.readable(on: DrawerColor(red: 1, green: 1, blue: 1, alpha: 0.1)).rowText, Theme.dark.rowText)
    XCTAssertEqual(Theme.dark.readable(on: DrawerColor(red: 1, green: 1, blue: 1, alpha: 0.9)).rowText, Theme.light.rowText)
  }

  func testEverySurfaceGetsReadableText() {
    var rng = SplitMix64(seed: 11)
    for _ in 0..<2_000 {
      let s = DrawerColor(
        red: .random(in: 0...1, using: &rng), green: .random(in: 0...1, using: &rng),
        blue: .random(in: 0...1, using: &rng), alpha: .random(in: 0...1, using: &rng))
      for theme in [Theme.light, .dark] {
        let t = theme.readable(on: s)
        let opaque = s.over(theme.map.streets)
        XCTAssertGreaterThanOrEqual(contrast(t.rowText, opaque), minimumTextContrast, "\(s)")
        XCTAssertGreaterThanOrEqual(contrast(t.detailText, opaque), minimumTextContrast, "\(s)")
      }
    }
  }

  // Choosing the theme.

  func testExplicitChoicesIgnoreTheDesktop() {
    let dark = XSettings(themeName: "Adwaita-dark")
    XCTAssertEqual(ThemeChoice.light.resolve(with: dark), .light)
    XCTAssertEqual(ThemeChoice.dark.resolve(with: nil), .dark)
  }

  func testAutoFollowsTheDesktop() {
    XCTAssertEqual(ThemeChoice.auto.resolve(with: nil), .light, "no settings manager")
    XCTAssertEqual(ThemeChoice.auto.resolve(with: XSettings(themeName: "Adwaita")), .light)
    XCTAssertEqual(ThemeChoice.auto.resolve(with: XSettings(themeName: "Adwaita-dark")), .dark)
    XCTAssertEqual(ThemeChoice.auto.resolve(with: XSettings(themeName: "Arc-Dark")), .dark, "any case")
    XCTAssertEqual(ThemeChoice.auto.resolve(with: XSettings(themeName: "Darkness")), .light, "a suffix, not a word")
    XCTAssertEqual(ThemeChoice.auto.resolve(with: XSettings(themeName: "Adwaita", prefersDarkSetting: true)), .dark)
    XCTAssertEqual(
      ThemeChoice.auto.resolve(with: XSettings(themeName: "Adwaita-dark", prefersDarkSetting: false)), .light,
      "the explicit preference wins")
  }

  func testThemedColoursOnlyWhatTheUserDidNot() {
    guard case .run(let plain) = parseCommandLine([]) else { return XCTFail() }
    let dark = plain.themed(.dark)
    XCTAssertEqual(dark.configuration.backgroundColor, Theme.dark.surface)
    XCTAssertEqual(dark.configuration.handle?.color, Theme.dark.handle)
    guard case .run(let own) = parseCommandLine(["--background-color", "#ffffff", "--handle-color", "red"]) else {
      return XCTFail()
    }
    let mine = own.themed(.dark)
    XCTAssertEqual(mine.configuration.backgroundColor, .white)
    XCTAssertEqual(mine.configuration.handle?.color, DrawerColor(red: 1, green: 0, blue: 0))
    XCTAssertEqual(mine.theme.rowText, Theme.light.rowText, "white surface, dark text")
  }

  func testTheListsColoursAreTakenAsGivenOverTheReadableOnes() {
    guard
      case .run(let own) = parseCommandLine([
        "--background-color", "#222222", "--row-color", "#bbbbbb", "--selection-color", "#005577",
        "--selection-text-color", "#eeeeee", "--match-color", "#ff0",
      ])
    else { return XCTFail() }
    let theme = own.themed(.light).theme
    XCTAssertEqual(theme.rowText, DrawerColor(red: 0xbb / 255, green: 0xbb / 255, blue: 0xbb / 255))
    XCTAssertEqual(theme.selection, DrawerColor(red: 0, green: 0x55 / 255, blue: 0x77 / 255))
    XCTAssertEqual(theme.selectionText, DrawerColor(red: 0xee / 255, green: 0xee / 255, blue: 0xee / 255))
    XCTAssertEqual(theme.match, DrawerColor(red: 1, green: 1, blue: 0))
    guard case .run(let plain) = parseCommandLine([]) else { return XCTFail() }
    let themed = plain.themed(.light).theme
    XCTAssertNil(themed.selectionText, "the row's own text colour")
    XCTAssertNil(themed.match, "the accent")
    guard case .fail(let f) = parseCommandLine(["--selection-text-color", "#12"]) else { return XCTFail() }
    XCTAssertEqual(f.message, "--selection-text-color must be a colour: #rgb, #rrggbb, #rrggbbaa or a name such as black, white or gray (got #12)")
  }

  func testABadThemeIsOneLine() {
    guard case .fail(let f) = parseCommandLine(["--theme", "sepia"]) else { return XCTFail() }
    XCTAssertEqual(f.status, 64)
    XCTAssertEqual(f.message, "--theme must be light, dark, high-contrast or auto (got sepia)")
  }
}

/// High contrast: WCAG's 7:1 for every text on everything it is drawn on,
/// 3 px focus rings, nothing translucent.
final class HighContrastThemeTests: XCTestCase {
  let themes = [Theme.highContrast, .highContrastInverse]

  func testEveryTextReachesSevenToOneOnEveryBackground() {
    for t in themes {
      for (text, what) in [(t.rowText, "rows"), (t.detailText, "details"), (t.accent, "matches")] {
        for (back, on) in [(t.surface, "surface"), (t.selection, "selection"), (t.hover, "hover")] {
          XCTAssertGreaterThanOrEqual(contrast(text, back), highTextContrast, "\(t.name): \(what) on \(on)")
        }
      }
      XCTAssertGreaterThanOrEqual(contrast(t.map.heading, t.map.card), highTextContrast, "\(t.name): the map's card")
    }
  }

  func testNothingIsTranslucentAndTheRingIsThreePixels() {
    for t in themes {
      let colours = [t.surface, t.handle, t.rowText, t.detailText, t.separator, t.selection, t.hover, t.accent, t.scrollIndicator, t.map.card]
      XCTAssertTrue(colours.allSatisfy { $0.alpha == 1 }, "\(t.name)")
      XCTAssertEqual(t.focusRingWidth, 3)
    }
    XCTAssertEqual(Theme.light.focusRingWidth, 2)
  }

  func testTheSurfaceKeepsHighContrastText() {
    // A user's surface takes the high-contrast variant that reads on it.
    XCTAssertEqual(Theme.highContrast.readable(on: .white).rowText, .black)
    XCTAssertEqual(Theme.highContrast.readable(on: DrawerColor(red: 0.05, green: 0.05, blue: 0.1)).rowText, .white)
  }

  func testTheChoiceFollowsTheDesktop() {
    XCTAssertEqual(ThemeChoice(rawValue: "high-contrast"), .highContrast)
    XCTAssertEqual(ThemeChoice.auto.resolve(with: XSettings(themeName: "HighContrast")), .highContrast)
    XCTAssertEqual(ThemeChoice.auto.resolve(with: XSettings(themeName: "HighContrastInverse")), .highContrastInverse)
    XCTAssertEqual(ThemeChoice.auto.resolve(with: XSettings(themeName: "Adwaita")), .light)
    XCTAssertEqual(ThemeChoice.highContrast.resolve(with: nil), .highContrast)
    XCTAssertEqual(ThemeChoice.highContrast.resolve(with: XSettings(themeName: "Adwaita-dark")), .highContrastInverse)
  }
}
