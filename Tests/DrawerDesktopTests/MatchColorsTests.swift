import DrawerEngine
import XCTest

@testable import DrawerDesktop

/// Matched characters stay readable on the user's colours
/// (DrawerDesktop/MatchColors.swift).
final class MatchColorsTests: XCTestCase {
  private func hex(_ s: String) -> DrawerColor { DrawerColor(parsing: s)! }

  func testGruvboxsSelectionKeepsThreeToOne() {
    // dmenu -nb '#282828' -nf '#ebdbb2' -sb '#d79921' -sf '#282828'.
    var theme = Theme.dark.choosing(
      ColorChoices(rowText: hex("#ebdbb2"), selection: hex("#d79921"), selectionText: hex("#282828")))
    theme.match = nil
    let colors = MatchColors(theme: theme, background: hex("#282828"))
    XCTAssertGreaterThanOrEqual(contrast(colors.selected, hex("#d79921")), 3)
    XCTAssertGreaterThanOrEqual(contrast(colors.normal, hex("#282828")), 3)
    XCTAssertLessThan(contrast(theme.accent, hex("#d79921")), 1.2, "the accent alone vanishes there")
  }

  func testAReadableAccentIsKept() {
    let theme = Theme.light
    let colors = MatchColors(theme: theme, background: .white)
    XCTAssertEqual(colors.normal, theme.accent.over(.white))
  }

  func testAChosenMatchColourIsTakenAsGiven() {
    let theme = Theme.light.choosing(ColorChoices(selection: hex("#d79921"), match: hex("#d79922")))
    let colors = MatchColors(theme: theme, background: .white)
    XCTAssertEqual(colors.selected, hex("#d79922"))
  }

  func testTextThatItselfFallsShortIsTheLastResort() {
    let fill = hex("#808080")
    XCTAssertEqual(MatchColors.readable(hex("#808080"), on: fill, text: hex("#7f7f7f")), hex("#7f7f7f"))
  }
}
