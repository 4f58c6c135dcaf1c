import TestSupport
import XCTest

@testable import DrawerDesktop

final class ResourceDatabaseTests: XCTestCase {
  private func dpi(_ text: String) -> Double? { ResourceDatabase(text).xftDPI }

  // Happy path.

  func testXftDPIAsXrdbWritesIt() {
    XCTAssertEqual(dpi("Xft.dpi:\t192\n"), 192)
    XCTAssertEqual(dpi("Xft.dpi:\t144.5\n"), 144.5)
  }

  func testOtherResourcesAroundItAreSkipped() {
    let text = """
      Xcursor.size:\t24
      Xft.antialias:\t1
      Xft.dpi:\t120
      Xft.hinting:\t1
      XTerm*faceName:\tMonospace
      """
    XCTAssertEqual(dpi(text), 120)
    XCTAssertEqual(ResourceDatabase(text).value(names: ["Xcursor", "size"], classes: ["Program", "Name"]), "24")
  }

  func testBlanksAroundTheColonAndTheValueAreAllowed() {
    XCTAssertEqual(dpi("  Xft.dpi  :   96  \n"), 96)
    XCTAssertEqual(dpi("Xft.dpi:192\r\nXcursor.size: 24\r\n"), 192)
  }

  func testTheMoreSpecificEntryWinsWhereverItStands() {
    XCTAssertEqual(dpi("*dpi: 96\nXft.dpi: 192"), 192)
    XCTAssertEqual(dpi("Xft.dpi: 192\n*dpi: 96"), 192)
    XCTAssertEqual(dpi("*dpi: 96\nXft*dpi: 144"), 144, "a matched level beats a skipped one")
    XCTAssertEqual(dpi("Xft*dpi: 144\nXft.dpi: 192"), 192, "a tight binding beats a loose one")
    XCTAssertEqual(dpi("Program.dpi: 120\nXft.dpi: 192"), 192, "a name beats a class")
    XCTAssertEqual(dpi("?.dpi: 120\nProgram.dpi: 144"), 144, "a class beats ?")
    XCTAssertEqual(dpi("Xft.Name: 120\nXft.dpi: 144"), 144)
  }

  func testLooseAndWildcardEntriesStillApply() {
    XCTAssertEqual(dpi("*dpi: 144"), 144)
    XCTAssertEqual(dpi("*.dpi: 144"), 144)
    XCTAssertEqual(dpi("?.dpi: 144"), 144)
    XCTAssertEqual(dpi("Program.Name: 144"), 144)
  }

  func testALaterLineReplacesTheSameResource() {
    XCTAssertEqual(dpi("Xft.dpi: 96\nXft.dpi: 192"), 192)
  }

  // Edge cases.

  func testWithoutXftDPIThereIsNone() {
    XCTAssertNil(dpi(""))
    XCTAssertNil(dpi("Xcursor.size: 24\n"))
    XCTAssertNil(dpi("Xft.dpix: 192\nXXft.dpi: 192\nFoo.Xft.dpi: 192\nXft.dpi.sub: 192"))
    XCTAssertNil(dpi("Xft.Dpi: 192"), "names are case sensitive: Dpi is no class of dpi here")
  }

  func testMalformedLinesAreSkippedAndTheRestRead() {
    let text = """
      ! Xft.dpi: 48
      # define FOO
      Xft.dpi
      Xft dpi: 72
      Xft.d?i: 72
      :192
      *: 72
      Xft.dpi: 192
      """
    XCTAssertEqual(dpi(text), 192)
  }

  func testAValueThatIsNotAPositiveNumberCountsAsUnset() {
    for value in ["", "abc", "192px", "0", "-96", "nan", "inf", "0x60", "1e400"] {
      XCTAssertNil(dpi("Xft.dpi: \(value)"), value)
    }
    // Even when a looser entry would have a good one: the best match decides.
    XCTAssertNil(dpi("*dpi: 96\nXft.dpi: huge"))
  }

  func testArbitraryBytesNeverTrap() {
    var generator = SplitMix64(seed: 11)
    let alphabet = Array("Xft.dpi*?:! \t\n\r#192abc\u{0}é".unicodeScalars)
    for _ in 0..<500 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0..<60, using: &generator) {
        text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
      }
      let value = dpi(String(text))
      if let value { XCTAssertTrue(value.isFinite && value > 0, String(text)) }
    }
  }
}
