import XCTest

@testable import DrawerCommandLine
@testable import DrawerProcess

/// A command line's failures: one line, status 64.
final class ParseCommandLineTests: XCTestCase {
  private func failure(_ line: [String]) -> Failure? {
    guard case .fail(let failure) = parseCommandLine(line) else { return nil }
    return failure
  }

  func testADmenuOrRofiOptionSaysWhereItIsRead() throws {
    // argument-parser reads -dmenu as the bundle -d -m -e -n -u.
    for line in [["-l", "10"], ["-dmenu"], ["-fn", "monospace"]] {
      let f = try XCTUnwrap(failure(line), "\(line) taken")
      XCTAssertEqual(f.status, ExitStatus.usage)
      let message = try XCTUnwrap(f.message)
      XCTAssertTrue(message.hasPrefix("Unknown option '-"), message)
      XCTAssertTrue(message.contains("`drawer-x11 dmenu ...`"), message)
      XCTAssertFalse(message.contains("\n"), message)
    }
  }

  func testAnUnknownLongOptionGetsNoHint() throws {
    let message = try XCTUnwrap(failure(["--no-such-flag"])?.message)
    XCTAssertTrue(message.hasPrefix("Unknown option '--no-such-flag'"), message)
    XCTAssertFalse(message.contains("dmenu"), message)
  }
}
