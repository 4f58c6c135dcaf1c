import XCTest

@testable import DrawerFrame

/// dmenu's pages of matches on one line (InlinePages.swift).
final class InlinePagesTests: XCTestCase {
  func testAPageIsWhatFitsAndTheSelectionTurnsIt() {
    var pages = InlinePages()
    let widths = [40, 40, 40, 40, 40, 40, 40]
    func shown(_ selected: Int) -> Range<Int> {
      pages.shown(selected: selected, count: widths.count, room: 100, width: { widths[$0] })
    }
    XCTAssertEqual(shown(0), 0..<2, "two of 40 fit in 100, a third does not")
    XCTAssertEqual(shown(1), 0..<2)
    XCTAssertEqual(shown(2), 2..<4, "past the end: the next page")
    XCTAssertEqual(shown(6), 6..<7)
    XCTAssertEqual(shown(5), 4..<6, "before the start: the page that ends there")
    pages.reset()
    XCTAssertEqual(shown(0), 0..<2)
  }

  func testAMatchWiderThanTheRoomStillShowsAlone() {
    var pages = InlinePages()
    let widths = [500, 30, 30]
    XCTAssertEqual(pages.shown(selected: 0, count: 3, room: 100, width: { widths[$0] }), 0..<1)
    XCTAssertEqual(pages.shown(selected: 1, count: 3, room: 100, width: { widths[$0] }), 1..<3)
    XCTAssertEqual(pages.shown(selected: 0, count: 3, room: 100, width: { widths[$0] }), 0..<1)
  }

  func testNoMatchesShowNothing() {
    var pages = InlinePages()
    XCTAssertEqual(pages.shown(selected: nil, count: 0, room: 100, width: { _ in 10 }), 0..<0)
  }
}
