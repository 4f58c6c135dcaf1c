/// An app's own timing for one move: how far along the move is at each
/// moment. `DrawerDelegate.drawer(_:timingFor:)` hands one to the engine.
///
/// The rule: at `t` seconds after the move starts the panel is at
/// `from + (to − from) · progress(at: t)`, for `t` in `0...duration`; at and
/// after `duration` it is exactly at its target. Progress should be 0 at 0
/// and reach 1 at `duration`; values beyond 0...1 overshoot (a spring) and
/// are allowed. `duration` is in seconds, at most 10 (longer is cut to 10,
/// the engine's longest move); 0 or less completes the move at once. It
/// must be a pure function of `t`: the engine may ask any `t`, in any
/// order, and a trace replays only if the answers repeat.
///
/// ```swift
/// struct Linear: DrawerTiming {
///   var duration: Double { 0.25 }
///   func progress(at t: Double) -> Double { t / duration }
/// }
/// ```
public protocol DrawerTiming {
  /// How long the move lasts, seconds.
  var duration: Double { get }
  /// The fraction of the way travelled `t` seconds after the start.
  func progress(at t: Double) -> Double
}

/// A timing made of a function of time: the curve as a closure.
///
/// The rule is `DrawerTiming`'s: `curve(t)` is the fraction travelled `t`
/// seconds in, for `t` in `0...duration`.
///
/// ```swift
/// let easeOut = TimingFunction(duration: 0.3) { t in 1 - (1 - t / 0.3) * (1 - t / 0.3) }
/// ```
public struct TimingFunction: DrawerTiming {
  /// Seconds.
  public var duration: Double
  /// The fraction travelled at a time in seconds since the start.
  public var curve: (Double) -> Double

  /// A timing of `duration` seconds following `curve`.
  public init(duration: Double, curve: @escaping (Double) -> Double) {
    self.duration = duration
    self.curve = curve
  }

  /// `curve(t)`.
  public func progress(at t: Double) -> Double { curve(t) }
}
