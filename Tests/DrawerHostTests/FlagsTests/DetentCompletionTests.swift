import XCTest

@testable import DrawerCommandLine

final class DetentCompletionTests: XCTestCase {
  func testWithoutDetentsTheNamesAreDrawerKits() {
    XCTAssertEqual(
      DetentCompletion.names(in: ["drawer-x11", "--initial", ""]), ["collapsed", "partiallyExpanded", "fullyExpanded"])
  }

  func testTheNamesOfDetentsGivenEarlierOnTheLine() {
    XCTAssertEqual(DetentCompletion.names(in: ["drawer-x11", "--detents", "tip=64,half=50%,full=-24", "--initial", ""]), ["tip", "half", "full"])
    XCTAssertEqual(DetentCompletion.names(in: ["drawer-x11", "--detents=rail=72,open=340", "--scroll-in"]), ["rail", "open"])
  }

  /// The last --detents counts, as it does when the line runs; a
  /// half-typed list gives what it has.
  func testTheLastDetentsCountsAndHalfTypedListsGiveWhatTheyHave() {
    XCTAssertEqual(DetentCompletion.names(in: ["--detents", "a=1", "--detents", "b=2,c"]), ["b", "c"])
    XCTAssertEqual(DetentCompletion.names(in: ["--detents", ",=5,d="]), ["d"])
    XCTAssertEqual(DetentCompletion.names(in: ["--detents"]), ["collapsed", "partiallyExpanded", "fullyExpanded"])
  }

  func testListsCompleteTheirLastItem() {
    XCTAssertEqual(DetentCompletion.completedUpToComma("tip,ha"), "tip,")
    XCTAssertEqual(DetentCompletion.completedUpToComma("tip=0.2,"), "tip=0.2,")
    XCTAssertEqual(DetentCompletion.completedUpToComma("ti"), "")
  }

  /// The shells ask the program through argument-parser's `---completion`
  /// request; the answer is one candidate a line.
  func testTheProgramAnswersTheShellsRequest() {
    func candidates(_ flag: String, _ words: [String], prefix: String) -> [String]? {
      let request = ["---completion", "--", flag, String(words.count - 1), String(prefix.count)] + words
      guard case .print(let text) = parseCommandLine(request) else { return nil }
      return text.split(separator: "\n").map(String.init)
    }
    let line = ["drawer-x11", "--detents", "tip=64,half=50%", "--scroll-in", "tip,"]
    XCTAssertEqual(candidates("--scroll-in", line, prefix: "tip,"), ["tip,tip", "tip,half"])
    XCTAssertEqual(
      candidates("--backdrop", ["drawer-x11", "--backdrop", ""], prefix: ""),
      ["collapsed=", "partiallyExpanded=", "fullyExpanded="])
    XCTAssertEqual(
      candidates("--initial", ["drawer-x11", "--detents", "a=1,b=2", "--initial", ""], prefix: ""), ["dismissed", "a", "b"],
      "what --initial takes")
  }
}
