import CX11
import Glibc

/// Seconds on CLOCK_MONOTONIC: the one clock the engine sees.
func monotonicSeconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Maps X server timestamps (milliseconds, 32 bits, wrapping every ~49.7
/// days) onto the monotonic clock.
///
/// The offset is fixed by the first stamp seen and never re-fitted, so the
/// difference between two mapped times is exactly the server's difference:
/// velocity and click intervals come from the server's stamps, not from when
/// the events happened to arrive.
struct ServerClock {
  private var base: Double?
  private var lastStamp: UInt32 = 0
  private var elapsedMs: Int64 = 0

  /// The monotonic time of server stamp `stamp`. Synthetic events (sent with
  /// XSendEvent, as `xdotool --window` does) and CurrentTime carry no real
  /// stamp; they get `now` and leave the mapping alone.
  mutating func seconds(forStamp stamp: Time, synthetic: Bool, now: Double) -> Double {
    let ms = UInt32(truncatingIfNeeded: stamp)
    if synthetic || ms == 0 { return now }
    guard let base else {
      self.base = now
      lastStamp = ms
      return now
    }
    // A signed 32-bit difference survives wrap-around and tolerates a stamp
    // slightly older than the previous one.
    elapsedMs += Int64(Int32(bitPattern: ms &- lastStamp))
    lastStamp = ms
    return base + Double(elapsedMs) / 1000
  }
}

/// Per-frame times for `--frame-stats`, in a buffer allocated once.
///
/// When more frames are drawn than the buffer holds, the oldest samples are
/// overwritten; `frames` still counts them all.
struct FrameStats {
  /// Samples kept: about 18 minutes of continuous 60 Hz animation.
  static let capacity = 65_536

  private var samples: [Double]
  private(set) var frames = 0
  private var maximum = 0.0

  init() {
    samples = [Double](repeating: 0, count: FrameStats.capacity)
  }

  mutating func record(_ seconds: Double) {
    samples[frames % FrameStats.capacity] = seconds
    frames += 1
    maximum = max(maximum, seconds)
  }

  /// The `frameStats` event: count, median, 99th percentile and maximum in ms.
  func report() -> JSONLine {
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
