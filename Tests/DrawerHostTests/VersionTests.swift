import DrawerVersion
import Foundation
import XCTest

@testable import DrawerCommandLine

final class VersionTests: XCTestCase {
  /// `git describe --tags --dirty --always` output, as the version shows it.
  func testGitDescriptionsBecomeVersions() {
    XCTAssertEqual(version(describing: "v0.13.0", released: "0.12.0"), "0.13.0")
    XCTAssertEqual(version(describing: "v0.13.0-3-gabc1234", released: "0.12.0"), "0.13.0-3-gabc1234")
    XCTAssertEqual(version(describing: "v0.13.0-3-gabc1234-dirty", released: "0.12.0"), "0.13.0-3-gabc1234-dirty")
    // No version tag below the commit yet: the last release and the commit.
    XCTAssertEqual(version(describing: "abc1234", released: "0.12.0"), "0.12.0-gabc1234")
    XCTAssertEqual(version(describing: "abc1234-dirty", released: "0.12.0"), "0.12.0-gabc1234-dirty")
    // A hash may start with v: only v and a digit is a tag.
    XCTAssertEqual(version(describing: "vabc123", released: "0.12.0"), "0.12.0-gvabc123")
    // No checkout, or git could not say.
    XCTAssertEqual(version(describing: nil, released: "0.12.0"), "0.12.0")
    XCTAssertEqual(version(describing: "", released: "0.12.0"), "0.12.0")
  }

  /// A tarball reports the latest release in CHANGELOG.md.
  func testTheFallbackIsTheChangelogsLatestRelease() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    // The first "## [x.y.z] - date" heading; [Unreleased] comes before it.
    let released = changelog.split(separator: "\n").lazy.compactMap { line -> Substring? in
      guard line.hasPrefix("## ["), let close = line.firstIndex(of: "]") else { return nil }
      let name = line[line.index(line.startIndex, offsetBy: 4)..<close]
      return name.first?.isNumber == true ? name : nil
    }.first
    XCTAssertEqual(released.map(String.init), releasedVersion)
  }

  /// Both programs print the same version, the one the build describes.
  func testBothProgramsPrintTheVersion() {
    guard case .print(let text) = parseCommandLine(["--version"]) else { return XCTFail("no version") }
    XCTAssertEqual(text, "drawer-x11 \(programVersion)")
    XCTAssertEqual(try Replay.run(["--version"]) { _ in }, .print("drawer-replay \(programVersion)"))
  }

  /// The requests tools make of an argument-parser program go through the
  /// programs' own parsing: the manual plugin's JSON and the completion
  /// scripts.
  func testToolRequestsPrintWhatTheyAsk() throws {
    guard case .print(let x11) = parseCommandLine(["--experimental-dump-help"]) else { return XCTFail("no dump") }
    guard case .print(let replay) = try Replay.run(["--experimental-dump-help"], emit: { _ in }) else {
      return XCTFail("no replay dump")
    }
    for (name, json) in [("drawer-x11", x11), ("drawer-replay", replay)] {
      let info = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
      let command = info?["command"] as? [String: Any]
      XCTAssertEqual(command?["commandName"] as? String, name)
    }
    for shell in ["bash", "zsh", "fish"] {
      guard case .print(let script) = parseCommandLine(["--generate-completion-script", shell]) else {
        return XCTFail("\(shell): no script")
      }
      XCTAssertTrue(script.contains("bottom") && script.contains("right"), "\(shell) completes --edge")
    }
  }
}
