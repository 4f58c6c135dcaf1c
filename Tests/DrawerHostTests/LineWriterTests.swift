import Glibc
import XCTest

@testable import DrawerHost

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

  /// Reads whole lines from `fd` until `done` says so.
  private func readLines(_ fd: Int32, until done: ([String]) -> Bool) -> [String] {
    var lines: [String] = []
    var partial: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !done(lines) {
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

  func testDrainGivesUpOnAStalledReaderAndCountsWhatIsLeft() {
    let (r, w) = makePipe()
    defer { close(r); close(w) }
    let writer = LineWriter(fd: w, limit: 1 << 20) { _ in [] }
    for i in 0..<2000 { writer.enqueue(line(i)) }
    let left = writer.drain(timeout: 0.05)
    XCTAssertGreaterThan(left, 0)
    XCTAssertLessThan(left, 2000, "the pipe took some")
  }
}
