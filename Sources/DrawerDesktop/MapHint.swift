import DrawerEngine

/// The hint card on the map: what the run lets the user do, in one line,
/// and where the card goes so that a panel never shows a piece of it.
///
/// The line names only what the run does: dragging the drawer unless
/// --no-drag; what a click outside does at each detent: dismiss (after the
/// number of clicks) where the panel is modal and clicks dismiss, drag the
/// map where it passes them through (`--passthrough DETENT,...` names the
/// detents); the keys; and q only where q is not typed into a query.
public enum MapHint {
  /// The card's distance from the window's sides and from the panel, px.
  public static let margin = 16.0
  /// The narrowest card worth showing, px: a narrower one is left out.
  public static let minimumWidth = 120.0

  /// The hint line for a panel configured as `c`; `filters` says typing
  /// goes to a query (a pick, --filter), where q is a letter.
  public static func text(for c: DrawerConfiguration, filters: Bool) -> String {
    var parts: [String] = []
    if c.isDrawerDraggable { parts.append("Drag the drawer") }
    let taps = c.numberOfTapsForOutsideDrawerDismissal
    let click = taps == 1 ? "click" : taps == 2 ? "double-click" : "click \(taps) times"
    let detents = c.detentSet.detents.map(\.name)
    // The detents where a click outside goes to the map, in their order.
    let mapDetents = c.passthrough ? detents : detents.filter { c.passthroughTouchesInStates.contains(DetentName($0)) }
    var outside: String?
    if !mapDetents.isEmpty && mapDetents.count == detents.count {
      outside = "drag the map"
    } else if !mapDetents.isEmpty {
      let at = mapDetents.count <= 3 ? "at " + listed(mapDetents) : "at \(mapDetents.count) of the detents"
      outside = "drag the map \(at)" + (taps > 0 ? ", else \(click) outside to dismiss" : "")
    } else if taps > 0 {
      outside = "\(click) outside to dismiss"
    }
    if let outside { parts.append(parts.isEmpty ? outside.prefix(1).uppercased() + outside.dropFirst() : outside) }
    parts.append("Esc ↑ ↓")
    parts.append(filters ? "type to filter" : "q quits")
    return parts.joined(separator: " · ")
  }

  /// "a", "a or b", "a, b or c".
  private static func listed(_ names: [String]) -> String {
    guard let last = names.last, names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " or " + last
  }

  /// Where a card `natural` px large goes in a window `window` px large
  /// beside a panel laid out as `layout` (window coordinates); nil when it
  /// does not fit anywhere the panel leaves it whole, at least
  /// `minimumWidth` px wide.
  ///
  /// It sits in the corner across from the panel's edge: top left beside
  /// a bottom or right panel, bottom left beside a top one, top right
  /// beside a left one. At every extent the panel rests at, the panel
  /// leaves the card alone or covers it whole: where a resting panel
  /// would cut it, the card narrows to the room beside the panel (its
  /// caller wraps the line to it), and goes when that is less than
  /// `minimumWidth`.
  public static func cardFrame(
    natural: Size, minimumWidth: Double = MapHint.minimumWidth, window: Size, layout: PanelLayout
  ) -> Rect? {
    let m = margin
    var width = min(natural.width, window.width - 2 * m)
    let height = natural.height
    guard width >= minimumWidth, height + 2 * m <= window.height else { return nil }
    let area = Rect(
      x: layout.origin.x, y: layout.origin.y, width: layout.containerSize.width, height: layout.containerSize.height)
    let extents = layout.detents.all.map(\.extent).filter { $0 > 0 }

    func frame(_ w: Double) -> Rect {
      switch layout.edge {
      case .bottom, .right: Rect(x: m, y: m, width: w, height: height)
      case .top: Rect(x: m, y: window.height - m - height, width: w, height: height)
      case .left: Rect(x: window.width - m - w, y: m, width: w, height: height)
      }
    }
    /// The panel's sheet at extent `e`, window coordinates.
    func sheet(_ e: Double) -> Rect {
      switch layout.edge {
      case .bottom: Rect(x: area.x, y: area.maxY - e, width: area.width, height: e)
      case .top: Rect(x: area.x, y: area.y, width: area.width, height: e)
      case .left: Rect(x: area.x, y: area.y, width: e, height: area.height)
      case .right: Rect(x: area.maxX - e, y: area.y, width: e, height: area.height)
      }
    }
    func covers(_ s: Rect, _ c: Rect) -> Bool {
      s.minX <= c.minX && s.maxX >= c.maxX && s.minY <= c.minY && s.maxY >= c.maxY
    }
    func apart(_ s: Rect, _ c: Rect) -> Bool {
      s.maxX + m <= c.minX || c.maxX + m <= s.minX || s.maxY + m <= c.minY || c.maxY + m <= s.minY
    }
    for e in extents {
      let s = sheet(e)
      let c = frame(width)
      if covers(s, c) || apart(s, c) { continue }
      // Narrower, the card may clear the panel across its edge.
      switch layout.edge {
      case .bottom, .top, .right: width = min(width, s.minX - 2 * m)
      case .left: width = min(width, window.width - s.maxX - 2 * m)
      }
      guard width >= minimumWidth else { return nil }
      let narrowed = frame(width)
      guard covers(s, narrowed) || apart(s, narrowed) else { return nil }
    }
    // A narrowing for one extent must still hold for the others.
    let c = frame(width)
    for e in extents where !covers(sheet(e), c) && !apart(sheet(e), c) { return nil }
    return c
  }
}
