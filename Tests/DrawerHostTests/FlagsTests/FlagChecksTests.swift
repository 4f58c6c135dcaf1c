import DrawerEngine
import TestSupport
import XCTest

@testable import DrawerCommandLine
@testable import DrawerDesktop
@testable import DrawerHost
@testable import DrawerProcess
@testable import DrawerScripting

final class FlagChecksTests: XCTestCase {
  private func failure(_ arguments: [String]) -> Failure? {
    if case .fail(let f) = parseCommandLine(arguments) { return f }
    return nil
  }

  func testDefaultsRun() {
    guard case .run(let s) = parseCommandLine([]) else { return XCTFail("no settings") }
    XCTAssertEqual(s.windowWidth, 800)
    XCTAssertEqual(s.windowHeight, 600)
    XCTAssertEqual(s.eventBufferLimit, EventLog.defaultBufferLimit)
    XCTAssertFalse(s.events)
  }

  func testHelpAndVersionPrint() {
    guard case .print(let help) = parseCommandLine(["--help"]) else { return XCTFail("no help") }
    XCTAssertTrue(help.contains("--partial-height"))
    XCTAssertTrue(help.contains("143 SIGTERM"))
    guard case .print(let version) = parseCommandLine(["--version"]) else { return XCTFail("no version") }
    XCTAssertTrue(version.hasPrefix("drawer-x11 "))
  }

  /// -V is --version; --help ends with its examples, after every flag.
  func testShortFlagsAndHelpEndingWithExamples() {
    guard case .print(let short) = parseCommandLine(["-V"]), case .print(let long) = parseCommandLine(["--version"])
    else { return XCTFail("no version") }
    XCTAssertEqual(short, long)
    guard case .print(let help) = parseCommandLine(["-h"]) else { return XCTFail("no help") }
    XCTAssertTrue(help.hasSuffix(DrawerCommand.examples.trimmingSuffixNewlines), "help ends with the examples")
    for flag in ["-g, --geometry", "-e, --events", "-p, --pick", "-V, --version", "-c, --class", "-h, --help"] {
      XCTAssertTrue(help.contains(flag), flag)
    }
    guard case .run(let s) = parseCommandLine(["-p", "-e", "events.jsonl", "-g", "300x200-0+5", "-c", "Places"])
    else { return XCTFail("short flags refused") }
    XCTAssertNotNil(s.pick)
    XCTAssertEqual(s.eventsPath, "events.jsonl")
    XCTAssertEqual(s.windowWidth, 300)
    XCTAssertEqual(s.placement, WindowGeometry(width: 300, height: 200, x: .init(0, fromFarEdge: true), y: .init(5)))
    XCTAssertEqual(s.identity.className, "Places")
    XCTAssertTrue(s.identity.isDialog, "a picker is a dialog")
  }

  func testWindowNamesAndGeometry() {
    guard case .run(let s) = parseCommandLine(["--title", "Места 📍", "--name", "places_1", "-g", "x500"]) else {
      return XCTFail()
    }
    XCTAssertEqual(s.identity.title, "Места 📍")
    XCTAssertEqual(s.identity.instanceName, "places_1")
    XCTAssertEqual(s.identity.className, WindowIdentity.defaultClassName)
    XCTAssertFalse(s.identity.isDialog)
    XCTAssertEqual(s.windowWidth, 800, "a side left out keeps its default")
    XCTAssertEqual(s.windowHeight, 500)
    for (flag, value) in [
      ("--title", ""), ("--title", "two\nlines"), ("--class", "a.b"), ("--class", "a*b"), ("--name", "a b"),
      ("--name", ""), ("--class", String(repeating: "c", count: 257)), ("--geometry", "15x600"),
      ("--geometry", "800x600+40000+0"), ("--geometry", "+10"), ("--geometry", ""),
    ] {
      XCTAssertEqual(failure([flag, value])?.status, 64, "\(flag) \(value)")
      XCTAssertTrue(failure([flag, value])?.message?.hasPrefix("\(flag) must be") ?? false, "\(flag) \(value)")
    }
  }

  func testAPicksTitleIsItsPromptUnlessTitleIsGiven() {
    func title(_ arguments: [String]) -> String? {
      guard case .run(let s) = parseCommandLine(arguments) else { return nil }
      return s.identity.title
    }
    XCTAssertEqual(title(["-p", "--prompt", "Open file:"]), "Open file:")
    XCTAssertEqual(title(["-p", "--prompt", "Open file:", "--title", "Files"]), "Files")
    XCTAssertEqual(title(["-p"]), WindowIdentity.defaultTitle)
    XCTAssertEqual(title(["-p", "--prompt", "two\nlines"]), WindowIdentity.defaultTitle, "not a title line")
    XCTAssertEqual(title(["--items", "-", "--filter", "--prompt", "Go:"]), WindowIdentity.defaultTitle, "not a pick")
  }

  /// A left or right panel's "heights" run along the window's width.
  func testLimitsAlongTheAxisNameTheWindowsWidthForSidePanels() {
    let side = ["--edge", "left", "--geometry", "800x1000"]
    XCTAssertEqual(
      failure(side + ["--full-expansion", "gap:900"]),
      .usage("--full-expansion", "cover, status-bar or gap:PX with PX between 0 and the window width 800", "gap:900"))
    XCTAssertEqual(
      failure(side + ["--partial-height", "900"]),
      .usage("--partial-height", "a number of px between 0 and the window width 800", "900"))
    XCTAssertEqual(
      failure(side + ["--flick-threshold", "-1"]),
      .usage("--flick-threshold", "a number of window widths per second between 0 and 1000", "-1"))
    XCTAssertEqual(
      failure(["--geometry", "1000x800", "--full-expansion", "gap:900"]),
      .usage("--full-expansion", "cover, status-bar or gap:PX with PX between 0 and the window height 800", "gap:900"))
    guard case .print(let help) = parseCommandLine(["--help"]) else { return XCTFail("no help") }
    // Help wraps lines, so words are compared with the line breaks gone.
    let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    XCTAssertFalse(words.contains("window height"), "help speaks of a bottom panel only")
    XCTAssertTrue(words.contains("the window's length along the panel's axis"))
  }

  func testReportMovesNeedsEventsUnlessTheyAreImplied() {
    XCTAssertEqual(
      failure(["--report-moves"]),
      Failure(status: 64, message: "--report-moves needs --events: moved is an event line"))
    guard case .run(let s) = parseCommandLine(["--report-moves"], eventsImplied: true) else { return XCTFail() }
    XCTAssertTrue(s.events)
    XCTAssertTrue(s.configuration.reportsMoves)
  }

  /// Flags with a closed set of words list them and refuse others in one line.
  ///
  /// --help and the completion scripts list the words, each maps to its
  /// setting, and any other word gets the same one line as every bad value,
  /// not argument-parser's own.
  func testKeywordFlagsListTheirWordsAndRefuseOthersInOneLine() throws {
    guard case .print(let help) = parseCommandLine(["--help"]) else { return XCTFail("no help") }
    let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for values in [
      "bottom, top, left, right", "partial, full, collapsed", "drawerkit, projection, nearest",
      "partial, status-bar, fixed",
    ] {
      XCTAssertTrue(words.contains("(values: \(values))"), values)
    }
    guard case .print(let bash) = parseCommandLine(["--generate-completion-script", "bash"]) else { return XCTFail() }
    for word in ["'left'", "'collapsed'", "'projection'", "'status-bar'"] { XCTAssertTrue(bash.contains(word), word) }

    guard case .run(let s) = parseCommandLine([
      "--edge", "right", "--initial-state", "full", "--release", "nearest", "--corner-mode", "status-bar",
    ]) else { return XCTFail("refused") }
    XCTAssertEqual(s.configuration.edge, .right)
    XCTAssertEqual(s.configuration.initialState, .fullyExpanded)
    XCTAssertEqual(s.configuration.releasePolicy, .nearest)
    XCTAssertEqual(s.configuration.cornerAnimationOption, .alwaysShowBelowStatusBar)

    for (flag, allowed, bad) in [
      ("--edge", "bottom, top, left or right", "Left"), ("--initial-state", "partial, full or collapsed", "dismissed"),
      ("--release", "drawerkit, projection or nearest", "bogus"), ("--corner-mode", "partial, status-bar or fixed", ""),
      ("--release", "drawerkit, projection or nearest", "-x"),
    ] {
      XCTAssertEqual(failure([flag, bad]), .usage(flag, allowed, bad), flag)
      // (--flag= with nothing after it is a missing value, for every flag.)
      if !bad.isEmpty { XCTAssertEqual(failure(["\(flag)=\(bad)"]), .usage(flag, allowed, bad), flag) }
    }
  }

  func testLenientNumbersAreRefusedNamingTheFlag() {
    for (arguments, flag) in [
      (["--partial-height", "0x10"], "--partial-height"), (["--partial-height", "1e-400"], "--partial-height"),
      (["--duration", "1e400"], "--duration"), (["--rows", "0x10"], "--rows"),
      (["--shadow-offset", "0x1,0"], "--shadow-offset"), (["--full-expansion", "gap:0x10"], "--full-expansion"),
      (["--timing", "spring:1e-400"], "--timing"), (["--handle-size", "0x1x6"], "--handle-size"),
    ] {
      let f = failure(arguments)
      XCTAssertEqual(f?.status, 64, "\(arguments)")
      XCTAssertTrue(f?.message?.hasPrefix(flag) ?? false, "\(arguments): \(f?.message ?? "accepted")")
    }
  }

  func testTheHandleKeepsAMinimumAlphaUnlessToldOtherwise() {
    guard case .run(let plain) = parseCommandLine([]) else { return XCTFail() }
    XCTAssertEqual(plain.configuration.handle?.minimumAlpha, 0.4, "the program's way back")
    guard case .run(let drawerKit) = parseCommandLine(["--handle-min-alpha", "0"]) else { return XCTFail() }
    XCTAssertEqual(drawerKit.configuration.handle?.minimumAlpha, 0)
    XCTAssertEqual(failure(["--handle-min-alpha", "1.5"])?.message, "--handle-min-alpha must be between 0 and 1 (got 1.5)")
    XCTAssertEqual(failure(["--handle-min-alpha", "nan"])?.status, 64)
  }

  func testFontTakesAPatternAndRefusesWhatCannotBeOne() {
    guard case .run(let plain) = parseCommandLine([]) else { return XCTFail() }
    XCTAssertEqual(plain.fontPattern, "sans-serif")
    guard case .run(let s) = parseCommandLine(["--font", "Noto Sans:light"]) else { return XCTFail() }
    XCTAssertEqual(s.fontPattern, "Noto Sans:light")
    for bad in ["", "sans\nserif", "sans\u{1B}[31m", String(repeating: "x", count: 513)] {
      let f = failure(["--font", bad])
      XCTAssertEqual(f?.status, 64, bad)
      XCTAssertEqual(f?.message?.hasPrefix("--font must be a fontconfig pattern"), true, f?.message ?? "accepted")
    }
  }

  func testScaleIsAutoOrANumberFromHalfToFour() {
    guard case .run(let plain) = parseCommandLine([]) else { return XCTFail() }
    XCTAssertEqual(plain.scale, .auto)
    for (text, choice) in [("auto", ScaleChoice.auto), ("2", .fixed(2)), ("1.5", .fixed(1.5)), ("0.5", .fixed(0.5)), ("4", .fixed(4))] {
      guard case .run(let s) = parseCommandLine(["--scale", text]) else { return XCTFail(text) }
      XCTAssertEqual(s.scale, choice, text)
      XCTAssertEqual(s.windowWidth, 800, "--geometry stays logical")
    }
    for bad in ["0.49", "4.01", "0", "-2", "nan", "inf", "0x2", "2x", "Auto", ""] {
      XCTAssertEqual(
        failure(["--scale", bad]), .usage("--scale", "auto or a number between 0.5 and 4", bad), bad)
    }
    guard case .print(let help) = parseCommandLine(["--help"]) else { return XCTFail("no help") }
    let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    XCTAssertTrue(words.contains("--scale <auto|FACTOR>"), "listed")
    XCTAssertTrue(words.contains("events report logical px"), "says what the events measure in")
  }

  func testMootFlagsAreStillChecked() {
    XCTAssertEqual(failure(["--no-handle", "--handle-size", "0x6"])?.message?.hasPrefix("--handle-size"), true)
    XCTAssertEqual(failure(["--no-handle", "--handle-corner-radius", "round"])?.status, 64)
    guard case .run(let s) = parseCommandLine(["--no-handle", "--handle-size", "30x4"]) else { return XCTFail() }
    XCTAssertNil(s.configuration.handle)
  }

  func testEchoedValuesComeOutSafe() {
    let f = failure(["--border-color", "\u{1B}]0;owned\u{7}"])
    XCTAssertEqual(f?.status, 64)
    let line = diagnosticLine(f?.message ?? "")
    XCTAssertFalse(hasControlCharacters(line), line)
    XCTAssertTrue(line.contains("\\e]0;owned\\x07"), line)
  }

  // Fuzz: 250 argument vectors in two halves, which `swift test --parallel` runs side by side (ArgumentParser
  // with the flag groups takes ~0.3 s a vector in a debug build); each runs, prints or fails with 64 and one
  // clean line.

  /// Plain --passthrough is non-modal at every detent; with names only at
  /// those, in any spelling; a name that is no detent is refused.
  func testPassthroughTakesTheDetentsItAppliesTo() {
    let detents = ["--detents", "tip=64,half=50%,full=-0"]
    guard case .run(let all) = parseCommandLine(detents + ["--passthrough"]) else { return XCTFail() }
    XCTAssertTrue(all.configuration.passthrough)
    XCTAssertEqual(all.configuration.passthroughTouchesInStates, [])
    for spelling in [["--passthrough", "tip,half"], ["--passthrough=tip,half"]] {
      guard case .run(let some) = parseCommandLine(detents + spelling + ["--edge", "top"]) else {
        return XCTFail("\(spelling)")
      }
      XCTAssertFalse(some.configuration.passthrough)
      XCTAssertEqual(some.configuration.passthroughTouchesInStates, ["tip", "half"])
      XCTAssertEqual(some.configuration.edge, .top, "the next flag is still read")
    }
    XCTAssertEqual(
      failure(detents + ["--passthrough", "tip,nowhere"])?.message,
      "--passthrough must be names of detents (got nowhere)")
    XCTAssertEqual(
      failure(["--passthrough", "a b"])?.message, "--passthrough must be names of letters, digits, - and _ (got a b)")
  }

  /// --initial dismissed starts the run hidden and leaves the detent the
  /// panel presents at as it was; --slide-in and --keep reach the settings.
  func testInitialDismissedSlideInAndKeep() {
    guard case .run(let hidden) = parseCommandLine(["--initial", "dismissed", "--keep", "--slide-in"]) else {
      return XCTFail()
    }
    XCTAssertEqual(hidden.lifecycle, PanelLifecycle(startsHidden: true, slidesIn: true, keeps: true))
    XCTAssertNil(hidden.configuration.initialState)
    guard case .run(let pick) = parseCommandLine(["--pick", "--initial", "dismissed"]) else { return XCTFail() }
    XCTAssertEqual(pick.configuration.initialState, .fullyExpanded, "a pick still opens at full")
    guard case .run(let plain) = parseCommandLine([]) else { return XCTFail() }
    XCTAssertEqual(plain.lifecycle, PanelLifecycle())
    guard case .run(let desktop) = parseCommandLine(["--desktop"]) else { return XCTFail() }
    XCTAssertEqual(desktop.lifecycle, PanelLifecycle(slidesIn: true), "over the desktop it slides")
    XCTAssertEqual(
      failure(["--desktop", "--initial", "dismissed"])?.message,
      "--desktop --initial dismissed needs --control: nothing else can show the panel")
    guard case .run = parseCommandLine(["--desktop", "--initial", "dismissed", "--control", "-"]) else {
      return XCTFail("with --control it is taken")
    }
  }

  /// A bad --initial is told every value --initial takes, dismissed
  /// included, and only those: collapsed only with a collapsed height.
  func testInitialListsEveryAcceptedValue() {
    XCTAssertEqual(
      failure(["--initial", "nowhere"])?.message,
      "--initial must be dismissed, partiallyExpanded or fullyExpanded (got nowhere)")
    XCTAssertEqual(
      failure(["--collapsed-height", "80", "--initial", "nowhere"])?.message,
      "--initial must be dismissed, collapsed, partiallyExpanded or fullyExpanded (got nowhere)")
    XCTAssertEqual(
      failure(["--detents", "a=10,b=20", "--initial", "a b"])?.message, "--initial must be dismissed, a or b (got a b)")
    // Each value the message names is taken.
    for value in ["dismissed", "collapsed", "partiallyExpanded", "fullyExpanded"] {
      guard case .run = parseCommandLine(["--collapsed-height", "80", "--initial", value]) else {
        return XCTFail("--initial \(value) refused")
      }
    }
    let many = (0..<100).map { "d\($0)=\($0)" }.joined(separator: ",")
    XCTAssertEqual(
      failure(["--detents", many, "--initial", "nowhere"])?.message,
      "--initial must be one of dismissed, " + (0..<23).map { "d\($0)" }.joined(separator: ", ")
        + " … (101 names) (got nowhere)")
  }

  func testRandomArgumentVectors() { randomArgumentVectors(seed: 2026, rounds: 125) }

  func testMoreRandomArgumentVectors() { randomArgumentVectors(seed: 2027, rounds: 125) }

  private func randomArgumentVectors(seed: UInt64, rounds: Int) {
    let flags = [
      "--partial-height", "--collapsed-height", "--rows", "--row-height", "--duration", "--timing", "--geometry",
      "--shadow-offset", "--handle-size", "--border-color", "--full-expansion", "--initial-state", "--corner-mode",
      "--no-handle", "--no-partial-expansion", "--debug", "--events", "--help", "--version", "--bogus", "-x", "--",
      "--taps-to-dismiss", "--dim-opacity", "--items", "--event-buffer-limit", "--status-bar-height",
      "--edge", "--detents", "--initial", "--backdrop", "--scroll-in", "--passthrough", "--record", "--report-moves",
      "--scale",
    ]
    let values = [
      "0x10", "1e-400", "1e400", "nan", "-1", "", "800x600", "10x10", "spring:0.5", "cubic:0,0,1,1", "gap:10", "0",
      "\u{1B}[31m", "\u{9B}", "é", String(repeating: "9", count: 40), "1,2", "red", "#ff0000", "full", "partial",
      "collapsed", "1_0", "+5", ".5", "300", "\n", "-", "fixed", "left", "top", "tip=64,half=50%,full=-24",
      "a=content", "a=1,a=2", "full=0.3", "fullyExpanded", "a=", "=5", "tip", "x=101%", "auto", "4",
    ]
    var rng = SplitMix64(seed: seed)
    var outcomes = [0, 0, 0]
    for round in 0..<rounds {
      let arguments = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
        Bool.random(using: &rng) ? flags.randomElement(using: &rng)! : values.randomElement(using: &rng)!
      }
      switch parseCommandLine(arguments) {
      case .run(let s):
        outcomes[0] += 1
        XCTAssertNoThrow(try s.configuration.validate(), "round \(round): \(arguments)")
        // Whatever the scale, the configuration in device px is one the engine takes.
        for scale in [0.5, 1.25, 4] {
          XCTAssertNoThrow(
            try DisplayScale(scale).configuration(s.configuration).validate(), "round \(round) at \(scale): \(arguments)")
        }
      case .print(let text):
        outcomes[1] += 1
        XCTAssertFalse(text.isEmpty)
      case .fail(let f):
        outcomes[2] += 1
        XCTAssertEqual(f.status, 64, "round \(round): \(arguments)")
        let line = diagnosticLine(f.message ?? "")
        XCTAssertFalse(hasControlCharacters(line), "round \(round): \(line)")
        XCTAssertFalse(line.contains("\n"), "round \(round)")
      }
    }
    XCTAssertTrue(outcomes.allSatisfy { $0 > 0 }, "every outcome reached: \(outcomes)")
  }
}

extension String {
  fileprivate var trimmingSuffixNewlines: Substring {
    var s = self[...]
    while s.last == "\n" { s.removeLast() }
    return s
  }
}
