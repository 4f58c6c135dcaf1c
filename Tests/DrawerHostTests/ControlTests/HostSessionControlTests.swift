import DrawerEngine
import TestSupport
import XCTest

@testable import DrawerHost
@testable import DrawerProcess

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
          + #"move, present, dismiss, toggle, enable, disable, detents, select, append, clear or quit"}"#,
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

  /// `detents` replaces the layout at run time: the panel stays at the
  /// detent of the same name, at its new extent, or goes to the nearest;
  /// `move` then lands on the new extents; bad input is refused with an
  /// `error` and changes nothing.
  func testDetentsReplaceTheLayout() throws {
    let outputs = SessionOutputs()
    let path = temporaryFile(Array("".utf8), in: self)
    let session = try makeSession(
      ["--rows", "20", "--detents", "tip=100,half=50%,full=-0", "--control", path], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    XCTAssertEqual(session.drawer.state, "half")
    func run(_ line: String) {
      session.run(.line(line), now: session.time + HostSession.frameInterval)
      session.settle()
    }
    run("detents tip=80,half=40%,full=-20")
    XCTAssertEqual(session.drawer.state, "half")
    XCTAssertEqual(session.drawer.currentExtent, 240)
    XCTAssertTrue(session.inputSinceFrame || !session.host.stack.isAnimating)
    run("detents low=50,high=500")
    XCTAssertEqual(session.drawer.state, "low", "50 px is nearer 240 than 500 is")
    XCTAssertEqual(session.drawer.currentExtent, 50)
    run("move high")
    XCTAssertEqual(session.drawer.state, "high")
    XCTAssertEqual(session.drawer.currentExtent, 500)
    let before = session.drawer.layout.detents.all.map(\.extent)
    for bad in ["detents a=1,b=x", "detents a=1,a=2", "detents =5", "detents a=100001"] { run(bad) }
    XCTAssertEqual(session.drawer.layout.detents.all.map(\.extent), before, "nothing changed")
    XCTAssertEqual(session.drawer.state, "high")
    let answers = answers(outputs)
    XCTAssertEqual(
      answers.prefix(3),
      [
        #"{"event":"ack","command":"detents tip=80,half=40%,full=-20"}"#,
        #"{"event":"ack","command":"detents low=50,high=500"}"#, #"{"event":"ack","command":"move high"}"#,
      ])
    XCTAssertEqual(answers.dropFirst(3).filter { $0.hasPrefix(#"{"event":"error""#) }.count, 4, "\(answers)")
    XCTAssertEqual(
      answers[3],
      #"{"event":"error","command":"detents a=1,b=x","message":"detents must be NAME=ANCHOR,... with ANCHOR a number of px, PCT%, -PX (from the far edge) or content (px up to 100000, percentages 0 to 100) (got a=1,b=x)"}"#
    )
    // The detents the run gave up go from the configuration a new scale starts from.
    XCTAssertEqual(session.host.logicalConfiguration.detents?.map(\.name), ["low", "high"])
  }

  /// The event lines a `detents` sent at rest, and one sent mid-move,
  /// leave behind are true: the panel goes to the nearest detent and says
  /// so, names only detents it has, and the last position reported is the
  /// one it is drawn at.
  func testDetentsReportWhereThePanelWent() throws {
    let outputs = SessionOutputs()
    let session = try makeSession(
      ["--rows", "20", "--detents", "tip=64,half=300,full=-0", "--report-moves", "--events", "--control", "/dev/null"],
      outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    XCTAssertEqual(session.drawer.state, "half")
    func run(_ line: String) -> [String] {
      let before = outputs.events.count
      session.run(.line(line), now: session.time + HostSession.frameInterval)
      session.settle()
      return Array(outputs.events[before...])
    }
    // At rest: half is gone; mid (120 px away) is nearer than peek (150).
    XCTAssertEqual(
      run("detents peek=150,mid=420"),
      [
        #"{"event":"moved","panel":"list","extent":420.0,"progress":1.000}"#,
        #"{"event":"refitted","panel":"list","state":"mid","drawerTop":180,"extent":420}"#,
        #"{"event":"ack","command":"detents peek=150,mid=420"}"#,
      ])
    XCTAssertEqual(session.drawer.currentExtent, 420)

    // Mid-move: the move is answered in the new names, where it is drawn.
    _ = run("detents tip=64,half=300,full=-0")
    session.run(.line("move full"), now: session.time + HostSession.frameInterval)
    for _ in 0..<6 {
      session.advance(to: session.time + HostSession.frameInterval)
      session.drainEvents()
    }
    XCTAssertTrue(session.host.stack.isAnimating)
    let lines = run("detents peek=150,mid=420")
    XCTAssertEqual(lines.last, #"{"event":"ack","command":"detents peek=150,mid=420"}"#)
    for line in lines {
      for gone in ["tip", "half", "full"] {
        XCTAssertFalse(line.contains(#""\#(gone)""#), "\(line) names \(gone), which is gone")
      }
    }
    XCTAssertEqual(lines.filter { $0.contains(#""event":"didTransition""#) }.count, 1, "\(lines)")
    let lastMoved = try XCTUnwrap(lines.last { $0.contains(#""event":"moved""#) })
    XCTAssertTrue(lastMoved.contains(#""extent":420.0"#), lastMoved)
    XCTAssertEqual(session.drawer.currentExtent, 420)
    XCTAssertEqual(session.drawer.state, "mid")
  }

  /// Refusing a name among 80,000 detents lists the first ones and the
  /// count, in one short line.
  func testAnUnknownDetentAmongManyIsRefusedInAShortLine() throws {
    let outputs = SessionOutputs()
    let session = try makeSession(["--rows", "20", "--events", "--control", "/dev/null"], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    try session.host.replaceDetents((0..<80_000).map { "d\($0)=\($0 / 100)" }.joined(separator: ","), time: 0.1)
    session.run(.line("move nowhere"), now: 0.2)
    let error = try XCTUnwrap(outputs.lines("error").last)
    XCTAssertTrue(
      error.hasSuffix(
        "this panel's are dismissed, " + (0..<23).map { "d\($0)" }.joined(separator: ", ") + #" … (80001 in all)"}"#),
      error)
  }

  /// Backdrop alphas, passthrough and the initial detent naming detents no
  /// longer there are dropped, so that the new layout is accepted.
  func testDetentsDropSettingsNamingDetentsThatAreGone() throws {
    let outputs = SessionOutputs()
    let session = try makeSession(
      [
        "--rows", "20", "--detents", "tip=100,half=50%,full=-0", "--initial", "tip", "--backdrop", "half=0.2",
        "--passthrough", "tip", "--scroll-in", "half",
      ], outputs: outputs)
    try session.host.replaceDetents("peek=120,half=60%", time: 0.1)
    let c = session.host.logicalConfiguration
    XCTAssertNil(c.initialState)
    XCTAssertEqual(c.backdropAlphas, ["half": 0.2])
    XCTAssertEqual(c.passthroughTouchesInStates, [])
    XCTAssertEqual(c.scrollingDetents, ["half"])
    XCTAssertEqual(session.drawer.state, "peek")
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
