import DrawerEngine
import XCTest

@testable import DrawerCommandLine
@testable import DrawerDesktop
@testable import DrawerProcess

/// dmenu 5.2's command line as drawer-x11's flags (DrawerCommandLine/DmenuArguments.swift):
/// read as dmenu reads it, refused where dmenu prints its usage, and
/// checked by the program's own flags.
final class DmenuArgumentsTests: XCTestCase {
  private func settings(_ arguments: [String]) throws -> LaunchSettings {
    let flags = try XCTUnwrap(DmenuArguments.translated(arguments), "\(arguments) refused")
    guard case .run(let settings) = parseCommandLine(flags) else {
      XCTFail("\(flags) do not run")
      throw CancellationError()
    }
    return settings
  }

  func testNoFlagsIsAOneRowBarAtTheTopWithNoPrompt() throws {
    let s = try settings([])
    XCTAssertNotNil(s.pick)
    XCTAssertEqual(s.bar, BarStrip(rows: 0, atBottom: false), "dmenu's one line")
    XCTAssertEqual(s.pick?.inline, true, "the matches side by side")
    XCTAssertEqual(s.prompt, "")
    XCTAssertEqual(s.filter, .substring)
    XCTAssertFalse(s.ignoresCase)
    XCTAssertEqual(s.identity.className, "dmenu")
    XCTAssertEqual(s.identity.instanceName, "dmenu")
    XCTAssertNil(s.monitor, "the focused window's monitor, as dmenu's")
  }

  func testEachFlagTakesDmenusMeaning() throws {
    let s = try settings([
      "-b", "-f", "-i", "-l", "10", "-m", "1", "-p", "run:", "-fn", "monospace:size=10", "-nb", "#222", "-nf", "#bbbbbb",
      "-sb", "#005577", "-sf", "#eee",
    ])
    XCTAssertEqual(s.bar, BarStrip(rows: 10, atBottom: true))
    XCTAssertTrue(s.ignoresCase)
    XCTAssertEqual(s.monitor, .index(1))
    XCTAssertEqual(s.prompt, "run:")
    XCTAssertEqual(s.fontPattern, "monospace:size=10")
    XCTAssertEqual(s.configuration.backgroundColor, DrawerColor(red: 0x22 / 255, green: 0x22 / 255, blue: 0x22 / 255))
    XCTAssertEqual(s.colors.rowText, DrawerColor(red: 0xbb / 255, green: 0xbb / 255, blue: 0xbb / 255))
    XCTAssertEqual(s.colors.selection, DrawerColor(red: 0, green: 0x55 / 255, blue: 0x77 / 255))
    XCTAssertEqual(s.colors.selectionText, DrawerColor(red: 0xee / 255, green: 0xee / 255, blue: 0xee / 255))
  }

  func testWInsideAWindowWhichLeavesNoMonitorToChoose() throws {
    let s = try settings(["-m", "1", "-w", "0x200001", "-b"])
    XCTAssertEqual(s.parentWindow, 0x200001)
    XCTAssertNil(s.monitor)
    XCTAssertEqual(try settings(["-w", "2097153"]).parentWindow, 2_097_153)
    let flags = try XCTUnwrap(DmenuArguments.translated(["-w", "window"]))
    guard case .fail(let f) = parseCommandLine(flags) else { return XCTFail() }
    XCTAssertEqual(f.message, "--parent must be a window's id, decimal or 0x and hexadecimal (got window)")
  }

  func testValuesAreTakenWhateverTheyLookLikeAndTheLastOneWins() throws {
    let s = try settings(["-p", "-b", "-p", "-i"])
    XCTAssertEqual(s.prompt, "-i", "a value, not a flag")
    XCTAssertEqual(s.bar?.atBottom, false)
    XCTAssertFalse(s.ignoresCase)
  }

  func testLinesAreReadAsAtoiReadsThem() throws {
    XCTAssertEqual(try settings(["-l", "0"]).bar?.rows, 0, "no list: the one line")
    XCTAssertEqual(try settings(["-l", "x"]).bar?.rows, 0)
    XCTAssertEqual(try settings(["-l", "-3"]).bar?.rows, 0)
    XCTAssertEqual(try settings(["-l", "3"]).pick?.inline, false, "a list")
    XCTAssertEqual(try settings(["-l", "7lines"]).bar?.rows, 7)
    XCTAssertEqual(try settings(["-l", "99999"]).bar?.rows, 1000, "at most the flag's limit")
  }

  func testVersionPrintsTheProgramsVersion() throws {
    let flags = try XCTUnwrap(DmenuArguments.translated(["-i", "-v", "-x"]))
    guard case .print(let text) = parseCommandLine(flags) else { return XCTFail() }
    XCTAssertEqual(text, DrawerCommand.versionLine)
  }

  func testWhatDmenuRefusesIsItsUsage() {
    for line in [["-x"], ["-bf"], ["--pick"], ["-l"], ["-i", "-p"], ["-fn"], ["dmenu"], ["-w"]] {
      XCTAssertNil(DmenuArguments.translated(line), "\(line)")
    }
    XCTAssertEqual(
      DmenuArguments.usage,
      "usage: dmenu [-bfiv] [-l lines] [-p prompt] [-fn font] [-m monitor]\n"
        + "             [-nb color] [-nf color] [-sb color] [-sf color] [-w windowid]")
  }

  func testABadValueIsTheProgramsLineNamingItsFlag() throws {
    let flags = try XCTUnwrap(DmenuArguments.translated(["-nb", "blurple"]))
    guard case .fail(let f) = parseCommandLine(flags) else { return XCTFail() }
    XCTAssertEqual(f.status, ExitStatus.usage)
    XCTAssertTrue(f.message?.hasPrefix("--background-color must be a colour") ?? false, f.message ?? "")
  }
}
