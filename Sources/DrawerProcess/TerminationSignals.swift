import Glibc

/// The signals that end the program cleanly: the loop stops, what is in
/// flight is cancelled and reported, the `exit` event is written, and the
/// status is 128 + the signal's number (129 HUP, 130 INT, 131 QUIT,
/// 138 USR1, 140 USR2, 142 ALRM, 143 TERM). SIGQUIT is among them because
/// the Swift runtime would otherwise take it as a crash, print a backtrace
/// and leave the program running.
///
/// The first such signal is handled; a second of the same kind takes its
/// default action, so the program can always be stopped. The handler only
/// writes the signal number into a pipe (the self-pipe trick): the run loop polls the pipe next to the X connection, so a signal
/// that lands just before poll(2) still wakes it. It is installed without
/// SA_RESTART, so a blocking read (a FIFO that nobody opens, stdin from a
/// slow producer) returns EINTR and the reader can look at the pipe at once.
public enum TerminationSignals {
  /// Each one's default action ends the process without a word.
  public static let handled: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM]

  /// The pipe's read end, for poll(2); -1 when it could not be made.
  nonisolated(unsafe) public private(set) static var readEnd: Int32 = -1
  nonisolated(unsafe) private static var writeEnd: Int32 = -1
  /// A signal taken from the pipe and not yet acted on.
  nonisolated(unsafe) private static var taken: Int32?

  /// Makes the pipe, handles each of `handled` not already ignored at start, and ignores SIGPIPE and SIGXFSZ.
  public static func install() {
    // A closed reader must not kill the program mid-event; writes just fail.
    signal(SIGPIPE, SIG_IGN)
    // A file-size limit on the events file fails the write instead.
    signal(SIGXFSZ, SIG_IGN)
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return }
    for fd in fds {
      // Non-blocking: the handler must never stall, nor `pending()` wait.
      _ = fcntl(fd, F_SETFL, O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    readEnd = fds[0]
    writeEnd = fds[1]
    for number in handled {
      // A signal ignored by whoever started us (nohup, a script's
      // background job) stays ignored.
      var previous = sigaction()
      if sigaction(number, nil, &previous) == 0
        && unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
      {
        continue
      }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { received in
        let saved = errno
        var byte = UInt8(truncatingIfNeeded: received)
        _ = write(TerminationSignals.writeEnd, &byte, 1)
        errno = saved
      }
      sigemptyset(&action.sa_mask)
      // One clean exit is offered: the same signal again takes the default
      // action, so a second Ctrl-C ends a program stuck waiting on a hung
      // X server (Xlib retries its waits after EINTR).
      action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
      sigaction(number, &action, nil)
    }
  }

  /// The signal received and not yet acted on, if any. It stays pending:
  /// whoever sees it ends the program.
  public static func pending() -> Int32? {
    if let taken { return taken }
    guard readEnd >= 0 else { return nil }
    var byte: UInt8 = 0
    if read(readEnd, &byte, 1) == 1 { taken = Int32(byte) }
    return taken
  }

  /// A `Failure` that ends the program for a pending signal, if any.
  public static func pendingFailure() -> Failure? {
    pending().map { Failure(status: ExitStatus.signalled($0), message: nil) }
  }
}

/// Opens /dev/null on each of standard input, output and error that is
/// closed, so that no pipe or file the program opens later takes their
/// numbers (writes meant for the terminal would land in it). Call first.
public func reopenClosedStandardDescriptors() {
  for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
    let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
    if opened >= 0 && opened != fd {
      dup2(opened, fd)
      close(opened)
    }
  }
}
