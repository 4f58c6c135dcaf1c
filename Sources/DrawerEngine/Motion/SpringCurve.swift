import RealModule

/// A damped spring's displacement and velocity as pure functions of time.
///
/// The analytic solution of `x'' + 2ζω₀x' + ω₀²x = 0` with unit mass, as
/// libadwaita's spring animation computes it: no integrator, so any time can
/// be evaluated directly and the result is the same whatever the frame rate.
/// Displacement is measured from the target, in px; velocity in px/s.
public struct SpringCurve: Hashable, Sendable {
  /// Below this distance from 1 a damping ratio is treated as critical, where
  /// the under- and overdamped formulas divide by (nearly) zero.
  static let criticalBand = 1e-6

  /// ζ: 1 is critical, below 1 overshoots, above 1 creeps in without overshooting.
  public let dampingRatio: Double
  /// Undamped angular frequency ω₀ = 2π / response, rad/s.
  public let angularFrequency: Double
  /// Displacement from the target at t = 0, px.
  public let initialDisplacement: Double
  /// Velocity at t = 0, px/s.
  public let initialVelocity: Double

  /// A spring of `dampingRatio` and undamped period `response`, s, from this displacement and velocity.
  public init(dampingRatio: Double, response: Double, initialDisplacement: Double, initialVelocity: Double) {
    self.dampingRatio = dampingRatio
    self.angularFrequency = 2 * Double.pi / response
    self.initialDisplacement = initialDisplacement
    self.initialVelocity = initialVelocity
  }

  private var beta: Double { dampingRatio * angularFrequency }

  /// Displacement (px) and velocity (px/s) at `t` seconds.
  public func state(at t: Double) -> (displacement: Double, velocity: Double) {
    let x0 = initialDisplacement, v0 = initialVelocity, w0 = angularFrequency, b = beta
    let zeta = dampingRatio
    if abs(zeta - 1) < SpringCurve.criticalBand {
      let e = Double.exp(-b * t)
      let c = v0 + b * x0
      return (e * (x0 + c * t), e * (v0 - b * c * t))
    }
    if zeta < 1 {
      let w1 = w0 * (1 - zeta * zeta).squareRoot()
      let e = Double.exp(-b * t)
      let c = Double.cos(w1 * t), s = Double.sin(w1 * t)
      let bCoefficient = (v0 + b * x0) / w1
      return (e * (x0 * c + bCoefficient * s), e * (v0 * c - (b * bCoefficient + x0 * w1) * s))
    }
    let w2 = w0 * (zeta * zeta - 1).squareRoot()
    let r1 = -b + w2, r2 = -b - w2
    let c1 = (v0 - r2 * x0) / (r1 - r2)
    let c2 = x0 - c1
    let e1 = Double.exp(r1 * t), e2 = Double.exp(r2 * t)
    return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
  }

  /// A time after which the displacement stays within `epsilon` px of the
  /// target: the moment the curve's decaying envelope falls below `epsilon`.
  /// The envelope bounds the curve, so the answer errs late, never early.
  public func settlingTime(epsilon: Double) -> Double {
    let x0 = initialDisplacement, v0 = initialVelocity, w0 = angularFrequency, b = beta
    let zeta = dampingRatio
    if abs(x0) <= epsilon && abs(v0) <= epsilon { return 0 }
    if abs(zeta - 1) < SpringCurve.criticalBand {
      // |x| ≤ e^(−βt)(|x0| + |c|t); the fixed point of t = ln((|x0| + |c|t)/ε)/β.
      let c = abs(v0 + b * x0)
      var t = 1 / b
      for _ in 0..<50 { t = max(0, Double.log((abs(x0) + c * t) / epsilon) / b) }
      return t
    }
    if zeta < 1 {
      let w1 = w0 * (1 - zeta * zeta).squareRoot()
      let amplitude = (x0 * x0 + ((v0 + b * x0) / w1) * ((v0 + b * x0) / w1)).squareRoot()
      return max(0, Double.log(amplitude / epsilon) / b)
    }
    let w2 = w0 * (zeta * zeta - 1).squareRoot()
    let r1 = -b + w2, r2 = -b - w2
    let c1 = (v0 - r2 * x0) / (r1 - r2)
    let c2 = x0 - c1
    // The slow root r1 dominates; both terms decay at least that fast.
    return max(0, Double.log((abs(c1) + abs(c2)) / epsilon) / -r1)
  }

  /// The response (undamped period, s) that makes a spring of this damping
  /// ratio, released from rest, settle within `duration` seconds to
  /// `relativeEpsilon` of its travel.
  public static func response(dampingRatio: Double, fittingDuration duration: Double, relativeEpsilon: Double = 1e-3) -> Double {
    let unit = SpringCurve(dampingRatio: dampingRatio, response: 2 * Double.pi, initialDisplacement: 1, initialVelocity: 0)
    let unitSettle = unit.settlingTime(epsilon: relativeEpsilon)
    // Time scales with the response: settle(response) = unitSettle · response / 2π.
    return 2 * Double.pi * duration / unitSettle
  }
}
