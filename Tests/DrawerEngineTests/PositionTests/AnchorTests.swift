import XCTest

@testable import DrawerEngine

final class AnchorTests: XCTestCase {
  func testEachKind() {
    XCTAssertEqual(Anchor.fromHome(64).extent(containerLength: 600, contentLength: 0), 64)
    XCTAssertEqual(Anchor.fraction(0.5).extent(containerLength: 600, contentLength: 0), 300)
    XCTAssertEqual(Anchor.fromFar(24).extent(containerLength: 600, contentLength: 0), 576)
    XCTAssertEqual(Anchor.content.extent(containerLength: 600, contentLength: 250), 250)
  }

  func testEveryAnchorStaysInTheContainer() {
    XCTAssertEqual(Anchor.fromHome(900).extent(containerLength: 600, contentLength: 0), 600)
    XCTAssertEqual(Anchor.fromFar(700).extent(containerLength: 600, contentLength: 0), 0)
    XCTAssertEqual(Anchor.content.extent(containerLength: 600, contentLength: 5000), 600, "content is capped")
    XCTAssertEqual(Anchor.fraction(0.5).extent(containerLength: -10, contentLength: 0), 0)
    XCTAssertEqual(Anchor.fromHome(.nan).extent(containerLength: 600, contentLength: 0), 0)
  }
}
