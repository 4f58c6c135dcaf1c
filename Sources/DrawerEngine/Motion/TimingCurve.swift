/// The curve that moves the drawer between two positions.
public enum TimingCurve: Hashable, Sendable {
  /// A damped spring. `dampingRatio` 1 is critical; below 1 it overshoots.
  ///
  /// `response` is the undamped period in seconds. When it is nil the spring
  /// is scaled so that, starting from rest, it settles within the
  /// configuration's duration: that is how DrawerKit's UIKit animator treats a
  /// spring handed to it together with a duration. A spring always receives
  /// the release velocity of the gesture that let it go.
  case spring(dampingRatio: Double, response: Double?)
  /// A CSS / Core Animation cubic Bézier from (0, 0) to (1, 1) with control
  /// points (x1, y1) and (x2, y2); x1 and x2 must lie in 0...1. Runs for the
  /// configuration's duration.
  case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

  /// DrawerKit's default, `UISpringTimingParameters()`: an overdamped spring
  /// (damping ratio 4.56, Apple's documented value) fitted to the duration.
  public static let drawerKitDefault = TimingCurve.spring(dampingRatio: 4.56, response: nil)
  /// Constant speed: the cubic Bézier (0, 0, 1, 1).
  public static let linear = TimingCurve.cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)
  /// The Core Animation / CSS presets.
  public static let easeIn = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
  /// Starts at full speed and slows into the end: (0, 0, 0.58, 1).
  public static let easeOut = TimingCurve.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
  /// Speeds up from rest and slows into the end: (0.42, 0, 0.58, 1).
  public static let easeInOut = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
}
