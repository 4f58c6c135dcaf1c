import DrawerDesktop
import DrawerEngine
import DrawerRaster
import DrawerRows
import DrawerText

/// What the frame builder asks of the fonts: their vertical metrics, and
/// where a line's glyphs put ink. The X front end answers with Xft, the
/// tests with a table.
public protocol FrameTextMetrics: AnyObject {
  /// The font's ascent in `role`, px above the baseline.
  func ascent(_ role: FontRole) -> Int
  /// The distance between two baselines in `role`, px.
  func lineHeight(_ role: FontRole) -> Int
  /// `text` laid out on one line as wide as it needs.
  func measure(_ text: UnsafeBufferPointer<UInt8>, _ role: FontRole) -> MeasuredLine
  /// The ink of `text` laid out in a box `width` px wide, relative to the
  /// box's left edge and the baseline.
  func ink(_ text: UnsafeBufferPointer<UInt8>, _ role: FontRole, width: Int, alignment: LineLayout.Alignment) -> TextInk
}

/// Turns the engine's render model into a `Frame`: the damage and the
/// drawing operations that bring the back buffer from the last frame to
/// this one. It knows no X; the presenter carries the frame out.
///
/// Every panel takes one path, whatever its edge: the surface is a
/// `RoundedShape`; each shadow is a `ShadowSlices` of that shape, gathered
/// in the shadow layer with the surface cut out of it, so nothing darkens
/// the inside of a translucent surface; then the handle, the header, the
/// list, the scroll indicator and the border; debug marks over everything.
///
/// A frame draws only what changed:
/// - `FramePlan` keeps the band along the home edge that the panel touches
///   now or touched last frame, and for a bottom sheet whose body comes
///   from the content picture only the stretch between its last and its
///   new top edge;
/// - an opaque surface hides the map, the dim and the shadows under its
///   interior, so they are drawn only around it;
/// - a bottom sheet's body (background, header text, rows, the border's
///   sides) is drawn once into the content picture at positions relative
///   to its top-left pixel, and the window takes its rows below the
///   corners and the handle from there (`Presentation`).
public final class FrameBuilder {
  let rows: RowTexts
  /// The colours of everything the configuration does not colour.
  let theme: Theme
  let text: FrameTextMetrics
  // The painters' lengths in device px (`PaintMetrics`).
  /// Left and right padding of the header's and the rows' text, device px (`PaintMetrics.textInset`).
  public let textInset: Int
  let focusRingWidth: Int
  let caretWidth: Int
  let markBarWidth: Int
  let lineGap: Int
  let debugLineThickness: Int
  let markTagPadding: Int
  /// Every shadow, first to last, and the detail panel's (device px).
  let surfaceShadows: [ShadowConfiguration]
  let detailShadows: [ShadowConfiguration]

  /// The frame the last `build` made.
  public internal(set) var frame = Frame()
  /// The window's size, px.
  public internal(set) var width = 0
  /// The window's height, px.
  public internal(set) var height = 0

  /// How far the map is panned, px, within one scene: the scene repeats,
  /// and a long pan must not push the source position past the
  /// protocol's 16-bit coordinates.
  public internal(set) var mapOffset = (x: 0, y: 0)
  /// Whether the map shows its hint card: until the map is first panned.
  public internal(set) var mapHint: Bool
  /// Counts what invalidates the scene (`SceneKey.generation`).
  var sceneGeneration = 0

  /// How much of the window each frame redraws.
  var plan = FramePlan<FrameBackdrop>()
  /// The dim's step on screen, which a moving panel changes only by whole
  /// tolerances.
  var backdropSteps = BackdropSteps()
  /// The dim step the presenter was last asked to make ready, if any.
  var preparedDim: DimPreparation?
  /// Where the back buffer is drawn this frame, as rectangles that do not
  /// overlap; outside them it keeps the last frame.
  var clips: [PixelRect] = []
  /// The dim step the window shows everywhere outside the panel: the
  /// step the last frame drew; nil before the first frame.
  var shownStep: Int?
  /// The dim step the last frame drew.
  var lastStep: Int { shownStep ?? 0 }
  /// What the last frame showed, when it showed the list panel alone: a
  /// frame of the same only catches up with the dim.
  var lastShown: (model: DrawerRenderModel, rowsVersion: Int, mapOffset: (x: Int, y: Int))?
  /// While the list is drawn: its viewport, in the canvas's positions,
  /// which clips its fills and texts.
  var listClip: PixelRect?
  /// While a header or the detail's lines are drawn: the texts' clip.
  var textClip: PixelRect?
  /// The matched characters' colours on this frame's fill, kept readable.
  var matchColors: MatchColors
  var lastBackground: DrawerColor?
  /// dmenu's one line (`--lines 0`): the matches side by side after the
  /// query, instead of the header and the list (FrameBuilder+InlineBar).
  var inlineBar: Bool { rows.showsInline }
  /// The one line's page of matches, and the query it is for.
  var inlinePages = InlinePages()
  var inlineQuery = ""

  /// The header's title and count on one line each: their widths place
  /// them, their ink tells whether they stay clear of the handle and the
  /// corners.
  var titleLine = MeasuredLine()
  var summaryLine = MeasuredLine()
  /// The placeholder's width, and the space between it and the title.
  var placeholderWidth = 0
  var titleSpaceWidth = 0
  /// `rows.version` when the header's texts were last measured.
  var measuredRowsVersion = -1
  /// The debug lines' names, in the order of `DebugMarks`.
  static let markLabels = [Array("upper mark".utf8), Array("mark".utf8), Array("lower mark".utf8)]
  let markColors: [DrawerColor]
  /// Black or white, whichever reads better on each mark's colour.
  let markTextColors: [DrawerColor]
  var markLabelWidths: [Int] = []

  /// This frame's content layout, rebuilt in place so a frame allocates
  /// nothing.
  var layout = ContentLayout()
  /// The layout the content picture holds, its version, its inks and what
  /// its last patch redrew; nil when there is none.
  var content: (layout: ContentLayout, version: Int, inks: [PixelRect], patched: BodyPatch?)?
  /// The layout the last frame drew directly. The content picture is
  /// redrawn only for a layout seen twice in a row: while the list scrolls
  /// every frame differs, and drawing the picture too would double the cost.
  var pendingLayout: ContentLayout?
  var contentVersion = 0
  /// While the content picture is drawn: the rectangles drawn into it other
  /// than the background and the border's sides.
  var inks: [PixelRect]?
  /// Whether the last frame drew a detail panel over the list: such a
  /// frame redraws the whole window, and the frame after it does too.
  var overlaid = false

  /// `metrics` and the shadows are in device px; `mapHint` says whether the
  /// map starts with its hint card.
  public init(
    rows: RowTexts, theme: Theme, text: FrameTextMetrics, metrics: PaintMetrics, shadows: [ShadowConfiguration],
    detailShadows: [ShadowConfiguration], mapHint: Bool
  ) {
    self.rows = rows
    self.theme = theme
    matchColors = MatchColors(theme: theme, background: theme.surface)
    self.text = text
    textInset = Int(metrics.textInset)
    focusRingWidth = Int(metrics.focusRingWidth.rounded())
    caretWidth = max(1, Int(metrics.caretWidth.rounded()))
    markBarWidth = Int(metrics.markBarWidth.rounded())
    lineGap = Int(metrics.lineGap)
    debugLineThickness = Int(metrics.debugLineThickness)
    markTagPadding = Int(metrics.markTagPadding)
    surfaceShadows = shadows
    self.detailShadows = detailShadows
    self.mapHint = mapHint
    markColors = [theme.upperMark, theme.partialMark, theme.lowerMark]
    markTextColors = markColors.map { c in contrast(.black, c) >= contrast(.white, c) ? .black : .white }
    measureTexts()
  }

  /// Measures the texts whose sizes place them.
  private func measureTexts() {
    measuredRowsVersion = rows.version
    titleLine = rows.title.withUnsafeBufferPointer { text.measure($0, .title) }
    summaryLine = rows.summary.withUnsafeBufferPointer { text.measure($0, .detail) }
    placeholderWidth = rows.placeholder.withUnsafeBufferPointer { text.measure($0, .title).width }
    titleSpaceWidth = Array(" ".utf8).withUnsafeBufferPointer { text.measure($0, .title).width }
    markLabelWidths = FrameBuilder.markLabels.map { label in label.withUnsafeBufferPointer { text.measure($0, .detail).width } }
  }

  /// Builds the frame that shows `m` in a `width`×`height` window with the
  /// map panned by `mapOffset`, and `detail` over it when a detail panel is
  /// open; the result is `frame`.
  public func build(
    _ m: DrawerRenderModel, detail: DrawerRenderModel? = nil, text detailText: DetailText? = nil, width: Int,
    height: Int, mapOffset: (x: Int, y: Int) = (0, 0)
  ) {
    frame.clear()
    let width = max(0, width), height = max(0, height)
    if width != self.width || height != self.height {
      windowResized(width: width, height: height)
      lastShown = nil
    }
    panMap(to: mapOffset)
    if m.backgroundColor != lastBackground {
      lastBackground = m.backgroundColor
      matchColors = MatchColors(theme: theme, background: m.backgroundColor)
    }
    frame.scene = SceneKey(width: width, height: height, generation: sceneGeneration, hint: mapHint)
    // Rows arrived or the query changed: the header's texts may have too.
    if rows.version != measuredRowsVersion { measureTexts() }
    guard let detail, let detailText else {
      if overlaid {
        overlaid = false
        plan.reset()
        frame.windowLost = true
      }
      let same = lastShown.map { $0.model == m && $0.rowsVersion == rows.version && $0.mapOffset == mapOffset } ?? false
      lastShown = (m, rows.version, mapOffset)
      drawPanel(m, unchanged: same)
      return
    }
    lastShown = nil
    overlaid = true
    plan.reset()
    drawPanel(m)
    drawDetail(detail, text: detailText)
  }

  /// The whole window, as a rectangle.
  var surface: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

  /// Forgets what depends on the window's size.
  private func windowResized(width: Int, height: Int) {
    self.width = width
    self.height = height
    content = nil
    pendingLayout = nil
    preparedDim = nil
    plan.reset()
  }

  /// The scene's pixels changed (the front end took a new copy of what it
  /// shows): the next frame names a new scene and draws the window whole.
  public func sceneChanged() {
    sceneGeneration += 1
  }

  /// Keeps the pan within one scene. Once the map has been dragged the
  /// hint has done its work; panned with the map, its card would show in
  /// two pieces where the map repeats, so the map is drawn again without.
  private func panMap(to offset: (x: Int, y: Int)) {
    let w = max(1, width), h = max(1, height)
    mapOffset = (((offset.x % w) + w) % w, ((offset.y % h) + h) % h)
    if mapOffset != (0, 0) && mapHint {
      mapHint = false
      sceneGeneration += 1
    }
  }

  /// The backdrop's dim step for `m` (0...255), which lags the model's by
  /// less than `BackdropSteps.movingTolerance` while the panel moves.
  func backdropStep(_ m: DrawerRenderModel) -> Int {
    let target = Paint.dimStep(opacity: m.backdropAlpha)
    let ready = preparedDim.flatMap { $0.scene == frame.scene ? $0.step : nil }
    return backdropSteps.step(target: target, atRest: m.stateIndex != nil && !m.isAnimating, ready: ready)
  }

  /// Backdrops from this many pixels up to the dim budget have the dim's
  /// next step made ready between frames while the panel moves
  /// (`Frame.prepareDim`). Drawn in its frame, a whole change of a
  /// 1280x800 window's backdrop (about 650,000 pixels outside the centred
  /// sheet) took 1.9 ms on Xvfb, most of it the scene's copy and the dim's
  /// blend (`make bench`, 0.7 ms each); made ready, the frame copies it
  /// once. Below this a whole change stays well under a millisecond (an
  /// 800x600 window's backdrop is at most 480,000 pixels, most often half
  /// that), and making it ready would cost the server a copy for nothing.
  public static let preparedDimArea = 400_000

  /// Pixels of dim a moving frame may redraw whole, at most: about
  /// 1.9 ms of copying, blending and presenting on Xvfb (`make bench`;
  /// about 0.9 ns a pixel), a 1920x1080 window's.
  ///
  /// Every frame is a whole frame: everything outside the panel shows one
  /// dim step, the frame's. A new step changes every pixel of the
  /// backdrop, so it is drawn whole in one frame or not at all: while the
  /// panel moves, a window whose backdrop (less what an opaque panel
  /// covers) is larger than this keeps the step it shows, and draws the
  /// band the panel moves through at that step too; the frame in which the
  /// panel comes to rest draws the model's step everywhere, in one larger
  /// frame (at 3840x2160, 8 million pixels, about 8 ms). Windows up to the
  /// budget follow the dim as it changes (by whole `BackdropSteps`
  /// tolerances), every change drawn whole.
  public static let defaultDimBudget = 2_100_000
  /// `defaultDimBudget`, or a smaller one that tests set to make a small
  /// window hold its step while the panel moves.
  public var dimBudget = FrameBuilder.defaultDimBudget

  /// Whether the window still shows another dim step than the model's
  /// once the panel rests: never, as the frame that shows it at rest draws
  /// the model's step whole; kept for the front end's cadence.
  public var catchingUp: Bool { false }

  /// The region of the window this frame redraws, made the frame's clips
  /// and damage, and the dim step the frame draws (returned): the band
  /// along the home edge that the panel (`touched`, with its handle when
  /// `shown`) reaches now or reached last frame, and the whole window when
  /// what lies behind the panel changed or the dim changes to `target`.
  ///
  /// The dim changes to `target` only whole (`dimBudget`): at rest always,
  /// and while the panel moves (or is held) when the backdrop outside the
  /// opaque panel is no larger than the budget; otherwise the frame draws
  /// the step the window shows already, the band included, and the steps
  /// record that (`BackdropSteps.hold`).
  ///
  /// `frontEnd`, for a bottom sheet, is the row from which down every row
  /// of `touched` looks the same wherever the sheet's top edge is (its body
  /// comes from the content picture): then the band is only the stretch
  /// from last frame's front to this one's (`FramePlan.region`).
  /// `unchanged` says the last frame showed `m` already: the band is empty.
  /// `hidden` is what an opaque panel covers whole: no dim shows there, so
  /// a whole change leaves it out.
  func planRegion(
    _ m: DrawerRenderModel, touched: PixelRect, shown: Bool, target: Int, frontEnd: Int?, unchanged: Bool,
    hidden: [PixelRect] = []
  ) -> Int {
    var touched = touched
    if shown, let h = m.handle?.frame {
      touched = touched.union(PixelRect(x: px(h.minX) - 1, y: px(h.minY) - 1, width: px(h.width) + 2, height: px(h.height) + 2))
    }
    let home = HomeEdge(edge: m.edge, width: width, height: height)
    let backdrop = FrameBackdrop(scene: frame.scene, debugMarks: m.debugMarks, mapX: mapOffset.x, mapY: mapOffset.y)
    let front = frontEnd.flatMap { end in
      m.edge == .bottom && !touched.isEmpty
        ? PixelRect(x: touched.x, y: touched.y, width: touched.width, height: min(end, touched.maxY) - touched.y) : nil
    }
    let planned = plan.region(backdrop: backdrop, touched: touched, front: front, home: home)
    let band = unchanged && planned != surface ? .empty : planned
    clips.removeAll(keepingCapacity: true)
    if !band.isEmpty { clips.append(band) }
    var step = target
    let moving = m.stateIndex == nil || m.isAnimating
    // What the dim covers: the window less what the opaque panel hides.
    let dimmed = surface.area - hidden.reduce(0) { $0 + $1.intersection(surface).area }
    if band != surface, let shown = shownStep, shown != target {
      if moving && dimmed > dimBudget {
        // Too large to change whole in a moving frame: the window keeps
        // its step, and so does the band.
        step = shown
        backdropSteps.hold(shown)
      } else {
        clips += subtract(from: surface, band.isEmpty ? hidden : [band] + hidden)
      }
    }
    shownStep = step
    for c in clips { damage(c) }
    if moving && dimmed >= FrameBuilder.preparedDimArea && dimmed <= dimBudget {
      prepareUpcomingStep(rest: m.restingBackdropAlpha.map { Paint.dimStep(opacity: $0) }, hidden: hidden)
    }
    return step
  }

  /// Asks for the dim's next step to be made ready after this frame (the
  /// step at `rest`, where the move ends, when no change comes before it),
  /// unless that step is ready already. For a moving panel whose backdrop
  /// is large enough for that to pay (`preparedDimArea`) and small enough
  /// to follow the dim while moving (`dimBudget`).
  private func prepareUpcomingStep(rest: Int?, hidden: [PixelRect]) {
    guard let next = backdropSteps.upcoming(restingAt: rest),
      preparedDim.map({ $0.step != next || $0.scene != frame.scene }) ?? true
    else { return }
    let backdrop = subtract(from: surface, hidden)
    // In scene positions: the map is panned by `mapOffset`, and what a pan
    // wraps round is left to the usual copy.
    let scene = PixelRect(x: 0, y: 0, width: frame.scene.width, height: frame.scene.height)
    let rects = backdrop.map { r in
      PixelRect(x: r.x - mapOffset.x, y: r.y - mapOffset.y, width: r.width, height: r.height).intersection(scene)
    }.filter { !$0.isEmpty }
    let preparation = DimPreparation(step: next, scene: frame.scene, rects: rects)
    frame.prepareDim = preparation
    preparedDim = preparation
  }

  /// Notes that the back buffer changes inside `r`.
  func damage(_ r: PixelRect) {
    let r = r.intersection(surface)
    if !r.isEmpty { frame.damage.append(r) }
  }
}

/// What a frame shows behind the panel; when it changes, the whole window
/// is redrawn (`FramePlan`).
struct FrameBackdrop: Equatable {
  var scene: SceneKey
  var debugMarks: DebugMarks?
  var mapX: Int
  var mapY: Int
}
