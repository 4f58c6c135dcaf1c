import DrawerCommandLine
import XCTest

@testable import DrawerLaunch
@testable import DrawerRows

/// rofi's command line as a pick (RofiArguments.swift).
final class RofiArgumentsTests: XCTestCase {
  private func settings(_ c: RofiCommand) -> LaunchSettings? {
    guard case .run(let s) = parseCommandLine(c.arguments) else { return nil }
    return s
  }

  func testDmenuWithItsOptionsIsAPickTheFlagsTake() throws {
    let c = RofiArguments.parse([
      "-dmenu", "-i", "-p", "Power", "-mesg", "Choose", "-no-custom", "-password", "-multi-select", "-format", "i:s",
      "-selected-row", "2", "-sep", "|", "-a", "0,2-3", "-u", "4-", "-kb-custom-1", "Control+x,Alt+z", "-l", "5",
    ])
    XCTAssertNil(c.failure)
    XCTAssertEqual(c.unsupported, [])
    XCTAssertEqual(c.problems, [])
    let s = try XCTUnwrap(settings(c), "\(c.arguments)")
    XCTAssertEqual(s.prompt, "Power")
    XCTAssertEqual(s.pick?.message, "Choose")
    XCTAssertEqual(s.pick?.allowsCustom, false)
    XCTAssertEqual(s.pick?.hidesQuery, true)
    XCTAssertEqual(s.pick?.multiple, true)
    XCTAssertTrue(s.ignoresCase, "rofi matches either case by default")
    XCTAssertEqual(c.pick.format, PickFormat("i:s"))
    XCTAssertEqual(c.pick.selectedRow, 2)
    XCTAssertEqual(c.separator, UInt8(ascii: "|"))
    XCTAssertTrue(c.pick.active.contains(3) && !c.pick.active.contains(1))
    XCTAssertTrue(c.pick.urgent.contains(1000))
    XCTAssertEqual(c.pick.customKeys[0], [KeyChord("Control+x")!, KeyChord("Alt+z")!])
  }

  func testMatchesKeepTheListsOrderUnlessSort() throws {
    let plain = try XCTUnwrap(settings(RofiArguments.parse(["-dmenu"])))
    XCTAssertFalse(plain.sortsMatches, "rofi filters in the list's order by default")
    let sorted = try XCTUnwrap(settings(RofiArguments.parse(["-dmenu", "-sort"])))
    XCTAssertTrue(sorted.sortsMatches)
    let undone = try XCTUnwrap(settings(RofiArguments.parse(["-show", "drun", "-sort", "-no-sort"])))
    XCTAssertFalse(undone.sortsMatches)
    // A mode's pages are picks of their own: -sort reaches each.
    let modes = try XCTUnwrap(RofiLaunch(programArguments: ["rofi", "-show", "drun", "-sort", "-show-icons"]))
    XCTAssertEqual(modes.pageArguments, ["-show-icons", "-sort"])
    XCTAssertEqual(try XCTUnwrap(RofiLaunch(programArguments: ["rofi", "-show", "drun"])).pageArguments, [])
  }

  func testUnsupportedOptionsAreNamedWithTheirValuesAndTheRunGoesOn() {
    let c = RofiArguments.parse(["-dmenu", "-theme", "gruvbox", "-width", "40", "-no-lazy-grab", "-foo"])
    XCTAssertNil(c.failure)
    XCTAssertEqual(c.unsupported, ["-theme gruvbox", "-width 40", "-foo"])
  }

  func testShowIconsAndIconThemeReachThePickAndTheModesPages() {
    let c = RofiArguments.parse(["-dmenu", "-show-icons", "-icon-theme", "Papirus"])
    XCTAssertEqual(c.unsupported, [])
    XCTAssertTrue(c.pick.showsIcons)
    XCTAssertEqual(c.pick.iconTheme, "Papirus")
    XCTAssertFalse(RofiArguments.parse(["-dmenu", "-show-icons", "-no-show-icons"]).pick.showsIcons)
    XCTAssertFalse(RofiArguments.parse(["-dmenu"]).pick.showsIcons)
  }

  func testBadValuesAreProblemsNotCrashes() {
    let c = RofiArguments.parse(["-dmenu", "-selected-row", "x", "-sep", "ab", "-a", "3-1", "-kb-custom-2", "Hyper+q", "-p"])
    XCTAssertEqual(c.problems.count, 5, "\(c.problems)")
    XCTAssertNil(c.failure)
  }

  func testModesAndWithoutEitherNothingToRun() {
    let c = RofiArguments.parse(["-show", "drun", "-modi", "drun,run,menu:~/bin/menu", "-terminal", "st", "-combi-modi", "drun,run"])
    XCTAssertNil(c.failure)
    XCTAssertEqual(c.show, "drun")
    XCTAssertEqual(c.modi, ["drun", "run", "menu:~/bin/menu"])
    XCTAssertEqual(c.terminal, "st")
    XCTAssertEqual(c.combiModi, ["drun", "run"])
    XCTAssertEqual(RofiArguments.parse(["-modi", "menu:x"]).show, "menu", "-modi alone shows its first")
    XCTAssertNil(RofiArguments.parse(["-dmenu", "-show", "run"]).show, "-dmenu wins")
    XCTAssertNotNil(RofiArguments.parse([]).failure)
  }

  func testSeparatorEscapes() {
    XCTAssertEqual(RofiArguments.separator("\\n"), 0x0A)
    XCTAssertEqual(RofiArguments.separator("\\0"), 0)
    XCTAssertEqual(RofiArguments.separator(","), UInt8(ascii: ","))
    XCTAssertNil(RofiArguments.separator(""))
  }
}
