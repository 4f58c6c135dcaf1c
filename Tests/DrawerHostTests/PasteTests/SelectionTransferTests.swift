import XCTest

@testable import DrawerHost

/// A paste's transfer: the owner's answers, INCR's chunks, the kept limit
/// and the timeout.
final class SelectionTransferTests: XCTestCase {
  func testTextAnsweredWholeFinishesAtOnce() {
    var t = SelectionTransfer(selection: .clipboard, time: 10)
    XCTAssertEqual(t.answered(.text(Array("beta\n".utf8), .utf8), time: 10.1), .finished(text: "beta", dropped: 0))
  }

  func testARefusedUTF8StringAsksForLatin1ThenGivesUp() {
    var t = SelectionTransfer(selection: .primary, time: 0)
    XCTAssertEqual(t.answered(.refused, time: 0.1), .askForLatin1)
    XCTAssertEqual(t.encoding, .latin1)
    XCTAssertEqual(t.answered(.refused, time: 0.2), .empty, "no text in either form")
  }

  func testLatin1AnswerIsConverted() {
    var t = SelectionTransfer(selection: .primary, time: 0)
    _ = t.answered(.refused, time: 0)
    XCTAssertEqual(t.answered(.text([0x6E, 0x61, 0xEF, 0x76, 0x65], .latin1), time: 0), .finished(text: "naïve", dropped: 0))
  }

  func testIncrementalChunksAreJoinedUntilAnEmptyOne() {
    var t = SelectionTransfer(selection: .clipboard, time: 0)
    XCTAssertEqual(t.answered(.incremental, time: 0.1), .wait)
    XCTAssertTrue(t.isIncremental)
    // A character split between two chunks joins again.
    let text = Array("αβγ\nδ".utf8)
    XCTAssertEqual(t.chunk(Array(text[0..<3]), .utf8, time: 0.2), .wait)
    XCTAssertEqual(t.chunk(Array(text[3...]), .utf8, time: 0.3), .wait)
    XCTAssertEqual(t.chunk([], .utf8, time: 0.4), .finished(text: "αβγ δ", dropped: 0))
  }

  func testAnOversizedTransferKeepsTheLimitCutBetweenCharacters() {
    var t = SelectionTransfer(selection: .clipboard, time: 0)
    _ = t.answered(.incremental, time: 0)
    // 3-byte characters: the limit (4096) falls inside the 1366th.
    let chunk = Array(String(repeating: "€", count: 1000).utf8)
    for i in 0..<300 { XCTAssertEqual(t.chunk(chunk, .utf8, time: Double(i) * 0.01), .wait) }
    guard case .finished(let text, let dropped) = t.chunk([], .utf8, time: 4) else {
      return XCTFail("the empty chunk ends it")
    }
    XCTAssertEqual(text, String(repeating: "€", count: 1365))
    XCTAssertEqual(dropped, 300 * 3000 - 1365 * 3)
    XCTAssertLessThanOrEqual(text.utf8.count, SelectionTransfer.keptLimit)
  }

  func testTheOwnerHasTimeoutToAnswerAndToSendEachChunk() {
    var t = SelectionTransfer(selection: .clipboard, time: 5)
    XCTAssertFalse(t.hasExpired(at: 5 + SelectionTransfer.timeout - 0.01))
    XCTAssertTrue(t.hasExpired(at: 5 + SelectionTransfer.timeout))
    XCTAssertEqual(t.timeoutMessage, "the owner of CLIPBOARD did not answer within 2 s; nothing was pasted")
    _ = t.answered(.incremental, time: 6)
    _ = t.chunk([0x61], .utf8, time: 7.5)
    XCTAssertFalse(t.hasExpired(at: 9.4), "each chunk gives the owner another 2 s")
    XCTAssertTrue(t.hasExpired(at: 9.5))
    XCTAssertEqual(t.timeoutMessage, "the owner of CLIPBOARD sent nothing for 2 s mid-transfer; nothing was pasted")
  }

  func testAnEmptySelectionPastesNothing() {
    var t = SelectionTransfer(selection: .primary, time: 0)
    XCTAssertEqual(t.answered(.text([], .utf8), time: 0), .empty)
  }
}
