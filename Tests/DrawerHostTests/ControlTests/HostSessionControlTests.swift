import DrawerEngine
import XCTest

@testable import DrawerHost

/// A control session without X: commands read from a file, each answered
/// by an `ack` or an `error` line, and `quit` ending the program.
final class HostSessionControlTests: XCTestCase {
  /// A session on an empty list whose control channel is a file holding
  /// `commands`, read to its end.
  private func run(_ commands: [String], events: Bool = true, _ outputs: SessionOutputs) throws -> HostSession {
    let path = temporaryFile(Array(commands.map { $0 + "\n" }.joined().utf8), in: self)
    let session = try makeSession(
      ["--items", "/dev/null", "--control", path], outputs: outputs, events: events)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    while session.control != nil {
      session.readControl(now: session.time)
      session.settle()
    }
    return session
  }

  /// The `ack` and `error` lines, in order.
  private func answers(_ outputs: SessionOutputs) -> [String] {
    outputs.events.filter { $0.hasPrefix(#"{"event":"ack""#) || $0.hasPrefix(#"{"event":"error""#) }
  }

  func testEveryCommandIsAnsweredAndQuitEndsTheSession() throws {
    let outputs = SessionOutputs()
    let session = try run(
      [
        "move fullyExpanded", "append one", "append  two", "# a comment", "", "select 1", "select 5", "bogus",
        "disable partiallyExpanded", "move partiallyExpanded", "enable dismissed", "dismiss", "quit",
        "append after quit",
      ], outputs)
    XCTAssertEqual(
      answers(outputs),
      [
        #"{"event":"ack","command":"move fullyExpanded"}"#,
        #"{"event":"ack","command":"append one"}"#,
        #"{"event":"ack","command":"append  two"}"#,
        #"{"event":"ack","command":"select 1"}"#,
        #"{"event":"error","command":"select 5","message":"no row 5: the list has 2 rows, numbered from 0"}"#,
        #"{"event":"error","command":"bogus","message":"unknown command \"bogus\"; the commands are "#
          + #"move, present, dismiss, enable, disable, select, append, clear or quit"}"#,
        #"{"event":"ack","command":"disable partiallyExpanded"}"#,
        #"{"event":"error","command":"move partiallyExpanded","message":"detent partiallyExpanded is disabled; enable it first"}"#,
        #"{"event":"error","command":"enable dismissed","message":"dismissed cannot be enabled or disabled"}"#,
        #"{"event":"ack","command":"dismiss"}"#,
        #"{"event":"ack","command":"quit"}"#,
      ])
    XCTAssertEqual(session.exitStatus, ExitStatus.ok)
    XCTAssertEqual(session.rows.count, 2, "nothing ran after quit")
    XCTAssertEqual(session.rows.text(ofRow: 1), " two", "append keeps the row's own leading space")
    XCTAssertEqual(outputs.lines("selected"), [#"{"event":"selected","panel":"list","row":1,"text":" two"}"#])
    XCTAssertEqual(
      outputs.lines("rows").suffix(2),
      [#"{"event":"rows","count":1,"total":1,"loading":false}"#, #"{"event":"rows","count":2,"total":2,"loading":false}"#])
    XCTAssertEqual(outputs.lines("didTransition").last.map { $0.contains(#""to":"dismissed""#) }, true)
  }

  func testClearEmptiesTheListAndSelectThenFails() throws {
    let outputs = SessionOutputs()
    _ = try run(["append a", "clear", "select 0"], outputs)
    XCTAssertEqual(
      answers(outputs).last,
      #"{"event":"error","command":"select 0","message":"no row 0: the list has 0 rows, numbered from 0"}"#)
  }

  func testWithoutEventsARefusalIsALineOnStandardError() throws {
    let outputs = SessionOutputs()
    _ = try run(["move nowhere", "present"], events: false, outputs)
    XCTAssertEqual(outputs.events, [])
    XCTAssertEqual(
      outputs.diagnostics,
      ["--control: move nowhere: no detent named nowhere; this panel's are dismissed, partiallyExpanded, fullyExpanded"]
    )
  }

  func testAPickQuitByCommandIsCancelled() throws {
    let outputs = SessionOutputs()
    let session = try makeSession(["--pick", "--items", "/dev/null"], outputs: outputs)
    session.run(.line("quit"), now: 0)
    XCTAssertEqual(session.exitStatus, ExitStatus.cancelled)
    XCTAssertEqual(outputs.stdout, [])
  }
}
