import Glibc

/// The `--events` stream: one JSON object per line on standard output.
///
/// Lines go through a `LineWriter`, so writing never blocks the program.
/// The state is global because the X I/O error handler, a C callback that
/// cannot capture, must be able to report the exit too.
public enum EventLog {
  /// Events held at most while standard output is not read, bytes: about
  /// 10,000 events. Beyond it they are dropped, counted and reported.
  public static let defaultBufferLimit = 1 << 20
  /// How long the exit waits for a slow reader, s.
  public static let exitDrainTimeout = 2.0

  nonisolated(unsafe) public private(set) static var enabled = false
  nonisolated(unsafe) private static var stream = makeStream(limit: defaultBufferLimit)

  /// Turns events on, with a buffer of `bufferLimit` bytes.
  public static func enable(bufferLimit: Int = defaultBufferLimit) {
    if bufferLimit != stream.limit { stream = makeStream(limit: bufferLimit) }
    enabled = true
  }

  private static func makeStream(limit: Int) -> LineWriter {
    let writer = LineWriter(fd: 1, limit: limit) { dropped in
      var line = JSONLine(event: "overflow")
      line.add("dropped", dropped)
      return Array(line.json.utf8)
    }
    writer.setOnFirstOverflow {
      Diagnostics.print(
        "standard output is not being read: events past \(limit / 1024) KiB are dropped and counted "
          + "(an overflow event says how many when it drains)")
    }
    writer.setOnFailure { code in
      Diagnostics.print("cannot write events to standard output (\(String(cString: strerror(code)))); they are no longer written")
    }
    return writer
  }

  /// Queues an event line when events are on.
  public static func emit(_ line: JSONLine) {
    guard enabled else { return }
    stream.enqueue(line.json)
  }

  /// Queues a line on standard output whether or not events are on.
  public static func write(_ text: String) {
    stream.enqueue(text)
  }

  public static func exit(status: Int32) {
    var line = JSONLine(event: "exit")
    line.add("status", Int(status))
    emit(line)
  }

  /// Waits (at most `timeout` seconds) for standard output and standard
  /// error to take what is queued; says on standard error what could not
  /// be written. Call before exiting.
  public static func flush(timeout: Double = exitDrainTimeout) {
    let lost = stream.drain(timeout: timeout)
    if lost > 0 {
      Diagnostics.print(
        "\(lost) event lines were not written: standard output was not read within \(formatNumber(timeout)) s")
    }
    Diagnostics.stream.drain(timeout: timeout)
  }
}
