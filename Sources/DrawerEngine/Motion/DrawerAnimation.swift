/// Distance from the target below which a spring is at rest, px.
let springRestDistance = 0.25
/// Longest any animation may run, seconds: a guarantee that every animation
/// ends, whatever the curve.
let maximumAnimationDuration = 10.0

/// One move of the panel from an extent to a detent, as a pure function of
/// time.
struct DrawerAnimation {
  enum Curve {
    case spring(SpringCurve)
    case bezier(CubicBezierCurve, duration: Double)
    /// An app's timing (`DrawerDelegate.drawer(_:timingFor:)`), which the
    /// drawer holds beside the animation (`Drawer.animationTiming`): an
    /// existential here would make every copy of the animation, on every
    /// frame, go through the runtime's value witnesses.
    case custom(duration: Double)
  }

  /// Indices in `ResolvedDetents.all`: where the move began and where it
  /// ends. Plain integers keep the animation a trivial value, cheap to copy
  /// on every frame.
  let origin: Int
  let target: Int
  /// Extents, px.
  let from: Double
  let to: Double
  let startTime: Double
  let curve: Curve
  /// When the move is over, seconds on the engine clock.
  let endTime: Double
  /// Whether a release started it: the panel is attracted to its target
  /// (FloatingPanel's `isAttracting`).
  var afterRelease = false

  /// Whether the move follows an app's timing (`Curve.custom`).
  var followsTiming: Bool {
    if case .custom = curve { return true }
    return false
  }

  /// A move from extent `from` to `to` starting at `time`, timed by an
  /// app's `timing` (its duration capped at `maximumAnimationDuration`).
  init(origin: Int, target: Int, from: Double, to: Double, time: Double, timing: any DrawerTiming) {
    self.origin = origin
    self.target = target
    self.from = from
    self.to = to
    self.startTime = time
    let d = timing.duration.isFinite ? min(max(timing.duration, 0), maximumAnimationDuration) : 0
    curve = .custom(duration: d)
    endTime = time + d
  }

  /// A move from extent `from` to `to` starting at `time` with the release
  /// velocity `velocity` (px/s, positive grows), timed by the configuration.
  init(
    origin: Int, target: Int, from: Double, to: Double, velocity: Double, time: Double,
    configuration c: DrawerConfiguration, containerLength containerHeight: Double
  ) {
    self.origin = origin
    self.target = target
    self.from = from
    self.to = to
    self.startTime = time
    let distance = abs(to - from)
    var duration = c.totalDurationInSeconds
    if c.durationIsProportionalToDistanceTraveled {
      duration = containerHeight > 0 ? duration * distance / containerHeight : 0
    }
    switch c.timingCurve {
    case let .spring(dampingRatio, response):
      if response == nil && duration <= 0 {
        curve = .bezier(CubicBezierCurve(x1: 0, y1: 0, x2: 1, y2: 1), duration: 0)
        endTime = time
        return
      }
      let r = response ?? SpringCurve.response(dampingRatio: dampingRatio, fittingDuration: duration)
      let spring = SpringCurve(
        dampingRatio: dampingRatio, response: r, initialDisplacement: from - to, initialVelocity: velocity)
      curve = .spring(spring)
      endTime = time + min(maximumAnimationDuration, spring.settlingTime(epsilon: springRestDistance))
    case let .cubicBezier(x1, y1, x2, y2):
      let d = min(duration, maximumAnimationDuration)
      curve = .bezier(CubicBezierCurve(x1: x1, y1: y1, x2: x2, y2: y2), duration: d)
      endTime = time + d
    }
  }

  func isFinished(at time: Double) -> Bool { time >= endTime }

  /// The unclamped extent at `time`; exactly `to` once finished. `timing`
  /// is the app's, for a move that follows one.
  func extent(at time: Double, timing: (any DrawerTiming)?) -> Double {
    if time >= endTime { return to }
    let t = max(0, time - startTime)
    switch curve {
    case .spring(let s):
      return to + s.state(at: t).displacement
    case .bezier(let b, let duration):
      guard duration > 0 else { return to }
      return from + (to - from) * b.progress(at: t / duration)
    case .custom(let duration):
      guard let timing else { return to }
      let p = timing.progress(at: min(t, duration))
      return p.isFinite ? from + (to - from) * p : to
    }
  }

  /// Velocity at `time`, px/s (positive grows); what a caught panel would
  /// carry on with.
  func velocity(at time: Double, timing: (any DrawerTiming)?) -> Double {
    if time >= endTime { return 0 }
    switch curve {
    case .spring(let s):
      return s.state(at: max(0, time - startTime)).velocity
    case .bezier(_, let duration), .custom(let duration):
      guard duration > 0 else { return 0 }
      let h = 1e-3
      return (extent(at: min(time + h, endTime), timing: timing) - extent(at: time, timing: timing)) / h
    }
  }
}
