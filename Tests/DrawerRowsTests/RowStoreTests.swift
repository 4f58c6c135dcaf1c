import TestSupport
import XCTest

@testable import DrawerRows

/// Rows as they arrive (DrawerRows/RowStore.swift).
final class RowStoreTests: XCTestCase {
  private func texts(_ s: RowStore) -> [String] { (0..<s.count).map { s.text(ofRow: $0) } }

  private func feed(_ s: RowStore, _ bytes: [UInt8]) throws {
    let r = bytes.withUnsafeBytes { raw in Result { () throws(RowStore.LimitExceeded) in try s.append(raw) } }
    try r.get()
  }

  func testOnlyCompleteLinesAreRowsUntilTheEnd() throws {
    let s = RowStore()
    try feed(s, Array("one\ntw".utf8))
    XCTAssertEqual(texts(s), ["one"])
    try feed(s, Array("o\r\nthr".utf8))
    XCTAssertEqual(texts(s), ["one", "two"], "CRLF loses its CR")
    try s.finish()
    XCTAssertEqual(texts(s), ["one", "two", "thr"])
  }

  func testFirstRowEqualToBytesIsFoundWithinTheRange() throws {
    let s = RowStore()
    try feed(s, Array("beta\nalpha\r\nbeta\nalphabet\n".utf8))
    let alpha = Array("alpha".utf8)
    XCTAssertEqual(s.firstRow(equalTo: alpha, in: 0..<s.count), 1, "the line end is not part of the row")
    XCTAssertEqual(s.firstRow(equalTo: Array("beta".utf8), in: 1..<s.count), 2, "rows before the range are passed over")
    XCTAssertNil(s.firstRow(equalTo: alpha, in: 2..<s.count), "a longer row is not equal")
    XCTAssertNil(s.firstRow(equalTo: alpha, in: 4..<4))
  }

  func testInvalidUTF8IsRepairedPerLine() throws {
    let s = RowStore()
    try feed(s, [0x61, 0xFF, 0x0A, 0x62, 0x0A])
    XCTAssertEqual(texts(s), ["a\u{FFFD}", "b"])
  }

  private func bytes(_ s: RowStore) -> [[UInt8]] { (0..<s.count).map { s.withRowBytes($0) { Array($0) } } }

  func testARepairedRowKeepsItsInputBytes() throws {
    let s = RowStore()
    let name = Array("caf".utf8) + [0xE9] + Array(".txt".utf8)
    try feed(s, Array("ok\n".utf8) + name + [0x0A] + Array("é\n".utf8) + [0xFF, 0x0D, 0x0A, 0x62])
    try s.finish()
    XCTAssertEqual(texts(s), ["ok", "caf\u{FFFD}.txt", "é", "\u{FFFD}", "b"], "shown and matched repaired")
    XCTAssertEqual(bytes(s), [Array("ok".utf8), name, Array("é".utf8), [0xFF], [0x62]], "given back as they came")
    XCTAssertEqual((0..<5).map(s.isRepaired), [false, true, false, true, false])
    XCTAssertEqual(s.rawBytes, 8 + 8 + 2 + 8, "a CR stays with the row's input, as it does with its text")
  }

  func testInputBytesFollowTheirRowsThroughSeededChunks() throws {
    var rng = SplitMix64(seed: 24)
    var input: [UInt8] = []
    var expected: [[UInt8]] = []
    for i in 0..<400 {
      var row = Array("row \(i) ".utf8)
      for _ in 0..<Int(rng.next() % 6) {
        switch rng.next() % 4 {
        case 0: row.append(UInt8(0x80 + rng.next() % 0x80))
        case 1: row += Array("ü".utf8)
        case 2: row += [0xE2, 0x82]
        default: row.append(UInt8(0x61 + rng.next() % 26))
        }
      }
      input += row + [0x0A]
      expected.append(row)
    }
    let s = RowStore()
    var i = 0
    while i < input.count {
      let n = 1 + Int(rng.next() % 300)
      try feed(s, Array(input[i..<min(input.count, i + n)]))
      i += n
    }
    XCTAssertEqual(bytes(s), expected)
    XCTAssertEqual(texts(s), expected.map { String(decoding: $0, as: UTF8.self) })
    s.clear()
    XCTAssertEqual(s.rawBytes, 0)
    try feed(s, [0xFF, 0x0A])
    XCTAssertEqual(bytes(s), [[0xFF]], "rows after a clear are numbered from 0 again")
  }

  func testARowLimitBrokenByARepairedChunkKeepsNoInputBytes() throws {
    var limits = ItemLimits()
    limits.rows = 2
    let s = RowStore(limits: limits)
    try feed(s, [0x61, 0x0A])
    XCTAssertThrowsError(try feed(s, [0xFF, 0x0A, 0xFE, 0x0A]))
    XCTAssertEqual(s.count, 1)
    XCTAssertEqual(s.rawBytes, 0)
    try feed(s, [0xFD, 0x0A])
    XCTAssertEqual(bytes(s), [[0x61], [0xFD]])
  }

  func testValidRowsKeepNoInputBytes() throws {
    let s = RowStore()
    try feed(s, Array((0..<10_000).map { "é\($0)\n" }.joined().utf8))
    XCTAssertEqual(s.rawBytes, 0)
    XCTAssertFalse(s.isRepaired(5))
  }

  func testAScalarSplitAcrossChunksStaysWhole() throws {
    let s = RowStore()
    let e = Array("é\n".utf8)
    try feed(s, [e[0]])
    try feed(s, Array(e[1...]))
    XCTAssertEqual(texts(s), ["é"])
  }

  func testLimitsKeepEarlierRows() throws {
    var limits = ItemLimits()
    limits.rows = 2
    limits.lineBytes = 8
    let s = RowStore(limits: limits)
    try feed(s, Array("a\nb\n".utf8))
    XCTAssertThrowsError(try feed(s, Array("c\n".utf8)))
    XCTAssertEqual(texts(s), ["a", "b"])
    let t = RowStore(limits: limits)
    XCTAssertThrowsError(try feed(t, Array("0123456789".utf8)), "a line past the limit fails before its newline")
  }

  func testAppendCutsAtANewlineAndClearEmpties() throws {
    let s = RowStore()
    try s.append(line: "first\nlost")
    try s.append(line: "")
    XCTAssertEqual(texts(s), ["first", ""])
    s.clear()
    XCTAssertEqual(s.count, 0)
    try s.append(line: "again")
    XCTAssertEqual(texts(s), ["again"])
  }

  func testSeededChunkingGivesTheSameRows() throws {
    var rng = SplitMix64(seed: 7)
    let text = Array("alpha\nβeta\r\n\ngamma 😀\nδ".utf8)
    for _ in 0..<50 {
      let s = RowStore()
      var i = 0
      while i < text.count {
        let n = 1 + Int(rng.next() % 5)
        try feed(s, Array(text[i..<min(text.count, i + n)]))
        i += n
      }
      try s.finish()
      XCTAssertEqual(texts(s), ["alpha", "βeta", "", "gamma 😀", "δ"])
    }
  }

  func testReadingStraightIntoTheBufferTakesOnlyWhatWasWritten() throws {
    let s = RowStore()
    let n = try s.appendReading(upTo: 64) { room in
      XCTAssertEqual(room.count, 64)
      let text = Array("a\nb\nc".utf8)
      room.copyBytes(from: text)
      return text.count
    }
    XCTAssertEqual(n, 5)
    XCTAssertEqual(texts(s), ["a", "b"], "c waits for its newline")
    XCTAssertEqual(try s.appendReading(upTo: 64) { _ in -1 }, -1, "a failed read changes nothing")
    XCTAssertEqual(try s.appendReading(upTo: 64) { _ in 0 }, 0)
    try s.finish()
    XCTAssertEqual(texts(s), ["a", "b", "c"])
  }

  func testAControlLineGoesBeforeALineStillWaiting() throws {
    let s = RowStore()
    try feed(s, Array("one\npart".utf8))
    try s.append(line: "added")
    try feed(s, Array("ial\n".utf8))
    XCTAssertEqual(texts(s), ["one", "added", "partial"])
  }

  func testEachRowCostsAboutTwoBytesBesidesItsText() throws {
    let s = RowStore()
    try feed(s, Array((0..<10_000).map { "\($0)\n" }.joined().utf8))
    // 10,001 offsets: 2 bytes each, and 4 for each block of 256.
    XCTAssertEqual(s.indexBytes, 2 * 10_001 + 4 * 40)
    s.clear()
    XCTAssertEqual(s.indexBytes, 0)
    XCTAssertEqual(s.byteCount, 0)
  }

  func testRepairMovesTheWaitingLine() throws {
    let s = RowStore()
    // Each bad byte becomes three: the line after it must move, whole.
    try feed(s, [0xFF, 0xFE, 0x0A, 0x77, 0x61])
    try feed(s, [0x69, 0x74, 0x0A])
    XCTAssertEqual(texts(s), ["\u{FFFD}\u{FFFD}", "wait"])
  }

  func testAChunkLargerThanAPieceIsTakenWhole() throws {
    let s = RowStore()
    let big = [UInt8](repeating: 0x78, count: RowStore.piece + 10) + [0x0A, 0x79, 0x0A]
    try feed(s, big)
    XCTAssertEqual(s.count, 2)
    s.withRow(0) { XCTAssertEqual($0.count, RowStore.piece + 10) }
    XCTAssertEqual(s.text(ofRow: 1), "y")
  }

  func testTheWordAtATimeScanFindsWhatAByteAtATimeScanFinds() {
    var rng = SplitMix64(seed: 14)
    // Bytes next to \n's in value, and with its bits set elsewhere.
    let alphabet: [UInt8] = [0x0A, 0x0A, 0x0B, 0x09, 0x8A, 0x00, 0xFF, 0x7F, 0x80, 0x61, 0x0D]
    for round in 0..<400 {
      let bytes = (0...Int(rng.next() % 70)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
      let from = Int(rng.next() % UInt64(bytes.count + 1))
      var expected: [UInt32] = []
      var longest = 0
      var lineStart = from
      for i in from..<bytes.count where bytes[i] == 0x0A {
        longest = max(longest, i - lineStart)
        lineStart = i + 1
        expected.append(UInt32(lineStart))
      }
      let capacity = Int(rng.next() % 20)
      // One more than the capacity: nothing may be written there.
      var offsets = [UInt32](repeating: 0, count: capacity + 1)
      let found = bytes.withUnsafeBytes { raw in
        offsets.withUnsafeMutableBufferPointer { out in
          scanLines(raw.baseAddress!, from: from, to: bytes.count, offsets: out.baseAddress!, capacity: capacity)
        }
      }
      XCTAssertEqual(found.rows, expected.count, "round \(round)")
      XCTAssertEqual(found.longest, longest, "round \(round)")
      XCTAssertEqual(found.nonASCII, bytes[from...].contains { $0 >= 0x80 }, "round \(round)")
      XCTAssertEqual(Array(offsets.prefix(min(capacity, expected.count))), Array(expected.prefix(capacity)), "round \(round)")
      XCTAssertEqual(offsets[capacity], 0, "round \(round): past the capacity")
    }
  }
}
