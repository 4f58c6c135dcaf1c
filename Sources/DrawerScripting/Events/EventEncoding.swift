import DrawerDesktop
import DrawerEngine

/// The `--events` line for one engine event of `panel`, with the position
/// of that panel when it was drained.
///
/// Names and fields are the program's public interface: states are detent
/// names; `extent` is the panel's distance from its home edge in px, and
/// `drawerTop` (bottom panels only, as before) the y of its top edge; `row`
/// is the row's number in its source (its line from 0), which `row` gives
/// with the text for a row as the list shows it. Every
/// length and speed is in logical px: the engine's device px over `scale`,
/// so a script reads the same numbers at any scale. `panel` follows the
/// event's name: "list" or "detail".
public func eventLine(
  _ event: DrawerEvent, panel: StackPanel, position: PanelPosition, scale: DisplayScale,
  row: (Int) -> (number: Int, text: String)
) -> JSONLine {
  func start(_ name: String) -> JSONLine {
    var line = JSONLine(event: name)
    line.add("panel", panel.rawValue)
    return line
  }
  var line: JSONLine
  switch event {
  case let .willTransition(from, to):
    line = start("willTransition")
    line.add("from", from.rawValue)
    line.add("to", to.rawValue)
  case let .didTransition(from, to, interrupted):
    line = start("didTransition")
    line.add("from", from.rawValue)
    line.add("to", to.rawValue)
    position.add(to: &line)
    if interrupted { line.add("interrupted", true) }
  case .interiorTap:
    line = start("interiorTap")
  case .exteriorTap:
    line = start("exteriorTap")
  case let .dragBegan(state):
    line = start("dragBegan")
    line.add("state", state.rawValue)
  case let .dragCancelled(state):
    line = start("dragCancelled")
    line.add("state", state.rawValue)
  case let .transitionCancelled(from, to):
    line = start("transitionCancelled")
    line.add("from", from.rawValue)
    line.add("to", to.rawValue)
    position.add(to: &line)
  case let .dragEnded(velocity, target, rule):
    line = start("dragEnded")
    line.add("velocity", scale.logical(velocity), decimals: 1)
    line.add("target", target.rawValue)
    line.add("rule", rule.rawValue)
  case let .moved(extent, progress):
    line = start("moved")
    line.add("extent", scale.logical(extent), decimals: 1)
    line.add("progress", progress, decimals: 3)
  case let .rowSelected(shown):
    line = start("selected")
    let (number, text) = row(shown)
    line.add("row", number)
    line.add("text", text)
  case let .rowActivated(shown):
    line = start("activated")
    let (number, text) = row(shown)
    line.add("row", number)
    line.add("text", text)
  case let .refitted(state):
    line = start("refitted")
    line.add("state", state.rawValue)
    position.add(to: &line)
  case .presented:
    line = start("presented")
  case .dismissed:
    line = start("dismissed")
  }
  return line
}

/// Where the panel is, as the events report it: in logical px.
public struct PanelPosition: Sendable {
  /// The moving edge's distance from the home edge, logical px.
  public var extent: Double
  /// The sheet's top edge, reported for bottom panels only.
  public var drawerTop: Double?

  /// The panel's position now; its device px over `scale`.
  public init(_ drawer: Drawer, scale: DisplayScale) {
    extent = scale.logical(drawer.currentExtent)
    drawerTop = drawer.configuration.edge == .bottom ? scale.logical(drawer.drawerTop) : nil
  }

  /// Adds `drawerTop` (bottom panels) and `extent`, in whole px.
  public func add(to line: inout JSONLine) {
    if let drawerTop { line.add("drawerTop", drawerTop, decimals: 0) }
    line.add("extent", extent, decimals: 0)
  }
}
