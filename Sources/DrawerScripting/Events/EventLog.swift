import DrawerProcess
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

  /// Whether `--events` is on: `emit` writes nothing while it is off.
  nonisolated(unsafe) public private(set) static var enabled = false
  nonisolated(unsafe) private static var stream = makeStream(limit: defaultBufferLimit)

  /// Turns events on, with a buffer of `bufferLimit` bytes, on standard
  /// output or, with `path`, in that file (created or truncated; status 73
  /// when it cannot be, or when it is a FIFO that no process reads).
  public static func enable(bufferLimit: Int = defaultBufferLimit, path: String? = nil) throws(Failure) {
    if let path {
      let fd: Int32
      do throws(OutputFileError) {
        fd = try createOutputFile(path)
      } catch {
        throw Failure(
          status: ExitStatus.cantCreate, message: "--events: cannot create \(terminalSafe(path)): \(error.reason)")
      }
      stream = makeStream(limit: bufferLimit, fd: fd, name: terminalSafe(path))
    } else if bufferLimit != stream.limit {
      stream = makeStream(limit: bufferLimit)
    }
    enabled = true
  }

  /// The pick's output on standard output: rows are never dropped, however
  /// slowly it is read, up to the most text the rows can hold; the exit
  /// waits until all of it is written (`finishResult`).
  nonisolated(unsafe) private static var result: LineWriter?

  /// Queues `text` (a pick's chosen row, or its query) and a newline on
  /// standard output.
  public static func writeResult(_ text: String) {
    resultWriter().enqueue(text)
  }

  /// Queues `bytes` (a pick's chosen row, as its input gave it, valid
  /// UTF-8 or not) and a newline on standard output.
  public static func writeResult(bytes: UnsafeRawBufferPointer) {
    resultWriter().enqueue(bytes: bytes)
  }

  private static func resultWriter() -> LineWriter {
    if let result { return result }
    let writer = LineWriter(fd: 1, limit: Int.max) { _ in [] }
    writer.setOnFailure { code in
      Diagnostics.print("cannot write the pick to standard output (\(String(cString: strerror(code))))")
    }
    result = writer
    return writer
  }

  /// How often a wait for the pick's reader looks for a signal, s: the
  /// signal handler cannot wake a wait on a condition variable.
  static let signalCheckInterval = 0.05

  /// Waits until the pick is written whole, however late standard output
  /// is read, as dmenu's blocking write does; a pick is never cut to what
  /// a pipe holds. Returns the status to exit with: `status` when the pick
  /// is written (or there is none); 74 (EX_IOERR) when standard output
  /// failed (full, closed, the reader gone), said in one line on standard
  /// error; 128 + N when signal N ended the wait, with a line saying the
  /// pick was cut. A failing status stays as it is.
  public static func finishResult(status: Int32) -> Int32 {
    guard let writer = result else { return status }
    // Done with here, whatever the outcome: `flush` must not wait again.
    result = nil
    while writer.drain(timeout: signalCheckInterval) > 0 {
      if let signal = TerminationSignals.pending() {
        Diagnostics.print("the pick was not written whole: a signal ended the wait for standard output to be read")
        return status == ExitStatus.ok ? ExitStatus.signalled(signal) : status
      }
    }
    // The failure's line is on standard error: `drain` waits for it.
    if writer.failure != nil && status == ExitStatus.ok { return ExitStatus.ioError }
    return status
  }

  private static func makeStream(limit: Int, fd: Int32 = 1, name: String = "standard output") -> LineWriter {
    let writer = LineWriter(fd: fd, limit: limit) { dropped in
      var line = JSONLine(event: "overflow")
      line.add("dropped", dropped)
      return Array(line.json.utf8)
    }
    writer.setOnFirstOverflow {
      Diagnostics.print(
        "\(name) is not being read: events past \(limit / 1024) KiB are dropped and counted "
          + "(an overflow event says how many when it drains)")
    }
    writer.setOnFailure { code in
      Diagnostics.print("cannot write events to \(name) (\(String(cString: strerror(code)))); they are no longer written")
    }
    return writer
  }

  /// Runs before a line is queued: the X layer waits there until the
  /// server has drawn the frames it sent, so that a line reporting a
  /// frame's state comes after that frame is on screen (lines for inputs,
  /// such as `dragBegan`, may still come before their frame). Nil:
  /// nothing to wait for.
  nonisolated(unsafe) public static var beforeLine: (() -> Void)?

  /// Queues an event line when events are on.
  public static func emit(_ line: JSONLine) {
    guard enabled else { return }
    beforeLine?()
    stream.enqueue(line.json)
  }

  /// Queues a line on standard output whether or not events are on.
  public static func write(_ text: String) {
    beforeLine?()
    stream.enqueue(text)
  }

  /// Emits the `exit` event with the program's exit `status`, when events are on.
  public static func exit(status: Int32) {
    var line = JSONLine(event: "exit")
    line.add("status", Int(status))
    emit(line)
  }

  /// Waits (at most `timeout` seconds) for standard output and standard
  /// error to take what is queued; says on standard error what could not
  /// be written. Call before exiting.
  public static func flush(timeout: Double = exitDrainTimeout) {
    if let result, result.drain(timeout: timeout) > 0 {
      Diagnostics.print("the pick was not written: standard output was not read within \(formatNumber(timeout)) s")
    }
    let lost = stream.drain(timeout: timeout)
    if lost > 0 {
      Diagnostics.print(
        "\(lost) event lines were not written: standard output was not read within \(formatNumber(timeout)) s")
    }
    Diagnostics.stream.drain(timeout: timeout)
  }
}
