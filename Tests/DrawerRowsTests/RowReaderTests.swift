import Glibc
import TestSupport
import XCTest

@testable import DrawerProcess
@testable import DrawerRows

/// Reading rows in bounded slices (DrawerRows/RowReader.swift).
final class RowReaderTests: XCTestCase {
  private func texts(_ s: RowStore) -> [String] { (0..<s.count).map { s.text(ofRow: $0) } }

  /// "row 0\nrow 1\n…" for `count` rows.
  private func lines(_ count: Int) -> [UInt8] {
    Array((0..<count).map { "row \($0)\n" }.joined().utf8)
  }

  func testABudgetBoundsEachRead() throws {
    let bytes = lines(1000)
    let reader = try RowReader(path: temporaryFile(bytes, in: self))
    let store = RowStore()
    XCTAssertTrue(try reader.read(into: store, budget: 100))
    XCTAssertEqual(reader.bytesRead, 100, "no byte past the budget")
    XCTAssertEqual(store.count, 15, "the rows the 100 bytes complete: row 0 to row 9 take 60, row 10 on 7 each")
    _ = try reader.read(into: store, budget: 1)
    XCTAssertEqual(reader.bytesRead, 101)
    XCTAssertFalse(reader.isFinished)
    while !reader.isFinished { _ = try reader.read(into: store, budget: 333) }
    XCTAssertEqual(reader.bytesRead, bytes.count)
    XCTAssertEqual(store.count, 1000)
    XCTAssertEqual(store.text(ofRow: 999), "row 999")
  }

  func testAPassedDeadlineStillReadsOnce() throws {
    // Three reads' worth: a deadline already gone allows one, and only one.
    let bytes = [UInt8](repeating: 0x0A, count: 3 * RowReader.chunk)
    let reader = try RowReader(path: temporaryFile(bytes, in: self))
    let store = RowStore()
    XCTAssertTrue(try reader.read(into: store, budget: .max, until: 0))
    XCTAssertEqual(reader.bytesRead, RowReader.chunk)
    XCTAssertEqual(store.count, RowReader.chunk)
    XCTAssertTrue(try reader.read(into: store, budget: .max))
    XCTAssertTrue(reader.isFinished, "no deadline: everything ready, and the end")
    XCTAssertEqual(store.count, 3 * RowReader.chunk)
  }

  func testRowsSplitAcrossReadsAreJoined() throws {
    let bytes = Array("alpha\r\nβeta\n\0nul\n\ngamma 😀\nlast".utf8)
    for slice in 1...9 {
      let reader = try RowReader(path: temporaryFile(bytes, in: self))
      let store = RowStore()
      while !reader.isFinished { _ = try reader.read(into: store, budget: slice) }
      XCTAssertEqual(texts(store), ["alpha", "βeta", "\0nul", "", "gamma 😀", "last"], "\(slice)-byte reads")
    }
  }

  func testAPipeIsReadAsItFillsWithoutWaiting() throws {
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    defer { close(ends[0]) }
    let reader = try RowReader(path: "/dev/fd/\(ends[0])")
    let store = RowStore()
    XCTAssertFalse(try reader.read(into: store, budget: .max), "an empty pipe: nothing, at once")
    _ = write(ends[1], "one\ntw", 6)
    XCTAssertTrue(try reader.read(into: store, budget: .max))
    XCTAssertEqual(texts(store), ["one"])
    _ = write(ends[1], "o", 1)
    close(ends[1])
    XCTAssertTrue(try reader.read(into: store, budget: .max))
    XCTAssertTrue(reader.isFinished)
    XCTAssertEqual(texts(store), ["one", "two"])
  }

  func testABrokenLimitNamesThePathAndKeepsEarlierRows() throws {
    var limits = ItemLimits()
    limits.rows = 3
    let path = temporaryFile(lines(10), in: self)
    let reader = try RowReader(path: path)
    let store = RowStore(limits: limits)
    _ = try reader.read(into: store, budget: 12)
    XCTAssertEqual(store.count, 2)
    XCTAssertThrowsError(try reader.read(into: store, budget: .max)) { error in
      XCTAssertEqual((error as! Failure).status, ExitStatus.noInput)
      XCTAssertEqual((error as! Failure).message, "cannot read --items \(path): more than 3 rows, the most allowed")
    }
    XCTAssertEqual(texts(store), ["row 0", "row 1"])
  }
}
