import TestSupport
import XCTest

@testable import DrawerHost

/// Rows as they arrive (Rows/RowStore.swift).
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

  func testInvalidUTF8IsRepairedPerLine() throws {
    let s = RowStore()
    try feed(s, [0x61, 0xFF, 0x0A, 0x62, 0x0A])
    XCTAssertEqual(texts(s), ["a\u{FFFD}", "b"])
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
}
