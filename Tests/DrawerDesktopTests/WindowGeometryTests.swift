import XCTest

@testable import DrawerDesktop

final class WindowGeometryTests: XCTestCase {
  typealias Offset = WindowGeometry.Offset

  // MARK: Edge cases

  func testEmptyAndEqualsAloneAskForNothing() {
    XCTAssertEqual(WindowGeometry(""), WindowGeometry())
    XCTAssertEqual(WindowGeometry("="), WindowGeometry())
  }

  func testEitherSideAloneIsASize() {
    XCTAssertEqual(WindowGeometry("800"), WindowGeometry(width: 800))
    XCTAssertEqual(WindowGeometry("x600"), WindowGeometry(height: 600))
    XCTAssertEqual(WindowGeometry("=800X600"), WindowGeometry(width: 800, height: 600))
  }

  func testOffsetsWithoutASize() {
    XCTAssertEqual(WindowGeometry("+10+20"), WindowGeometry(x: Offset(10), y: Offset(20)))
    XCTAssertEqual(
      WindowGeometry("-0-0"), WindowGeometry(x: Offset(0, fromFarEdge: true), y: Offset(0, fromFarEdge: true)))
  }

  /// `-0` is the far edge and `+0` the near one, though both are zero.
  func testMinusZeroIsNotPlusZero() {
    XCTAssertNotEqual(WindowGeometry("+0+0"), WindowGeometry("-0-0"))
    XCTAssertEqual(WindowGeometry("300x200+0-0")?.y, Offset(0, fromFarEdge: true))
  }

  /// XParseGeometry reads each number with an optional sign of its own.
  func testANumberMayCarryItsOwnSign() {
    XCTAssertEqual(WindowGeometry("+-5+5")?.x, Offset(-5))
    XCTAssertEqual(WindowGeometry("--5+5")?.x, Offset(-5, fromFarEdge: true))
  }

  func testMalformedStringsAreRefused() {
    for text in [
      "x", "800x", "axb", "800x600x3", "+10", "10x10+5", "-800x600", "800 x 600", " 800x600", "800x600+1+2 ",
      "800x600+", "8e2x600", "0x10x600", "99999999999x1", "800x600+1+2+3", "８００x600",
    ] {
      XCTAssertNil(WindowGeometry(text), text)
    }
  }

  // MARK: Placement

  func testOriginMeasuresNegativeOffsetsFromTheFarEdges() {
    let screen = (width: 1280, height: 1024)
    func origin(_ text: String) -> (Int, Int)? {
      WindowGeometry(text)!.origin(width: 300, height: 200, screenWidth: screen.width, screenHeight: screen.height)
        .map { ($0.x, $0.y) }
    }
    XCTAssertNil(origin("300x200"), "no offsets: the window manager places it")
    XCTAssertEqual(origin("+10+20")?.0, 10)
    XCTAssertEqual(origin("+10+20")?.1, 20)
    XCTAssertEqual(origin("-0-0")?.0, 980)
    XCTAssertEqual(origin("-0-0")?.1, 824)
    XCTAssertEqual(origin("-10+0")?.0, 970)
  }

  func testScalingMultipliesOffsetsOnly() {
    let g = WindowGeometry("200x100-3+5")!.scaled(by: 1.5)
    XCTAssertEqual(g.width, 200)
    XCTAssertEqual(g.height, 100)
    XCTAssertEqual(g.x, Offset(5, fromFarEdge: true), "4.5 rounds away from zero")
    XCTAssertEqual(g.y, Offset(8))
  }

  // MARK: Sweep

  /// Every combination of parts round-trips through its text.
  func testADefaultWindowFitsTheScreenAtAnyScale() {
    let least = (width: 160, height: 120)
    // 800x600 at scale 2 on a 1280x800 screen: 90 % of each side at most.
    let fitted = WindowGeometry().fitted((1600, 1200), screen: (1280, 800), minimum: least)
    XCTAssertEqual(fitted.width, 1152)
    XCTAssertEqual(fitted.height, 720)
    let small = WindowGeometry().fitted((800, 600), screen: (1920, 1080), minimum: least)
    XCTAssertEqual(small.width, 800, "a window that fits keeps its size")
    XCTAssertEqual(small.height, 600)
    // A side the user gave stays; the other fits.
    let given = WindowGeometry("1600")!.fitted((1600, 1200), screen: (1280, 800), minimum: least)
    XCTAssertEqual(given.width, 1600)
    XCTAssertEqual(given.height, 720)
    let tiny = WindowGeometry().fitted((800, 600), screen: (100, 50), minimum: least)
    XCTAssertEqual(tiny.width, 160, "never below the smallest window")
    XCTAssertEqual(tiny.height, 120)
  }

  func testEveryCombinationOfPartsParses() {
    for w in [nil, 1, 640] as [Int?] {
      for h in [nil, 2, 480] as [Int?] {
        for offsets in [nil, (Offset(0), Offset(7)), (Offset(3, fromFarEdge: true), Offset(0, fromFarEdge: true))] {
          var text = w.map(String.init) ?? ""
          if let h { text += "x\(h)" }
          if let (x, y) = offsets {
            for o in [x, y] { text += (o.fromFarEdge ? "-" : "+") + String(o.distance) }
          }
          XCTAssertEqual(
            WindowGeometry(text), WindowGeometry(width: w, height: h, x: offsets?.0, y: offsets?.1), text)
        }
      }
    }
  }
}
