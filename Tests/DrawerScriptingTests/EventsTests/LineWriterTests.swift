import Glibc
import XCTest

@testable import DrawerProcess
@testable import DrawerScripting

final class LineWriterTests: XCTestCase {
  override func setUp() {
    // A closed reader must fail the write, not kill the test process.
    signal(SIGPIPE, SIG_IGN)
  }

  private func makePipe(nonblockingWriter: Bool = false) -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    XCTAssertEqual(pipe(&fds), 0)
    if nonblockingWriter { _ = fcntl(fds[1], F_SETFL, O_NONBLOCK) }
    return (fds[0], fds[1])
  }

  /// Reads whole lines from `fd` until `done` says so; fails instead of
  /// hanging when nothing comes for 10 s.
  private func readLines(_ fd: Int32, until done: ([String]) -> Bool) -> [String] {
    var lines: [String] = []
    var partial: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !done(lines) {
      var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 10_000) == 1 else {
        XCTFail("nothing to read for 10 s after \(lines.count) lines")
        break
      }
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      for b in buffer[0..<n] {
        if b == UInt8(ascii: "\n") {
          lines.append(String(decoding: partial, as: UTF8.self))
          partial.removeAll()
        } else {
          partial.append(b)
        }
      }
    }
    XCTAssertTrue(partial.isEmpty, "half a line: \(partial.count) bytes")
    return lines
  }

  private func line(_ i: Int) -> String { "line \(i) " + String(repeating: "x", count: 90) }

  /// Walks a stream of `line(i)` and `overflow N` lines: each line must be
  /// the next index, each marker skips the lines it counts. Returns the
  /// next index expected, or nil at the first line out of place.
  private func accounted(_ lines: [String]) -> Int? {
    var next = 0
    for l in lines {
      if l.hasPrefix("overflow "), let n = Int(l.dropFirst(9)) {
        next += n
      } else if l == line(next) {
        next += 1
      } else {
        return nil
      }
    }
    return next
  }

  func testAnUnreadPipeNeverBlocksAndEveryGapIsReported() {
    let (r, w) = makePipe()
    defer { close(r); close(w) }
    var overflowNotices = 0
    let writer = LineWriter(fd: w, limit: 8192) { dropped in Array("overflow \(dropped)".utf8) }
    writer.setOnFirstOverflow { overflowNotices += 1 }
    // Far more than the pipe (64 KiB) and the buffer (8 KiB) hold; nothing
    // reads until every enqueue has returned.
    for i in 0...2000 { writer.enqueue(line(i)) }
    XCTAssertEqual(overflowNotices, 1, "said once")

    // Read until every line is either seen or counted by a marker.
    let lines = readLines(r) { (accounted($0) ?? .max) >= 2001 }
    XCTAssertEqual(accounted(lines), 2001, "whole lines, in order, every gap counted")
    XCTAssertTrue(lines.contains { $0.hasPrefix("overflow ") }, "the gap is in the stream")
    XCTAssertLessThan(lines.count, 1000, "lines past the pipe and the buffer were dropped")
    writer.enqueue("resumed")
    XCTAssertEqual(readLines(r) { $0.count == 1 }, ["resumed"])
    XCTAssertEqual(writer.drain(timeout: 5), 0)
    XCTAssertEqual(overflowNotices, 1, "said once")
  }

  func testNonBlockingDescriptorGetsEveryLineWhole() {
    let (r, w) = makePipe(nonblockingWriter: true)
    defer { close(r); close(w) }
    let writer = LineWriter(fd: w, limit: 4 << 20) { _ in [] }
    for i in 0..<5000 { writer.enqueue(line(i)) }
    let lines = readLines(r) { $0.count == 5000 }
    XCTAssertTrue(lines == (0..<5000).map(line), "every line whole and in order")
    XCTAssertEqual(writer.drain(timeout: 5), 0)
    XCTAssertEqual(writer.droppedCount, 0)
  }

  func testALineLongerThanTheLimitIsTakenWhenTheBufferIsEmpty() {
    let (r, w) = makePipe()
    defer { close(r); close(w) }
    let writer = LineWriter(fd: w, limit: 1024) { _ in [] }
    let long = String(repeating: "é", count: 200_000)
    writer.enqueue(long)
    XCTAssertTrue(readLines(r) { $0.count == 1 } == [long])
  }

  func testAClosedReaderIsReportedOnceAndDrainReturns() {
    let (r, w) = makePipe()
    defer { close(w) }
    close(r)
    var failures: [Int32] = []
    var mutex = pthread_mutex_t()
    pthread_mutex_init(&mutex, nil)
    let writer = LineWriter(fd: w, limit: 1024) { _ in [] }
    writer.setOnFailure { code in
      pthread_mutex_lock(&mutex)
      failures.append(code)
      pthread_mutex_unlock(&mutex)
    }
    writer.enqueue("nobody reads this")
    XCTAssertEqual(writer.drain(timeout: 5), 0)
    writer.enqueue("nor this")
    XCTAssertEqual(writer.drain(timeout: 5), 0)
    pthread_mutex_lock(&mutex)
    XCTAssertEqual(failures, [EPIPE])
    pthread_mutex_unlock(&mutex)
  }

  func testAFailureIsKeptForTheCallerToSee() {
    let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
    XCTAssertGreaterThanOrEqual(fd, 0)
    defer { close(fd) }
    let writer = LineWriter(fd: fd, limit: 1024) { _ in [] }
    writer.setOnFailure { _ in }
    XCTAssertNil(writer.failure)
    writer.enqueue("no room for this")
    XCTAssertEqual(writer.drain(timeout: 5), 0)
    XCTAssertEqual(writer.failure, ENOSPC)
  }

  func testNoFailureWhenEverythingIsWritten() {
    let (r, w) = makePipe()
    defer { close(r); close(w) }
    let writer = LineWriter(fd: w, limit: 1024) { _ in [] }
    writer.enqueue("read")
    XCTAssertEqual(writer.drain(timeout: 5), 0)
    XCTAssertNil(writer.failure)
    XCTAssertEqual(readLines(r) { $0.count == 1 }, ["read"])
  }

  /// Bytes waiting in the pipe behind `fd`.
  private func unread(_ fd: Int32) -> Int32 {
    var n: Int32 = 0
    _ = ioctl(fd, UInt(FIONREAD), &n)
    return n
  }

  func testDrainGivesUpOnAStalledReaderAtItsDeadlineAndCountsWhatIsLeft() {
    let (r, w) = makePipe()
    defer { close(r); close(w) }
    let writer = LineWriter(fd: w, limit: 1 << 20) { _ in [] }
    for i in 0..<2000 { writer.enqueue(line(i)) }
    // Wait until the pipe is full, so the writer is surely stalled.
    let fullBy = monotonicSeconds() + 10
    while unread(r) < 60_000 && monotonicSeconds() < fullBy { sched_yield() }
    let start = monotonicSeconds()
    let left = writer.drain(timeout: 0.2)
    let waited = monotonicSeconds() - start
    XCTAssertGreaterThanOrEqual(waited, 0.19)
    XCTAssertLessThan(waited, 2)
    XCTAssertEqual(left + readLines(r) { $0.count + left >= 2000 }.count, 2000, "written plus left is all")
  }

  func testLinesAfterALongLineAreNeverWrittenWithIt() {
    // A packet socket keeps each write(2) apart, so the test sees what
    // each write carried. On a pipe shared with another writer (2>&1), a
    // write holding a long line's end and later lines would let the other
    // writer's line land inside them; short lines must travel alone.
    var fds: [Int32] = [-1, -1]
    XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &fds), 0)
    defer { close(fds[0]); close(fds[1]) }
    let writer = LineWriter(fd: fds[1], limit: 8 << 20) { _ in [] }
    let long = String(repeating: "L", count: 100_000)
    writer.enqueue(long)
    for i in 0..<1000 { writer.enqueue(line(i)) }
    var text: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 18)
    var writes = 0
    let expected = 100_001 + (0..<1000).reduce(0) { $0 + line($1).utf8.count + 1 }
    while text.count < expected {
      var ready = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 10_000) == 1 else { return XCTFail("stalled after \(text.count) bytes") }
      let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
      guard n > 0 else { return XCTFail("read \(n)") }
      let piece = buffer[0..<n]
      let hasLong = piece.contains(UInt8(ascii: "L"))
      let hasShort = piece.contains(UInt8(ascii: "x"))
      XCTAssertFalse(hasLong && hasShort, "write \(writes) carries the long line and short ones")
      XCTAssertLessThanOrEqual(n, hasShort ? 4096 : 65_536, "write \(writes)")
      if hasShort { XCTAssertEqual(piece.last, UInt8(ascii: "\n"), "write \(writes) ends inside a line") }
      text += piece
      writes += 1
    }
    let lines = String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
    XCTAssertTrue(lines == [long] + (0..<1000).map(line), "every line whole and in order")
  }

  func testDrainCountsTheLinesAnUnwrittenOverflowLineStandsFor() {
    let (r, w) = makePipe()
    defer { close(r); close(w) }
    // The first lines go into the pipe before the writer starts, until it
    // takes no more, so the writer stalls on its first write whatever the
    // scheduler does. (Waiting for a writer to fill the pipe is a race: if
    // its thread runs only after the lines are queued, it drains its small
    // buffer and writes the overflow line before the pipe is full.)
    _ = fcntl(w, F_SETFL, O_NONBLOCK)
    var first = 0
    while true {
      var bytes = Array((line(first) + "\n").utf8)
      guard write(w, &bytes, bytes.count) == bytes.count else { break }
      first += 1
    }
    XCTAssertEqual(errno, EAGAIN)
    _ = fcntl(w, F_SETFL, 0)
    let writer = LineWriter(fd: w, limit: 4096) { dropped in Array("overflow \(dropped)".utf8) }
    // Each later line is at least as long as the one the pipe refused, so
    // none fits in what is left of its last page.
    for i in first..<3000 { writer.enqueue(line(i)) }
    XCTAssertGreaterThan(writer.droppedCount, 0)
    let left = writer.drain(timeout: 0.05)
    // What the pipe holds (the writer is stalled, so it cannot grow) plus
    // what drain says is left is everything: the buffered lines and every
    // dropped one, not the overflow line itself.
    var inPipe = [UInt8](repeating: 0, count: Int(unread(r)))
    let n = inPipe.withUnsafeMutableBytes { read(r, $0.baseAddress, $0.count) }
    XCTAssertEqual(n, inPipe.count)
    let lines = String(decoding: inPipe, as: UTF8.self).split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, first, "only the lines written before the writer started")
    let accountedFor = accounted(lines) ?? -1
    XCTAssertEqual(accountedFor + left, 3000, "\(lines.count) lines in the pipe, \(left) left")
  }
}
