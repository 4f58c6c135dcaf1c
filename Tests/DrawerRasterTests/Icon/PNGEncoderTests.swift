import TestSupport
import XCTest

@testable import DrawerRaster

final class PNGEncoderTests: XCTestCase {
  func testChecksumsMatchTheirStandardCheckValues() {
    // The check values of the CRC catalogue and of RFC 1950's examples.
    XCTAssertEqual(PNGEncoder.crc32(Array("123456789".utf8)), 0xCBF4_3926)
    XCTAssertEqual(PNGEncoder.crc32([]), 0)
    XCTAssertEqual(PNGEncoder.adler32(Array("Wikipedia".utf8)), 0x11E6_0398)
    XCTAssertEqual(PNGEncoder.adler32([]), 1)
  }

  func testChecksumsAgreeWithBitwiseReferencesOnLongInput() {
    var rng = SplitMix64(seed: 42)
    // Past 5552 bytes Adler-32's sums need their modulus; 0xFF bytes make
    // them grow fastest.
    for n in [1, 5551, 5552, 5553, 20_000] {
      let random = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
      let ones = [UInt8](repeating: 0xFF, count: n)
      XCTAssertEqual(PNGEncoder.crc32(random), referenceCRC32(random), "crc, \(n) bytes")
      XCTAssertEqual(PNGEncoder.adler32(random), referenceAdler32(random), "adler, \(n) random bytes")
      XCTAssertEqual(PNGEncoder.adler32(ones), referenceAdler32(ones), "adler, \(n) bytes of 0xFF")
    }
  }

  func testAFileIsSignatureHeaderDataEnd() throws {
    let rgba: [UInt8] = [
      255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0,
      10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120,
    ]
    let file = PNGEncoder.encode(width: 3, height: 2, rgba: rgba)
    XCTAssertEqual(Array(file.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // IHDR comes first and is 13 bytes: width, height, 8 bits, RGBA (6),
    // zlib, no filter method but 0, no interlace.
    XCTAssertEqual(Array(file[8..<16]), [0, 0, 0, 13] + Array("IHDR".utf8))
    XCTAssertEqual(Array(file[16..<29]), [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0])
    // IEND is empty and its CRC is the CRC of "IEND".
    XCTAssertEqual(Array(file.suffix(12)), [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
    let png = try DecodedPNG(file)
    XCTAssertEqual(png.chunkTypes, ["IHDR", "IDAT", "IEND"])
    XCTAssertEqual(png.width, 3)
    XCTAssertEqual(png.height, 2)
    XCTAssertEqual(png.rgba, rgba, "the pixels come back as given: straight alpha, untouched")
  }

  func testTheZlibStreamHasAValidHeaderAndAdler() throws {
    let data = Array("drawer drawer drawer".utf8)
    let stream = PNGEncoder.zlib(data)
    XCTAssertEqual(stream[0], 0x78, "DEFLATE, 32 KiB window")
    XCTAssertEqual((Int(stream[0]) << 8 | Int(stream[1])) % 31, 0)
    XCTAssertEqual(try unzlib(stream), data)
    XCTAssertEqual(readBigEndian(stream, stream.count - 4), referenceAdler32(data))
  }

  func testEachRowStartsWithFilterTypeNone() throws {
    let file = PNGEncoder.encode(width: 2, height: 3, rgba: [UInt8](repeating: 9, count: 24))
    // The IDAT chunk starts after the signature and the 25-byte IHDR chunk.
    let length = Int(readBigEndian(file, 33))
    let rows = try unzlib(Array(file[41..<(41 + length)]))
    XCTAssertEqual(rows.count, 3 * (1 + 8))
    for y in 0..<3 { XCTAssertEqual(rows[y * 9], 0, "row \(y)") }
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
      let png = try DecodedPNG(PNGEncoder.encode(width: w, height: h, rgba: rgba))
      XCTAssertEqual([png.width, png.height], [w, h], "trial \(trial)")
      XCTAssertEqual(png.rgba, rgba, "trial \(trial)")
    }
  }

  func testAFlatImageCompresses() {
    let w = 128
    let file = PNGEncoder.encode(width: w, height: w, rgba: [UInt8](repeating: 200, count: w * w * 4))
    XCTAssertLessThan(file.count, w * w * 4 / 50, "64 KiB of one colour")
  }
}
