import CX11

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
