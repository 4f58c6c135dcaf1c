import XCTest

@testable import DrawerCommandLine
@testable import DrawerDesktop
@testable import DrawerProcess

/// Each declared conflict is refused on the command line with one line
/// naming both flags, and steps its resources aside for the command line.
final class FlagConflictsTests: XCTestCase {
  /// A valid use of a flag alone.
  private func arguments(_ flag: FlagSpec) -> [String] {
    let values: [String: String] = [
      "--detents": "a=10,b=50%", "--partial-height": "200", "--collapsed-height": "100", "--full-expansion": "cover",
      "--initial-state": "full", "--initial": "b", "--scroll-in": "b", "--backdrop": "a=0.1", "--dim-opacity": "0.3",
      "--taps-to-dismiss": "2", "--geometry": "500x400", "--embed": "st -w %w", "--bar": "top", "--edge": "left", "--parent": "42", "--monitor": "1",
    ]
    // A bar is a picker's.
    let context = flag.long == "--bar" ? ["--pick"] : flag.long == "--parent" ? ["--pick", "--bar", "top"] : []
    return context + [flag.long] + (flag.value.takesValue ? [values[flag.long]!] : [])
  }

  func testEachConflictIsRefusedNamingBothFlags() {
    for conflict in FlagConflict.all {
      for other in conflict.others {
        let line = arguments(conflict.flag) + arguments(other)
        guard case .fail(let failure) = parseCommandLine(line) else { XCTFail("\(line) taken"); continue }
        XCTAssertEqual(failure.status, ExitStatus.usage)
        XCTAssertTrue(
          failure.message?.hasPrefix("\(conflict.flag.long) cannot be combined with \(other.long): ") ?? false,
          failure.message ?? "")
      }
    }
  }

  func testEachConflictsResourceStepsAsideForTheCommandLine() throws {
    for conflict in FlagConflict.all {
      for other in conflict.others {
        for (given, resourced) in [(conflict.flag, other), (other, conflict.flag)] {
          var line = arguments(given)
          // These name detents of --detents.
          if given.long == "--initial" || given.long == "--scroll-in" || given.long == "--backdrop" {
            line = arguments(.detents) + line
          }
          guard case .run(let settings) = parseCommandLine(line) else { XCTFail("\(line) refused"); continue }
          let value = resourced.value.takesValue ? arguments(resourced).last! : "true"
          let applied = try settings.applyingResources(
            ResourceDatabase("drawer-x11.\(resourced.resourceName): \(value)"))
          XCTAssertEqual(applied.resources.arguments, [], "\(line) with a resource for \(resourced.long)")
        }
      }
    }
  }
}
