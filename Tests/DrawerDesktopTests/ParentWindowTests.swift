import XCTest

@testable import DrawerDesktop

/// --parent's window without X (DrawerDesktop/ParentWindow.swift): what the
/// server says of it in, whether it can hold the window out.
final class ParentWindowTests: XCTestCase {
  func testOnlyAWindowWithPixelsAndAreaCanHoldTheWindow() {
    XCTAssertNil(ParentWindowProblem.check(exists: true, inputOnly: false, width: 600, height: 400))
    XCTAssertEqual(ParentWindowProblem.check(exists: false, inputOnly: false, width: 0, height: 0), .missing)
    XCTAssertEqual(ParentWindowProblem.check(exists: true, inputOnly: true, width: 600, height: 400), .inputOnly)
    XCTAssertEqual(ParentWindowProblem.check(exists: true, inputOnly: false, width: 0, height: 400), .empty)
    XCTAssertEqual(ParentWindowProblem.check(exists: true, inputOnly: false, width: 600, height: 0), .empty)
  }

  /// dmenu's status for a `-w` it cannot use, and one line naming the
  /// window as xwininfo does.
  func testTheFailureIsStatusOneAndOneLineNamingTheWindow() {
    let failure = ParentWindowProblem.inputOnly.failure(window: 0x20_0001)
    XCTAssertEqual(failure.status, 1)
    XCTAssertEqual(
      failure.message, "--parent 0x200001 cannot hold the window: it is an InputOnly window, which shows nothing")
    XCTAssertEqual(
      ParentWindowProblem.missing.failure(window: 0x7fff_ffff).message,
      "--parent 0x7fffffff cannot hold the window: there is no such window on this display")
    XCTAssertEqual(ParentWindowProblem.empty.failure(window: 5).message, "--parent 0x5 cannot hold the window: it has no area")
    for problem in [ParentWindowProblem.missing, .inputOnly, .empty] {
      XCTAssertFalse(problem.failure(window: UInt.max).message!.contains("\n"))
    }
  }
}
