import XCTest

@testable import DrawerScripting

/// The control channel's lines (Control/ControlCommand.swift, LineSplitter.swift).
final class ControlCommandTests: XCTestCase {
  private func parse(_ line: String) -> Result<ControlCommand, ControlError>? { ControlCommand.parse(line) }

  func testEveryCommand() {
    XCTAssertEqual(parse("move full"), .success(.move("full")))
    XCTAssertEqual(parse("  enable half\r"), .success(.enable("half")))
    XCTAssertEqual(parse("disable tip"), .success(.disable("tip")))
    XCTAssertEqual(parse("present"), .success(.present))
    XCTAssertEqual(parse("dismiss"), .success(.dismiss))
    XCTAssertEqual(parse("toggle"), .success(.toggle))
    XCTAssertEqual(parse("detents tip=64,half=50%,full=-0 "), .success(.detents("tip=64,half=50%,full=-0")))
    XCTAssertEqual(parse("select 12"), .success(.select(12)))
    XCTAssertEqual(parse("append  two  spaces "), .success(.append(" two  spaces ")))
    XCTAssertEqual(parse("append"), .success(.append("")))
    XCTAssertEqual(parse("clear"), .success(.clear))
    XCTAssertEqual(parse("quit"), .success(.quit))
  }

  func testBlankLinesAndCommentsAreSkipped() {
    XCTAssertNil(parse(""))
    XCTAssertNil(parse("   "))
    XCTAssertNil(parse("# a note"))
  }

  func testBadLinesSayWhy() {
    for line in [
      "jump", "move", "move a b", "select -1", "select x", "quit now", "MOVE full", "toggle now", "detents",
      "detents a=1, b=2",
    ] {
      guard case .failure(let e)? = parse(line) else { return XCTFail("\(line) should be refused") }
      XCTAssertFalse(e.message.isEmpty)
    }
  }

  func testLinesSplitAcrossChunks() {
    var s = LineSplitter(maximumLength: 8)
    func feed(_ text: String) -> [LineSplitter.Piece] {
      Array(text.utf8).withUnsafeBytes { s.feed($0) }
    }
    XCTAssertEqual(feed("mo"), [])
    XCTAssertEqual(feed("ve a\nquit\npar"), [.line("move a"), .line("quit")])
    XCTAssertEqual(feed("tial"), [])
    XCTAssertEqual(s.finish(), [.line("partial")])
    XCTAssertEqual(feed("much too long\nok\n"), [.tooLong, .line("ok")], "a long line is skipped to its newline")
  }

  /// A line as long as the channel takes, of nothing but quotes, parses in
  /// one pass, as does its `ack`, which carries the line escaped.
  func testALongestLineOfQuotesParsesAndIsAcknowledged() {
    let body = String(repeating: "\"", count: ControlCommand.maximumLineLength - 8)
    let line = "append " + body + " "
    XCTAssertEqual(parse(line), .success(.append(body + " ")))
    var ack = JSONLine(event: "ack")
    ack.add("command", line)
    XCTAssertEqual(ack.json.utf8.count, #"{"event":"ack","command":""}"#.utf8.count + 2 * body.utf8.count + 8)
  }
}
