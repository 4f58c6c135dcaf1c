import TestSupport
import XCTest

@testable import DrawerRows

/// Row offsets in about two bytes each (DrawerRows/RowOffsets.swift).
final class RowOffsetsTests: XCTestCase {
  private func append(_ o: RowOffsets, _ values: ArraySlice<UInt32>) throws {
    try Array(values).withUnsafeBufferPointer { try o.append(contentsOf: $0) }
  }

  private func assertSame(_ o: RowOffsets, _ expected: [UInt32], _ message: String) {
    XCTAssertEqual(o.count, expected.count, message)
    let view = o.view
    for (i, e) in expected.enumerated() where view[i] != e {
      return XCTFail("\(message): offset \(i) reads \(view[i]), not \(e)")
    }
  }

  func testNarrowBlocksCostTwoBytesAnOffset() throws {
    let o = RowOffsets(limit: 10_000)
    let values = (0..<1000).map { UInt32($0 * 30) }
    try append(o, values[...])
    assertSame(o, values, "short rows")
    XCTAssertEqual(o.byteCount, 2 * 1000 + 4 * 4, "1000 offsets in 4 blocks")
  }

  func testABlockSpanningMoreThan64KiBKeepsWholeOffsets() throws {
    let o = RowOffsets(limit: 10_000)
    // Rows of 300 bytes: the first block turns wide partway, the next
    // blocks are wide from their start.
    let values = (0..<700).map { UInt32($0 * 300) }
    try append(o, values[0..<100])
    try append(o, values[100...])
    assertSame(o, values, "long rows")
    XCTAssertGreaterThan(o.byteCount, 4 * 700, "wide blocks hold whole offsets")
  }

  func testSeededBatchesAndTruncationsReadBackAsPlainOffsets() throws {
    var rng = SplitMix64(seed: 21)
    for round in 0..<40 {
      let o = RowOffsets(limit: 5000)
      var expected: [UInt32] = []
      var next: UInt32 = 0
      for _ in 0..<12 {
        // Mostly short rows, now and then one long enough to widen a block.
        let batch = (0..<Int(rng.next() % 400)).map { _ -> UInt32 in
          let gap = rng.next() % 50 == 0 ? UInt32(40_000 + rng.next() % 40_000) : UInt32(rng.next() % 300)
          next += gap
          return next
        }
        guard expected.count + batch.count <= 5000 else { break }
        try append(o, batch[...])
        expected += batch
        assertSame(o, expected, "round \(round) after a batch")
        if rng.next() % 3 == 0, !expected.isEmpty {
          // A rolled-back read: the offsets before it stay as they were.
          let keep = Int(rng.next() % UInt64(expected.count + 1))
          o.truncate(to: keep)
          expected.removeSubrange(keep...)
          next = expected.last ?? 0
          assertSame(o, expected, "round \(round) after truncating to \(keep)")
        }
      }
    }
  }

  func testTheLimitCountsOffsets() throws {
    let o = RowOffsets(limit: 3)
    try append(o, [0, 1, 2][...])
    XCTAssertThrowsError(try o.append(3))
    o.truncate(to: 3)
    assertSame(o, [0, 1, 2], "a refused append is undone by truncating")
  }

  func testRowsLongerThan256BytesReadBackFromTheStore() throws {
    let s = RowStore()
    let rows = (0..<2000).map { String(repeating: Character(UnicodeScalar(97 + $0 % 26)!), count: 200 + $0 % 300) }
    let text = Array(rows.map { $0 + "\n" }.joined().utf8)
    try text.withUnsafeBytes { raw in
      let r = Result { () throws(RowStore.LimitExceeded) in try s.append(raw) }
      try r.get()
    }
    XCTAssertEqual(s.count, rows.count)
    for i in stride(from: 0, to: rows.count, by: 37) { XCTAssertEqual(s.text(ofRow: i), rows[i], "row \(i)") }
    XCTAssertEqual(s.text(ofRow: rows.count - 1), rows.last)
  }
}
