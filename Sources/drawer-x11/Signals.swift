import Glibc

/// SIGINT and SIGTERM end the run loop cleanly, so `frameStats` and `exit`
/// are still reported, instead of killing the process mid-frame.
///
/// The handler only writes the signal number into a pipe (the self-pipe
/// trick): the run loop polls the pipe next to the X connection, so a signal
/// that lands just before poll(2) still wakes it.
enum TerminationSignals {
  /// The pipe's read end, for poll(2); -1 when it could not be made.
  nonisolated(unsafe) private(set) static var readEnd: Int32 = -1
  nonisolated(unsafe) private static var writeEnd: Int32 = -1

  static func install() {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return }
    for fd in fds {
      // Non-blocking: the handler must never stall, nor `take()` wait.
      _ = fcntl(fd, F_SETFL, O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    readEnd = fds[0]
    writeEnd = fds[1]
    for number in [SIGINT, SIGTERM] {
      signal(number) { received in
        var byte = UInt8(truncatingIfNeeded: received)
        _ = write(TerminationSignals.writeEnd, &byte, 1)
      }
    }
  }

  /// The signal received since the last call, if any.
  static func take() -> Int32? {
    guard readEnd >= 0 else { return nil }
    var byte: UInt8 = 0
    return read(readEnd, &byte, 1) == 1 ? Int32(byte) : nil
  }
}
