import DrawerDesktop
import DrawerEngine

/// rofi's active and urgent rows (`-a`, `-u`): their text in blue and in
/// red, as rofi's default theme draws them, each kept at 3:1 on the row's
/// fill as matched characters are (`MatchColors.readable`).
extension FrameBuilder {
  static let activeText = DrawerColor(red: 0.15, green: 0.55, blue: 0.82)
  static let urgentText = DrawerColor(red: 0.86, green: 0.2, blue: 0.18)

  /// The text colour of input row `row`: `text` unless it is urgent or active.
  func emphasized(storeRow row: Int, _ text: DrawerColor, selected: Bool) -> DrawerColor {
    let tint = rows.urgent.contains(row) ? FrameBuilder.urgentText : rows.active.contains(row) ? FrameBuilder.activeText : nil
    guard let tint else { return text }
    let panel = (lastBackground ?? theme.surface).over(.white)
    let fill = selected ? theme.selection.over(panel) : panel
    return MatchColors.readable(tint, on: fill, text: text)
  }
}
