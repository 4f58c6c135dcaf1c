import XCTest

@testable import DrawerWindowIcon

final class StoredIconTests: XCTestCase {
  /// Palette and runs read back as written: repeats, single words, a word
  /// seen again after others, and nothing at all.
  func testRunsReadBackAsWritten() {
    for words: [UInt32] in [[], [7], [0, 0, 0], [0xFF00_00FF, 1, 1, 0xFF00_00FF, 2, 2, 2, 0], Array(0..<300).map { UInt32($0 % 17) }] {
      let text = WindowIcon.encodedRuns(words).joined(separator: " ")
      let read = Array(text.utf8).withUnsafeBufferPointer(WindowIcon.decodedRuns)
      XCTAssertEqual(read, words, text)
    }
  }

  /// The stored value is a whole `_NET_WM_ICON`: each of the sizes in
  /// order, its width and height, then one word a pixel. (DrawerIconTests
  /// holds the pixels equal to the drawing.)
  func testTheStoredIconIsEachSizeThenItsPixels() {
    let value = WindowIcon.stored()
    var at = 0
    for n in WindowIcon.sizes {
      XCTAssertLessThanOrEqual(at + 2, value.count)
      guard at + 2 <= value.count else { return }
      XCTAssertEqual(Array(value[at..<(at + 2)]), [UInt32(n), UInt32(n)])
      at += 2 + n * n
    }
    XCTAssertEqual(at, value.count)
  }

  /// The generated file round-trips: its source, read back, is the words.
  func testTheSourceReadsBackAsTheWords() {
    let words: [UInt32] = [2, 2] + [0xFF12_3456, 0, 0, 0xFF12_3456]
    let source = WindowIcon.source(words)
    XCTAssertTrue(source.contains("extension WindowIcon {\n  static let runs: StaticString = \"\"\"\n"))
    let body = source.split(separator: "\"\"\"", omittingEmptySubsequences: false)[1]
    XCTAssertEqual(Array(body.utf8).withUnsafeBufferPointer(WindowIcon.decodedRuns), words)
  }
}
