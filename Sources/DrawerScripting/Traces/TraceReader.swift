import DrawerProcess
import Glibc

/// A trace file read one line at a time, each line at most `lineLimit` bytes.
///
/// drawer-replay prints each step's events as it reads it, so a trace of any
/// length replays in bounded memory, and the limit keeps one endless line
/// (`/dev/zero`, a file that is not a trace) from taking all of it.
public final class TraceReader {
  /// The longest line read, bytes, newline excluded.
  ///
  /// Far above anything drawer-x11 writes: a step is under 200 bytes, and
  /// the header holds the command line, which Linux caps at a few MiB
  /// even when every byte of it is escaped.
  public static let lineLimit = 16 << 20

  /// What messages call the source: its path, or "standard input" for -.
  public let name: String
  /// The line `next()` returned last, counted from 1.
  public private(set) var lineNumber = 0

  private let fd: Int32
  private let ownsDescriptor: Bool
  private let lineLimit: Int
  private let chunk: Int
  /// Bytes read and not yet returned start at `start`.
  private var pending: [UInt8] = []
  private var start = 0
  private var atEnd = false

  /// Opens `path` (`-` is standard input); status 66 when it cannot.
  public convenience init(path: String, lineLimit: Int = TraceReader.lineLimit) throws(Failure) {
    if path == "-" {
      self.init(fd: 0, name: "standard input", ownsDescriptor: false, lineLimit: lineLimit)
      return
    }
    var fd: Int32
    repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
    guard fd >= 0 else { throw TraceReader.cannotRead(path, errno) }
    self.init(fd: fd, name: path, ownsDescriptor: true, lineLimit: lineLimit)
  }

  /// Reads `fd`, `chunk` bytes at a time.
  ///
  /// Tests pass small chunks so that lines straddle reads.
  init(fd: Int32, name: String, ownsDescriptor: Bool, lineLimit: Int, chunk: Int = 65_536) {
    self.fd = fd
    self.name = name
    self.ownsDescriptor = ownsDescriptor
    self.lineLimit = lineLimit
    self.chunk = chunk
  }

  deinit {
    if ownsDescriptor { close(fd) }
  }

  /// The next line, without its newline; nil at the end of the input.
  ///
  /// Throws status 66 when the input cannot be read (a directory, an I/O
  /// error) and status 65, naming the line, when a line is longer than the
  /// limit; the rest of that line is never read.
  public func next() throws(Failure) -> String? {
    var searched = start
    while true {
      if let end = newline(from: searched) {
        let line = try take(upTo: end)
        start = end + 1
        return line
      }
      searched = pending.count
      if pending.count - start > lineLimit { throw tooLong(lineNumber + 1) }
      if atEnd {
        // A last line without its newline is a line too.
        guard start < pending.count else { return nil }
        let line = try take(upTo: pending.count)
        start = pending.count
        return line
      }
      // What was returned is dropped before reading more, so the buffer
      // never holds more than one line and one read.
      if start > 0 {
        pending.removeFirst(start)
        searched -= start
        start = 0
      }
      try fill()
    }
  }

  /// The pending bytes from `start` to `end` as the next line.
  private func take(upTo end: Int) throws(Failure) -> String {
    lineNumber += 1
    guard end - start <= lineLimit else { throw tooLong(lineNumber) }
    return pending.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
  }

  /// The index of the first newline in `pending` at or after `from`.
  private func newline(from: Int) -> Int? {
    guard from < pending.count else { return nil }
    return pending.withUnsafeBytes { raw -> Int? in
      guard let base = raw.baseAddress, let hit = memchr(base + from, 0x0A, raw.count - from) else { return nil }
      return base.distance(to: UnsafeRawPointer(hit))
    }
  }

  /// Appends one read's bytes to `pending`, or marks the end.
  private func fill() throws(Failure) {
    let old = pending.count
    pending.append(contentsOf: repeatElement(0, count: chunk))
    var n: Int
    while true {
      n = pending.withUnsafeMutableBytes { read(fd, $0.baseAddress! + old, chunk) }
      if n >= 0 { break }
      let code = errno
      if code == EINTR { continue }
      // Standard input a parent left non-blocking: wait until it has data.
      if code == EAGAIN || code == EWOULDBLOCK {
        var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&waiting, 1, -1)
        continue
      }
      pending.removeLast(chunk)
      throw TraceReader.cannotRead(name, code)
    }
    pending.removeLast(chunk - n)
    if n == 0 { atEnd = true }
  }

  private func tooLong(_ line: Int) -> Failure {
    Failure(
      status: ExitStatus.dataError,
      message: "\(name): line \(line) is longer than \(describeBytes(lineLimit)), the most a trace line may hold")
  }

  private static func cannotRead(_ name: String, _ code: Int32) -> Failure {
    Failure(status: ExitStatus.noInput, message: "cannot read \(name): \(String(cString: strerror(code)))")
  }
}
