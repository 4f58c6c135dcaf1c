import TestSupport
import XCTest

@testable import DrawerIcon

final class IconCanvasTests: XCTestCase {
  let red = IconColor(rgb: 0xFF0000)
  let blue = IconColor(rgb: 0x0000FF)

  /// A canvas of one pixel after `blends` (colour, coverage), in order.
  func pixel(_ blends: [(IconColor, Double)]) -> IconCanvas {
    var c = IconCanvas(size: 1)
    for (color, coverage) in blends { c.blend(color, coverage: coverage, x: 0, y: 0) }
    return c
  }

  func testAFreshCanvasIsTransparentZero() {
    let c = IconCanvas(size: 3)
    XCTAssertEqual(c.straightARGB(), [UInt32](repeating: 0, count: 9))
    XCTAssertEqual(c.premultipliedARGB(), [UInt32](repeating: 0, count: 9))
    XCTAssertEqual(c.straightRGBA(), [UInt8](repeating: 0, count: 36))
    XCTAssertEqual(IconCanvas(size: -4).size, 0)
  }

  func testWordsAreAlphaRedGreenBlueFromTheHighByte() {
    let c = pixel([(IconColor(rgb: 0x123456), 1)])
    XCTAssertEqual(c.straightARGB(), [0xFF12_3456])
    XCTAssertEqual(c.premultipliedARGB(), [0xFF12_3456], "opaque: both forms agree")
    XCTAssertEqual(c.straightRGBA(), [0x12, 0x34, 0x56, 0xFF])
  }

  func testOpaqueSourceOverReplaces() {
    XCTAssertEqual(pixel([(red, 1), (blue, 1)]).straightARGB(), [0xFF00_00FF])
    XCTAssertEqual(pixel([(IconColor(rgb: 0xFFFFFF, alpha: 0.3), 1), (red, 1)]).straightARGB(), [0xFFFF_0000])
  }

  func testTranslucentOverOpaqueMixes() {
    // Half white over black: 127.5 of 255 either way, rounded up.
    let c = pixel([(IconColor(rgb: 0x000000), 1), (IconColor(rgb: 0xFFFFFF, alpha: 0.5), 1)])
    XCTAssertEqual(c.straightARGB(), [0xFF80_8080])
    XCTAssertEqual(c.premultipliedARGB(), [0xFF80_8080])
  }

  func testTranslucentOverTransparentKeepsItsColourStraight() {
    let c = pixel([(IconColor(rgb: 0xC08040, alpha: 0.5), 1)])
    // Straight: the colour itself and alpha 128; premultiplied: each
    // channel halved (0xC0 → 0x60, 0x80 → 0x40, 0x40 → 0x20).
    XCTAssertEqual(c.straightARGB(), [0x80C0_8040])
    XCTAssertEqual(c.premultipliedARGB(), [0x8060_4020])
    XCTAssertEqual(c.straightRGBA(), [0xC0, 0x80, 0x40, 0x80])
  }

  func testAlphasCombineAsPorterDuffOver() {
    // 0.5 over 0.5 covers 1 − 0.5 × 0.5 = 0.75 (191.25); the colour is
    // the top layer's half plus the bottom's remaining quarter: red 1/3.
    let c = pixel([(red, 0.5), (blue, 0.5)])
    XCTAssertEqual(c.straightARGB(), [0xBF55_00AA])
    XCTAssertEqual(c.premultipliedARGB(), [0xBF40_0080])
  }

  func testCoverageScalesTheAlpha() {
    XCTAssertEqual(pixel([(IconColor(rgb: 0xFFFFFF), 0.25)]).straightARGB(), [0x40FF_FFFF])
    XCTAssertEqual(pixel([(IconColor(rgb: 0xFFFFFF, alpha: 0.5), 0.5)]).straightARGB(), [0x40FF_FFFF])
    XCTAssertEqual(pixel([(red, 0)]).straightARGB(), [0], "nothing covered, nothing painted")
    XCTAssertEqual(pixel([(red, 0.001)]).straightARGB(), [0], "below half a step of alpha: transparent, colour 0")
  }

  func testPremultipliedChannelsNeverExceedAlphaAndMatchTheStraightOnes() {
    var rng = SplitMix64(seed: 0xA1FA)
    for trial in 0..<300 {
      var blends: [(IconColor, Double)] = []
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        let color = IconColor(
          rgb: UInt32.random(in: 0...0xFFFFFF, using: &rng), alpha: Double.random(in: 0...1, using: &rng))
        blends.append((color, Double.random(in: 0...1, using: &rng)))
      }
      let c = pixel(blends)
      let p = c.premultipliedARGB()[0], s = c.straightARGB()[0]
      XCTAssertEqual(p >> 24, s >> 24, "trial \(trial): one alpha")
      let a = p >> 24
      for shift: UInt32 in [16, 8, 0] {
        let pc = p >> shift & 0xFF, sc = s >> shift & 0xFF
        XCTAssertLessThanOrEqual(pc, a, "trial \(trial)")
        // Both are rounded from the same exact value, so straight × alpha
        // lands within a step of the premultiplied byte.
        let fromStraight = (Double(sc) * Double(a) / 255).rounded()
        XCTAssertLessThanOrEqual(abs(fromStraight - Double(pc)), 1, "trial \(trial)")
      }
    }
  }

  func testPaintWeightsEachPixelByTheShapesCoverage() {
    var c = IconCanvas(size: 4)
    // Columns 1 and 2 fully, column 3 half: a half-pixel right edge.
    c.paint(IconShape(minX: 0.25, minY: 0, maxX: 0.875, maxY: 1, color: red, snapsToPixels: false))
    let row = Array(c.straightARGB()[0..<4])
    XCTAssertEqual(row, [0, 0xFFFF_0000, 0xFFFF_0000, 0x80FF_0000])
    var snapped = IconCanvas(size: 4)
    snapped.paint(IconShape(minX: 0.25, minY: 0, maxX: 0.875, maxY: 1, color: red))
    XCTAssertEqual(Array(snapped.straightARGB()[0..<4]), [0, 0xFFFF_0000, 0xFFFF_0000, 0xFFFF_0000], "a tie goes out")
  }

  func testAShapeInsideAClipAddsNoAlphaAtItsEdge() {
    // A black bar from 0.5 to 2.5 px, and a white one over it sharing its
    // left edge, 0.5 to 1.5 px. Unclipped, the shared edge pixel's alpha
    // rises from 0.5 to 0.75; clipped to the black bar and masked by it,
    // it stays 0.5, and is white: all of the bar there is white.
    let black = IconColor(rgb: 0), white = IconColor(rgb: 0xFFFFFF)
    let base = IconShape(minX: 0.125, minY: 0, maxX: 0.625, maxY: 1, color: black, snapsToPixels: false)
    let inner = IconShape(minX: 0.125, minY: 0, maxX: 0.375, maxY: 1, color: white, snapsToPixels: false)
    var plain = IconCanvas(size: 4)
    plain.paint(base)
    plain.paint(inner)
    XCTAssertEqual(plain.straightARGB()[0] >> 24, 0xBF, "0.5 over 0.5: 0.75")
    let clip = base.pixels(size: 4).coverageMap(size: 4)
    var clipped = IconCanvas(size: 4)
    clipped.paint(base, clip: clip)
    clipped.paint(inner, clip: clip)
    clipped.mask(clip)
    XCTAssertEqual(Array(clipped.straightARGB()[0..<4]), [0x80FF_FFFF, 0xFF80_8080, 0x8000_0000, 0])
  }

  func testMaskScalesEveryChannel() {
    var c = IconCanvas(size: 2)
    for y in 0..<2 { for x in 0..<2 { c.blend(IconColor(rgb: 0x804020), coverage: 1, x: x, y: y) } }
    c.mask([1, 0.5, 0, 0.25])
    XCTAssertEqual(c.premultipliedARGB(), [0xFF80_4020, 0x8040_2010, 0, 0x4020_1008])
    XCTAssertEqual(c.straightARGB(), [0xFF80_4020, 0x8080_4020, 0, 0x4080_4020], "the colour is untouched")
  }

  func testPaintingOutsideTheCanvasIsIgnored() {
    var c = IconCanvas(size: 2)
    c.paint(IconShape(minX: 2, minY: 2, maxX: 3, maxY: 3, color: red))
    c.blend(red, coverage: 1, x: 5, y: -1)
    XCTAssertEqual(c.straightARGB(), [0, 0, 0, 0])
  }
}
