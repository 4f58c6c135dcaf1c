import DrawerEngine
import DrawerRaster
import TestSupport
import XCTest

/// A body picture as the renderer draws one: outside its inks every row is
/// the same, so its pixel is `column` there, and `ink` inside them.
private struct BodyPicture {
  var width: Int
  var height: Int
  var inks: [PixelRect]
  var seed: UInt32
  /// Rectangles drawn again since, each with its own pixels: the last wins.
  var patches: [(rect: PixelRect, seed: UInt32)] = []

  func pixel(_ x: Int, _ y: Int) -> UInt32 {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "read outside the body picture")
    if let p = patches.last(where: { x >= $0.rect.x && x < $0.rect.maxX && y >= $0.rect.y && y < $0.rect.maxY }) {
      return p.seed &+ UInt32(x * 31 + y * 17)
    }
    let inInk = inks.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
    return inInk ? seed &+ UInt32(x * 7919 + y * 104_729) : seed &+ UInt32(x)
  }
}

/// The window, the back buffer and the body pictures of a small surface,
/// in software: what a frame should look like, and what the copies of a
/// present make of the window.
private struct Screen {
  let width: Int
  let height: Int
  var window: [UInt32]
  var back: [UInt32]
  var pictures: [UInt: BodyPicture] = [:]

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    window = [UInt32](repeating: 0xdead, count: width * height)
    back = [UInt32](repeating: 0xbeef, count: width * height)
  }

  func picture(_ b: BodySource) -> BodyPicture { pictures[b.picture ^ UInt(b.version) << 32]! }

  /// What the window must show: the back buffer, with the body from its
  /// row down in its columns.
  func frame(body: BodySource?) -> [UInt32] {
    var out = back
    guard let body else { return out }
    let x0 = max(0, body.x), x1 = max(x0, min(width, body.x + body.width))
    for y in min(max(0, body.row), height)..<height {
      for x in x0..<x1 {
        out[y * width + x] = picture(body).pixel(x - body.x, y - body.y)
      }
    }
    return out
  }

  mutating func apply(_ copies: PresentCopies, shown: BodySource?) {
    for r in copies.back {
      for y in r.y..<r.maxY { for x in r.x..<r.maxX { window[y * width + x] = back[y * width + x] } }
    }
    if let area = copies.body, let body = shown {
      for y in area.y..<area.maxY {
        for x in area.x..<area.maxX {
          if let clip = copies.bodyClip, !clip.contains(where: { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }) {
            continue
          }
          window[y * width + x] = picture(body).pixel(x - body.x, y - body.y)
        }
      }
    }
  }
}

final class PresentationTests: XCTestCase {
  /// Seeded frames of random drawing, damage and bodies that move, change,
  /// come and go: after each present the window holds exactly the frame,
  /// though the present copied only what the rules say changed.
  func testEveryPresentBringsTheWindowToTheFrame() {
    var rng = SplitMix64(seed: 25)
    let (w, h) = (48, 36)
    var screen = Screen(width: w, height: h)
    var p = Presentation(width: w, height: h)
    var body: BodySource?
    var copied = 0
    for frame in 0..<3_000 {
      switch Int.random(in: 0..<40, using: &rng) {
      case 0:
        // An Expose: the window's pixels are garbage.
        for i in screen.window.indices { screen.window[i] = UInt32.random(in: 0...9, using: &rng) }
        p.windowLost()
      case 1:
        screen.back = screen.back.map { _ in UInt32.random(in: 0...9, using: &rng) }
        p.newBackBuffer(width: w, height: h)
        body = nil
      default: break
      }
      // The renderer draws only where it damages.
      for _ in 0..<Int.random(in: 0...3, using: &rng) {
        let r = PixelRect(
          x: Int.random(in: -8..<w, using: &rng), y: Int.random(in: -8..<h, using: &rng),
          width: Int.random(in: 0...20, using: &rng), height: Int.random(in: 0...20, using: &rng))
        let value = UInt32.random(in: 100...200, using: &rng)
        let inside = r.intersection(p.surface)
        if !inside.isEmpty {
          for y in inside.y..<inside.maxY { for x in inside.x..<inside.maxX { screen.back[y * w + x] = value } }
        }
        p.damage(r)
      }
      switch Int.random(in: 0..<10, using: &rng) {
      case 0:
        body = nil
      case 1, 2:
        // A new picture, or a new version of the same one.
        let id = body.map { Int.random(in: 0..<2, using: &rng) == 0 ? $0.picture : UInt(frame + 1) } ?? UInt(frame + 1)
        let version = frame
        let inks = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
          PixelRect(
            x: Int.random(in: 0..<w, using: &rng), y: Int.random(in: 0..<h, using: &rng),
            width: Int.random(in: 1...12, using: &rng), height: Int.random(in: 1...4, using: &rng))
        }
        screen.pictures[id ^ UInt(version) << 32] = BodyPicture(
          width: w + 8, height: h, inks: inks, seed: UInt32.random(in: 1000...9000, using: &rng))
        let y = Int.random(in: 0...h, using: &rng)
        body = BodySource(
          picture: id, version: version, row: y + Int.random(in: 0...6, using: &rng),
          x: Int.random(in: -4...8, using: &rng), y: y, width: Int.random(in: 1...(w + 4), using: &rng), inks: inks)
      case 6:
        // Rows of the picture drawn again in place: a patch of it.
        if var b = body, var picture = screen.pictures[b.picture ^ UInt(b.version) << 32] {
          let rects = (0..<Int.random(in: 1...2, using: &rng)).map { _ in
            PixelRect(
              x: 0, y: Int.random(in: 0..<h, using: &rng), width: picture.width, height: Int.random(in: 1...5, using: &rng))
          }
          for r in rects { picture.patches.append((r, UInt32.random(in: 1000...9000, using: &rng))) }
          picture.inks += rects
          let version = 100_000 + frame
          screen.pictures[b.picture ^ UInt(version) << 32] = picture
          b.patched = BodyPatch(from: b.version, rects: rects)
          (b.version, b.inks) = (version, picture.inks)
          body = b
        }
      case 3, 4, 5:
        // The sheet moves: the same picture, at another height.
        if var b = body {
          let y = max(0, min(h, b.y + Int.random(in: -9...9, using: &rng)))
          b.row += y - b.y
          b.y = y
          if Int.random(in: 0..<3, using: &rng) == 0 { b.row = y + Int.random(in: 0...6, using: &rng) }
          body = b
        }
      default: break
      }
      p.show(body)
      let copies = p.present()
      copied += copies.back.reduce(0) { $0 + $1.width * $1.height }
      screen.apply(copies, shown: p.shownBody)
      let want = screen.frame(body: body)
      if let i = want.indices.first(where: { screen.window[$0] != want[$0] }) {
        return XCTFail("frame \(frame): the window differs at (\(i % w), \(i / w)) after \(copies)")
      }
    }
    XCTAssertLessThan(copied, 3_000 * w * h / 3, "the presents copy what changed, not every pixel")
  }

  func testAFrameThatDrewNothingCopiesNothing() {
    var p = Presentation(width: 100, height: 80)
    let body = BodySource(picture: 7, version: 1, row: 40, x: 10, y: 30, width: 80, inks: [])
    p.show(body)
    _ = p.present()
    p.show(body)
    XCTAssertEqual(p.present(), PresentCopies())
  }

  func testAMovedBodyCopiesItsInksAtBothPlacesOnly() {
    var p = Presentation(width: 100, height: 80)
    let ink = PixelRect(x: 5, y: 20, width: 30, height: 2)
    p.show(BodySource(picture: 7, version: 1, row: 40, x: 10, y: 30, width: 80, inks: [ink]))
    _ = p.present()
    // Up 10 px: the back buffer takes the rows above the new split.
    p.damage(PixelRect(x: 0, y: 30, width: 100, height: 10))
    p.show(BodySource(picture: 7, version: 1, row: 30, x: 10, y: 20, width: 80, inks: [ink]))
    let copies = p.present()
    XCTAssertEqual(copies.back, [PixelRect(x: 0, y: 30, width: 10, height: 10), PixelRect(x: 90, y: 30, width: 10, height: 10)])
    XCTAssertEqual(copies.body, PixelRect(x: 10, y: 30, width: 80, height: 50))
    XCTAssertEqual(copies.bodyClip, [
      PixelRect(x: 0, y: 30, width: 100, height: 10),
      PixelRect(x: 15, y: 50, width: 30, height: 2), PixelRect(x: 15, y: 40, width: 30, height: 2),
    ])
  }

  func testAPatchedBodyCopiesItsPatchesOnly() {
    var p = Presentation(width: 100, height: 80)
    p.show(BodySource(picture: 7, version: 1, row: 40, x: 10, y: 30, width: 80, inks: []))
    _ = p.present()
    let patch = PixelRect(x: 0, y: 20, width: 80, height: 6)
    p.show(
      BodySource(
        picture: 7, version: 2, row: 40, x: 10, y: 30, width: 80, inks: [patch], patched: BodyPatch(from: 1, rects: [patch])))
    let copies = p.present()
    XCTAssertEqual(copies.body, PixelRect(x: 10, y: 40, width: 80, height: 40))
    XCTAssertEqual(copies.bodyClip, [PixelRect(x: 10, y: 50, width: 80, height: 6)])
    // A window that showed an older version takes the whole body.
    p.show(
      BodySource(
        picture: 7, version: 4, row: 40, x: 10, y: 30, width: 80, inks: [patch], patched: BodyPatch(from: 3, rects: [patch])))
    XCTAssertNil(p.present().bodyClip)
  }

  func testADroppedBodyShowsTheBackBufferWhereItWas() {
    var p = Presentation(width: 100, height: 80)
    p.show(BodySource(picture: 7, version: 1, row: 40, x: 10, y: 30, width: 80, inks: []))
    _ = p.present()
    p.show(nil)
    XCTAssertEqual(p.present().back, [PixelRect(x: 10, y: 40, width: 80, height: 40)])
  }

  func testABodyBeyondANarrowerBackBufferIsCutNotTrusted() {
    var p = Presentation(width: 800, height: 600)
    p.show(BodySource(picture: 7, version: 1, row: 300, x: 700, y: 280, width: 90, inks: []))
    _ = p.present()
    p.newBackBuffer(width: 600, height: 600)
    XCTAssertNil(p.shownBody, "the window lost what it showed")
    p.show(BodySource(picture: 7, version: 1, row: 300, x: 700, y: 280, width: 90, inks: []))
    let copies = p.present()
    XCTAssertEqual(copies.back, [PixelRect(x: 0, y: 0, width: 600, height: 300), PixelRect(x: 0, y: 300, width: 600, height: 300)])
    XCTAssertNil(copies.body, "nothing of the body lies in the surface")
  }
}
