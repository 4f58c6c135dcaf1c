import Glibc

/// Seconds on CLOCK_MONOTONIC: the one clock the engine sees.
///
/// Inlinable: the loop, the reader and the ranking read it across modules,
/// some of them between slices of work.
@inlinable
public func monotonicSeconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}
