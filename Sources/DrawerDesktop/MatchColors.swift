import DrawerEngine

/// The colours matched characters are drawn in: the theme's accent kept
/// readable on each row's fill, or the user's own choice as given.
///
/// The rule: a `--match-color` (or `dmenu.matchColor`) is taken as given,
/// as dmenu's -nf and -sf are. The theme's accent is used where it keeps
/// at least 3:1 (WCAG's least for large text and for what tells parts of
/// a screen apart) against the row's fill: the selection's in the selected
/// row, the panel's elsewhere. Where it does not (the default blue on
/// gruvbox's -sb '#d79921' keeps 1.09:1), it is mixed toward the row's
/// text colour (-sf in the selected row, -nf elsewhere) just far enough to
/// keep 3:1, and is that text colour when even the text does not.
public struct MatchColors: Equatable, Sendable {
  /// The least contrast kept between matched characters and their row's
  /// fill.
  public static let minimumContrast = 3.0

  /// Matched characters in every row but the selected one.
  public var normal: DrawerColor
  /// Matched characters in the selected row.
  public var selected: DrawerColor

  /// The match colours for `theme` on a panel filled with `background`.
  public init(theme: Theme, background: DrawerColor) {
    if let chosen = theme.match {
      normal = chosen
      selected = chosen
      return
    }
    let panel = background.over(.white)
    normal = MatchColors.readable(theme.accent, on: panel, text: theme.rowText)
    selected = MatchColors.readable(
      theme.accent, on: theme.selection.over(panel), text: theme.selectionText ?? theme.rowText)
  }

  /// `accent`, or the least mix of it toward `text` that keeps
  /// `minimumContrast` on the opaque `fill`.
  public static func readable(_ accent: DrawerColor, on fill: DrawerColor, text: DrawerColor) -> DrawerColor {
    let a = accent.over(fill)
    if contrast(a, fill) >= minimumContrast { return a }
    let t = text.over(fill)
    // The mix's contrast need not rise steadily (it may pass through the
    // fill's own luminance), so the steps are tried in order.
    for step in 1...32 {
      let k = Double(step) / 32
      let mixed = DrawerColor(
        red: a.red + (t.red - a.red) * k, green: a.green + (t.green - a.green) * k, blue: a.blue + (t.blue - a.blue) * k)
      if contrast(mixed, fill) >= minimumContrast { return mixed }
    }
    return t
  }
}
