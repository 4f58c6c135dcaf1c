import Glibc

/// Seconds on CLOCK_MONOTONIC: the one clock the engine sees.
public func monotonicSeconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Per-frame times for `--frame-stats`, in a buffer allocated once.
///
/// When more frames are drawn than the buffer holds, the oldest samples are
/// overwritten; `frames` still counts them all.
public struct FrameStats {
  /// Samples kept: about 18 minutes of continuous 60 Hz animation.
  static let capacity = 65_536

  private var samples: [Double]
  public private(set) var frames = 0
  private var maximum = 0.0

  public init() {
    samples = [Double](repeating: 0, count: FrameStats.capacity)
  }

  public mutating func record(_ seconds: Double) {
    samples[frames % FrameStats.capacity] = seconds
    frames += 1
    maximum = max(maximum, seconds)
  }

  /// The `frameStats` event: count, median, 99th percentile and maximum in ms.
  public func report() -> JSONLine {
    let kept = Array(samples.prefix(min(frames, FrameStats.capacity))).sorted()
    func percentile(_ p: Double) -> Double {
      guard !kept.isEmpty else { return 0 }
      let index = Int((p * Double(kept.count - 1)).rounded())
      return kept[index] * 1000
    }
    var line = JSONLine(event: "frameStats")
    line.add("frames", frames)
    line.add("p50Ms", percentile(0.5), decimals: 3)
    line.add("p99Ms", percentile(0.99), decimals: 3)
    line.add("maxMs", maximum * 1000, decimals: 3)
    return line
  }
}
