import DrawerEngine
import Foundation
import Glibc
import TestSupport
import XCTest

@testable import DrawerCommandLine
@testable import DrawerProcess
@testable import DrawerScripting

final class ReplayTests: XCTestCase {
  private let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Traces")

  /// The event lines drawer-replay's work emits for `arguments`, and its end.
  private func replay(_ arguments: [String]) -> (events: [String], result: Result<Replay.Outcome, Failure>) {
    var events: [String] = []
    do throws(Failure) {
      let outcome = try Replay.run(arguments) { events.append($0.json) }
      return (events, .success(outcome))
    } catch {
      return (events, .failure(error))
    }
  }

  private func failure(_ arguments: [String]) -> Failure? {
    if case .failure(let f) = replay(arguments).result { return f }
    return nil
  }

  /// A trace file: a header with `arguments`, then `lines`.
  private func traceFile(arguments: [String] = [], _ lines: [String]) -> String {
    let header = Trace.Header(
      arguments: arguments, width: 400, height: 500, time: 1, titleLineHeight: 16, rowLineHeight: 14)
    let text = ([Trace.line(header)] + lines).map { $0 + "\n" }.joined()
    return temporaryFile(Array(text.utf8), in: self)
  }

  /// A presentation and the frames that animate it.
  private let presenting = [Trace.line(.input(.request(.present(animated: true), time: 1)))!]
    + (1...10).map { Trace.line(.frame(1 + Double($0) / 10))! }

  // Happy path.

  func testTheRecordedTraceReplaysToTheEventsOfItsSession() throws {
    let path = traces.appendingPathComponent("nearest-flick-select-key-dismiss.jsonl").path
    let expected = try String(
      contentsOf: traces.appendingPathComponent("nearest-flick-select-key-dismiss.events"), encoding: .utf8
    ).split(separator: "\n").map(String.init)
    let (events, result) = replay([path])
    XCTAssertEqual(result, .success(.replayed))
    XCTAssertEqual(events, expected)
  }

  func testHelpListsEveryExitStatus() {
    guard case .success(.print(let help)) = replay(["--help"]).result else { return XCTFail("no help") }
    for status in ["0 when", "64 for", "65 when", "66 when", "16 MiB"] {
      XCTAssertTrue(help.contains(status), status)
    }
  }

  /// A trace whose session read `items`, then selected its second row.
  private func traceSelectingRowOne(items: String) -> String {
    traceFile(
      arguments: ["--items", items],
      presenting + [
        Trace.line(.input(.request(.setRowCount(2), time: 3)))!,
        Trace.line(.input(.request(.selectRow(1), time: 3.1)))!,
      ])
  }

  private func selectedTexts(_ events: [String]) -> [String] {
    events.filter { $0.hasPrefix(#"{"event":"selected""#) }
  }

  /// The trace names a file; only --read-items lets the replay read it.
  func testTheItemsFileIsReadOnlyWhenAsked() {
    let items = temporaryFile(Array("first\nsecret\n".utf8), in: self)
    let path = traceSelectingRowOne(items: items)
    let plain = replay([path])
    XCTAssertEqual(plain.result, .success(.replayed))
    XCTAssertEqual(selectedTexts(plain.events), [#"{"event":"selected","panel":"list","row":1,"text":""}"#])
    for arguments in [[path, "--read-items"], ["--read-items", path]] {
      let read = replay(arguments)
      XCTAssertEqual(read.result, .success(.replayed), "\(arguments)")
      XCTAssertEqual(selectedTexts(read.events), [#"{"event":"selected","panel":"list","row":1,"text":"secret"}"#])
    }
  }

  func testAnItemsFileThatIsGoneMattersOnlyWhenAsked() {
    let path = traceSelectingRowOne(items: "/nonexistent/rows.txt")
    XCTAssertEqual(replay([path]).result, .success(.replayed))
    XCTAssertEqual(failure([path, "--read-items"])?.status, 66)
  }

  func testHelpNamesReadItems() {
    guard case .success(.print(let help)) = replay(["--help"]).result else { return XCTFail("no help") }
    XCTAssertTrue(help.contains("--read-items reads the"), help)
  }

  /// Replay exists to print events, so --report-moves needs no --events.
  ///
  /// drawer-x11 accepts --report-moves only with --events.
  func testReportMovesNeedsNoEvents() {
    let path = traceFile(arguments: ["--duration", "0.5"], presenting)
    let plain = replay([path])
    XCTAssertEqual(plain.result, .success(.replayed))
    XCTAssertTrue(plain.events.contains("{\"event\":\"presented\",\"panel\":\"list\"}"), "\(plain.events)")
    XCTAssertFalse(plain.events.contains { $0.hasPrefix("{\"event\":\"moved\",\"panel\"") }, "\(plain.events)")
    let moves = replay([path, "--report-moves"])
    XCTAssertEqual(moves.result, .success(.replayed))
    XCTAssertGreaterThanOrEqual(moves.events.filter { $0.hasPrefix("{\"event\":\"moved\",\"panel\"") }.count, 5, "\(moves.events)")
  }

  /// A session at 2× replays in logical px at the recorded scale, and a
  /// recorded change of scale changes the conversion from there on.
  func testTheRecordedScaleAndItsChangesReplay() {
    // --scale 1 in the arguments: the recorded scale wins, as auto's did.
    let header = Trace.Header(
      arguments: ["--scale", "1"], width: 800, height: 1000, time: 1, titleLineHeight: 32, rowLineHeight: 28, scale: 2)
    let lines = [
      Trace.line(header), Trace.line(.input(.request(.present(animated: false), time: 1)))!,
      Trace.line(.rescale(scale: 1, titleLineHeight: 16, rowLineHeight: 14, time: 2))!,
      Trace.line(.input(.key(.up, time: 3)))!,
    ] + (1...30).map { Trace.line(.frame(3 + Double($0) / 10))! }
    let path = temporaryFile(Array(lines.map { $0 + "\n" }.joined().utf8), in: self)
    let (events, result) = replay([path])
    XCTAssertEqual(result, .success(.replayed))
    XCTAssertEqual(
      events,
      [
        "{\"event\":\"willTransition\",\"panel\":\"list\",\"from\":\"dismissed\",\"to\":\"partiallyExpanded\"}",
        // 300 logical px at 2× in a 1000 px window: 500 logical px high.
        "{\"event\":\"didTransition\",\"panel\":\"list\",\"from\":\"dismissed\",\"to\":\"partiallyExpanded\",\"drawerTop\":200,\"extent\":300}",
        "{\"event\":\"presented\",\"panel\":\"list\"}",
        "{\"event\":\"willTransition\",\"panel\":\"list\",\"from\":\"partiallyExpanded\",\"to\":\"fullyExpanded\"}",
        // At 1× the window is 1000 logical px high.
        "{\"event\":\"didTransition\",\"panel\":\"list\",\"from\":\"partiallyExpanded\",\"to\":\"fullyExpanded\",\"drawerTop\":0,\"extent\":1000}",
      ])
  }

  // Edge cases.

  func testAFileThatCannotBeReadIs66() {
    XCTAssertEqual(
      failure(["/nonexistent/trace.jsonl"]),
      Failure(status: 66, message: "cannot read /nonexistent/trace.jsonl: No such file or directory"))
    // Opening a directory works; reading it is what fails.
    XCTAssertEqual(failure(["/"]), Failure(status: 66, message: "cannot read /: Is a directory"))
  }

  func testALineOverTheLimitIs65NamingTheFileAndTheLine() {
    let path = traceFile(presenting + [String(repeating: "x", count: TraceReader.lineLimit + 1)])
    let (events, result) = replay([path])
    XCTAssertEqual(
      result,
      .failure(Failure(status: 65, message: "\(path): line 13 is longer than 16 MiB, the most a trace line may hold")))
    XCTAssertTrue(events.contains("{\"event\":\"presented\",\"panel\":\"list\"}"), "the steps before it were replayed: \(events)")
    // A line of exactly the limit is read, and found not to be a step.
    let atLimit = traceFile([String(repeating: "x", count: TraceReader.lineLimit)])
    XCTAssertEqual(failure([atLimit]), Failure(status: 65, message: "\(atLimit): line 2 is not a trace step"))
  }

  func testAnEndlessLineEndsAtTheLimit() {
    XCTAssertEqual(
      failure(["/dev/zero"]),
      Failure(status: 65, message: "/dev/zero: line 1 is longer than 16 MiB, the most a trace line may hold"))
  }

  func testLinesThatAreNotATraceAre65() {
    let empty = temporaryFile([], in: self)
    XCTAssertEqual(failure([empty]), Failure(status: 65, message: "\(empty): line 1 is not a drawer-x11 trace header"))
    // Blank lines are skipped but counted.
    let damaged = traceFile(["", presenting[0], "{\"t\":2,\"in\":\"teleport\"}"])
    XCTAssertEqual(failure([damaged]), Failure(status: 65, message: "\(damaged): line 4 is not a trace step"))
  }

  func testBadCommandLinesAre64() {
    XCTAssertEqual(failure([])?.status, 64)
    let path = traceFile(presenting)
    XCTAssertEqual(
      failure([path, "--duration", "-1"]), Failure.usage("--duration", "a number of seconds between 0 and 60", "-1"))
    XCTAssertEqual(failure([path, "--bogus"])?.status, 64)
  }

  // The reader.

  /// Lines of random lengths come back exactly whatever the reads cut.
  ///
  /// Random small chunks make lines and newlines straddle reads. (At most
  /// 40 bytes a line: 20 characters, é taking two.)
  func testLinesComeBackWhateverTheReadsCut() throws {
    var rng = SplitMix64(seed: 65)
    for round in 0..<200 {
      let lines = (0..<Int.random(in: 0...8, using: &rng)).map { _ in
        String((0..<Int.random(in: 0...20, using: &rng)).map { _ in "ab{}\"é\r".randomElement(using: &rng)! })
      }
      let unterminated = Bool.random(using: &rng) && lines.last?.isEmpty == false
      // Bytes, not characters: "\r\n" is one Character.
      var bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
      if unterminated { bytes.removeLast() }
      let fd = open(temporaryFile(bytes, in: self), O_RDONLY)
      let reader = TraceReader(
        fd: fd, name: "t", ownsDescriptor: true, lineLimit: 40, chunk: Int.random(in: 1...7, using: &rng))
      var read: [String] = []
      while let line = try reader.next() { read.append(line) }
      XCTAssertEqual(read, lines, "round \(round)")
      XCTAssertEqual(reader.lineNumber, lines.count, "round \(round)")
    }
  }

  func testTheLimitCountsBytesWithoutTheNewline() throws {
    let fd = open(temporaryFile(Array("12345\n123456\n".utf8), in: self), O_RDONLY)
    let reader = TraceReader(fd: fd, name: "t", ownsDescriptor: true, lineLimit: 5, chunk: 3)
    XCTAssertEqual(try reader.next(), "12345")
    XCTAssertThrowsError(try reader.next()) { error in
      XCTAssertEqual(
        error as? Failure, Failure(status: 65, message: "t: line 2 is longer than 5 bytes, the most a trace line may hold"))
    }
  }
}
