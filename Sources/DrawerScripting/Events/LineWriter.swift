import Glibc

/// Writes lines to a file descriptor from a thread of its own, so that the
/// caller never waits for the reader.
///
/// `enqueue` only copies the line into a buffer: a reader that stops
/// reading, a full pipe or a descriptor a parent made non-blocking cannot
/// stall the caller's loop. The thread writes the buffer in order and
/// retries short writes, waiting in poll(2) on EAGAIN, so every line
/// arrives whole and in order.
///
/// The buffer holds at most `limit` bytes. Past it, lines are dropped and
/// counted, never silently: `onFirstOverflow` runs once, and when the
/// buffer has drained to half the limit the writer puts the line that
/// `overflowLine` makes from the count into the stream, where the gap is.
public final class LineWriter: @unchecked Sendable {
  /// The descriptor the thread writes to.
  public let fd: Int32
  /// Bytes buffered at most; one line longer than this is still taken
  /// when the buffer is empty.
  public let limit: Int

  private let overflowLine: (Int) -> [UInt8]
  private var onFirstOverflow: (() -> Void)?
  private var onFailure: ((Int32) -> Void)?

  // Allocated, not stored inline: pthread objects must not move.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  /// Signalled when lines arrive and when the buffer drains; waits on it
  /// time out on the monotonic clock.
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var pending: [UInt8] = []
  /// Bytes queued and bytes written since the start, to tell which
  /// overflow lines have reached the reader.
  private var queuedTotal = 0
  private var writtenTotal = 0
  /// Overflow lines in the buffer, not yet written: where each ends (in
  /// `queuedTotal` terms) and how many lines it stands for.
  private var pendingOverflows: [(end: Int, dropped: Int)] = []
  /// Bytes of `pending` already written.
  private var head = 0
  private var dropped = 0
  private var everOverflowed = false
  /// The descriptor failed for good (EPIPE, EBADF): nothing more is written.
  private var broken = false
  /// `onFailure` has run for the failure.
  private var failureReported = false
  /// errno of the failure that broke the descriptor.
  private var failureCode: Int32 = 0
  private var thread: pthread_t?

  /// A writer for `fd`. Its thread starts with the first line.
  public init(fd: Int32, limit: Int, overflowLine: @escaping (Int) -> [UInt8]) {
    self.fd = fd
    self.limit = max(1, limit)
    self.overflowLine = overflowLine
    pthread_mutex_init(mutex, nil)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(changed, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  /// Runs `action` once, the first time a line is dropped.
  public func setOnFirstOverflow(_ action: @escaping () -> Void) {
    lock()
    onFirstOverflow = action
    unlock()
  }

  /// Runs `action` with errno when the descriptor fails for good.
  public func setOnFailure(_ action: @escaping (Int32) -> Void) {
    lock()
    onFailure = action
    unlock()
  }

  /// Queues `line` and a newline; returns at once.
  public func enqueue(_ line: String) {
    var copy = line
    copy.withUTF8 { enqueue(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Queues `bytes` and a newline; returns at once.
  public func enqueue(bytes: UnsafeRawBufferPointer) {
    var notify: (() -> Void)?
    lock()
    let queued = pending.count - head
    if broken {
      // The reader is gone; the failure was reported when it happened.
    } else if dropped == 0 && (queued == 0 || queued + bytes.count + 1 <= limit) {
      pending.append(contentsOf: bytes)
      pending.append(UInt8(ascii: "\n"))
      queuedTotal += bytes.count + 1
      startThreadIfNeeded()
      pthread_cond_broadcast(changed)
    } else {
      // Once lines are dropped, later ones are too until the overflow line
      // is in the stream, so the gap shows where it happened.
      dropped += 1
      if !everOverflowed {
        everOverflowed = true
        notify = onFirstOverflow
      }
    }
    unlock()
    notify?()
  }

  /// errno of the failure that stopped the writing, once `onFailure` has
  /// run for it; nil while the descriptor takes what it is given.
  public var failure: Int32? {
    lock()
    defer { unlock() }
    return broken && failureReported ? failureCode : nil
  }

  /// Lines dropped and not yet reported in the stream.
  public var droppedCount: Int {
    lock()
    defer { unlock() }
    return dropped
  }

  /// Waits until everything queued is written, or `timeout` seconds have
  /// passed, or the descriptor failed. A pending overflow count goes into
  /// the stream first. Returns the number of lines that did not reach the
  /// reader: those still buffered, and those an unwritten overflow line
  /// stands for.
  @discardableResult
  public func drain(timeout: Double) -> Int {
    lock()
    defer { unlock() }
    if dropped > 0 && !broken {
      appendOverflowLineLocked()
      startThreadIfNeeded()
      pthread_cond_broadcast(changed)
    } else if head < pending.count && !broken {
      // The thread may not have started when the lines came (a process
      // limit); a drain is the last chance.
      startThreadIfNeeded()
    }
    var deadline = timespec()
    clock_gettime(CLOCK_MONOTONIC, &deadline)
    let whole = max(0, timeout).rounded(.down)
    deadline.tv_sec += Int(whole)
    deadline.tv_nsec += Int((max(0, timeout) - whole) * 1e9)
    if deadline.tv_nsec >= 1_000_000_000 {
      deadline.tv_sec += 1
      deadline.tv_nsec -= 1_000_000_000
    }
    while thread != nil && ((head < pending.count && !broken) || (broken && !failureReported)) {
      if pthread_cond_timedwait(changed, mutex, &deadline) == ETIMEDOUT { break }
    }
    if broken { return 0 }
    let buffered = pending[head...].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    return buffered - pendingOverflows.count + pendingOverflows.reduce(0) { $0 + $1.dropped }
  }

  // MARK: The writing thread

  private func lock() { pthread_mutex_lock(mutex) }
  private func unlock() { pthread_mutex_unlock(mutex) }

  private func startThreadIfNeeded() {
    guard thread == nil else { return }
    var t = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()
    let made = pthread_create(&t, nil, { context in
      // Signals go to the main thread, whose blocking calls they must
      // interrupt (see TerminationSignals).
      var all = sigset_t()
      sigfillset(&all)
      pthread_sigmask(SIG_BLOCK, &all, nil)
      Unmanaged<LineWriter>.fromOpaque(context!).takeRetainedValue().run()
      return nil
    }, context)
    if made == 0 {
      pthread_detach(t)
      thread = t
    } else {
      // No thread now (a process limit): the lines wait in the buffer,
      // within its bound, and the next line tries again. Writing here
      // could block the caller.
      Unmanaged<LineWriter>.fromOpaque(context).release()
    }
  }

  private func appendOverflowLineLocked() {
    let line = overflowLine(dropped)
    pending.append(contentsOf: line)
    pending.append(UInt8(ascii: "\n"))
    queuedTotal += line.count + 1
    pendingOverflows.append((queuedTotal, dropped))
    dropped = 0
  }

  /// Bytes handed to one write(2) when they are whole lines: PIPE_BUF, so
  /// that a pipe takes each write whole or not at all, and a reader that
  /// stops never holds half a line.
  private static let atomicChunk = 4096
  /// Bytes handed to one write(2) of a line longer than `atomicChunk`.
  private static let chunk = 65_536

  private func run() {
    var local = [UInt8]()
    local.reserveCapacity(LineWriter.chunk)
    while true {
      lock()
      while head == pending.count { pthread_cond_wait(changed, mutex) }
      var end = min(pending.count, head + LineWriter.atomicChunk)
      if end < pending.count {
        var cut = end
        while cut > head && pending[cut - 1] != UInt8(ascii: "\n") { cut -= 1 }
        if cut > head {
          end = cut
        } else {
          // One line longer than a pipe's atomic write: up to its end, in
          // pieces of at most `chunk`, so no later line shares the write.
          let limit = min(pending.count, head + LineWriter.chunk)
          end = pending[head..<limit].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? limit
        }
      }
      local.removeAll(keepingCapacity: true)
      local.append(contentsOf: pending[head..<end])
      unlock()

      let ok = writeEverything(fd, local[...])
      let failure = ok ? 0 : errno

      lock()
      if ok {
        head += local.count
        writtenTotal += local.count
        pendingOverflows.removeAll { $0.end <= writtenTotal }
      } else {
        broken = true
        failureCode = failure
        head = pending.count
      }
      if head == pending.count {
        pending.removeAll(keepingCapacity: true)
        head = 0
      } else if head >= LineWriter.chunk && head * 2 >= pending.count {
        pending.removeFirst(head)
        head = 0
      }
      if dropped > 0 && !broken && pending.count - head <= limit / 2 { appendOverflowLineLocked() }
      let report = ok ? nil : onFailure
      if ok { pthread_cond_broadcast(changed) }
      unlock()
      if !ok {
        // Outside the lock: the action may write elsewhere. A drain waits
        // for it, so the failure is said before the program exits.
        report?(failure)
        lock()
        failureReported = true
        pthread_cond_broadcast(changed)
        unlock()
      }
    }
  }
}

/// Writes all of `bytes` to `fd`: retries short writes and EINTR, and waits
/// in poll(2) when a non-blocking descriptor is full. Returns false when
/// the descriptor fails for good (the reader is gone, it was closed).
@discardableResult
public func writeEverything(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
  bytes.withUnsafeBytes { writeEverything(fd, $0) }
}

/// Writes all of `bytes` to `fd`, as the `ArraySlice` form does; false when the descriptor fails for good.
@discardableResult
public func writeEverything(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
  guard var p = bytes.baseAddress else { return true }
  var left = bytes.count
  while left > 0 {
    let n = write(fd, p, left)
    if n < 0 {
      switch errno {
      case EINTR:
        continue
      case EAGAIN, EWOULDBLOCK:
        var waiting = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&waiting, 1, -1)
        continue
      default:
        return false
      }
    }
    p += n
    left -= n
  }
  return true
}
