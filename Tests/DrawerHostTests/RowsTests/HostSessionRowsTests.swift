import DrawerEngine
import Glibc
import XCTest

@testable import DrawerProcess
@testable import DrawerRows

/// Rows streamed through a pipe into a session: shown at most once a
/// frame, reported once shown, matched by the query as they come.
final class HostSessionRowsTests: XCTestCase {
  func testStreamedRowsAreShownOnceAFrameAndReportedOnceOnScreen() throws {
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    defer { close(ends[0]) }
    let outputs = SessionOutputs()
    let session = try makeSession(
      ["--pick", "--items", "/dev/fd/\(ends[0])"], outputs: outputs, readToEnd: false)
    session.reportReady(window: 1, width: 800, height: 600)
    XCTAssertEqual(outputs.lines("rows"), [#"{"event":"rows","count":0,"total":0,"loading":true}"#])

    _ = write(ends[1], "one\ntwo\n", 8)
    try session.readRows(now: 1, force: false)
    XCTAssertEqual(session.rows.count, 2)
    XCTAssertEqual(session.drawer.layout.rowCount, 2, "the panel has the rows")
    XCTAssertEqual(outputs.lines("rows").count, 1, "reported once the frame that shows them is on screen")
    session.reportShownRows()
    XCTAssertEqual(outputs.lines("rows").last, #"{"event":"rows","count":2,"total":2,"loading":true}"#)

    // Rows read within a frame of the last wait for the next.
    _ = write(ends[1], "three\n", 6)
    try session.readRows(now: 1.005, force: false)
    XCTAssertEqual(session.rows.count, 2)
    XCTAssertTrue(session.rowsPending)
    try session.readRows(now: 1.02, force: false)
    XCTAssertEqual(session.rows.count, 3)

    // The query matches the rows still to come.
    session.key(KeyPress(.character("t"), text: "t"), time: 1.03)
    XCTAssertEqual(session.rows.count, 2, "two and three")
    _ = write(ends[1], "ten\n", 4)
    close(ends[1])
    // The end is news at once, within a frame or not.
    try session.readRows(now: 1.031, force: false)
    XCTAssertNil(session.reader)
    XCTAssertEqual(session.rows.count, 3)
    session.reportShownRows()
    XCTAssertEqual(outputs.lines("rows").last, #"{"event":"rows","count":3,"total":4,"loading":false}"#)
    session.press(.enter)
    XCTAssertEqual(outputs.stdout, Array("two\n".utf8))
    XCTAssertEqual(session.exitStatus, ExitStatus.ok)
  }
}
