import Glibc

/// The Gaussian of a shadow's blur: σ = blurRadius / 2 as in
/// `ShadowConfiguration`, reaching k = ⌈3σ⌉ either side so that its edge is
/// invisible, normalised to sum 1.
public struct ShadowKernel {
  /// k: the kernel covers offsets -k...k.
  public let extent: Int
  private let weights: [Double]
  /// cdfTable[u + k] = sum of the weights up to offset u.
  private let cdfTable: [Double]

  /// k for `blurRadius`.
  public static func extent(blurRadius: Double) -> Int { blurRadius > 0 ? Int((3 * (blurRadius / 2)).rounded(.up)) : 0 }

  /// The kernel for a blur of `blurRadius` px (σ half of it); 0 or less is no blur, one weight of 1.
  public init(blurRadius: Double) {
    let sigma = blurRadius / 2
    let k = ShadowKernel.extent(blurRadius: blurRadius)
    var g = [Double](repeating: 1, count: 2 * k + 1)
    if k > 0 {
      var total = 0.0
      for i in -k...k {
        let v = Double(i * i) / (-2 * sigma * sigma)
        g[i + k] = exp(v)
        total += g[i + k]
      }
      for i in 0..<g.count { g[i] /= total }
    }
    var table = [Double](repeating: 0, count: 2 * k + 1)
    var running = 0.0
    for i in 0..<g.count {
      running += g[i]
      table[i] = running
    }
    extent = k
    weights = g
    cdfTable = table
  }

  /// The weight at offset `d` px; 0 outside -`extent`...`extent`.
  @inline(__always)
  public func weight(_ d: Int) -> Double { d < -extent || d > extent ? 0 : weights[d + extent] }

  /// The weights summed up to offset `u`: 0 below -`extent`, 1 from `extent` on.
  @inline(__always)
  public func cdf(_ u: Int) -> Double { u < -extent ? 0 : (u >= extent ? 1 : cdfTable[u + extent]) }

  /// The band's value in row `j` away from the corners: the blurred top
  /// edge alone, the same for every corner radius.
  public func edge(row j: Int) -> UInt8 { Coverage.byte(cdf(j - extent)) }
}
