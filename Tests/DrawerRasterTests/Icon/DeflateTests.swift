import TestSupport
import XCTest

@testable import DrawerRaster

final class DeflateTests: XCTestCase {
  func assertRoundTrip(_ data: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
    let compressed = Deflate.compress(data)
    do {
      let (back, used) = try inflate(compressed)
      XCTAssertEqual(back, data, what, file: file, line: line)
      XCTAssertEqual(used, compressed.count, "\(what): no bytes after the final block", file: file, line: line)
    } catch {
      XCTFail("\(what): \(error)", file: file, line: line)
    }
  }

  func testNothingIsOneEmptyFixedBlock() {
    // BFINAL 1, BTYPE 01, then end of block (seven 0 bits): 0x03 0x00,
    // what zlib writes for empty input at any level but 0.
    XCTAssertEqual(Deflate.compress([]), [0x03, 0x00])
  }

  func testShortInputsAreLiterals() {
    for n in 1...5 { assertRoundTrip((0..<n).map { UInt8($0 * 97 % 256) }, "\(n) distinct bytes") }
    assertRoundTrip([0, 143, 144, 255], "both literal code lengths")
  }

  func testRunsBecomeOverlappingMatches() {
    for n in [3, 4, 258, 259, 1000, 70_000] {
      let run = [UInt8](repeating: 7, count: n)
      assertRoundTrip(run, "a run of \(n)")
      if n >= 1000 {
        // One literal then matches of 258 at distance 1, under 3 bytes each.
        XCTAssertLessThanOrEqual(Deflate.compress(run).count, 3 + n / 258 * 3, "a run of \(n) shrinks")
      }
    }
  }

  func testEveryLengthAndDistanceCodeRoundTrips() {
    var rng = SplitMix64(seed: 0xDEF1A7E)
    // A random block, then copies of parts of it at chosen distances and
    // lengths: each length and distance code's base and top are used.
    let block = (0..<40_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
    var data = block
    for length in Deflate.lengthBase + [4, 10, 12, 257] {
      for distance in [1, 2, 5, 8, 24, 1024, 4097, 24577, 32768] where distance <= data.count {
        // Byte by byte, so a distance shorter than the length repeats.
        for _ in 0..<length { data.append(data[data.count - distance]) }
        data.append(UInt8.random(in: 0...255, using: &rng))
      }
    }
    assertRoundTrip(data, "lengths 3...258 at distances 1...32768")
  }

  func testSeededRandomTextRoundTrips() {
    var rng = SplitMix64(seed: 13)
    let alphabet = Array("the drawer over a map ".utf8)
    for trial in 0..<40 {
      let n = Int.random(in: 0...5000, using: &rng)
      let data = (0..<n).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] }
      assertRoundTrip(data, "trial \(trial), \(n) bytes")
    }
  }

  func testMatchesNeverReachPastTheWindow() {
    // The same 300 random bytes 40,000 bytes apart, with noise between:
    // too far to copy, so both are literals, and the stream still inflates.
    var rng = SplitMix64(seed: 5)
    let motif = (0..<300).map { _ in UInt8.random(in: 0...255, using: &rng) }
    let noise = (0..<40_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
    assertRoundTrip(motif + noise + motif, "a repeat beyond 32 KiB")
  }

  func testTheFixedCodesFollowRFC1951() {
    XCTAssertEqual(Deflate.fixedCode(0).code, 0b0011_0000)
    XCTAssertEqual(Deflate.fixedCode(143).code, 0b1011_1111)
    XCTAssertEqual(Deflate.fixedCode(144).code, 0b1_1001_0000)
    XCTAssertEqual(Deflate.fixedCode(255).bits, 9)
    XCTAssertEqual(Deflate.fixedCode(256).code, 0)
    XCTAssertEqual(Deflate.fixedCode(279).bits, 7)
    XCTAssertEqual(Deflate.fixedCode(280).code, 0b1100_0000)
    XCTAssertEqual(Deflate.fixedCode(287).code, 0b1100_0111)
  }

  func testBucketsFindTheCodeWhoseRangeHoldsTheValue() {
    XCTAssertEqual(Deflate.bucket(3, in: Deflate.lengthBase), 0)
    XCTAssertEqual(Deflate.bucket(12, in: Deflate.lengthBase), 8, "11...12 is code 265")
    XCTAssertEqual(Deflate.bucket(257, in: Deflate.lengthBase), 27, "227...257 is code 284")
    XCTAssertEqual(Deflate.bucket(258, in: Deflate.lengthBase), 28, "258 has a code of its own")
    XCTAssertEqual(Deflate.bucket(1, in: Deflate.distanceBase), 0)
    XCTAssertEqual(Deflate.bucket(32768, in: Deflate.distanceBase), 29)
  }
}
