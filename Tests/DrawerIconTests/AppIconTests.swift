import Foundation
import XCTest

import DrawerWindowIcon

@testable import DrawerIcon

final class AppIconTests: XCTestCase {
  /// The sizes checked: the window's, the PNGs', and odd ones between.
  let sizes = WindowIcon.sizes + [1, 2, 7, 20, 24, 64, 100]

  func alpha(_ word: UInt32) -> UInt32 { word >> 24 }

  func testEachSizeHasOneWordPerPixel() {
    for n in sizes {
      XCTAssertEqual(AppIcon.argb(size: n).count, n * n, "\(n) px")
      XCTAssertEqual(AppIcon.premultipliedARGB(size: n).count, n * n, "\(n) px")
      XCTAssertEqual(AppIcon.rgba(size: n).count, n * n * 4, "\(n) px")
    }
    XCTAssertEqual(AppIcon.argb(size: 0), [])
    XCTAssertEqual(AppIcon.argb(size: -16), [])
  }

  func testCornersAreTransparentAndTheCentreIsTheWhitePanel() {
    for n in sizes where n >= 16 {
      let px = AppIcon.argb(size: n)
      for (x, y) in [(0, 0), (n - 1, 0), (0, n - 1), (n - 1, n - 1)] {
        XCTAssertEqual(px[y * n + x], 0, "\(n) px, corner (\(x), \(y)): transparent, colour 0")
      }
      XCTAssertEqual(px[n / 2 * n + n / 2], 0xFFFF_FFFF, "\(n) px: the centre is the opaque white panel")
    }
  }

  func testTheSilhouetteIsTheTileAlone() {
    // Everything is painted inside the tile, so the icon's alpha is the
    // tile's coverage: no road, marker or shadow leaks past its edge.
    for n in WindowIcon.sizes {
      var tile = IconCanvas(size: n)
      tile.paint(AppIcon.shapes[0])
      XCTAssertEqual(AppIcon.argb(size: n).map(alpha), tile.straightARGB().map(alpha), "\(n) px")
    }
  }

  func testTheSilhouetteIsSymmetric() {
    for n in WindowIcon.sizes {
      let a = AppIcon.argb(size: n).map(alpha)
      for y in 0..<n {
        for x in 0..<n {
          XCTAssertEqual(a[y * n + x], a[y * n + n - 1 - x], "\(n) px (\(x), \(y)) left-right")
          XCTAssertEqual(a[y * n + x], a[(n - 1 - y) * n + x], "\(n) px (\(x), \(y)) top-bottom")
        }
      }
    }
  }

  func testStraightAndPremultipliedAgree() {
    for n in WindowIcon.sizes {
      let straight = AppIcon.argb(size: n), premultiplied = AppIcon.premultipliedARGB(size: n)
      let rgba = AppIcon.rgba(size: n)
      var translucent = 0
      for i in 0..<(n * n) {
        let s = straight[i], p = premultiplied[i], a = alpha(s)
        XCTAssertEqual(alpha(p), a)
        let bytes = [UInt8(s >> 16 & 0xFF), UInt8(s >> 8 & 0xFF), UInt8(s & 0xFF), UInt8(a)]
        XCTAssertEqual(rgba[(i * 4)..<(i * 4 + 4)], bytes[...], "RGBA is the same pixel byte by byte")
        if a == 255 { XCTAssertEqual(p, s, "opaque pixels are the same either way") }
        if a == 0 { XCTAssertEqual(s, 0) }
        if a > 0 && a < 255 {
          translucent += 1
          for shift: UInt32 in [16, 8, 0] {
            let pc = p >> shift & 0xFF, sc = s >> shift & 0xFF
            XCTAssertLessThanOrEqual(pc, a)
            let fromStraight = (Double(sc) * Double(a) / 255).rounded()
            XCTAssertLessThanOrEqual(abs(fromStraight - Double(pc)), 1, "\(n) px, pixel \(i)")
          }
        }
      }
      XCTAssertGreaterThan(translucent, 0, "\(n) px: the rounded corners are anti-aliased")
    }
  }

  func testTheStraightEdgePixelsCarryTheTilesOwnColour() {
    // A half-covered pixel on the tile's edge is the land colour at half
    // alpha, not a darkened one: the words are not premultiplied.
    let n = 128
    let px = AppIcon.argb(size: n)
    let land = UInt32(0x7D_C383)
    let edge = (0..<(n * n)).filter { alpha(px[$0]) > 0 && alpha(px[$0]) < 255 }
    XCTAssertFalse(edge.isEmpty)
    // The tile's arc at the left of the top corner, where no other shape is.
    let onArc = edge.filter { $0 % n < 20 && $0 / n < 20 }
    XCTAssertFalse(onArc.isEmpty)
    for i in onArc { XCTAssertEqual(px[i] & 0xFF_FFFF, land, "pixel (\(i % n), \(i / n))") }
  }

  func testSmallSizesAreCrispThroughThePanel() {
    // Down a column through the rows of text, from the panel's top row to
    // the tile's bottom one, every pixel is exactly the panel's white, the
    // accent or the line grey: the rows snap to whole pixels, and a blank
    // row parts them. The same holds for the handle down the middle.
    func opaque(_ c: IconColor) -> UInt32 { 0xFF00_0000 | UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue) }
    let white = opaque(AppIcon.Palette.panel), handle = opaque(AppIcon.Palette.handle)
    let accent = opaque(AppIcon.Palette.accent), line = opaque(AppIcon.Palette.line)
    for n in [16, 32, 48] {
      let px = AppIcon.argb(size: n)
      let rows = Int(AppIcon.Layout.panelTop / AppIcon.grid * Double(n))..<(n * 15 / 16)
      // 40 units from the left: inside every row of text, clear of their
      // rounded ends and of the handle's.
      let text = rows.map { px[$0 * n + n * 5 / 16] }
      XCTAssertTrue(text.allSatisfy([white, accent, line].contains), "\(n) px: \(text.map { String($0, radix: 16) })")
      XCTAssertEqual(zip(text, text.dropFirst()).filter { $0 == white && $1 != white }.count, 3, "\(n) px: three rows")
      let middle = rows.map { px[$0 * n + n / 2] }
      XCTAssertTrue(middle.contains(handle), "\(n) px")
      XCTAssertTrue(middle.prefix { $0 != accent }.allSatisfy([white, handle].contains), "\(n) px")
    }
    // At 16 px the handle and each row are one pixel tall.
    let px = AppIcon.argb(size: 16)
    XCTAssertEqual((6..<15).map { px[$0 * 16 + 8] }.prefix(4), [white, handle, white, accent])
    XCTAssertEqual((6..<15).map { px[$0 * 16 + 5] }, [white, white, white, accent, white, line, white, line, white])
  }

  func testAt128TheSnappedShapesAreTheSVGsShapes() {
    // Every coordinate is a whole grid unit, so at 128 px snapping moves
    // nothing and the PNG draws the SVG's geometry.
    for (i, shape) in AppIcon.shapes.enumerated() {
      var plain = shape
      plain.snapsToPixels = false
      XCTAssertEqual(shape.pixels(size: 128), plain.pixels(size: 128), "shape \(i)")
    }
  }

  func testThePNGHoldsTheRGBA() throws {
    for n in [16, 48, 128] {
      let png = try DecodedPNG(try AppIcon.png(size: n))
      XCTAssertEqual([png.width, png.height], [n, n])
      XCTAssertEqual(png.rgba, AppIcon.rgba(size: n), "\(n) px")
    }
  }

  func testTheWindowIconIsSizesThenPixels() {
    let value = AppIcon.windowIcon()
    var at = 0
    for n in WindowIcon.sizes {
      XCTAssertEqual(Array(value[at..<(at + 2)]), [UInt32(n), UInt32(n)])
      XCTAssertEqual(Array(value[(at + 2)..<(at + 2 + n * n)]), AppIcon.argb(size: n))
      at += 2 + n * n
    }
    XCTAssertEqual(at, value.count)
    XCTAssertEqual(AppIcon.windowIcon(sizes: [0, -1, 2]).count, 2 + 4)
  }

  func testTheSVGIsTheTileThenTheRestClippedToIt() {
    let svg = AppIcon.svg
    XCTAssertTrue(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
    XCTAssertTrue(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"128\" height=\"128\""))
    XCTAssertTrue(svg.contains("viewBox=\"0 0 128 128\""))
    XCTAssertTrue(svg.hasSuffix("</g>\n</svg>\n"))
    let lines = svg.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let tile = "<rect x=\"8\" y=\"8\" width=\"112\" height=\"112\" rx=\"24\""
    XCTAssertTrue(lines.contains("<clipPath id=\"tile\">\(tile)/></clipPath>"), "the clip is the tile's outline")
    let group = try! XCTUnwrap(lines.firstIndex(of: "<g clip-path=\"url(#tile)\">"))
    XCTAssertEqual(lines[group - 1], tile + " fill=\"#7dc383\"/>", "the tile, painted, just before the group")
    let elements = Array(lines[(group - 1)...]).filter {
      $0.hasPrefix("<rect") || $0.hasPrefix("<circle") || $0.hasPrefix("<path")
    }
    XCTAssertEqual(elements.count, AppIcon.shapes.count)
    for (element, shape) in zip(elements, AppIcon.shapes) {
      XCTAssertTrue(element.hasSuffix("/>"))
      XCTAssertTrue(element.contains("fill=\"\(shape.color.hex)\""), element)
      XCTAssertEqual(element.contains("fill-opacity"), shape.color.alpha < 1, element)
      XCTAssertEqual(element.hasPrefix("<circle"), shape.outline == .circle, element)
    }
    // The panel: its top corners rounder than its bottom ones, a path.
    XCTAssertTrue(elements.contains(
      "<path d=\"M36 48 H92 A12 12 0 0 1 104 60 V112 A8 8 0 0 1 96 120 H32 A8 8 0 0 1 24 112 V60 "
        + "A12 12 0 0 1 36 48 Z\" fill=\"#ffffff\"/>"))
  }

  func testSVGNumbersAreShort() {
    XCTAssertEqual(SVGNumber(24).description, "24")
    XCTAssertEqual(SVGNumber(-3).description, "-3")
    XCTAssertEqual(SVGNumber(0.18).description, "0.18")
    XCTAssertEqual(SVGNumber(12.5).description, "12.5")
  }

  /// The repository's root: this file is Tests/DrawerIconTests/AppIconTests.swift.
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  func testTheCommittedIconsAreWhatTheCodeDrawsNow() throws {
    // Packaging/icons is generated by `make icons`; if this fails, the
    // drawing changed without them: run it and commit the result.
    let icons = root.appendingPathComponent("Packaging/icons")
    let svg = try Data(contentsOf: icons.appendingPathComponent("scalable/drawer-x11.svg"))
    XCTAssertTrue(
      String(decoding: svg, as: UTF8.self) == AppIcon.svg, "scalable/drawer-x11.svg differs: run make icons")
    for n in [48, 128] {
      // The pixels, not the bytes: libpng's and zlib's output changes with
      // their versions, the image does not.
      let png = try DecodedPNG([UInt8](Data(contentsOf: icons.appendingPathComponent("\(n)x\(n)/drawer-x11.png"))))
      XCTAssertEqual([png.width, png.height], [n, n])
      // Compared whole, not with XCTAssertEqual, to keep a failure to one line.
      XCTAssertTrue(png.rgba == AppIcon.rgba(size: n), "\(n)x\(n)/drawer-x11.png differs: run make icons")
    }
  }

  /// The window icon the program sends (WindowIconData.swift, generated by
  /// `make icons` too) is the one the shapes draw now.
  func testTheStoredWindowIconIsWhatTheCodeDrawsNow() {
    XCTAssertTrue(WindowIcon.stored() == AppIcon.windowIcon(), "WindowIconData.swift differs: run make icons")
    let source = String(decoding: (try? Data(contentsOf: root.appendingPathComponent(
      "Sources/DrawerWindowIcon/WindowIconData.swift"))) ?? Data(), as: UTF8.self)
    XCTAssertTrue(source == WindowIcon.source(AppIcon.windowIcon()), "WindowIconData.swift differs: run make icons")
  }
}
