import ArgumentParser
import Foundation
import XCTest

@testable import DrawerCommandLine
@testable import DrawerDesktop
@testable import DrawerProcess

/// Every flag of the one table reaches each reader derived from it: both
/// parsers, the X resources, the completion scripts, --help and the help
/// dump the man page is made from, and a replay's command line.
final class FlagTableTests: XCTestCase {
  /// A valid use of each flag: the flags it needs, and its value (nil for a
  /// switch). A flag added to the table without one fails
  /// `testEveryFlagHasASample`.
  private static let samples: [String: (context: [String], value: String?)] = [
    "--edge": ([], "left"), "--detents": ([], "tip=64,full=-24"), "--initial": (detents, "b"),
    "--partial-height": ([], "200"), "--collapsed-height": ([], "100"), "--initial-state": ([], "full"),
    "--full-expansion": ([], "gap:24"), "--status-bar-height": ([], "30"), "--no-partial-expansion": ([], nil),
    "--no-dismiss-in-stages": ([], nil),
    "--release": ([], "projection"), "--skip-states": (["--release", "projection"], nil), "--rubber-band": ([], "fp"),
    "--removal": ([], "off"), "--passthrough": ([], nil),
    "--passthrough-detents": (detents + ["--passthrough"], "a"), "--no-drag": ([], nil), "--slide-in": ([], nil),
    "--keep": ([], nil), "--taps-to-expand": ([], "2"),
    "--taps-to-dismiss": ([], "2"), "--flick-threshold": ([], "3"), "--upper-mark-gap": ([], "30"),
    "--lower-mark-gap": ([], "30"), "--double-click-time": ([], "300"), "--click-slop": ([], "5"),
    "--duration": ([], "0.5"), "--reduced-motion": ([], nil), "--proportional-duration": ([], nil), "--timing": ([], "linear"),
    "--theme": ([], "dark"), "--font": ([], "Serif"), "--backdrop": (detents, "a=0.1"), "--dim-opacity": ([], "0.3"),
    "--corner-radius": ([], "8"), "--corner-mode": ([], "fixed"), "--background-color": ([], "#123456"),
    "--row-color": ([], "#123456"), "--selection-color": ([], "#123"), "--selection-text-color": ([], "#fff"),
    "--match-color": ([], "#ff0000"),
    "--no-handle": ([], nil), "--handle-color": ([], "#123456"), "--handle-size": ([], "30x4"),
    "--handle-top": ([], "8"), "--handle-corner-radius": ([], "2"), "--no-handle-dimming": ([], nil),
    "--handle-min-alpha": ([], "0.2"), "--border-thickness": ([], "1"), "--border-color": ([], "#123456"),
    "--shadow-opacity": ([], "0.3"), "--shadow-radius": ([], "10"), "--shadow-offset": ([], "0,2"),
    "--shadow-color": ([], "#123456"), "--shadow": ([], "#000,0.1,4,0,1"), "--margins": ([], "4"),
    "--padding": ([], "2"), "--max-width": ([], "none"), "--debug": ([], nil),
    "--rows": ([], "7"), "--items": ([], "rows.txt"), "--row-height": ([], "40"), "--scroll-in-all-states": ([], nil),
    "--scroll-in": (detents, "b"),
    "--pick": ([], nil), "--multi": (["--pick"], nil), "--print-index": (["--pick"], nil), "--prompt": ([], "Go:"),
    "--filter": (["--items", "rows.txt"], nil), "--match": (["--pick"], "fuzzy"), "--no-sort": (["--pick"], nil),
    "--ignore-case": (["--pick"], nil), "--query": (["--pick"], "al"), "--select": (["--pick"], "beta"),
    "--auto-select": (["--pick"], nil), "--no-custom": (["--pick"], nil), "--mesg": (["--pick"], "Choose"), "--password": (["--pick"], nil),
    "--lines": (["--pick", "--bar", "top"], "10"), "--control": ([], "commands.fifo"),
    "--geometry": ([], "500x400"), "--monitor": ([], "pointer"), "--desktop": ([], nil), "--bar": (["--pick"], "bottom"), "--parent": (["--pick", "--bar", "top"], "0x1200003"), "--embed": ([], "stterm -w %w"), "--hide-on-blur": (["--desktop", "--embed", "stterm -w %w"], nil), "--embed-resize": (["--embed", "stterm -w %w"], nil), "--title": ([], "Places"), "--class": ([], "Places"), "--name": ([], "places"),
    "--scale": ([], "2"), "--events": ([], nil), "--events-file": (["--events"], "out.jsonl"),
    "--report-moves": (["--events"], nil), "--record": ([], "trace.jsonl"), "--no-accessibility": ([], nil), "--frame-stats": ([], nil),
    "--version": ([], nil), "--event-buffer-limit": ([], "4096"),
  ]
  private static let detents = ["--detents", "a=10,b=50%"]

  /// The flag's own arguments: its name, and its sample value if it takes one.
  private func use(_ flag: FlagSpec) -> (context: [String], flag: [String], value: String?) {
    let sample = Self.samples[flag.long] ?? ([], nil)
    return (sample.context, [flag.long] + (sample.value.map { [$0] } ?? []), sample.value)
  }

  func testEveryFlagHasASample() {
    XCTAssertEqual(Set(FlagSpec.all.map(\.long)), Set(Self.samples.keys))
    for flag in FlagSpec.all {
      XCTAssertEqual(Self.samples[flag.long]?.value != nil, flag.value.takesValue, flag.long)
    }
  }

  func testTheTableNamesEachFlagOnce() {
    XCTAssertEqual(Set(FlagSpec.all.map(\.long)).count, FlagSpec.all.count)
    let shorts = FlagSpec.all.compactMap(\.short)
    XCTAssertEqual(Set(shorts).count, shorts.count)
  }

  /// Both parsers read each flag with its value, and the whole command
  /// line comes to settings.
  func testEveryFlagReachesTheParsers() throws {
    for flag in FlagSpec.all {
      let (context, own, value) = use(flag)
      let arguments = optionalValuesRewritten(context + own)
      let direct = try XCTUnwrap(LaunchFlags.directlyParsed(arguments), flag.long)
      let command = try XCTUnwrap(try DrawerCommand.parseAsRoot(arguments) as? DrawerCommand, flag.long)
      for flags in [direct, command.flags] {
        XCTAssertTrue(flags.has(flag), flag.long)
        XCTAssertEqual(flags[flag], value, flag.long)
      }
      switch parseCommandLine(context + own) {
      case .run: XCTAssertNotEqual(flag.long, "--version")
      case .print(let text): XCTAssertEqual(text, DrawerCommand.versionLine, flag.long)
      case .fail(let failure): XCTFail("\(flag.long): \(failure)")
      }
    }
  }

  /// A flag marked as a resource is read from its X resource, and comes to
  /// the settings the flag itself gives; any other flag's resource is
  /// ignored.
  func testEveryResourceFlagIsReadFromItsResource() throws {
    for flag in FlagSpec.all {
      let (context, own, value) = use(flag)
      guard case .run(let plain) = parseCommandLine(context) else { return XCTFail(flag.long) }
      let line = "drawer-x11.\(flag.resourceName): \(value ?? "true")"
      let viaResource = try plain.applyingResources(ResourceDatabase(line))
      guard flag.isResource else {
        XCTAssertEqual(viaResource.resources.arguments, [], flag.long)
        continue
      }
      XCTAssertEqual(viaResource.resources.arguments, own, flag.long)
      guard case .run(let viaFlag) = parseCommandLine(context + own) else { return XCTFail(flag.long) }
      XCTAssertEqual(viaResource.configuration, viaFlag.configuration, flag.long)
      XCTAssertEqual(viaResource.scale, viaFlag.scale, flag.long)
      XCTAssertEqual(viaResource.windowWidth, viaFlag.windowWidth, flag.long)
      XCTAssertEqual(viaResource.fontPattern, viaFlag.fontPattern, flag.long)
      XCTAssertEqual(viaResource.filter, viaFlag.filter, flag.long)
      XCTAssertEqual(viaResource.lifecycle, viaFlag.lifecycle, flag.long)
      XCTAssertEqual(viaResource.monitor, viaFlag.monitor, flag.long)
      XCTAssertEqual(viaResource.desktop, viaFlag.desktop, flag.long)
      XCTAssertEqual(viaResource.embed, viaFlag.embed, flag.long)
    }
  }

  /// Each shell's completion script offers every flag --help lists, and the
  /// words the table gives for its value.
  func testEveryFlagIsInTheCompletionScripts() throws {
    var scripts: [String: String] = [:]
    for shell in ["bash", "zsh", "fish"] {
      guard case .print(let script) = parseCommandLine(["--generate-completion-script", shell]) else {
        return XCTFail(shell)
      }
      scripts[shell] = script
    }
    for flag in FlagSpec.all {
      let name = String(flag.long.dropFirst(2))
      let offered = [
        "bash": mentions(scripts["bash"]!, flag.long), "zsh": mentions(scripts["zsh"]!, flag.long),
        "fish": scripts["fish"]!.contains("-l '\(name)'"),
      ]
      for (shell, isOffered) in offered { XCTAssertEqual(isOffered, !flag.isHidden, "\(shell): \(flag.long)") }
      var words: [String] = []
      if case .words(let list) = flag.completion { words = list }
      if case .keyword(let keywords, _) = flag.value { words = keywords.words }
      for word in words {
        XCTAssertTrue(scripts["fish"]!.contains("'\(name)'") && scripts["fish"]!.contains(word), "\(flag.long) \(word)")
        XCTAssertTrue(scripts["bash"]!.contains("'\(word)'"), "bash: \(flag.long) \(word)")
      }
      if [.detentName, .detentNames, .detentAssignments].contains(flag.completion) {
        XCTAssertTrue(scripts["bash"]!.contains("---completion -- \(flag.long) "), flag.long)
      }
    }
  }

  /// Whether `script` holds `flag` as a whole word: `--shadow` is not in
  /// `--shadow-color`.
  private func mentions(_ script: String, _ flag: String) -> Bool {
    func isNamePart(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || $0 == "-" } ?? false }
    var rest = script[...]
    while let range = rest.firstRange(of: flag) {
      let before = range.lowerBound > script.startIndex ? script[script.index(before: range.lowerBound)] : nil
      if !isNamePart(before) && !isNamePart(rest[range.upperBound...].first) { return true }
      rest = rest[range.upperBound...]
    }
    return false
  }

  /// --help lists every flag that is not hidden, and the help dump that the
  /// man page is made from (`make dist`: generate-manual, then
  /// Packaging/man/splice.py) holds each with the table's names and text.
  func testEveryFlagIsInTheHelpAndTheManualsSource() throws {
    guard case .print(let help) = parseCommandLine(["--help"]) else { return XCTFail("no help") }
    guard case .print(let dump) = parseCommandLine(["--experimental-dump-help"]) else { return XCTFail("no dump") }
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any])
    let command = try XCTUnwrap(json["command"] as? [String: Any])
    let arguments = try XCTUnwrap(command["arguments"] as? [[String: Any]])
    var dumped: [String: [String: Any]] = [:]
    for argument in arguments {
      for name in (argument["names"] as? [[String: Any]]) ?? [] where name["kind"] as? String == "long" {
        dumped["--" + (name["name"] as? String ?? "")] = argument
      }
    }
    for flag in FlagSpec.all {
      XCTAssertEqual(help.contains("  \(flag.long)") || help.contains(", \(flag.long)"), !flag.isHidden, flag.long)
      let entry = try XCTUnwrap(dumped[flag.long], flag.long)
      XCTAssertEqual(entry["shouldDisplay"] as? Bool, !flag.isHidden, flag.long)
      guard !flag.isHidden else { continue }
      XCTAssertEqual(entry["abstract"] as? String, flag.helpText, flag.long)
      XCTAssertEqual(entry["sectionTitle"] as? String, flag.group.rawValue, flag.long)
      let short = (entry["names"] as? [[String: Any]])?.first { $0["kind"] as? String == "short" }?["name"] as? String
      XCTAssertEqual(short.map { "-" + $0 }, flag.short, flag.long)
      if let valueName = flag.valueName { XCTAssertEqual(entry["valueName"] as? String, valueName, flag.long) }
    }
  }

  /// A number's limits in the table are the ones the check holds it to:
  /// its bounds are taken (but a double-click time of 0), a step beyond
  /// either is refused with one line naming the flag and the bounds.
  func testEveryFlagIsCheckedAgainstItsLimits() {
    for flag in FlagSpec.all {
      guard let limits = flag.limits else { continue }
      let spelled = { (v: Double) in flag == .handleSize ? "\(formatNumber(v))x\(formatNumber(v))" : formatNumber(v) }
      let step = limits.upperBound - limits.lowerBound >= 2 ? 1 : 0.25
      // With the flags it needs (--lines needs --bar).
      let context = Self.samples[flag.long]?.context ?? []
      for v in [limits.lowerBound, limits.upperBound] where !(flag == .doubleClickTime && v == 0) {
        guard case .run = parseCommandLine(context + [flag.long, spelled(v)]) else {
          return XCTFail("\(flag.long) \(v) refused")
        }
      }
      for v in [limits.lowerBound - step, limits.upperBound + step] {
        guard case .fail(let failure) = parseCommandLine(context + [flag.long, spelled(v)]) else {
          return XCTFail("\(flag.long) \(v) taken")
        }
        let message = failure.message ?? ""
        XCTAssertTrue(message.hasPrefix(flag.long + " must be"), message)
        XCTAssertTrue(message.contains(formatNumber(limits.upperBound)), message)
      }
    }
  }

  /// A trace's command line keeps each flag its rule keeps, as given, and
  /// leaves out with its value each one it drops; what it keeps parses.
  func testEveryFlagReachesAReplayByItsRule() {
    for flag in FlagSpec.all {
      let (context, own, _) = use(flag)
      let kept = FlagSpec.replayArguments(context + own)
      switch flag.replay {
      case .keep: XCTAssertEqual(kept, context + own, flag.long)
      case .drop: XCTAssertEqual(kept, context, flag.long)
      }
      guard flag != .version else { continue }
      guard case .run = parseCommandLine(kept) else { return XCTFail("the replay of \(flag.long) fails") }
    }
    // A value is not taken for a flag to drop.
    XCTAssertEqual(FlagSpec.replayArguments(["--title", "--record", "--record=x", "-p"]), ["--title", "--record", "-p"])
  }
}

extension FlagSpec: Equatable {
  public static func == (a: FlagSpec, b: FlagSpec) -> Bool { a.long == b.long }
}
