import XCTest

@testable import DrawerCommandLine
@testable import DrawerDesktop

final class FontSizeTests: XCTestCase {
  func testAPatternWithoutASizeKeepsTheLayout() {
    for pattern in ["sans-serif", "DejaVu Sans", "Noto Sans:light", "Foo\\-Bar:weight=bold", ""] {
      XCTAssertEqual(FontSize.factor(ofPattern: pattern), 1, pattern)
    }
  }

  func testPointsAndPixelsSetTheRowsTextSize() {
    XCTAssertEqual(FontSize.factor(ofPattern: "DejaVu Sans:pixelsize=30"), 2)
    XCTAssertEqual(FontSize.factor(ofPattern: "DejaVu Sans:size=20"), 20 * 96 / 72 / 15, accuracy: 1e-9)
    XCTAssertEqual(FontSize.factor(ofPattern: "DejaVu Sans-15"), 15 * 96 / 72 / 15, accuracy: 1e-9)
    XCTAssertEqual(FontSize.factor(ofPattern: "Monospace-9,10:bold"), 9 * 96 / 72 / 15, accuracy: 1e-9)
    XCTAssertEqual(FontSize.factor(ofPattern: "sans:PixelSize=22.5"), 1.5)
    XCTAssertEqual(FontSize.factor(ofPattern: "sans:size=9:pixelsize=45"), 3, "pixels outrank points")
  }

  func testOddSizesStayInRange() {
    XCTAssertEqual(FontSize.factor(ofPattern: "sans:pixelsize=1"), 0.5)
    XCTAssertEqual(FontSize.factor(ofPattern: "sans:pixelsize=9999"), 4)
    XCTAssertEqual(FontSize.factor(ofPattern: "sans:pixelsize=0"), 1)
    XCTAssertEqual(FontSize.factor(ofPattern: "sans:pixelsize=nan"), 1)
    XCTAssertEqual(FontSize.factor(ofPattern: "sans:size=big"), 1)
    XCTAssertEqual(FontSize.factor(ofPattern: "a\\-20"), 1, "an escaped dash is part of the family")
  }

  func testRowsGrowWithTheTextUnlessTheirHeightIsGiven() {
    guard case .run(let plain) = parseCommandLine([]),
      case .run(let big) = parseCommandLine(["--font", "DejaVu Sans:pixelsize=30"]),
      case .run(let given) = parseCommandLine(["--font", "DejaVu Sans:pixelsize=30", "--row-height", "40"])
    else { return XCTFail("refused") }
    XCTAssertEqual(plain.configuration.rowHeight, 56)
    XCTAssertEqual(big.configuration.rowHeight, 112)
    XCTAssertEqual(given.configuration.rowHeight, 40)
  }
}
