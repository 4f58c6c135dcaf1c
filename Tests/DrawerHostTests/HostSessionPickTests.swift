import DrawerEngine
import TestSupport
import XCTest

@testable import DrawerHost
@testable import DrawerProcess

/// Whole picks without X: rows in from a file, keys, the answer on
/// standard output and the exit status.
final class HostSessionPickTests: XCTestCase {
  private let items = Array("alpha\nbeta\ngamma\nalphabet\n".utf8)

  private func pick(_ extra: [String] = [], _ outputs: SessionOutputs) throws -> HostSession {
    let path = temporaryFile(items, in: self)
    let session = try makeSession(["--pick", "--items", path] + extra, outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    return session
  }

  func testTypingDownAndReturnPrintTheChosenRowAndExitZero() throws {
    let outputs = SessionOutputs()
    let session = try pick([], outputs)
    XCTAssertEqual(session.rows.count, 4)
    session.type("alp")
    XCTAssertEqual(session.query?.text, "alp")
    XCTAssertEqual(session.rows.count, 2, "alpha and alphabet match")
    XCTAssertEqual(session.drawer.selection, 0, "the first match is selected")
    session.press(.down)
    session.press(.enter)
    XCTAssertEqual(session.exitStatus, ExitStatus.ok)
    XCTAssertEqual(outputs.stdout, Array("alphabet\n".utf8))
    XCTAssertEqual(
      outputs.lines("filtered"),
      [
        #"{"event":"filtered","query":"a","count":4}"#, #"{"event":"filtered","query":"al","count":2}"#,
        #"{"event":"filtered","query":"alp","count":2}"#,
      ])
    XCTAssertEqual(outputs.lines("activated"), [#"{"event":"activated","panel":"list","row":3,"text":"alphabet"}"#])
  }

  /// A fuzzy pick of `lines`, shown, that ranks one slice of its matches a
  /// pass (a deadline always past).
  private func rankingPick(_ lines: [String], _ outputs: SessionOutputs) throws -> HostSession {
    let path = temporaryFile(Array((lines.joined(separator: "\n") + "\n").utf8), in: self)
    let session = try makeSession(["--pick", "--items", path, "--match", "fuzzy"], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    session.rankSliceSeconds = 0
    return session
  }

  /// A broad query over many rows is ranked over several passes: the
  /// `filtered` event waits for the final order, and Return picks the
  /// row shown.
  func testFilteredWaitsForTheRankingAndReturnTakesTheRowShown() throws {
    let outputs = SessionOutputs()
    let session = try rankingPick((0..<20_000).map { "row \($0) of many" } + ["many"], outputs)
    session.type("m")
    XCTAssertTrue(session.rowsRanking, "more matches than one slice ranks")
    XCTAssertEqual(outputs.lines("filtered"), [], "the event waits for the order")
    var passes = 0
    while session.rowsRanking && passes < 1000 {
      session.rankRows()
      passes += 1
    }
    XCTAssertGreaterThan(passes, 0)
    XCTAssertEqual(outputs.lines("filtered"), [#"{"event":"filtered","query":"m","count":20001}"#])
    XCTAssertEqual(session.rows.text(ofRow: 0), "many", "a row starting with the query leads")
    session.press(.enter)
    XCTAssertEqual(outputs.stdout, Array("many\n".utf8))
  }

  /// Keys typed faster than the ranking still get one event each.
  func testEveryKeystrokeGetsItsFilteredEvent() throws {
    let outputs = SessionOutputs()
    let session = try rankingPick((0..<20_000).map { "row \($0) of many" }, outputs)
    session.type("ma")
    XCTAssertEqual(outputs.lines("filtered"), [#"{"event":"filtered","query":"m","count":20000}"#])
    while session.rowsRanking { session.rankRows() }
    XCTAssertEqual(outputs.lines("filtered").last, #"{"event":"filtered","query":"ma","count":20000}"#)
    XCTAssertEqual(outputs.lines("filtered").count, 2)
  }

  func testTheChosenRowIsWrittenAsItsInputBytes() throws {
    let outputs = SessionOutputs()
    let path = temporaryFile([0x66, 0xFF, 0x6F, 0x0A], in: self)
    let session = try makeSession(["--pick", "--items", path], outputs: outputs)
    session.press(.enter)
    XCTAssertEqual(session.exitStatus, ExitStatus.ok)
    XCTAssertEqual(outputs.stdout, [0x66, 0xFF, 0x6F, 0x0A], "not the U+FFFD the list shows")
  }

  func testEscapeCancelsWithStatusOneAndPrintsNothing() throws {
    let outputs = SessionOutputs()
    let session = try pick([], outputs)
    session.type("be")
    session.press(.escape)
    XCTAssertEqual(session.exitStatus, ExitStatus.cancelled)
    XCTAssertEqual(outputs.stdout, [])
  }

  func testShiftReturnPrintsTheQueryOrMinusOneWithPrintIndex() throws {
    let typed = SessionOutputs()
    let session = try pick([], typed)
    session.type("delta")
    session.press(.enter, shift: true)
    XCTAssertEqual(session.exitStatus, ExitStatus.ok)
    XCTAssertEqual(typed.stdout, Array("delta\n".utf8))

    let indexed = SessionOutputs()
    let other = try pick(["--print-index"], indexed)
    other.type("delta")
    other.press(.enter, shift: true)
    XCTAssertEqual(other.exitStatus, ExitStatus.ok)
    XCTAssertEqual(indexed.stdout, Array("-1\n".utf8))
  }

  func testControlReturnPrintsWhatReturnWouldAndThePickGoesOn() throws {
    let outputs = SessionOutputs()
    let session = try pick([], outputs)
    session.type("gam")
    session.press(.enter, control: true)
    XCTAssertNil(session.exitStatus, "dmenu's Ctrl+Return keeps the menu open")
    session.press(.backspace)
    session.press(.backspace)
    session.press(.backspace)
    session.type("zeta")
    session.press(.enter, control: true)
    XCTAssertNil(session.exitStatus)
    session.press(.escape)
    XCTAssertEqual(session.exitStatus, ExitStatus.cancelled, "Esc still cancels what is left")
    XCTAssertEqual(outputs.stdout, Array("gamma\nzeta\n".utf8), "the row, then the typed text that matches none")
  }

  func testPrintIndexPrintsTheRowsNumberInItsSource() throws {
    let outputs = SessionOutputs()
    let session = try pick(["--print-index"], outputs)
    session.type("gam")
    session.press(.enter)
    XCTAssertEqual(outputs.stdout, Array("2\n".utf8))
  }

  func testAMultiplePickPrintsTheMarkedRowsInSourceOrder() throws {
    let outputs = SessionOutputs()
    let session = try pick(["--multi"], outputs)
    session.press(.end)
    session.press(.space)  // marks alphabet, the last row
    session.press(.home)
    session.press(.tab)  // marks alpha and moves on
    XCTAssertEqual(session.rows.markedRows, [0, 3])
    XCTAssertNil(session.query.flatMap { $0.text.isEmpty ? nil : $0 }, "space and tab typed nothing")
    session.press(.enter)
    XCTAssertEqual(session.exitStatus, ExitStatus.ok)
    XCTAssertEqual(outputs.stdout, Array("alpha\nalphabet\n".utf8))
  }

  func testEditingKeysChangeTheQuery() throws {
    let outputs = SessionOutputs()
    let session = try pick([], outputs)
    session.type("al be")
    session.press(.character("w"), control: true)
    XCTAssertEqual(session.query?.text, "al ")
    session.press(.backspace)
    XCTAssertEqual(session.query?.text, "al")
    session.press(.character("u"), control: true)
    XCTAssertEqual(session.query?.text, "")
    XCTAssertEqual(session.rows.count, 4)
    session.press(.down)
    session.press(.tab)
    XCTAssertEqual(session.query?.text, "beta", "Tab copies the selected row into the query")
    XCTAssertNil(session.exitStatus)
  }

  func testAWindowClosedWithoutAChoiceCancels() throws {
    let outputs = SessionOutputs()
    let session = try pick([], outputs)
    session.close()
    XCTAssertEqual(session.exitStatus, ExitStatus.cancelled)
  }

  func testWithoutAPickQClosesWithStatusZeroAndReturnOpensTheDetail() throws {
    let outputs = SessionOutputs()
    let session = try makeSession(["--rows", "20", "--initial", "fullyExpanded"], outputs: outputs)
    session.host.detailLineCount = { _, _ in 3 }
    session.press(.down)
    session.press(.enter)
    XCTAssertEqual(session.host.stack.detailRow, 0, "Return activated the selected row")
    XCTAssertNil(session.exitStatus)
    session.press(.character("q"), text: "q")
    XCTAssertEqual(session.exitStatus, ExitStatus.ok)
  }

  func testTheCaretEditsTheQueryInThePlaceItStands() throws {
    let outputs = SessionOutputs()
    let session = try pick([], outputs)
    session.type("ab")
    session.press(.left)
    session.type("X")
    XCTAssertEqual(session.query?.text, "aXb")
    XCTAssertEqual(outputs.lines("filtered").last, #"{"event":"filtered","query":"aXb","count":0}"#)
    session.press(.character("a"), control: true)
    session.press(.delete)
    XCTAssertEqual(session.query?.text, "Xb", "Ctrl+A, then Delete")
    session.press(.character("e"), control: true)
    session.type(" cd ef")
    session.press(.left, control: true)
    session.press(.left, control: true)
    session.press(.character("k"), control: true)
    XCTAssertEqual(session.query?.text, "Xb ", "Ctrl+Left twice, then Ctrl+K")
    session.press(.character("a"), control: true)
    session.press(.right, control: true)
    session.press(.backspace)
    XCTAssertEqual(session.query?.text, "X ", "Ctrl+Right to the end of the word, then Backspace")
    let filtered = outputs.lines("filtered").count
    session.press(.right)
    session.press(.left)
    XCTAssertEqual(outputs.lines("filtered").count, filtered, "moving the caret filters nothing")
    XCTAssertNil(session.exitStatus)
  }

  // rofi -dmenu's habits.
  /// Outputs kept as long as the test: a session holds its outputs unowned.
  private var kept: [SessionOutputs] = []
  private func retained() -> SessionOutputs {
    let outputs = SessionOutputs()
    kept.append(outputs)
    return outputs
  }


  func testReturnWithNoMatchingRowPrintsTheTypedTextAsDmenuDoes() throws {
    let typed = SessionOutputs()
    let session = try pick([], typed)
    session.type("delta")
    XCTAssertEqual(session.rows.count, 0)
    session.press(.enter)
    XCTAssertEqual(session.exitStatus, ExitStatus.ok)
    XCTAssertEqual(typed.stdout, Array("delta\n".utf8))

    let indexed = SessionOutputs()
    let other = try pick(["--print-index"], indexed)
    other.type("delta")
    other.press(.enter)
    XCTAssertEqual(indexed.stdout, Array("-1\n".utf8), "typed text has no row number")
  }

  func testNoCustomNeverPrintsTypedText() throws {
    let outputs = SessionOutputs()
    let session = try pick(["--no-custom"], outputs)
    session.type("delta")
    session.press(.enter)
    session.press(.enter, shift: true)
    XCTAssertNil(session.exitStatus, "neither Return nor Shift+Return ends the pick")
    XCTAssertEqual(outputs.stdout, [])
    session.press(.character("u"), control: true)
    session.type("gam")
    session.press(.enter)
    XCTAssertEqual(outputs.stdout, Array("gamma\n".utf8), "a row is still picked")
  }

  func testIgnoreCaseMatchesEitherCaseWhateverIsTyped() throws {
    let smart = try pick([], retained())
    smart.type("AL")
    XCTAssertEqual(smart.rows.count, 0, "an upper-case letter makes case count")
    let ignoring = try pick(["-i"], retained())
    ignoring.type("AL")
    XCTAssertEqual(ignoring.rows.count, 2)
    let long = try pick(["--ignore-case", "--match", "fuzzy"], retained())
    long.type("GMA")
    XCTAssertEqual(long.rows.count, 1)
  }

  func testQueryStartsThePickTyped() throws {
    let outputs = SessionOutputs()
    let session = try pick(["--query", "alp"], outputs)
    XCTAssertEqual(session.query?.text, "alp")
    XCTAssertEqual(session.rows.count, 2)
    XCTAssertEqual(String(decoding: session.rows.title, as: UTF8.self), "alp")
    session.press(.backspace)
    XCTAssertEqual(session.query?.text, "al", "the query is edited as if typed")
    session.type("phab")
    session.press(.enter)
    XCTAssertEqual(outputs.stdout, Array("alphabet\n".utf8))
  }

  func testSelectSelectsTheRowEqualToItUntilAKeyIsTyped() throws {
    let outputs = SessionOutputs()
    let session = try pick(["--select", "gamma"], outputs)
    XCTAssertEqual(session.drawer.selection, 2)
    session.press(.enter)
    XCTAssertEqual(outputs.stdout, Array("gamma\n".utf8))

    let filtered = try pick(["--select", "alphabet", "--query", "alp"], retained())
    XCTAssertEqual(filtered.drawer.selection, 1, "its place among the matches")
    let typed = try pick(["--select", "alpha"], retained())
    typed.type("a")
    XCTAssertEqual(typed.preselect, nil)
    let missing = try pick(["--select", "alp"], retained())
    XCTAssertEqual(missing.drawer.selection, 0, "no row equals it: the first stays selected")
  }

  func testAutoSelectPicksTheLastRowLeft() throws {
    let outputs = SessionOutputs()
    let session = try pick(["--auto-select"], outputs)
    session.type("al")
    XCTAssertNil(session.exitStatus, "two rows are left")
    session.type("phab")
    XCTAssertEqual(session.exitStatus, ExitStatus.ok)
    XCTAssertEqual(outputs.stdout, Array("alphabet\n".utf8))

    let one = SessionOutputs()
    let path = temporaryFile(Array("only\n".utf8), in: self)
    let single = try makeSession(["--pick", "--auto-select", "--items", path], outputs: one)
    XCTAssertEqual(single.exitStatus, ExitStatus.ok, "one row in all is picked at once")
    XCTAssertEqual(one.stdout, Array("only\n".utf8))
    let plain = try pick([], retained())
    plain.type("gam")
    XCTAssertNil(plain.exitStatus, "only with --auto-select")
  }

  func testPasswordShowsDotsAndNoEventCarriesIt() throws {
    let outputs = SessionOutputs()
    let session = try pick(["--password"], outputs)
    session.type("s3cr")
    XCTAssertEqual(String(decoding: session.rows.title, as: UTF8.self), "••••")
    session.press(.enter)
    XCTAssertEqual(outputs.stdout, Array("s3cr\n".utf8))
    XCTAssertFalse(outputs.events.isEmpty)
    XCTAssertFalse(outputs.events.contains { $0.contains("s3") || $0.contains("cr") }, "\(outputs.events)")
    XCTAssertEqual(outputs.lines("filtered").last, #"{"event":"filtered","count":0}"#)
  }

  func testMesgIsALineUnderTheHeaderOfItsOwn() throws {
    let session = try pick(["--mesg", "Choose\na row"], retained())
    XCTAssertEqual(String(decoding: session.rows.message, as: UTF8.self), "Choose a row", "one line")
    XCTAssertEqual(session.drawer.configuration.headerMessageLines, 1)
    let plain = try pick([], retained())
    XCTAssertEqual(plain.rows.message, [])
    XCTAssertEqual(plain.drawer.configuration.headerMessageLines, 0)
    XCTAssertEqual(session.drawer.layout.headerDepth, plain.drawer.layout.headerDepth + FixedTextMetrics().titleLineHeight)
    let empty = try pick(["--mesg", ""], retained())
    XCTAssertEqual(empty.drawer.configuration.headerMessageLines, 0, "an empty message takes no line")
  }
}
