import DrawerRaster
import XCTest

final class BorderRuleTests: XCTestCase {
  func testAWholeThicknessIsSolid() {
    let r = BorderRule(thickness: 2)
    XCTAssertEqual(r.runs.map(\.offset), [0])
    XCTAssertEqual(r.runs.map(\.depth), [2])
    XCTAssertEqual(r.runs.map(\.opacity), [1])
  }

  func testAFractionEndsInOnePixelAtThatFraction() {
    let r = BorderRule(thickness: 1.5)
    XCTAssertEqual(r.runs.map(\.offset), [0, 1])
    XCTAssertEqual(r.runs.map(\.depth), [1, 1])
    XCTAssertEqual(r.runs.map(\.opacity), [1, 0.5])
  }

  func testAHairlineIsOnePixelAtItsThickness() {
    let r = BorderRule(thickness: 0.25)
    XCTAssertEqual(r.runs.map(\.offset), [0])
    XCTAssertEqual(r.runs.map(\.opacity), [0.25])
  }

  func testNothingForNoThicknessOrNonsense() {
    for t in [0, -3, .nan, .infinity] { XCTAssertTrue(BorderRule(thickness: t).runs.isEmpty, "\(t)") }
  }
}
