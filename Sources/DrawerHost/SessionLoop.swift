import DrawerEngine

/// The part of a run that knows no window system: when a frame is due,
/// what it advances, whether it must be drawn, how long the loop may
/// sleep, and which window size a burst of resizes comes to.
///
/// One owner for the program, the widget and the tests: a front end hands
/// it the time and what its window said, draws when `frame(now:catchingUp:)`
/// says the picture changed, and sleeps until `sleepDeadline`. The frame
/// advance is `HostSession.advance(to:)`, the path the unit tests drive.
public final class SessionLoop {
  /// Frame interval while something animates, s: 60 Hz.
  public static let frameInterval = HostSession.frameInterval
  /// How early a frame may be drawn, s: poll(2) counts whole milliseconds.
  public static let frameSlack = 0.001

  /// The session the loop runs: the panels, the rows and the events.
  public let session: HostSession
  /// When the next frame of an animation is due (steady 60 Hz cadence).
  public private(set) var nextFrameTime = 0.0
  /// The back buffer no longer matches the window (a resize, a new
  /// backdrop, a new scale): the next frame is drawn even if nothing moved.
  public var backBufferStale = true
  /// `rows.version` when the frame on screen was drawn.
  public private(set) var drawnRowsVersion = -1
  /// The frame drawn last, to tell whether the next one changes anything.
  private var lastDrawn: DrawerRenderModel?
  private var lastDetailDrawn: DrawerRenderModel?
  private var lastMapOffset = (x: 0, y: 0)
  /// The window's size the window system last said and the loop has not
  /// applied: only the last of a burst counts.
  private var pendingSize: (width: Int, height: Int)?

  /// A loop over `session`.
  public init(session: HostSession) {
    self.session = session
  }

  /// What a frame shows besides the list panel's model: the detail panel
  /// and the map's pan.
  public struct Picture {
    /// The list panel as it is drawn.
    public var model: DrawerRenderModel
    /// The detail panel's, when one is open.
    public var detail: DrawerRenderModel?
    /// The map's pan, device px.
    public var mapOffset: (x: Int, y: Int)
  }

  /// Whether frames come at the steady cadence: something animates, or the
  /// front end still has steps to draw after the panel stopped
  /// (`catchingUp`, the frame builder's dim stripes).
  public func wantsFrames(catchingUp: Bool) -> Bool { session.host.stack.isAnimating || catchingUp }

  /// Whether a pass at `now` must draw: the picture is stale, an input came,
  /// rows changed, or an animation's frame is due.
  public func isDue(now: Double, catchingUp: Bool) -> Bool {
    backBufferStale || session.inputSinceFrame || session.rows.version != drawnRowsVersion
      || (wantsFrames(catchingUp: catchingUp) && now >= nextFrameTime - SessionLoop.frameSlack)
  }

  /// One frame at `now`: the session advances (`HostSession.advance(to:)`),
  /// the cadence moves on, and the picture to draw comes back, or nil when
  /// it is the one on screen. `mapPans` is false where the backdrop does not
  /// pan (the desktop). The frame's events wait for `session.drainEvents()`,
  /// which the front end calls once the frame is on screen.
  public func frame(now: Double, catchingUp: Bool, mapPans: Bool = true) -> Picture? {
    session.advance(to: now)
    if wantsFrames(catchingUp: catchingUp) {
      // Keep a steady cadence; after a pause, start a new one from now.
      let next = nextFrameTime + SessionLoop.frameInterval
      nextFrameTime = next > now ? next : now + SessionLoop.frameInterval
    }
    let host = session.host
    let model = host.drawer.renderModel
    let detail = host.stack.detail?.renderModel
    let map = mapPans ? host.mapOffset : (0, 0)
    guard
      backBufferStale || model != lastDrawn || detail != lastDetailDrawn || map != lastMapOffset
        || session.rows.version != drawnRowsVersion || catchingUp
    else { return nil }
    return Picture(model: model, detail: detail, mapOffset: map)
  }

  /// The front end drew `picture`: it is the frame on screen now.
  public func drawn(_ picture: Picture) {
    drawnRowsVersion = session.rows.version
    lastDrawn = picture.model
    lastDetailDrawn = picture.detail
    lastMapOffset = picture.mapOffset
    backBufferStale = false
  }

  /// Forgets the frame on screen: the next frame draws everything (a new
  /// scale, new fonts).
  public func redrawAll() {
    lastDrawn = nil
    lastDetailDrawn = nil
    backBufferStale = true
  }

  // MARK: Resizes

  /// The window system says the window is `width` × `height` now; applied
  /// by `takeResize`, once, for a whole burst.
  public func configured(width: Int, height: Int) { pendingSize = (width, height) }

  /// The size a burst of `configured` came to, when it differs from
  /// `current` and is not empty; nil otherwise. Taken once.
  public func takeResize(current: (width: Int, height: Int)) -> (width: Int, height: Int)? {
    guard let size = pendingSize else { return nil }
    pendingSize = nil
    guard size.width > 0, size.height > 0, size.width != current.width || size.height != current.height else {
      return nil
    }
    return size
  }

  /// The session's half of a resize the front end applied: the panels
  /// take the new surface when it changed (`surface`, device px), and the
  /// picture on screen is stale.
  public func resized(width: Int, height: Int, surface: Size?, now: Double) {
    if surface != nil { backBufferStale = true }
    session.windowResized(width: width, height: height, container: surface, now: now)
  }

  // MARK: Rescale

  /// The session's half of a new scale the front end took (new fonts at
  /// `scale`, their line heights in `textMetrics`): the panels are laid out
  /// at it, `commit` runs (the front end takes its new fonts, in which
  /// the open detail is then wrapped again), everything is drawn anew, and
  /// `scaleChanged` is reported for the window of `window` device px.
  /// Throws, and changes nothing, when a length is out of range at that
  /// scale.
  public func rescale(
    to scale: Double, textMetrics: any TextMeasuring, now: Double, window: (width: Int, height: Int),
    commit: () -> Void
  ) throws(DrawerConfigurationError) {
    session.time = max(session.time, now)
    try session.host.rescale(to: scale, textMetrics: textMetrics, time: session.time)
    commit()
    session.host.rewrapDetail(time: session.time)
    redrawAll()
    session.scaleChanged(width: window.width, height: window.height)
  }

  // MARK: Sleep

  /// The latest time the loop may sleep to, or infinity: the next
  /// animation frame, rows waiting to be shown, matches still to rank
  /// (now), and `others`, the front end's own deadlines.
  public func sleepDeadline(now: Double, catchingUp: Bool, others: Double = .infinity) -> Double {
    var deadline = others
    if wantsFrames(catchingUp: catchingUp) { deadline = min(deadline, nextFrameTime) }
    if session.rowsPending { deadline = min(deadline, session.rowsSyncTime + SessionLoop.frameInterval) }
    // Matches still to rank: the next slice comes after one look at the input.
    if session.rowsRanking { deadline = min(deadline, now) }
    return deadline
  }

  /// `deadline` as poll(2)'s timeout from `now`: whole milliseconds, -1 for
  /// none.
  public static func timeout(until deadline: Double, now: Double) -> Int32 {
    guard deadline != .infinity else { return -1 }
    return Int32(max(0, min(Double(Int32.max), ((deadline - now) * 1000).rounded(.up))))
  }
}
