import Glibc

/// Opens `path` for writing, created or truncated, without ever waiting in
/// open(2): a FIFO that no process reads would otherwise hold the program
/// there, before any window, until a reader came. Such a FIFO fails at
/// once (ENXIO), in words that say what to do; a FIFO with a reader, and
/// every other file, opens as before.
///
/// The descriptor is returned blocking again: its writer thread expects
/// one, and copes with a non-blocking one too.
public func createOutputFile(_ path: String) throws(OutputFileError) -> Int32 {
  while true {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0o644)
    if fd >= 0 {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
      return fd
    }
    let code = errno
    if code == EINTR { continue }
    throw OutputFileError(
      reason: code == ENXIO
        ? "it is a FIFO that no process reads (start its reader first)" : String(cString: strerror(code)))
  }
}

/// Why an output file could not be opened, in words for a message.
public struct OutputFileError: Error, Equatable {
  /// Why, in words: strerror(3)'s, or that a FIFO has no reader.
  public var reason: String
}
