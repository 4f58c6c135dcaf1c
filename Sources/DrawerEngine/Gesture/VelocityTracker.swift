/// Estimates pointer velocity from the last moments of motion.
///
/// Velocity is the least-squares slope of position over time across the
/// samples of the last `window` seconds, in px/s. DrawerKit's and Qt's
/// press-to-release averages read a slow drag that ends in a flick as slow;
/// a short window reads what the hand did last. A pointer held still for the
/// whole window reads exactly 0.
///
/// Two samples a millisecond apart say little about a rate: a pointer warp
/// or an event burst would read as 100,000 px/s. So motion is never spread
/// over less than `minimumSpan`, and the result is capped at `maximumSpeed`.
struct VelocityTracker {
  /// Seconds of motion that count (the reference suggests 50 to 100 ms; libadwaita keeps 150).
  static let window = 0.1
  /// The shortest time a rate is measured over, s: one 60 Hz frame. Samples
  /// closer together than this are timer jitter or a burst, not motion.
  static let minimumSpan = 1.0 / 60
  /// The fastest release reported, px/s: twice Android's maximum fling
  /// velocity (8000 dp/s), so no deliberate flick is clipped while a glitch
  /// cannot throw the drawer.
  static let maximumSpeed = 16_000.0
  /// Samples kept; at 1000 Hz that is still 64 ms of motion.
  static let capacity = 64

  /// The cap this tracker applies, px/s: `maximumSpeed` unless the
  /// configuration's px are not those of 1×.
  var speedLimit = VelocityTracker.maximumSpeed

  private var times: [Double]
  private var positions: [Double]
  private var start = 0
  private(set) var count = 0

  init() {
    times = Array(repeating: 0, count: VelocityTracker.capacity)
    positions = Array(repeating: 0, count: VelocityTracker.capacity)
  }

  mutating func reset() {
    start = 0
    count = 0
  }

  /// Adds a sample; times must not go backward (a sample older than the last is dropped).
  mutating func add(position: Double, time: Double) {
    if count > 0 && time < times[(start + count - 1) % VelocityTracker.capacity] { return }
    if count == VelocityTracker.capacity {
      start = (start + 1) % VelocityTracker.capacity
      count -= 1
    }
    let i = (start + count) % VelocityTracker.capacity
    times[i] = time
    positions[i] = position
    count += 1
  }

  /// Velocity in px/s at `time`, from the samples no older than the window,
  /// within ±`speedLimit`.
  func velocity(at time: Double) -> Double {
    var n = 0.0, sumT = 0.0, sumP = 0.0, sumTT = 0.0, sumTP = 0.0
    var first: (t: Double, p: Double)?
    var last = (t: 0.0, p: 0.0)
    for k in 0..<count {
      let i = (start + k) % VelocityTracker.capacity
      let t = times[i] - time
      guard t >= -VelocityTracker.window else { continue }
      let p = positions[i]
      if first == nil { first = (t, p) }
      last = (t, p)
      n += 1
      sumT += t
      sumP += p
      sumTT += t * t
      sumTP += t * p
    }
    guard n >= 2, let first else { return 0 }
    let span = last.t - first.t
    // Samples all at one instant carry no rate.
    guard span > 0 else { return 0 }
    let rate: Double
    if span < VelocityTracker.minimumSpan {
      rate = (last.p - first.p) / VelocityTracker.minimumSpan
    } else {
      rate = (n * sumTP - sumT * sumP) / (n * sumTT - sumT * sumT)
    }
    guard rate.isFinite else { return 0 }
    return min(max(rate, -speedLimit), speedLimit)
  }
}
