import DrawerEngine
import TestSupport
import XCTest

@testable import DrawerCommandLine
@testable import DrawerHost
@testable import DrawerProcess

/// How the panel comes and goes over a run (HostSession+Lifecycle.swift):
/// --initial dismissed, --slide-in, --keep, `toggle`, and a run that ends
/// with its dismissal.
final class HostSessionLifecycleTests: XCTestCase {
  /// The `ready` line's state.
  private func readyState(_ outputs: SessionOutputs) -> String? {
    guard let line = outputs.lines("ready").first, let range = line.range(of: #""state":""#) else { return nil }
    return String(line[range.upperBound...].prefix { $0 != "\"" })
  }

  /// The names of the events after `ready`, in order.
  private func names(_ outputs: SessionOutputs) -> [String] {
    outputs.events.map { line in
      let start = line.index(line.startIndex, offsetBy: #"{"event":""#.count)
      return String(line[start...].prefix { $0 != "\"" })
    }
  }

  /// Runs one control line at the session's time, then frames until nothing moves.
  private func command(_ session: HostSession, _ line: String) {
    session.run(.line(line), now: session.time + HostSession.frameInterval)
    session.settle()
  }

  /// Keys typed right after launch, before the first frame is on screen,
  /// reach a sliding-in launcher: the slide-in starts with the first of
  /// them, so Return chooses the row the typed query selects.
  func testKeysTypedBeforeReadyReachASlidingInPick() throws {
    let outputs = SessionOutputs()
    let items = temporaryFile(Array("alpha\nbeta\ngamma\n".utf8), in: self)
    let session = try makeSession(["--pick", "--desktop", "--items", items], outputs: outputs)
    session.type("gam")
    session.press(.enter)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    XCTAssertEqual(String(decoding: outputs.stdout, as: UTF8.self), "gamma\n")
    XCTAssertEqual(outputs.lines("willTransition").count, 1, "one slide-in, not a second at ready")
  }

  func testInitialDismissedStartsHiddenAndPresentGoesToTheDefaultDetent() throws {
    let outputs = SessionOutputs()
    let session = try makeSession(["--rows", "20", "--initial", "dismissed"], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    XCTAssertEqual(readyState(outputs), "dismissed")
    XCTAssertEqual(session.drawer.state, .dismissed)
    XCTAssertEqual(outputs.lines("willTransition"), [], "nothing was presented")
    command(session, "present")
    XCTAssertEqual(session.drawer.state, .partiallyExpanded, "where it would have opened")
    XCTAssertNil(session.exitStatus)
  }

  func testAPickStartingHiddenOpensAtFullWhenPresented() throws {
    let outputs = SessionOutputs()
    let session = try makeSession(
      ["--pick", "--items", "/dev/null", "--initial", "dismissed", "--control", "/dev/null"], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    command(session, "toggle")
    XCTAssertEqual(session.drawer.state, .fullyExpanded)
  }

  func testToggleShowsAHiddenPanelAndHidesAShownOneEvenMidMove() throws {
    let outputs = SessionOutputs()
    let session = try makeSession(["--rows", "20", "--initial", "dismissed", "--keep"], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    command(session, "toggle")
    XCTAssertEqual(session.drawer.state, .partiallyExpanded)
    command(session, "toggle")
    XCTAssertEqual(session.drawer.state, .dismissed)
    XCTAssertNil(session.exitStatus, "kept")
    // On its way out, toggle brings it back.
    session.run(.line("present"), now: session.time + HostSession.frameInterval)
    session.advance(to: session.time + HostSession.frameInterval)
    session.run(.line("dismiss"), now: session.time + HostSession.frameInterval)
    XCTAssertTrue(session.isHiding)
    command(session, "toggle")
    XCTAssertEqual(session.drawer.state, .partiallyExpanded)
    XCTAssertEqual(outputs.lines("ack").count, 5)
  }

  func testSlideInPresentsAfterReadyOverSeveralFrames() throws {
    let outputs = SessionOutputs()
    let session = try makeSession(["--rows", "20", "--slide-in", "--report-moves", "--events"], outputs: outputs)
    session.settle()
    XCTAssertEqual(session.drawer.state, .dismissed, "the first frame shows nothing")
    session.reportReady(window: 1, width: 800, height: 600)
    XCTAssertEqual(readyState(outputs), "dismissed")
    session.settle()
    let after = names(outputs).drop { $0 != "willTransition" }
    XCTAssertEqual(after.first, "willTransition")
    XCTAssertEqual(
      outputs.lines("willTransition").first,
      #"{"event":"willTransition","panel":"list","from":"dismissed","to":"partiallyExpanded"}"#)
    XCTAssertGreaterThan(outputs.lines("moved").count, 3, "it slides")
    XCTAssertEqual(outputs.lines("didTransition").count, 1)
    XCTAssertEqual(session.drawer.state, .partiallyExpanded)
  }

  func testSlideInPresentsWithoutEventsToo() throws {
    // A script that reads only the pick (dmenu_run) asks for no events.
    let session = try makeSession(["--rows", "20", "--slide-in"], outputs: SessionOutputs(), events: false)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    XCTAssertEqual(session.drawer.state, .partiallyExpanded)
  }

  func testWithSlideInADismissalSlidesOutThenEndsTheRun() throws {
    let outputs = SessionOutputs()
    let session = try makeSession(["--rows", "20", "--slide-in"], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    session.press(.escape)
    XCTAssertNil(session.exitStatus, "not before it is out")
    session.advance(to: session.time + HostSession.frameInterval)
    session.drainEvents()
    XCTAssertNil(session.exitStatus)
    session.settle()
    XCTAssertEqual(session.exitStatus, ExitStatus.ok)
    XCTAssertEqual(names(outputs).suffix(2), ["didTransition", "dismissed"])
  }

  /// An application's panel made with `endsWhenDismissed` (and
  /// `startsHidden`): starting hidden ends nothing, a present shows it, and
  /// its dismissal ends the run with status 0 once it is out.
  func testEndsWhenDismissedEndsTheRunOnceThePanelIsOut() throws {
    guard case .run(var settings) = parseCommandLine(["--rows", "20"]) else { return XCTFail("did not parse") }
    settings.lifecycle = PanelLifecycle(startsHidden: true, endsWhenDismissed: true)
    let outputs = SessionOutputs()
    let session = try makeSession(settings: settings, outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    XCTAssertEqual(session.drawer.state, .dismissed)
    XCTAssertNil(session.exitStatus, "starting hidden is no dismissal")
    command(session, "present")
    XCTAssertEqual(session.drawer.state, .partiallyExpanded)
    session.press(.escape)
    XCTAssertNil(session.exitStatus, "not before it is out")
    session.settle()
    XCTAssertEqual(session.drawer.state, .dismissed)
    XCTAssertEqual(session.exitStatus, ExitStatus.ok)
  }

  func testWithoutSlideInADismissalKeepsAWindowRunning() throws {
    let outputs = SessionOutputs()
    let session = try makeSession(["--rows", "20"], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.press(.escape)
    session.settle()
    XCTAssertEqual(session.drawer.state, .dismissed)
    XCTAssertNil(session.exitStatus)
  }

  func testEscapeEndsAPickWithSlideInAtOnceWithoutTheSlideOut() throws {
    let outputs = SessionOutputs()
    let path = temporaryFile(Array("one\ntwo\n".utf8), in: self)
    let session = try makeSession(["--pick", "--items", path, "--slide-in"], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    session.press(.escape)
    XCTAssertEqual(session.exitStatus, ExitStatus.cancelled, "at the key, not after a slide")
    XCTAssertEqual(outputs.lines("dismissed"), [], "no slide-out")
  }

  func testEscapeWhileAPickSlidesInEndsItAtOnce() throws {
    let outputs = SessionOutputs()
    let path = temporaryFile(Array("one\ntwo\n".utf8), in: self)
    let session = try makeSession(["--pick", "--items", path, "--slide-in"], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.advance(to: session.time + 2 * HostSession.frameInterval)
    XCTAssertGreaterThan(session.drawer.currentExtent, 0, "on its way in")
    XCTAssertTrue(session.drawer.isAnimating)
    session.press(.escape)
    XCTAssertEqual(session.exitStatus, ExitStatus.cancelled)
  }

  func testAKeptPickPrintsEachChoiceAndHidesAndEscapeOnlyHides() throws {
    let outputs = SessionOutputs()
    let path = temporaryFile(Array("one\ntwo\n".utf8), in: self)
    let session = try makeSession(
      ["--pick", "--multi", "--items", path, "--keep", "--control", "/dev/null"], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    session.press(.enter)
    XCTAssertNil(session.exitStatus)
    XCTAssertEqual(String(decoding: outputs.stdout, as: UTF8.self), "one\n")
    session.settle()
    XCTAssertEqual(session.drawer.state, .dismissed)
    let activated = try XCTUnwrap(outputs.events.firstIndex { $0.hasPrefix(#"{"event":"activated""#) })
    let leaving = try XCTUnwrap(outputs.events.lastIndex { $0.contains(#""to":"dismissed""#) })
    XCTAssertLessThan(activated, leaving, "the choice is reported before the panel leaves")

    command(session, "toggle")
    command(session, "select 1")
    session.press(.space)
    XCTAssertEqual(session.rows.markedRows, [1])
    session.press(.enter)
    session.settle()
    XCTAssertEqual(String(decoding: outputs.stdout, as: UTF8.self), "one\ntwo\n")
    XCTAssertEqual(session.rows.markedRows, [], "the next choice starts unmarked")

    command(session, "present")
    session.press(.escape)
    session.settle()
    XCTAssertEqual(session.drawer.state, .dismissed)
    XCTAssertNil(session.exitStatus, "Esc hides a kept pick")
    command(session, "quit")
    XCTAssertEqual(session.exitStatus, ExitStatus.cancelled, "quit ends a pick as closing its window does")
  }

  /// An embedded client's exit: the panel slides out, then the run ends
  /// with the client's status, even where a dismissal ends nothing.
  func testEndingAfterTheDismissalTakesTheGivenStatus() throws {
    let outputs = SessionOutputs()
    let session = try makeSession(["--rows", "20"], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.end(afterDismissalWith: 7, time: session.time + HostSession.frameInterval)
    XCTAssertNil(session.exitStatus, "not before it is out")
    session.settle()
    XCTAssertEqual(session.exitStatus, 7)
    let hidden = try makeSession(["--rows", "20", "--initial", "dismissed"], outputs: SessionOutputs())
    hidden.end(afterDismissalWith: 3, time: 0.1)
    XCTAssertEqual(hidden.exitStatus, 3, "already out")
  }

  func testAPickWithoutKeepStillEndsAtOnceOnEscape() throws {
    let outputs = SessionOutputs()
    let path = temporaryFile(Array("one\n".utf8), in: self)
    let session = try makeSession(["--pick", "--items", path], outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.press(.escape)
    XCTAssertEqual(session.exitStatus, ExitStatus.cancelled)
  }
}
