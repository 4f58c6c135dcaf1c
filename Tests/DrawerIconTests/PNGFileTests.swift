import TestSupport
import XCTest

@testable import DrawerIcon

final class PNGFileTests: XCTestCase {
  func testAFileIsSignatureHeaderDataEnd() throws {
    let rgba: [UInt8] = [
      255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0,
      10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120,
    ]
    let file = try PNGFile.encode(width: 3, height: 2, rgba: rgba)
    let png = try DecodedPNG(file)
    // IHDR first: 8 bits a channel, RGBA (6), zlib, filter method 0, no
    // interlace; the colours declared sRGB; IEND last.
    XCTAssertEqual(png.chunkTypes.first, "IHDR")
    XCTAssertEqual(png.headerFields, [8, 6, 0, 0, 0])
    XCTAssertTrue(png.chunkTypes.contains("sRGB"), "\(png.chunkTypes)")
    XCTAssertTrue(png.chunkTypes.contains("IDAT"), "\(png.chunkTypes)")
    XCTAssertEqual(png.chunkTypes.last, "IEND")
    XCTAssertEqual([png.width, png.height], [3, 2])
    XCTAssertEqual(png.rgba, rgba, "the pixels come back as given: straight alpha, untouched")
  }

  func testSeededRandomImagesDecodeToTheirPixels() throws {
    var rng = SplitMix64(seed: 0x9A6)
    for trial in 0..<12 {
      let w = Int.random(in: 1...40, using: &rng), h = Int.random(in: 1...40, using: &rng)
      // Half the trials in a few colours, as icons are, half noise.
      let palette = (0..<4).map { _ in (0..<4).map { _ in UInt8.random(in: 0...255, using: &rng) } }
      var rgba: [UInt8] = []
      for _ in 0..<(w * h) {
        rgba += trial % 2 == 0
          ? palette[Int.random(in: 0..<4, using: &rng)] : (0..<4).map { _ in UInt8.random(in: 0...255, using: &rng) }
      }
      let png = try DecodedPNG(PNGFile.encode(width: w, height: h, rgba: rgba))
      XCTAssertEqual([png.width, png.height], [w, h], "trial \(trial)")
      XCTAssertEqual(png.rgba, rgba, "trial \(trial)")
    }
  }

  func testAFlatImageCompresses() throws {
    let w = 128
    let file = try PNGFile.encode(width: w, height: w, rgba: [UInt8](repeating: 200, count: w * w * 4))
    XCTAssertLessThan(file.count, w * w * 4 / 50, "64 KiB of one colour")
  }

  func testADamagedFileDoesNotReadBack() throws {
    // The reader the icon tests use fails on a damaged file rather than
    // returning whatever pixels it got: libpng checks each chunk's CRC.
    var file = try PNGFile.encode(width: 4, height: 4, rgba: [UInt8](repeating: 77, count: 64))
    XCTAssertNoThrow(try DecodedPNG(file))
    file[file.count - 20] ^= 0x01  // inside IDAT, before IEND's 12 bytes
    XCTAssertThrowsError(try DecodedPNG(file))
  }
}
