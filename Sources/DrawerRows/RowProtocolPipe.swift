import DrawerProcess
import Glibc

/// Reads rofi's rows from a descriptor on a thread of its own and hands
/// them on, one a line, through a pipe that `RowReader` reads as it reads
/// any source: each record ends at `separator` (`-sep`, a newline by
/// default), its options go to `table` (`RowProtocol`), and what the
/// store keeps is written as a line. A line break inside a record (with
/// another separator) becomes a space; with another separator the
/// input's final line break ends nothing.
public final class RowProtocolPipe: @unchecked Sendable {
  /// Where `RowReader` reads the rows: the pipe's read end.
  public let path: String
  /// The options read from the rows, filled by the thread as records arrive.
  public let table = RowOptionsTable()
  private let input: Int32
  private let output: Int32
  private let separator: UInt8

  /// Opens the pipe and starts the thread that reads `input`.
  public init(input: Int32, separator: UInt8) throws(Failure) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      throw Failure(status: ExitStatus.software, message: "cannot make a pipe for the rows: \(String(cString: strerror(errno)))")
    }
    // Not handed to the programs a run starts.
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    path = "/dev/fd/\(ends[0])"
    self.input = input
    output = ends[1]
    self.separator = separator
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()
    guard pthread_create(&thread, nil, { context in
      let pipe = Unmanaged<RowProtocolPipe>.fromOpaque(context!).takeRetainedValue()
      pipe.run()
      return nil
    }, context) == 0 else {
      Unmanaged<RowProtocolPipe>.fromOpaque(context).release()
      throw Failure(status: ExitStatus.software, message: "cannot start the thread that reads the rows")
    }
    pthread_detach(thread)
  }

  private func run() {
    defer { close(output) }
    var pending: [UInt8] = []
    var row = 0
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      pending += buffer[0..<n]
      var start = 0
      var out: [UInt8] = []
      while let end = pending[start...].firstIndex(of: separator) {
        out += line(pending[start..<end], row: row)
        row += 1
        start = end + 1
      }
      pending.removeFirst(start)
      guard send(out) else { return }
    }
    if separator != 0x0A, pending.last == 0x0A { pending.removeLast() }
    if !pending.isEmpty { _ = send(line(pending[...], row: row)) }
  }

  /// The line the store gets for one record, its options recorded.
  func line(_ record: ArraySlice<UInt8>, row: Int) -> [UInt8] {
    let (text, options) = RowProtocol.parse(record)
    table.set(options, row: row)
    var bytes = RowProtocol.stored(text: text, options: options)
    if separator != 0x0A {
      for i in bytes.indices where bytes[i] == 0x0A { bytes[i] = 0x20 }
    }
    bytes.append(0x0A)
    return bytes
  }

  /// Writes `bytes` whole; false once the reader has gone.
  private func send(_ bytes: [UInt8]) -> Bool {
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { write(output, $0.baseAddress! + done, bytes.count - done) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return false }
      done += n
    }
    return true
  }
}
