import DrawerProcess
import Glibc

/// The `--record` file: trace lines written by a writer thread, so a slow
/// disk never holds up a frame.
public final class TraceFile {
  /// Trace bytes held while the disk is slow: about a million inputs.
  static let bufferLimit = 64 << 20
  private let writer: LineWriter
  private let path: String
  private var closed = false

  /// Creates (or truncates) `path`; status 73 when it cannot, or when it
  /// is a FIFO that no process reads (see `createOutputFile`).
  public init(path: String) throws(Failure) {
    let fd: Int32
    do throws(OutputFileError) {
      fd = try createOutputFile(path)
    } catch {
      throw Failure(
        status: ExitStatus.cantCreate, message: "--record: cannot create \(terminalSafe(path)): \(error.reason)")
    }
    self.path = path
    // A gap makes the trace unreplayable: the line says so where it is.
    writer = LineWriter(fd: fd, limit: TraceFile.bufferLimit) { dropped in
      Array("{\"in\":\"overflow\",\"dropped\":\(dropped)}".utf8)
    }
    writer.setOnFailure { code in
      Diagnostics.print("--record: cannot write \(terminalSafe(path)) (\(String(cString: strerror(code)))); the trace stops here")
    }
  }

  /// Queues `line` for the writer thread; it never waits for the disk.
  public func write(_ line: String) { writer.enqueue(line) }

  /// Waits (at most 2 s) for the queued lines, says on stderr how many
  /// were lost, and closes the file; later calls do nothing.
  public func close() {
    guard !closed else { return }
    closed = true
    let lost = writer.drain(timeout: 2)
    if lost > 0 { Diagnostics.print("--record: \(lost) trace lines were not written to \(terminalSafe(path))") }
    Glibc.close(writer.fd)
  }
}
