/// Per-frame times for `--frame-stats`, in a buffer allocated once, and
/// the event loop's passes.
///
/// When more frames are drawn than the buffer holds, the oldest samples are
/// overwritten; `frames` still counts them all. A pass is the loop's work
/// between two looks at its input: while one runs, input waits, so a pass
/// longer than a frame interval is a frame deadline missed.
public struct FrameStats {
  /// Samples kept: about 18 minutes of continuous 60 Hz animation.
  static let capacity = 65_536

  private var samples: [Double]
  /// Frames recorded, overwritten samples included.
  public private(set) var frames = 0
  private var maximum = 0.0
  /// A pass longer than this, s, misses a frame's deadline.
  public let frameInterval: Double
  /// The longest pass, s.
  public private(set) var longestPass = 0.0
  /// Passes longer than `frameInterval`.
  public private(set) var passesOverFrame = 0

  /// Empty statistics, a pass over `frameInterval` s missing a frame (60 Hz by default).
  public init(frameInterval: Double = 1.0 / 60) {
    samples = [Double](repeating: 0, count: FrameStats.capacity)
    self.frameInterval = frameInterval
  }

  /// One frame took `seconds` to draw; the oldest sample makes way when the buffer is full.
  public mutating func record(_ seconds: Double) {
    samples[frames % FrameStats.capacity] = seconds
    frames += 1
    maximum = max(maximum, seconds)
  }

  /// One pass of the event loop took `seconds`, sleep excluded.
  public mutating func recordPass(_ seconds: Double) {
    longestPass = max(longestPass, seconds)
    if seconds > frameInterval { passesOverFrame += 1 }
  }

  /// The `frameStats` event: count, median, 99th percentile and maximum in
  /// ms; the longest pass of the loop in ms and the passes over a frame.
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
    line.add("longestPassMs", longestPass * 1000, decimals: 3)
    line.add("passesOverFrame", passesOverFrame)
    return line
  }
}
