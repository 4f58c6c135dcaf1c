import DrawerEngine

/// --bar's window: a strip across the whole width of one monitor, at its
/// top or its bottom, as deep as the panel's header and its rows (dmenu's
/// geometry).
public struct BarStrip: Equatable, Sendable {
  /// The rows shown below the header.
  public var rows: Int
  /// At the monitor's bottom (dmenu's -b), else at its top.
  public var atBottom: Bool

  /// A strip of `rows` rows under the header, at the monitor's bottom when `atBottom`.
  public init(rows: Int, atBottom: Bool) {
    self.rows = rows
    self.atBottom = atBottom
  }

  /// The strip's depth, logical px: the header and `rows` rows as the
  /// engine lays them out for `configuration` with these line heights, so
  /// that the panel at its one detent fills the strip exactly; with no
  /// rows, dmenu's one line, the rows' text line and 2 px.
  public func depth(_ configuration: DrawerConfiguration, _ textMetrics: any TextMeasuring) -> Double {
    if rows == 0 { return (textMetrics.rowLineHeight + 2).rounded() }
    // Laid out in a container deeper than any strip: only the header's
    // depth and the rows' height are read.
    let layout = PanelLayout(
      configuration: configuration, detentSet: configuration.detentSet,
      containerSize: Size(width: 1000, height: 100_000), textMetrics: textMetrics, rowCount: 0)
    let p = configuration.padding
    return layout.headerDepth + Double(rows) * layout.rowHeight + p.top + p.bottom
  }

  /// The strip on `monitor` (device px) `depth` device px deep, at most
  /// the monitor's height.
  public func rect(on monitor: ScreenMonitor, depth: Int) -> ScreenMonitor {
    let h = max(1, min(depth, monitor.height))
    return PixelRect(x: monitor.x, y: atBottom ? monitor.y + monitor.height - h : monitor.y, width: monitor.width, height: h)
  }
}
