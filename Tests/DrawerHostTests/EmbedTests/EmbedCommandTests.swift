import DrawerEngine
import XCTest

@testable import DrawerCommandLine
@testable import DrawerHost
@testable import DrawerProcess

/// --embed's command line and the client's place, without X
/// (Embed/EmbedCommand.swift).
final class EmbedCommandTests: XCTestCase {
  func testEachPercentWIsTheWindowsIdAndPercentPercentAPercentSign() throws {
    XCTAssertEqual(try EmbedCommand("stterm -w %w").commandLine(window: 4_194_305), "stterm -w 4194305")
    XCTAssertEqual(
      try EmbedCommand("tabbed -e %w; echo %% %w %x %").commandLine(window: 7), "tabbed -e 7; echo % 7 %x %")
  }

  /// The header names the program: the base name of the command's first word.
  func testTheProgramNameIsTheFirstWordsBaseName() throws {
    XCTAssertEqual(try EmbedCommand("stterm -w %w").programName, "stterm")
    XCTAssertEqual(try EmbedCommand("/usr/bin/surf\t-e %w https://example.org").programName, "surf")
  }

  func testACommandWithoutPercentWIsRefused() {
    for bad in ["", "stterm", "echo %%w", "st -w %W", "a\u{0}%w", String(repeating: "x", count: 4095) + "%w"] {
      XCTAssertThrowsError(try EmbedCommand(bad), bad.prefix(20).description) { error in
        XCTAssertEqual((error as? Failure)?.status, ExitStatus.usage)
        XCTAssertTrue((error as? Failure)?.message?.hasPrefix("--embed must be a shell command with %w") ?? false)
      }
    }
    XCTAssertNoThrow(try EmbedCommand(String(repeating: "x", count: 4094) + "%w"))
  }

  func testTheFlagReachesTheSettingsAndRefusesAPick() {
    guard case .run(let s) = parseCommandLine(["--embed", "st -w %w"]) else { return XCTFail() }
    XCTAssertEqual(s.embed?.template, "st -w %w")
    guard case .fail(let f) = parseCommandLine(["--embed", "st -w %w", "--pick"]) else { return XCTFail() }
    XCTAssertEqual(f.message, "--embed cannot be combined with --pick: the embedded client takes the keys")
  }

  /// The client has the body's size at the most expanded detent wherever
  /// the panel is, and moves as far as the sheet does.
  func testTheClientHasTheMostExpandedBodysSizeAndMovesWithTheSheet() throws {
    var c = DrawerConfiguration()
    c.detents = [Detent("tip", .fromHome(100)), Detent("half", .fraction(0.5)), Detent("full", .fromFar(40))]
    let drawer = try Drawer(configuration: c, containerSize: Size(width: 800, height: 600), textMetrics: FixedTextMetrics(), time: 0)
    drawer.handle(.request(.present(animated: false), time: 0))
    let atHalf = EmbedArea.frame(for: drawer)
    let body = drawer.layout.geometry(at: 560, handle: c.handle).list
    XCTAssertEqual(atHalf.width, body.width)
    XCTAssertEqual(atHalf.height, body.height)
    XCTAssertEqual(atHalf.minY, drawer.renderModel.list.viewport.minY, "its top is the body's top")
    drawer.handle(.request(.move(to: "tip", animated: false), time: 0))
    let atTip = EmbedArea.frame(for: drawer)
    XCTAssertEqual(atTip.height, atHalf.height, "never resized by a move")
    XCTAssertEqual(atTip.minY - atHalf.minY, 200, "300 px of extent at half, 100 at tip")
    XCTAssertEqual(atTip.minY, drawer.renderModel.list.viewport.minY)
  }

  /// A left panel's client slides sideways with it.
  func testALeftPanelsClientSlidesSideways() throws {
    var c = DrawerConfiguration()
    c.edge = .left
    let drawer = try Drawer(configuration: c, containerSize: Size(width: 800, height: 600), textMetrics: FixedTextMetrics(), time: 0)
    drawer.handle(.request(.present(animated: false), time: 0))
    let before = EmbedArea.frame(for: drawer)
    drawer.handle(.request(.move(to: .fullyExpanded, animated: false), time: 0))
    let after = EmbedArea.frame(for: drawer)
    XCTAssertEqual(after.width, before.width)
    XCTAssertEqual(after.minY, before.minY)
    XCTAssertGreaterThan(after.minX, before.minX)
  }
}
