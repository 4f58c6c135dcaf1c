import Glibc

/// How much `--items` may hold. Each is checked while reading, so an
/// endless source (`/dev/zero`, `yes`) ends with a clear message instead of
/// taking all memory.
public struct ItemLimits: Sendable {
  /// Bytes of text in all: 1 GiB.
  public var bytes = 1 << 30
  /// Bytes in one row: 64 MiB, far past anything a row can show.
  public var lineBytes = 64 << 20
  /// Rows: 100 million, as many as --rows allows.
  public var rows = 100_000_000

  public init() {}
}

/// Reads all of `path` (`-` is standard input) within `limits`.
///
/// A signal that ends the program ends the read at once, whatever the source
/// waits for: the file is opened without blocking (a FIFO with no writer
/// yet), and each read waits in poll(2) on the source and the signal pipe
/// together (see `TerminationSignals`), so there is no moment where a
/// signal can slip in before a blocking call.
func readItems(path: String, limits: ItemLimits) throws(Failure) -> [UInt8] {
  func failure(_ reason: String) -> Failure {
    Failure(status: ExitStatus.noInput, message: "cannot read --items \(path): \(reason)")
  }
  var fd: Int32 = 0
  if path != "-" {
    while true {
      fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
      if fd >= 0 { break }
      let code = errno
      if let signalled = TerminationSignals.pendingFailure() { throw signalled }
      if code != EINTR { throw failure(String(cString: strerror(code))) }
    }
  }
  defer { if fd != 0 { close(fd) } }

  var bytes: [UInt8] = []
  var info = stat()
  if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0 {
    bytes.reserveCapacity(min(Int(info.st_size), limits.bytes) + 1)
  }
  let chunk = 65_536
  var buffer = [UInt8](repeating: 0, count: chunk)
  var rows = 0
  var lineLength = 0
  var waiting = [
    pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
    pollfd(fd: TerminationSignals.readEnd, events: Int16(POLLIN), revents: 0),
  ]
  while true {
    if let signalled = TerminationSignals.pendingFailure() { throw signalled }
    // A FIFO opened before its writer reports nothing until one connects;
    // a regular file is always ready.
    waiting[0].revents = 0
    waiting[1].revents = 0
    if poll(&waiting, waiting[1].fd >= 0 ? 2 : 1, -1) < 0 && errno != EINTR {
      throw failure(String(cString: strerror(errno)))
    }
    if waiting[0].revents == 0 { continue }
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunk) }
    if n < 0 {
      let code = errno
      if code == EINTR || code == EAGAIN { continue }
      throw failure(String(cString: strerror(code)))
    }
    if n == 0 { return bytes }
    var longest = 0
    buffer.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      var start = 0
      while start < n, let hit = memchr(base + start, 0x0A, n - start) {
        let end = base.distance(to: UnsafeRawPointer(hit))
        longest = max(longest, lineLength + end - start)
        lineLength = 0
        rows += 1
        start = end + 1
      }
      lineLength += n - start
    }
    if max(longest, lineLength) > limits.lineBytes {
      throw failure("a row is longer than \(describeBytes(limits.lineBytes)), the most one row may hold")
    }
    // A last row without its newline counts too.
    if rows + (lineLength > 0 ? 1 : 0) > limits.rows {
      throw failure("more than \(limits.rows) rows, the most allowed")
    }
    if bytes.count + n > limits.bytes {
      throw failure("more than \(describeBytes(limits.bytes)) of text, the most allowed")
    }
    bytes.append(contentsOf: buffer[0..<n])
  }
}

/// "64 MiB", "1 GiB", "512 bytes".
func describeBytes(_ n: Int) -> String {
  if n >= 1 << 30 && n % (1 << 30) == 0 { return "\(n >> 30) GiB" }
  if n >= 1 << 20 && n % (1 << 20) == 0 { return "\(n >> 20) MiB" }
  if n >= 1 << 10 && n % (1 << 10) == 0 { return "\(n >> 10) KiB" }
  return "\(n) bytes"
}
