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

/// Reads a source of rows (`--items`, standard input in a pick) without
/// ever blocking the caller: it reads only what poll(2) says is there.
///
/// The file is opened without blocking, so a FIFO with no writer yet
/// opens at once; standard input is read as it is, never switched to
/// non-blocking mode, which would change it for the shell that shares it.
public final class RowReader {
  public let path: String
  /// The descriptor to wait on, -1 once the source has ended.
  public private(set) var fd: Int32
  public var isFinished: Bool { fd < 0 }
  private var buffer = [UInt8](repeating: 0, count: RowReader.chunk)
  /// Bytes per read(2): a pipe holds 64 KiB; a file is read a megabyte at a time.
  static let chunk = 1 << 20

  /// Opens `path` (`-` is standard input); a failure names the path and why.
  public init(path: String) throws(Failure) {
    self.path = path
    if path == "-" {
      fd = 0
      return
    }
    while true {
      let opened = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
      if opened >= 0 {
        fd = opened
        // Reads then wait for data instead of failing with EAGAIN; only
        // what poll reports ready is ever read.
        _ = fcntl(opened, F_SETFL, fcntl(opened, F_GETFL) & ~O_NONBLOCK)
        return
      }
      let code = errno
      if let signalled = TerminationSignals.pendingFailure() { throw signalled }
      if code != EINTR { throw RowReader.failure(path, String(cString: strerror(code))) }
    }
  }

  deinit {
    if fd > 0 { close(fd) }
  }

  static func failure(_ path: String, _ reason: String) -> Failure {
    Failure(status: ExitStatus.noInput, message: "cannot read --items \(path): \(reason)")
  }

  /// Waits until the source has something to read or a signal that ends
  /// the program arrives (then throws its failure).
  func waitForInput() throws(Failure) {
    guard fd >= 0 else { return }
    var waiting = [
      pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: TerminationSignals.readEnd, events: Int16(POLLIN), revents: 0),
    ]
    if poll(&waiting, waiting[1].fd >= 0 ? 2 : 1, -1) < 0 && errno != EINTR {
      throw RowReader.failure(path, String(cString: strerror(errno)))
    }
    if let signalled = TerminationSignals.pendingFailure() { throw signalled }
  }

  /// Reads what is ready, up to about `budget` bytes, into `rows`'s store
  /// and tells `rows` what changed. Returns whether rows arrived or the
  /// source ended. A read error or a broken limit throws, naming the
  /// path; the rows read before stay.
  public func read(into rows: RowTexts, budget: Int) throws(Failure) -> Bool {
    guard fd >= 0, let store = rows.store else { return false }
    let before = store.count
    var taken = 0
    var ended = false
    defer {
      if ended || store.count != before { rows.rowsChanged(finished: ended) }
    }
    while taken < budget {
      var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let polled = poll(&ready, 1, 0)
      if polled < 0 && errno == EINTR { continue }
      // Nothing yet, or only a FIFO's missing writer: come back later.
      guard polled > 0, ready.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { break }
      let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, RowReader.chunk) }
      if n < 0 {
        let code = errno
        if code == EINTR || code == EAGAIN { continue }
        throw RowReader.failure(path, String(cString: strerror(code)))
      }
      let stored = buffer.withUnsafeBytes { raw in
        Result { () throws(RowStore.LimitExceeded) in
          if n == 0 { try store.finish() } else { try store.append(UnsafeRawBufferPointer(rebasing: raw[0..<n])) }
        }
      }
      if case .failure(let error) = stored { throw RowReader.failure(path, error.reason) }
      if n == 0 {
        if fd > 0 { close(fd) }
        fd = -1
        ended = true
        break
      }
      taken += n
    }
    return ended || store.count != before
  }
}

/// "64 MiB", "1 GiB", "512 bytes".
func describeBytes(_ n: Int) -> String {
  if n >= 1 << 30 && n % (1 << 30) == 0 { return "\(n >> 30) GiB" }
  if n >= 1 << 20 && n % (1 << 20) == 0 { return "\(n >> 20) MiB" }
  if n >= 1 << 10 && n % (1 << 10) == 0 { return "\(n >> 10) KiB" }
  return "\(n) bytes"
}
