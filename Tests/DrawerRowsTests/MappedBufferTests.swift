import Glibc
import XCTest

@testable import DrawerRows

/// A buffer that grows in place (DrawerRows/MappedBuffer.swift).
final class MappedBufferTests: XCTestCase {
  func testGrowingKeepsEveryElement() throws {
    let b = MappedBuffer<UInt32>(limit: 3_000_000)
    // Past several doublings of the writable part.
    for i in 0..<2_000_000 { try b.append(UInt32(i)) }
    XCTAssertEqual(b.count, 2_000_000)
    XCTAssertEqual(b[0], 0)
    XCTAssertEqual(b[1_234_567], 1_234_567)
    XCTAssertEqual(b.elements.last, 1_999_999)
  }

  func testOutgrowingASmallReservationMovesEveryElement() throws {
    // Reservations of 64 KiB, then twice as much each time: several moves.
    let b = MappedBuffer<UInt32>(limit: 1_000_000, reservation: 64 << 10)
    for i in 0..<300_000 { try b.append(UInt32(i)) }
    XCTAssertEqual(b.count, 300_000)
    for i in stride(from: 0, to: 300_000, by: 997) where b[i] != UInt32(i) {
      return XCTFail("element \(i) reads \(b[i])")
    }
    XCTAssertEqual(b.elements.last, 299_999)
  }

  func testReserveThenDidAppendCountsWhatWasWritten() throws {
    let b = MappedBuffer<UInt8>(limit: 100)
    let p = try b.reserve(10)
    p.initialize(repeating: 7, count: 4)
    b.didAppend(4)
    XCTAssertEqual(Array(b.elements), [7, 7, 7, 7])
  }

  func testTheLimitIsNeverPassed() throws {
    let b = MappedBuffer<UInt8>(limit: 5)
    let five: [UInt8] = [1, 2, 3, 4, 5]
    try five.withUnsafeBufferPointer { try b.append(contentsOf: $0) }
    XCTAssertThrowsError(try b.append(6)) { error in
      XCTAssertEqual(error as? MappedBuffer<UInt8>.Exhausted, MappedBuffer<UInt8>.Exhausted(bytes: 6))
    }
    XCTAssertEqual(b.count, 5, "a refused append changes nothing")
    XCTAssertThrowsError(try MappedBuffer<UInt8>(limit: 5).reserve(6))
  }

  func testRemoveAllEmptiesAndTheBufferIsUsableAgain() throws {
    let b = MappedBuffer<UInt8>(limit: 1 << 20)
    for _ in 0..<300_000 { try b.append(9) }
    b.removeAll()
    XCTAssertEqual(b.count, 0)
    try b.append(1)
    XCTAssertEqual(Array(b.elements), [1], "the pages given back read as new")
    b.truncate(to: 0)
    XCTAssertTrue(b.elements.isEmpty)
  }

  func testPopulateMakesTheReservedPagesResidentAndChangesNothingElse() throws {
    let b = MappedBuffer<UInt8>(limit: 1 << 20)
    try b.append(5)
    let room = try b.reserve(256 << 10)
    guard b.populate(256 << 10) else {
      throw XCTSkip("MADV_POPULATE_WRITE needs Linux 5.14")
    }
    XCTAssertEqual(Array(b.elements), [5])
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let first = UnsafeMutableRawPointer(room - 1)
    var resident = [UInt8](repeating: 0, count: (256 << 10) / page)
    XCTAssertEqual(mincore(first, 256 << 10, &resident), 0)
    XCTAssertTrue(resident.allSatisfy { $0 & 1 == 1 }, "every page of the reserve is in memory")
  }
}
