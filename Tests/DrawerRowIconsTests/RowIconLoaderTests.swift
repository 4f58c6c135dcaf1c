import DrawerRowIcons
import Glibc
import XCTest

final class RowIconLoaderTests: XCTestCase {
  let fixture = IconFixture()

  override func setUp() {
    fixture.theme("hicolor", directories: [("16x16/apps", "Size=16"), ("32x32/apps", "Size=32")])
    fixture.write("system/icons/hicolor/16x16/apps/a.png", IconFixture.png(size: 16, rgba: (0, 255, 0, 255)))
    fixture.write("system/icons/hicolor/32x32/apps/a.png", IconFixture.png(size: 32, rgba: (0, 0, 255, 255)))
  }

  /// Waits (at most 10 s) until the loader says icons arrived.
  func waitForArrivals(_ loader: RowIconLoader) -> Bool {
    var fd = pollfd(fd: loader.descriptor, events: Int16(POLLIN), revents: 0)
    for _ in 0..<100 {
      guard poll(&fd, 1, 100) >= 0 else { return false }
      if loader.takeArrivals() { return true }
    }
    return false
  }

  func testAnIconShowsOnceDecodedAndIsCachedByNameSizeAndScale() throws {
    let names = [0: "a", 1: "a", 2: "missing"]
    let loader = RowIconLoader(theme: nil, scale: 1, environment: fixture.environment) { names[$0] }
    XCTAssertNil(loader.icon(storeRow: 0, size: 16), "the first frame does not wait")
    XCTAssertTrue(waitForArrivals(loader))
    let id = try XCTUnwrap(loader.icon(storeRow: 0, size: 16))
    XCTAssertEqual(loader.icon(storeRow: 1, size: 16), id, "one decode for one name and size")
    XCTAssertEqual(loader.image(id)?.pixels.first, 0xFF00_FF00)
    XCTAssertNil(loader.icon(storeRow: 0, size: 32))
    XCTAssertTrue(waitForArrivals(loader))
    let larger = try XCTUnwrap(loader.icon(storeRow: 0, size: 32))
    XCTAssertNotEqual(larger, id)
    XCTAssertEqual(loader.image(larger)?.pixels.first, 0xFF00_00FF)
  }

  func testARowWithoutAnIconOrWithAMissingOneShowsNone() {
    let loader = RowIconLoader(theme: nil, scale: 1, environment: fixture.environment) { $0 == 0 ? "missing" : nil }
    XCTAssertNil(loader.icon(storeRow: 1, size: 16))
    XCTAssertNil(loader.icon(storeRow: 0, size: 16))
    // The missing icon's answer arrives, and shows nothing.
    var fd = pollfd(fd: loader.descriptor, events: Int16(POLLIN), revents: 0)
    XCTAssertEqual(poll(&fd, 1, 10_000), 1)
    XCTAssertFalse(loader.takeArrivals())
    XCTAssertNil(loader.icon(storeRow: 0, size: 16))
  }
}
