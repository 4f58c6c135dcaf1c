import DrawerProcess
import Glibc

/// The control channel's source: a file, a FIFO or standard input, read
/// a line at a time as poll(2) says lines are there.
///
/// A FIFO is opened for reading and writing: it then never reports end of
/// file when one writer closes, so `echo move full > fifo` can be run again
/// and again, and poll sleeps until the next writer writes. A file or
/// standard input is read to its end, after which the channel is closed
/// and the program goes on.
public final class ControlReader {
  /// The source's path as given; `-` is standard input.
  public let path: String
  /// The descriptor to wait on; -1 once the source has ended.
  public private(set) var fd: Int32
  private var splitter = LineSplitter(maximumLength: ControlCommand.maximumLineLength)
  private var buffer = [UInt8](repeating: 0, count: 65_536)

  /// Opens `path` (`-` is standard input); status 66 naming it when it cannot.
  public init(path: String) throws(Failure) {
    self.path = path
    if path == "-" {
      fd = 0
      return
    }
    var info = stat()
    let isFIFO = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    while true {
      let opened = open(path, (isFIFO ? O_RDWR : O_RDONLY) | O_CLOEXEC | O_NONBLOCK)
      if opened >= 0 {
        _ = fcntl(opened, F_SETFL, fcntl(opened, F_GETFL) & ~O_NONBLOCK)
        fd = opened
        return
      }
      let code = errno
      if let signalled = TerminationSignals.pendingFailure() { throw signalled }
      if code != EINTR {
        throw Failure(
          status: ExitStatus.noInput, message: "cannot read --control \(terminalSafe(path)): \(String(cString: strerror(code)))")
      }
    }
  }

  deinit {
    if fd > 0 { close(fd) }
  }

  /// What the source holds now, cut into lines; never waits. At the end
  /// of the source the last line comes too and the channel closes; a read
  /// error closes it with a line on standard error.
  public func read() -> [LineSplitter.Piece] {
    var pieces: [LineSplitter.Piece] = []
    // A bounded number of reads, so a flood of commands cannot hold up frames.
    for _ in 0..<16 {
      guard fd >= 0 else { break }
      var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let polled = poll(&ready, 1, 0)
      if polled < 0 && errno == EINTR { continue }
      guard polled > 0, ready.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { break }
      let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      if n <= 0 {
        if n < 0 {
          Diagnostics.print("cannot read --control \(terminalSafe(path)) (\(String(cString: strerror(errno)))); commands are no longer read")
        }
        pieces += splitter.finish()
        if fd > 0 { close(fd) }
        fd = -1
        break
      }
      pieces += buffer.withUnsafeBytes { splitter.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
    }
    return pieces
  }
}
