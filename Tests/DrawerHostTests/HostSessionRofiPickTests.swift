import DrawerEngine
import TestSupport
import XCTest

import DrawerCommandLine
@testable import DrawerHost
@testable import DrawerProcess
@testable import DrawerRows

/// A pick from rofi's -dmenu (HostSession+RofiPick.swift).
final class HostSessionRofiPickTests: XCTestCase {
  private func pick(_ rofi: RofiPick, _ rows: String, _ outputs: SessionOutputs, flags: [String] = []) throws -> HostSession {
    let path = temporaryFile(Array(rows.utf8), in: self)
    guard case .run(var settings) = parseCommandLine(["--pick", "--items", path] + flags) else { throw CancellationError() }
    settings.pick?.rofi = rofi
    let session = try makeSession(settings: settings, outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    return session
  }

  func testFormatAndACustomKeyExitTen() throws {
    var rofi = RofiPick()
    rofi.format = PickFormat("i:s")
    let outputs = SessionOutputs()
    let session = try pick(rofi, "lock\nlogout\nreboot\n", outputs)
    session.press(.down)
    session.key(KeyPress(.character("1"), alt: true), time: session.time + 0.016)
    XCTAssertEqual(session.exitStatus, 10)
    XCTAssertEqual(outputs.stdout, Array("1:logout\n".utf8))
  }

  func testSelectedRowAndNonselectableRows() throws {
    var rofi = RofiPick()
    rofi.selectedRow = 2
    let table = RowOptionsTable()
    table.set(RowOptions(nonselectable: true), row: 0)
    rofi.options = table
    let outputs = SessionOutputs()
    let session = try pick(rofi, "Header\nyes\nno\n", outputs)
    XCTAssertEqual(session.drawer.selection, 2)
    session.press(.home)
    session.press(.enter)
    XCTAssertNil(session.exitStatus, "a nonselectable row is no pick")
    session.press(.down)
    session.press(.enter)
    XCTAssertEqual(session.exitStatus, ExitStatus.ok)
    XCTAssertEqual(outputs.stdout, Array("yes\n".utf8))
  }

  func testTypedTextIsRowMinusOne() throws {
    var rofi = RofiPick()
    rofi.format = PickFormat("i s")
    let outputs = SessionOutputs()
    let session = try pick(rofi, "a\n", outputs)
    session.type("zz")
    session.press(.enter)
    XCTAssertEqual(outputs.stdout, Array("-1 zz\n".utf8))
  }
}

/// rofi's own keys in a pick from -dmenu.
final class HostSessionRofiKeysTests: XCTestCase {
  private func pick(_ flags: [String], _ outputs: SessionOutputs) throws -> HostSession {
    let path = temporaryFile(Array("a\nb\nc\n".utf8), in: self)
    guard case .run(var settings) = parseCommandLine(["--pick", "--items", path] + flags) else { throw CancellationError() }
    settings.pick?.rofi = RofiPick()
    let session = try makeSession(settings: settings, outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    return session
  }

  func testShiftReturnMarksWithMultiSelectAndReturnPrintsTheMarked() throws {
    let outputs = SessionOutputs()
    let session = try pick(["--multi"], outputs)
    session.press(.enter, shift: true)
    session.press(.down)
    session.press(.enter, shift: true)
    session.press(.enter)
    XCTAssertEqual(outputs.stdout, Array("a\nc\n".utf8), "as rofi 1.7.3 prints")
  }

  func testTabSelectsTheNextRowAndControlReturnPrintsTheTypedText() throws {
    let outputs = SessionOutputs()
    let session = try pick([], outputs)
    session.press(.tab)
    XCTAssertEqual(session.drawer.selection, 1)
    session.type("b")
    session.press(.enter, control: true)
    XCTAssertEqual(outputs.stdout, Array("b\n".utf8))
  }
}
