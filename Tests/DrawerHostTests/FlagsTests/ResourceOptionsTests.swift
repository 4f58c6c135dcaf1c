import ArgumentParser
import DrawerEngine
import XCTest

@testable import DrawerCommandLine
@testable import DrawerDesktop
@testable import DrawerProcess

final class ResourceOptionsTests: XCTestCase {
  private func settings(_ arguments: [String], _ resources: String) throws -> LaunchSettings {
    guard case .run(let s) = parseCommandLine(arguments) else {
      XCTFail("the command line alone fails")
      throw Failure(status: 70, message: nil)
    }
    return try s.applyingResources(ResourceDatabase(resources))
  }

  private func failure(_ arguments: [String], _ resources: String) -> Failure? {
    do {
      _ = try settings(arguments, resources)
      return nil
    } catch {
      return error as? Failure
    }
  }

  // MARK: Edge cases

  func testNoResourcesChangeNothing() throws {
    let s = try settings(["--edge", "top"], "")
    XCTAssertEqual(s.configuration.edge, .top)
    XCTAssertTrue(s.resources.settings.isEmpty)
    XCTAssertEqual(try settings([], "Xft.dpi: 192\nxterm*background: black").resources.arguments, [])
  }

  func testAResourceFillsAFlagTheCommandLineLeftOut() throws {
    let s = try settings([], "drawer-x11.handleColor: #ff0000\ndrawer-x11*edge: left")
    XCTAssertEqual(s.configuration.edge, .left)
    XCTAssertEqual(s.configuration.handle?.color, DrawerColor(red: 1, green: 0, blue: 0))
    XCTAssertTrue(s.handleColorGiven, "the theme must not repaint a handle the resources coloured")
  }

  func testTheCommandLineWins() throws {
    let s = try settings(["--edge", "right", "--handle-color", "#0000ff"], "drawer-x11.edge: left\n*handleColor: #ff0000")
    XCTAssertEqual(s.configuration.edge, .right)
    XCTAssertEqual(s.configuration.handle?.color, DrawerColor(red: 0, green: 0, blue: 1))
    XCTAssertTrue(s.resources.settings.isEmpty)
  }

  /// Resources are found under --name and --class, by Xrm's rules.
  func testLookupFollowsTheNameAndClass() throws {
    let text = "drawer-x11.edge: left\nother.edge: top\nPlaces.Edge: right"
    XCTAssertEqual(try settings([], text).configuration.edge, .left)
    XCTAssertEqual(try settings(["--name", "other"], text).configuration.edge, .top)
    XCTAssertEqual(try settings(["--name", "none", "-c", "Places"], text).configuration.edge, .right)
    XCTAssertEqual(try settings(["--name", "none"], text).configuration.edge, .bottom)
    XCTAssertEqual(try settings([], "Drawer-x11.Edge: top").configuration.edge, .top)
    XCTAssertEqual(try settings([], "*Edge: top\ndrawer-x11*edge: right").configuration.edge, .right, "a name beats a class")
  }

  func testSwitchesTakeXtsBooleans() throws {
    for word in ["true", "Yes", "ON", "1"] {
      XCTAssertNil(try settings([], "drawer-x11.noHandle: \(word)").configuration.handle, word)
    }
    for word in ["false", "no", "Off", "0"] {
      let s = try settings([], "drawer-x11.noHandle: \(word)")
      XCTAssertNotNil(s.configuration.handle, word)
      XCTAssertEqual(s.resources.arguments, [], "a switch left off is no flag")
    }
    XCTAssertEqual(
      failure([], "drawer-x11.noHandle: maybe"),
      Failure(status: 64, message: "X resource drawer-x11.noHandle must be true or false (got maybe)"))
  }

  func testShadowsAreSeparatedBySemicolons() throws {
    let s = try settings([], "drawer-x11.shadow: #000,0.12,12,0,4 ; #000,0.08,2,0,1,1")
    XCTAssertEqual(s.configuration.shadow.opacity, 0.12)
    XCTAssertEqual(s.configuration.additionalShadows.count, 1)
    XCTAssertEqual(s.resources.arguments, ["--shadow", "#000,0.12,12,0,4", "--shadow", "#000,0.08,2,0,1,1"])
  }

  // MARK: Messages

  func testABadValueNamesTheResource() {
    XCTAssertEqual(
      failure([], "drawer-x11*edge: diagonal"),
      .usage("X resource drawer-x11.edge", "bottom, top, left or right", "diagonal"))
    XCTAssertEqual(
      failure(["--name", "places"], "*dimOpacity: 2"),
      .usage("X resource places.dimOpacity", "between 0 and 1", "2"))
  }

  /// Resources that contradict each other are named both; `--shadow` in
  /// a message is not the start of `--shadow-color`.
  func testConflictsNameBothResources() {
    XCTAssertEqual(
      failure([], "drawer-x11.detents: a=10,b=50%\ndrawer-x11.partialHeight: 30")?.message,
      "X resource drawer-x11.detents cannot be combined with X resource drawer-x11.partialHeight: X resource drawer-x11.partialHeight shapes DrawerKit's detents, which X resource drawer-x11.detents replaces"
    )
    let applied = AppliedResources(settings: [("--shadow", "x", "d.shadow")])
    XCTAssertEqual(namingResources("--shadow-color and --shadow, --shadow", applied), "--shadow-color and X resource d.shadow, X resource d.shadow")
  }

  /// A flag on the command line beats a resource for a flag it cannot be
  /// combined with, as it beats its own resource.
  func testAFlagOverrulesTheResourcesOfItsAlternatives() throws {
    let s = try settings(["--partial-height", "250"], "drawer-x11.detents: a=10,b=50%\n*dimOpacity: 0.2")
    XCTAssertEqual(s.configuration.heightOfPartiallyExpandedDrawer, 250)
    XCTAssertEqual(s.resources.arguments, ["--dim-opacity", "0.2"])
    let d = try settings(["--detents", "a=10,b=50%", "--backdrop", "a=0.5"], "*partialHeight: 30\n*initialState: full\n*dimOpacity: 0.2\n*initial: b")
    XCTAssertEqual(d.resources.arguments, ["--initial", "b"])
    XCTAssertEqual(try settings(["--passthrough"], "*tapsToDismiss: 2").resources.arguments, [])
    XCTAssertEqual(try settings(["--taps-to-dismiss", "2"], "*passthrough: true").resources.arguments, [])
  }

  /// How typing matches is a picker's setting: without --pick or --filter
  /// its resource waits, rather than failing a plain run.
  func testMatchAppliesWhereTypingFilters() throws {
    XCTAssertEqual(try settings([], "*match: fuzzy").resources.arguments, [])
    XCTAssertEqual(try settings(["-p"], "*match: fuzzy").filter, .fuzzy)
    XCTAssertEqual(try settings(["--filter", "--items", "rows.txt"], "*match: fuzzy").filter, .fuzzy)
    XCTAssertEqual(try settings([], "*noSort: true").resources.arguments, [])
    XCTAssertEqual(try settings(["-p"], "*noSort: true").sortsMatches, false)
    XCTAssertEqual(try settings(["-p"], "").sortsMatches, true)
  }

  // MARK: Replay

  /// A trace keeps the resources as flags ahead of the command line, and
  /// they make the same settings without the resources.
  func testAppliedResourcesReplayAsFlags() throws {
    let resources = "drawer-x11.edge: left\ndrawer-x11.passthrough: on\ndrawer-x11.geometry: 640x480\n*backgroundColor: #102030"
    let live = try settings(["--rows", "7"], resources)
    guard case .run(let replayed) = parseCommandLine(live.resources.arguments + ["--rows", "7"]) else { return XCTFail() }
    XCTAssertEqual(replayed.configuration, live.configuration)
    XCTAssertEqual(replayed.windowWidth, 640)
    XCTAssertEqual(live.windowHeight, 480)
  }

  // MARK: Sweep

  /// Every resource is a flag --help lists.
  func testEveryResourceIsAListedFlag() {
    guard case .print(let help) = parseCommandLine(["--help"]) else { return XCTFail("no help") }
    var flags = Set<String>()
    for word in help.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == "=" }) where word.hasPrefix("--") {
      let name = word.prefix { $0 == "-" || $0.isLetter }
      if name.count > 2 { flags.insert(String(name)) }
    }
    // Flags quoted in prose (--events FILE) are flags all the same.
    let resourced = Set(FlagSpec.all.filter(\.isResource).map(\.long))
    XCTAssertEqual(resourced.subtracting(flags), [], "a resource for a flag --help does not list")
    XCTAssertEqual(FlagSpec.handleCornerRadius.resourceName, "handleCornerRadius")
  }

  /// Each resource applied alone reaches the settings as its flag does.
  func testEachResourceActsAsItsFlag() throws {
    let values: [String: String] = [
      "--edge": "top", "--release": "nearest", "--theme": "dark", "--corner-mode": "fixed", "--initial-state": "full",
      "--match": "fuzzy", "--geometry": "500x400", "--scale": "2", "--detents": "a=10,b=50%", "--initial": "a",
      "--scroll-in": "b", "--backdrop": "a=0.1", "--font": "Serif", "--margins": "4", "--padding": "2",
      "--max-width": "none", "--rubber-band": "fp", "--removal": "off", "--timing": "linear", "--full-expansion": "cover",
      "--handle-size": "30x4", "--handle-corner-radius": "auto", "--shadow-offset": "0,2", "--shadow": "#000,0.1,4,0,1",
    ]
    for option in FlagSpec.all where option.isResource {
      let isToggle = !option.value.takesValue
      let text = isToggle ? "true" : values[option.long] ?? (option.long.hasSuffix("color") ? "#123456" : "1")
      var arguments = [option.long]
      if !isToggle { arguments.append(text) }
      if option.long == "--initial" || option.long == "--scroll-in" || option.long == "--backdrop" {
        arguments = ["--detents", "a=10,b=50%"] + arguments
      }
      if option.long == "--skip-states" { arguments = ["--release", "projection"] + arguments }
      if option.long == "--match" || option.long == "--no-sort" { arguments = ["--pick"] + arguments }
      guard case .run(let direct) = parseCommandLine(arguments) else { XCTFail("\(arguments) fails"); continue }
      let prefix = Array(arguments.dropLast(isToggle ? 1 : 2))
      let viaResource = try settings(prefix, "drawer-x11.\(option.resourceName): \(text)")
      XCTAssertEqual(viaResource.configuration, direct.configuration, option.long)
      XCTAssertEqual(viaResource.windowWidth, direct.windowWidth, option.long)
      XCTAssertEqual(viaResource.fontPattern, direct.fontPattern, option.long)
      XCTAssertEqual(viaResource.scale, direct.scale, option.long)
      XCTAssertEqual(viaResource.filter, direct.filter, option.long)
      XCTAssertEqual(viaResource.sortsMatches, direct.sortsMatches, option.long)
      XCTAssertEqual(viaResource.theme, direct.theme, option.long)
    }
  }
}
