import DrawerProcess
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

  /// The default limits: 1 GiB of text, 64 MiB in a row, 100 million rows.
  public init() {}
}

/// Reads a source of rows (`--items`, standard input in a pick) without
/// ever blocking the caller: it reads only what poll(2) says is there, and
/// at most a given slice at a time, so a loop that reads between frames
/// keeps its frames.
///
/// The file is opened without blocking, so a FIFO with no writer yet
/// opens at once; standard input is read as it is, never switched to
/// non-blocking mode, which would change it for the shell that shares it.
/// Bytes go straight into the store's buffer (`RowStore.appendReading`):
/// nothing is copied between the read and the rows.
public final class RowReader {
  /// The source's path as given; `-` is standard input.
  public let path: String
  /// The descriptor to wait on, -1 once the source has ended.
  public private(set) var fd: Int32
  /// Whether the source has ended (or failed) and nothing more will be read.
  public var isFinished: Bool { fd < 0 }
  /// Bytes read from the source so far.
  public private(set) var bytesRead = 0
  /// A regular file's size when opened, or nil for a pipe or a device.
  private var fileSize: Int?
  /// Bytes per read(2) at most: a file is read a megabyte at a time, and a
  /// pipe gives what it holds.
  static let chunk = 1 << 20
  /// What a pipe is asked to hold (F_SETPIPE_SZ), instead of 64 KiB: a
  /// fast producer then fills it while a frame is drawn, and each read
  /// takes 16 times as much. 1 MiB is what an unprivileged process may ask.
  static let pipeSize: Int32 = 1 << 20

  /// Opens `path` (`-` is standard input); a failure names the path and why.
  public init(path: String) throws(Failure) {
    self.path = path
    if path == "-" {
      fd = 0
      fileSize = RowReader.regularFileSize(0)
      RowReader.enlargePipe(0)
      return
    }
    while true {
      let opened = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
      if opened >= 0 {
        fd = opened
        // Reads then wait for data instead of failing with EAGAIN; only
        // what poll reports ready is ever read.
        _ = fcntl(opened, F_SETFL, fcntl(opened, F_GETFL) & ~O_NONBLOCK)
        fileSize = RowReader.regularFileSize(opened)
        RowReader.enlargePipe(opened)
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

  /// Asks a pipe or FIFO to hold `pipeSize` bytes. The size belongs to the
  /// pipe, which only the producer shares, and nothing else about it
  /// changes; where the system refuses, the pipe stays as it was.
  private static func enlargePipe(_ fd: Int32) {
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return }
    // F_SETPIPE_SZ (Linux), which Glibc's module does not name.
    _ = fcntl(fd, 1031, pipeSize)
  }

  private static func regularFileSize(_ fd: Int32) -> Int? {
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// Bytes the next read will bring at least, as far as is known: what is
  /// left of a file, what a pipe holds (FIONREAD); 0 when unknown.
  private func bytesReady() -> Int {
    if let fileSize { return max(0, fileSize - bytesRead) }
    var held: Int32 = 0
    return ioctl(fd, UInt(FIONREAD), &held) == 0 ? Int(max(0, held)) : 0
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

  /// Reads what is ready into `store`: at most `budget` bytes, and no more
  /// reads once `deadline` (on `monotonicSeconds`' clock) has passed, which
  /// is checked after each read, so a call always makes progress when
  /// something is ready and costs one read past its deadline at most.
  /// Returns whether rows arrived or the source ended. A read error or a
  /// broken limit throws, naming the path; the rows read before stay.
  public func read(into store: RowStore, budget: Int, until deadline: Double = .infinity) throws(Failure) -> Bool {
    guard fd >= 0 else { return false }
    let before = store.count
    var taken = 0
    while taken < budget {
      var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let polled = poll(&ready, 1, 0)
      if polled < 0 && errno == EINTR { continue }
      // Nothing yet, or only a FIFO's missing writer: come back later.
      guard polled > 0, ready.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { break }
      let source = fd
      var code: Int32 = 0
      let n: Int
      do throws(RowStore.LimitExceeded) {
        n = try store.appendReading(upTo: min(RowReader.chunk, budget - taken), expecting: bytesReady()) { room in
          let got = Glibc.read(source, room.baseAddress, room.count)
          if got < 0 { code = errno }
          return got
        }
        if n == 0 { try store.finish() }
      } catch {
        throw RowReader.failure(path, error.reason)
      }
      if n < 0 {
        if code == EINTR || code == EAGAIN { continue }
        throw RowReader.failure(path, String(cString: strerror(code)))
      }
      if n == 0 {
        if fd > 0 { close(fd) }
        fd = -1
        return true
      }
      taken += n
      bytesRead += n
      if monotonicSeconds() >= deadline { break }
    }
    return store.count != before
  }
}
