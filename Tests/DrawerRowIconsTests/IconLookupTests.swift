import DrawerRowIcons
import XCTest

final class IconLookupTests: XCTestCase {
  let fixture = IconFixture()
  let red = IconFixture.png(size: 4, rgba: (255, 0, 0, 255))

  override func setUp() {
    fixture.theme(
      "Mine", base: "home", inherits: "Parent",
      directories: [("16x16/apps", "Size=16"), ("32x32/apps", "Size=32\nType=Fixed"), ("16x16@2/apps", "Size=16\nScale=2")])
    fixture.theme("Parent", directories: [("48x48/apps", "Size=48")])
    fixture.theme(
      "hicolor",
      directories: [("24x24/apps", "Size=24"), ("scalable/apps", "Size=128\nType=Scalable\nMinSize=1\nMaxSize=256")])
    for path in [
      "home/icons/Mine/16x16/apps/a.png", "home/icons/Mine/32x32/apps/a.png", "home/icons/Mine/16x16@2/apps/a.png",
      "system/icons/Parent/48x48/apps/b.png", "system/icons/hicolor/24x24/apps/a.png",
      "system/icons/hicolor/24x24/apps/c.png", "system/pixmaps/d.png", "home/icons/Mine/16x16/apps/g.png",
      "home/icons/Mine/32x32/apps/g.png", "home/icons/Mine/32x32/apps/f.png", "system/icons/hicolor/24x24/apps/f.png",
    ] {
      fixture.write(path, red)
    }
    fixture.write("system/icons/hicolor/scalable/apps/c.svg", IconFixture.svg("#00ff00"))
    // Mine is spread over two base directories: its icons under the system's too.
    fixture.write("system/icons/Mine/16x16/apps/e.png", red)
  }

  func lookup(_ theme: String? = "Mine") -> IconLookup { IconLookup(theme: theme, environment: fixture.environment) }

  func testChainIsTheThemeItsParentsThenHicolor() {
    XCTAssertEqual(lookup().chain, ["Mine", "Parent", "hicolor"])
    XCTAssertEqual(lookup(nil).chain, ["hicolor"])
    XCTAssertEqual(lookup("Absent").chain, ["hicolor"])
  }

  func testFallbacksComeAfterTheThemeAndBeforeHicolor() {
    fixture.theme("Fallback", directories: [("16x16/apps", "Size=16")])
    fixture.write("system/icons/Fallback/16x16/apps/only.png", red)
    let l = IconLookup(theme: "Mine", fallbacks: ["Parent", "Fallback", "Absent"], environment: fixture.environment)
    // Parent is Mine's already: searched once, where Inherits puts it.
    XCTAssertEqual(l.chain, ["Mine", "Parent", "Fallback", "hicolor"])
    XCTAssertEqual(l.find("only", size: 16, scale: 1), fixture.root + "/system/icons/Fallback/16x16/apps/only.png")
    XCTAssertNil(lookup().find("only", size: 16, scale: 1))
    XCTAssertEqual(IconLookup(theme: nil, fallbacks: ["Fallback"], environment: fixture.environment).chain, ["Fallback", "hicolor"])
  }

  func testChoosesTheDirectoryThatSuitsTheSize() {
    let l = lookup()
    XCTAssertEqual(l.find("a", size: 16, scale: 1), fixture.root + "/home/icons/Mine/16x16/apps/a.png")
    XCTAssertEqual(l.find("a", size: 32, scale: 1), fixture.root + "/home/icons/Mine/32x32/apps/a.png")
    XCTAssertEqual(l.find("a", size: 16, scale: 2), fixture.root + "/home/icons/Mine/16x16@2/apps/a.png")
  }

  func testTakesTheNearestSizeWhenNoneSuits() {
    // 26 is 8 from 16's threshold (18) and 6 from 32: the 32 px icon.
    XCTAssertEqual(lookup().find("g", size: 26, scale: 1), fixture.root + "/home/icons/Mine/32x32/apps/g.png")
    // Device pixels: the 16 px icon at scale 2 (28 to 36) is nearer 26 than 32 at scale 1 is.
    XCTAssertEqual(lookup().find("a", size: 26, scale: 1), fixture.root + "/home/icons/Mine/16x16@2/apps/a.png")
  }

  func testTheFirstThemeHoldingTheNameWinsOverACloserSizeInHicolor() {
    XCTAssertEqual(lookup().find("f", size: 24, scale: 1), fixture.root + "/home/icons/Mine/32x32/apps/f.png")
  }

  func testFollowsInheritsThenHicolorThenPixmaps() {
    let l = lookup()
    XCTAssertEqual(l.find("b", size: 16, scale: 1), fixture.root + "/system/icons/Parent/48x48/apps/b.png")
    XCTAssertEqual(l.find("c", size: 24, scale: 1), fixture.root + "/system/icons/hicolor/24x24/apps/c.png")
    XCTAssertEqual(l.find("c", size: 64, scale: 1), fixture.root + "/system/icons/hicolor/scalable/apps/c.svg")
    XCTAssertEqual(l.find("d", size: 16, scale: 1), fixture.root + "/system/pixmaps/d.png")
    XCTAssertEqual(l.find("e", size: 16, scale: 1), fixture.root + "/system/icons/Mine/16x16/apps/e.png")
    XCTAssertNil(l.find("nothing", size: 16, scale: 1))
  }

  func testAnAbsolutePathIsTheFileItself() {
    let path = fixture.root + "/system/pixmaps/d.png"
    XCTAssertEqual(lookup().find(path, size: 16, scale: 1), path)
    XCTAssertNil(lookup().find(fixture.root + "/missing.png", size: 16, scale: 1))
    XCTAssertNil(lookup().find("../d", size: 16, scale: 1))
  }
}
