import XCTest

@testable import DrawerRows

/// rofi's row protocol (DrawerRows/RowProtocol.swift), `-format`
/// (DrawerRows/PickFormat.swift) and rofi's lists and keys (DrawerRows/RofiPick.swift).
final class RowProtocolTests: XCTestCase {
  private func parse(_ s: String) -> (String, RowOptions) {
    let (text, options) = RowProtocol.parse(Array(s.utf8)[...])
    return (String(decoding: text, as: UTF8.self), options)
  }

  func testTheTextEndsAtTheNulAndTheOptionsFollow() {
    XCTAssertEqual(parse("Firefox\0icon\u{1f}firefox").0, "Firefox")
    XCTAssertEqual(parse("Firefox\0icon\u{1f}firefox").1, RowOptions(icon: "firefox"))
    let (_, o) = parse("a\0meta\u{1f}web browser\u{1f}nonselectable\u{1f}true\u{1f}info\u{1f}42\u{1f}unknown\u{1f}x\u{1f}")
    XCTAssertEqual(o, RowOptions(meta: "web browser", nonselectable: true, info: "42"))
    XCTAssertEqual(parse("plain").1, RowOptions())
    XCTAssertEqual(parse("odd\0icon").1, RowOptions(), "a name without a value is passed over")
  }

  func testTheStoreKeepsTheMetaAfterANulAndShowsUpToIt() {
    let stored = RowProtocol.stored(text: Array("Firefox".utf8)[...], options: RowOptions(meta: "web"))
    XCTAssertEqual(stored, Array("Firefox\0web".utf8))
    stored.withUnsafeBufferPointer { XCTAssertEqual(Array(RowProtocol.shown($0)), Array("Firefox".utf8)) }
    var query = RowQuery("web", mode: .substring)
    stored.withUnsafeBufferPointer { XCTAssertTrue(query.matches($0), "meta words match") }
    query = RowQuery("fire web", mode: .substring)
    stored.withUnsafeBufferPointer { XCTAssertTrue(query.matches($0)) }
  }

  func testFormat() {
    let f = PickFormat("s|i|d|q|f|F|p|x")
    XCTAssertEqual(f.line(text: "it's", index: 4, query: "it"), "it's|4|5|'it'\\''s'|it|'it'|it's|x")
    XCTAssertEqual(PickFormat("i d").line(text: "typed", index: -1, query: "typed"), "-1 0", "typed text is row -1")
  }

  func testRowRanges() {
    let r = RowRanges("0,2,4-6,9-")
    XCTAssertEqual([0, 1, 2, 3, 4, 6, 7, 9, 100].map { r!.contains($0) }, [true, false, true, false, true, true, false, true, true])
    XCTAssertNil(RowRanges("a"))
    XCTAssertNil(RowRanges("5-2"))
  }

  func testKeyChords() {
    let alt1 = KeyChord("Alt+1")!
    XCTAssertTrue(alt1.matches(KeyPress(.character("1"), alt: true)))
    XCTAssertFalse(alt1.matches(KeyPress(.character("1"))))
    XCTAssertTrue(KeyChord("Alt+exclam")!.matches(KeyPress(.character("1"), alt: true, shift: true)), "Alt+Shift+1 on a US layout")
    XCTAssertTrue(KeyChord("Control+Return")!.matches(KeyPress(.enter, control: true)))
    XCTAssertTrue(KeyChord("Control+x")!.matches(KeyPress(.character("x"), control: true)))
    XCTAssertNil(KeyChord("Hyper+q"))
    XCTAssertNil(KeyChord("Alt+NoSuchKey"))
    XCTAssertEqual(RofiPick.defaultCustomKeys.count, 19)
    XCTAssertEqual(RofiPick.customStatus(0), 10)
    XCTAssertEqual(RofiPick.customStatus(18), 28)
  }
}
