import ArgumentParser
import Foundation
import XCTest

@testable import DrawerCommandLine
@testable import DrawerProcess

/// The direct reading of a plain command line agrees with argument-parser's,
/// flag by flag, and leaves every other command line to argument-parser.
final class DirectParseTests: XCTestCase {
  private func readByArgumentParser(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> LaunchFlags? {
    do {
      guard let command = try DrawerCommand.parseAsRoot(arguments) as? DrawerCommand else {
        XCTFail("argument-parser made no DrawerCommand of \(arguments)", file: file, line: line)
        return nil
      }
      return command.flags
    } catch {
      XCTFail("argument-parser refused \(arguments): \(error)", file: file, line: line)
      return nil
    }
  }

  /// Reads `arguments` both ways and compares; the direct reading must take them.
  private func assertSameReading(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) {
    let rewritten = optionalValuesRewritten(arguments)
    guard let direct = LaunchFlags.directlyParsed(rewritten) else {
      return XCTFail("not read directly: \(arguments)", file: file, line: line)
    }
    guard let reference = readByArgumentParser(rewritten, file: file, line: line) else { return }
    XCTAssertEqual(direct, reference, "\(arguments)", file: file, line: line)
  }

  func testTheEmptyCommandLineIsEveryDefault() {
    assertSameReading([])
  }

  /// Every flag at once, each with its own value, so that a flag setting
  /// another's field shows; then again in the other spelling (short
  /// letters, and `--flag=VALUE` where the first had `--flag VALUE`).
  func testEveryFlagInEachSpellingReadsAsArgumentParserReadsIt() {
    for pass in 0..<2 {
      var arguments: [String] = []
      for (i, flag) in FlagSpec.all.enumerated() {
        let name = pass == 1 ? flag.short ?? flag.long : flag.long
        let attached = (i + pass) % 2 == 0 && name.hasPrefix("--")
        switch flag.value {
        case .toggle, .toggleWithValue:
          arguments.append(name)
        case .single, .keyword:
          arguments += attached ? ["\(name)=v\(i)"] : [name, "v\(i)"]
        case .repeated:
          arguments += attached ? ["\(name)=v\(i)", name, "w\(i)"] : [name, "v\(i)", "\(name)=w\(i)"]
        }
      }
      assertSameReading(arguments)
    }
  }

  /// Each flag argument-parser knows, given alone, reaches a field of
  /// `LaunchFlags`: the field-by-field copy in `DrawerCommand.flags` leaves
  /// none out.
  func testEachFlagAloneChangesTheFlags() throws {
    for (long, argument) in try argumentParsersFlags() {
      let arguments = argument.kind == "flag" ? [long] : [long, "x"]
      guard let read = readByArgumentParser(arguments) else { continue }
      XCTAssertNotEqual(read, LaunchFlags(), long)
    }
  }

  /// Every option takes the next argument whatever it is: values that look
  /// like flags, numbers, assignments, or nothing at all.
  func testValuesThatLookLikeFlagsReadAsArgumentParserReadsThem() {
    for value in ["-5", "--help", "--edge", "-", "a=b", "Места 📍"] {
      assertSameReading(["--title", value, "--font=" + value, "--shadow", value, "-g", value])
    }
    assertSameReading(["--title", "", "--shadow", "", "-g", ""])
  }

  func testCombinationsReadAsArgumentParserReadsThem() {
    for arguments in [
      ["--geometry", "800x600", "--partial-height", "420", "--events"],
      ["--shadow-opacity", "0.35", "--shadow-radius", "14", "--border-thickness", "1", "--rows", "200", "--events"],
      ["-p", "-e", "events.jsonl", "-g", "300x200-0+5", "-c", "Places"],
      ["--events=out.jsonl", "--report-moves", "--record", "trace.jsonl", "--frame-stats"],
      ["--shadow", "#000,0.12,12,0,4", "--shadow=#000,0.08,2,0,1,1", "--shadow", "--shadow"],
      ["--title", "--geometry", "--geometry", "--title"],
      ["--edge", "left", "--detents", "rail=72,open=340", "--initial", "open", "--theme", "dark", "-V"],
      ["--pick", "--multi", "--print-index", "--match", "fuzzy", "--prompt", "Remove:", "--items", "-"],
      ["--geometry=800x600=3", "--font=Noto Sans:light", "--scale", "1.5"],
    ] {
      assertSameReading(arguments)
    }
  }

  /// What the direct reading cannot be sure of goes to argument-parser.
  func testAnythingElseIsLeftToArgumentParser() {
    for arguments in [
      ["--help"], ["-h"], ["help"], ["--edge"], ["-g"], ["--pick", "--pick"], ["-p", "--pick"],
      ["--edge", "left", "--edge", "right"], ["-pe"], ["--", "x"], ["--"], ["x"], ["-"], ["--pick=1"], ["--nonsense"],
      ["-x"], ["-g800x600"], ["--font=", "--version"], ["---completion", "--", "--edge"],
      ["--generate-completion-script", "bash"], ["--experimental-dump-help"],
    ] {
      XCTAssertNil(LaunchFlags.directlyParsed(arguments), "\(arguments)")
    }
  }

  /// argument-parser knows exactly the table's flags, hidden ones too, with
  /// the same short letter and kind: its description is made from the table.
  func testArgumentParserKnowsExactlyTheTablesFlags() throws {
    let known = try argumentParsersFlags()
    XCTAssertEqual(Set(known.keys), Set(FlagSpec.all.map(\.long)))
    for flag in FlagSpec.all {
      guard let reference = known[flag.long] else { continue }
      XCTAssertEqual(flag.short, reference.short, flag.long)
      let kind =
        switch flag.value {
        case .toggle, .toggleWithValue: "flag"
        case .single, .keyword: "option"
        case .repeated: "list"
        }
      XCTAssertEqual(kind, reference.kind, flag.long)
    }
  }

  /// The settings a direct reading leads to are the ones argument-parser's
  /// leads to, checks and messages included.
  func testParseCommandLineComesToTheSameOutcome() {
    for arguments in [
      ["--edge", "diagonal"], ["--partial-height", "9000"], ["--geometry", "800x600", "--partial-height", "420"],
      ["--multi"], ["--report-moves"], ["--scale", "9"],
    ] {
      let rewritten = optionalValuesRewritten(arguments)
      XCTAssertNotNil(LaunchFlags.directlyParsed(rewritten), "\(arguments)")
      guard let reference = readByArgumentParser(rewritten) else { continue }
      let viaReference: String
      do throws(Failure) {
        viaReference = String(describing: try reference.launchSettings().configuration)
      } catch {
        viaReference = "\(error)"
      }
      switch parseCommandLine(arguments) {
      case .run(let settings): XCTAssertEqual(String(describing: settings.configuration), viaReference, "\(arguments)")
      case .fail(let failure): XCTAssertEqual("\(failure)", viaReference, "\(arguments)")
      case .print(let text): XCTFail("printed \(text)")
      }
    }
  }

  /// argument-parser's own list of the flags (--help aside), from its JSON
  /// description of the command: each long name with its short one and its
  /// kind (flag, option, or list for a repeatable option).
  private func argumentParsersFlags() throws -> [String: (short: String?, kind: String)] {
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(DrawerCommand._dumpHelp().utf8)) as? [String: Any])
    let command = try XCTUnwrap(json["command"] as? [String: Any])
    let arguments = try XCTUnwrap(command["arguments"] as? [[String: Any]])
    var known: [String: (short: String?, kind: String)] = [:]
    for argument in arguments {
      let names = (argument["names"] as? [[String: Any]]) ?? []
      guard let long = names.first(where: { $0["kind"] as? String == "long" })?["name"] as? String else { continue }
      guard long != "help" else { continue }
      let short = names.first(where: { $0["kind"] as? String == "short" })?["name"] as? String
      var kind = argument["kind"] as? String ?? "?"
      if kind == "option" && argument["isRepeating"] as? Bool == true { kind = "list" }
      known["--" + long] = (short.map { "-" + $0 }, kind)
    }
    return known
  }
}
