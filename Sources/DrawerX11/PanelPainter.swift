import CX11
import DrawerDesktop
import DrawerEngine
import DrawerFrame
import DrawerHost
import DrawerProcess
import DrawerRows
import DrawerScripting

/// The frames of one panel window: the frame builder that turns what
/// `SessionLoop` says changed into a `Frame`, the presenter that carries
/// it out on the X server, the detail's wrapped text, and --frame-stats.
/// Made again with the fonts at a new scale (`rebuild`).
final class PanelPainter {
  private let x: XSession
  private let theme: Theme
  /// Whether the backdrop is the program's map, which has a hint card.
  private let showsMap: Bool
  private(set) var builder: FrameBuilder
  private(set) var presenter: Presenter
  /// The open detail panel's text, wrapped.
  let detailText = DetailText()
  /// --frame-stats' times; nil without it.
  var stats: FrameStats?

  init(
    x: XSession, rows: RowTexts, theme: Theme, host: PanelHost, showsMap: Bool, frameStats: Bool
  ) {
    self.x = x
    self.theme = theme
    self.showsMap = showsMap
    (builder, presenter) = PanelPainter.pipeline(x: x, rows: rows, theme: theme, host: host, showsMap: showsMap)
    stats = frameStats ? FrameStats(frameInterval: SessionLoop.frameInterval) : nil
  }

  /// Whether the builder still has steps to draw after the panel stopped:
  /// never, as every frame is whole (`FrameBuilder.catchingUp`).
  var catchingUp: Bool { builder.catchingUp }

  /// Draws `picture` into the back buffer and, with `present`, puts it on
  /// screen; `started` is when the frame's work began, for --frame-stats.
  func draw(_ picture: SessionLoop.Picture, host: PanelHost, rows: RowTexts, present: Bool, started: Double) {
    if let row = host.stack.detailRow {
      // The text as the host last wrapped it (a push or a re-wrap).
      _ = detailText.prepare(
        row: row, listWidth: host.detailWrapWidth, inset: builder.textInset, rows: rows, measurer: x.fonts[.row])
    }
    builder.build(
      picture.model, detail: picture.detail, text: detailText, width: x.width, height: x.height,
      mapOffset: picture.mapOffset)
    presenter.show(builder.frame, present: present)
    if present { stats?.record(monotonicSeconds() - started) }
  }

  /// The number of lines the detail of `row` takes at `width`.
  func detailLines(row: Int, width: Double, rows: RowTexts) -> Int {
    detailText.prepare(row: row, listWidth: width, inset: builder.textInset, rows: rows, measurer: x.fonts[.row])
  }

  /// Shows `backdrop` behind the panel from the next frame on.
  func setBackdrop(_ backdrop: Presenter.Backdrop) {
    builder.sceneChanged()
    presenter.backdrop = backdrop
  }

  /// The session's fonts changed (a new scale): a builder and presenter
  /// for them, the old presenter's server resources freed first.
  func rebuild(rows: RowTexts, host: PanelHost, backdrop: Presenter.Backdrop, mapHint: MapHintCard?) {
    presenter.releaseAll()
    (builder, presenter) = PanelPainter.pipeline(x: x, rows: rows, theme: theme, host: host, showsMap: showsMap)
    presenter.mapHint = mapHint
    presenter.backdrop = backdrop
    detailText.fontsChanged()
  }

  private static func pipeline(
    x: XSession, rows: RowTexts, theme: Theme, host: PanelHost, showsMap: Bool
  ) -> (FrameBuilder, Presenter) {
    let text = TextPainter(session: x)
    var metrics = PaintMetrics()
    metrics.focusRingWidth = theme.focusRingWidth
    let builder = FrameBuilder(
      rows: rows, theme: theme, text: text, metrics: DisplayScale(x.scale).paint(metrics),
      shadows: host.drawer.configuration.shadows, detailShadows: host.stack.detailConfiguration.shadows,
      mapHint: showsMap)
    let presenter = Presenter(session: x, text: text, theme: theme)
    // Icons at a new scale come from the theme's directories for it.
    rows.icons?.scale = max(1, Int(x.scale.rounded(.up)))
    presenter.iconSource = rows.icons
    return (builder, presenter)
  }
}

/// The map's hint card: its line, and the list panel's layout it keeps clear of.
typealias MapHintCard = (text: [UInt8], layout: () -> PanelLayout)
