import DrawerRowIcons
import XCTest

final class IconDecodingTests: XCTestCase {
  let fixture = IconFixture()

  func testPNGIsScaledToTheSizeAndPremultiplied() throws {
    fixture.write("a.png", IconFixture.png(size: 8, rgba: (255, 0, 0, 128)))
    let image = try XCTUnwrap(IconDecoding.decode(path: fixture.root + "/a.png", size: 3))
    XCTAssertEqual(image.size, 3)
    XCTAssertEqual(image.pixels, [UInt32](repeating: 0x8080_0000, count: 9))
  }

  func testSVGIsDrawnAtTheSize() throws {
    fixture.write("b.svg", IconFixture.svg("#0000ff"))
    let image = try XCTUnwrap(IconDecoding.decode(path: fixture.root + "/b.svg", size: 20))
    XCTAssertEqual(image.pixels.count, 400)
    XCTAssertEqual(image.pixels[210], 0xFF00_00FF)
  }

  func testAFileThatIsNoImageGivesNone() {
    fixture.write("c.png", "not a png")
    fixture.write("d.svg", "<svg")
    XCTAssertNil(IconDecoding.decode(path: fixture.root + "/c.png", size: 16))
    XCTAssertNil(IconDecoding.decode(path: fixture.root + "/d.svg", size: 16))
    XCTAssertNil(IconDecoding.decode(path: fixture.root + "/none.png", size: 16))
  }
}
