import RealModule

/// The list's coasting after a flick, as a pure function of time.
///
/// Velocity decays exponentially, as UIScrollView's normal deceleration
/// does: it keeps `decelerationRate` of itself per millisecond, so the
/// offset approaches `start + v₀ / k` with k = −1000 · ln(rate) per second.
struct ScrollMomentum: Hashable {
  /// Velocity kept per millisecond (UIScrollView.DecelerationRate.normal).
  static let decelerationRate = 0.998
  /// Slower than this (px/s) the list stops coasting.
  static let restingSpeed = 10.0
  /// A release slower than this (px/s) does not start coasting.
  static let minimumSpeed = 50.0

  static let decay = -1000 * Double.log(decelerationRate)

  let startOffset: Double
  /// px/s, positive when the offset grows (content moving up).
  let startVelocity: Double
  let startTime: Double
  /// Slower than this (px/s) it stops.
  var restingSpeed = ScrollMomentum.restingSpeed

  func offset(at time: Double) -> Double {
    let t = max(0, time - startTime)
    return startOffset + startVelocity / ScrollMomentum.decay * (1 - Double.exp(-ScrollMomentum.decay * t))
  }

  func velocity(at time: Double) -> Double {
    startVelocity * Double.exp(-ScrollMomentum.decay * max(0, time - startTime))
  }

  /// When the speed falls to `restingSpeed`.
  var endTime: Double {
    let ratio = abs(startVelocity) / restingSpeed
    return startTime + (ratio > 1 ? Double.log(ratio) / ScrollMomentum.decay : 0)
  }
}
