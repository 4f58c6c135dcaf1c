import Glibc
import TestSupport
import XCTest

@testable import DrawerProcess
@testable import DrawerRows
@testable import DrawerScripting

final class RowTextsTests: XCTestCase {
  private func rows(_ bytes: [UInt8], limits: ItemLimits = ItemLimits()) throws(Failure) -> RowTexts {
    try RowTexts.load(path: temporaryFile(bytes, in: self), limits: limits)
  }

  private func texts(_ r: RowTexts) -> [String] { (0..<r.count).map { r.text(ofRow: $0) } }

  func testATitledListSaysOnlyItsTitle() {
    let r = RowTexts.titled("stterm")
    XCTAssertEqual(r.count, 0)
    XCTAssertEqual(String(decoding: r.title, as: UTF8.self), "stterm")
    XCTAssertEqual(r.summary, [])
    XCTAssertEqual(String(decoding: RowTexts.generated(count: 2).summary, as: UTF8.self), "2 places")
  }

  /// A new name (`DrawerPanel.title`) is the header's title from then
  /// on, and moves `version`, so the next frame draws it; a typed query
  /// still replaces it while filtering.
  func testANewNameIsTheTitleAndMovesTheVersion() {
    let window = RowTexts.titled("")
    let version = window.version
    window.name = "Details"
    XCTAssertEqual(String(decoding: window.title, as: UTF8.self), "Details")
    XCTAssertGreaterThan(window.version, version)
    let list = RowTexts.lines(["one", "two"], title: "Fruit")
    list.name = "Berries"
    XCTAssertEqual(String(decoding: list.title, as: UTF8.self), "Berries")
    XCTAssertEqual(String(decoding: list.summary, as: UTF8.self), "2 rows")
  }

  func testEmptyFileHasNoRows() throws {
    XCTAssertEqual(try rows([]).count, 0)
  }

  func testLastLineWithoutNewlineCountsAndCRLFLosesItsCR() throws {
    XCTAssertEqual(texts(try rows(Array("a\r\nb\n\nc".utf8))), ["a", "b", "", "c"])
  }

  func testRepairedTextIsHeldToTheByteLimit() {
    var limits = ItemLimits()
    limits.bytes = 1000
    // 400 bad bytes read as 400 and repair to 1200.
    assertLimit([UInt8](repeating: 0xFF, count: 400), limits, says: "once invalid UTF-8 is replaced")
  }

  func testRepairMatchesTheStandardLibrary() {
    var rng = SplitMix64(seed: 3)
    for _ in 0..<300 {
      let bytes = (0..<Int.random(in: 0...64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
      XCTAssertEqual(repairedUTF8(bytes, limit: .max), Array(String(decoding: bytes, as: UTF8.self).utf8))
    }
  }

  func testInvalidUTF8IsRepairedAndNULsKept() throws {
    XCTAssertEqual(texts(try rows([0x61, 0xFF, 0x62, 0x0A, 0x00, 0x63, 0x0A])), ["a\u{FFFD}b", "\u{0}c"])
  }

  func testAMissingFileIs66AndNamesIt() {
    XCTAssertThrowsError(try RowTexts.load(path: "/nonexistent/rows")) { error in
      let failure = error as! Failure
      XCTAssertEqual(failure.status, 66)
      XCTAssertTrue(failure.message!.contains("/nonexistent/rows"), failure.message!)
    }
  }

  // Limits, checked while reading.

  private func assertLimit(_ bytes: [UInt8], _ limits: ItemLimits, says words: String) {
    XCTAssertThrowsError(try rows(bytes, limits: limits)) { error in
      let failure = error as! Failure
      XCTAssertEqual(failure.status, ExitStatus.noInput)
      XCTAssertTrue(failure.message!.contains(words), failure.message!)
    }
  }

  func testEachLimitIsNamed() throws {
    var limits = ItemLimits()
    limits.lineBytes = 10
    assertLimit(Array("short\nmuch too long a row\n".utf8), limits, says: "longer than 10 bytes")
    XCTAssertEqual(texts(try rows(Array("0123456789\n0123456789".utf8), limits: limits)).count, 2, "exactly at the limit")
    limits = ItemLimits()
    limits.rows = 3
    assertLimit(Array("a\nb\nc\nd\n".utf8), limits, says: "more than 3 rows")
    assertLimit(Array("a\nb\nc\nd".utf8), limits, says: "more than 3 rows")
    XCTAssertEqual(try rows(Array("a\nb\nc".utf8), limits: limits).count, 3)
    limits = ItemLimits()
    limits.bytes = 1024
    assertLimit([UInt8](repeating: 0x0A, count: 2000), limits, says: "more than 1 KiB of text")
  }

  func testAnEndlessSourceStopsAtTheRowLengthLimit() {
    var limits = ItemLimits()
    limits.lineBytes = 1 << 20
    XCTAssertThrowsError(try RowTexts.load(path: "/dev/zero", limits: limits)) { error in
      XCTAssertTrue((error as! Failure).message!.contains("longer than 1 MiB"))
    }
  }

  func testATenMegabyteRowLoadsWhole() throws {
    let r = try rows([UInt8](repeating: 0x57, count: 10_000_000) + [0x0A, 0x61])
    XCTAssertEqual(r.count, 2)
    r.withRow(0) { title, _ in XCTAssertEqual(title.count, 10_000_000) }
    XCTAssertEqual(r.text(ofRow: 1), "a")
  }

  // Fuzz: whatever the bytes, rows or a 66, never a trap.

  func testRandomBytesGiveRowsOrA66() {
    var rng = SplitMix64(seed: 11)
    var limits = ItemLimits()
    limits.lineBytes = 4096
    limits.rows = 200
    for round in 0..<300 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...30, using: &rng) {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: bytes += (0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        case 1: bytes += [UInt8](repeating: 0, count: Int.random(in: 1...20, using: &rng))
        case 2: bytes += [0x0D, 0x0A]
        case 3: bytes += [0xFF, 0xFE, 0xC3, 0x28, 0xE2, 0x82] + Array("漢字☃".utf8)
        default: bytes += [UInt8](repeating: 0x79, count: Int.random(in: 0...5000, using: &rng)) + [0x0A]
        }
      }
      do {
        let r = try rows(bytes, limits: limits)
        // As many rows as newline-ended pieces, every one readable.
        let pieces = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        XCTAssertEqual(r.count, bytes.last == 0x0A || bytes.isEmpty ? pieces.count - 1 : pieces.count, "round \(round)")
        for i in 0..<r.count { _ = r.text(ofRow: i) }
      } catch {
        XCTAssertEqual(error.status, ExitStatus.noInput, "round \(round)")
        XCTAssertFalse(hasControlCharacters(diagnosticLine(error.message ?? "")), "round \(round)")
      }
    }
  }

  // Rows read are shown once a frame.

  func testArrivedRowsAreMatchedButShownOnlyWhenChanged() throws {
    let rows = RowTexts.live(name: "-", filter: .substring)
    rows.setQuery("b")
    let version = rows.version
    try rows.store!.append(line: "abc")
    try rows.store!.append(line: "xyz")
    rows.matchArrivedRows()
    XCTAssertTrue(rows.hasUnshownRows)
    XCTAssertEqual(rows.filter!.matches, [0], "matched as they came")
    XCTAssertEqual(rows.count, 0, "not shown yet")
    XCTAssertEqual(rows.version, version, "nothing to draw yet")
    rows.rowsChanged()
    XCTAssertFalse(rows.hasUnshownRows)
    XCTAssertEqual(rows.count, 1)
    XCTAssertEqual(rows.total, 2)
    XCTAssertEqual(String(decoding: rows.summary, as: UTF8.self), "1 of 2…")
    rows.rowsChanged(finished: true)
    XCTAssertEqual(String(decoding: rows.summary, as: UTF8.self), "1 of 2")
  }

  func testAnEmptyListSaysNoRowsAndAnEmptyMatchSaysNoMatches() throws {
    let rows = RowTexts.live(name: "-", filter: .substring)
    rows.rowsChanged(finished: true)
    XCTAssertEqual(String(decoding: rows.emptyText, as: UTF8.self), "No rows")
    rows.setQuery("q")
    XCTAssertEqual(String(decoding: rows.emptyText, as: UTF8.self), "No rows", "nothing to hide")
    try rows.store!.append(line: "abc")
    rows.rowsChanged(finished: true)
    XCTAssertEqual(rows.count, 0)
    XCTAssertEqual(String(decoding: rows.emptyText, as: UTF8.self), "No matches", "a row is hidden")
    rows.setQuery("")
    XCTAssertEqual(rows.count, 1)
  }

  func testATitleIsMadeOnlyFromARegularFilesName() {
    XCTAssertEqual(RowTexts.sourceTitle("-", isRegularFile: false), "Rows", "standard input is usually a pipe")
    XCTAssertEqual(RowTexts.sourceTitle("notes/todo.txt", isRegularFile: true), "todo.txt")
    for path in ["/dev/null", "/dev/fd/63", "/proc/self/fd/0", "/dev/stdin"] {
      XCTAssertEqual(RowTexts.sourceTitle(path, isRegularFile: false), "Rows", path)
      XCTAssertEqual(RowTexts.sourceTitle(path, isRegularFile: true), "Rows", path)
    }
    XCTAssertEqual(RowTexts.sourceTitle("fifo", isRegularFile: false), "Rows")
    XCTAssertEqual(String(decoding: RowTexts.live(name: "/dev/null").title, as: UTF8.self), "Rows")
    let file = temporaryFile(Array("a\n".utf8), in: self)
    XCTAssertEqual(
      String(decoding: RowTexts.live(name: file).title, as: UTF8.self), String(file.split(separator: "/").last!))
  }

  /// The header's caret stands where the query's does, after the prompt,
  /// and among the dots of a password; with nothing typed there is none.
  func testTheCaretsPlaceInTheTitle() throws {
    let rows = RowTexts.live(name: "-", filter: .substring, prompt: "Go")
    try rows.store!.append(line: "abc")
    rows.rowsChanged(finished: true)
    XCTAssertNil(rows.caretInTitle, "nothing typed")
    rows.setQuery("ab")
    XCTAssertEqual(rows.caretInTitle, 5, "after \"Go ab\"")
    let version = rows.version
    rows.setCaret(1)
    XCTAssertEqual(rows.caretInTitle, 4)
    XCTAssertGreaterThan(rows.version, version, "a moved caret is drawn again")
    rows.hidesQuery = true
    XCTAssertEqual(String(decoding: rows.title, as: UTF8.self), "Go ••")
    XCTAssertEqual(rows.caretInTitle, 3 + "•".utf8.count)
    XCTAssertNil(RowTexts.live(name: "-").caretInTitle, "no query without a filter")
  }
}
