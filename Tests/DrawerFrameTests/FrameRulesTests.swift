import DrawerEngine
import DrawerRaster
import TestSupport
import XCTest

@testable import DrawerFrame

/// The frame builder's rules, one at a time, read from the operations of a
/// frame.
final class FrameRulesTests: XCTestCase {
  private func firstFrame(_ flags: [String], width: Int = 800, height: Int = 600) throws -> (FrameRun, FrameBuilder) {
    let run = try FrameRun(flags, width: width, height: height)
    let builder = run.builder()
    run.build(builder)
    return (run, builder)
  }

  private func cuts(_ frame: Frame) -> Int {
    frame.ops.filter { if case .paint(_, _, _, .outReverse, _, _, _) = $0 { true } else { false } }.count
  }

  func testOnlyATranslucentSurfaceIsCutOutOfItsShadows() throws {
    let opaque = try firstFrame(["--margins", "16", "--corner-radius", "12", "--shadow", "#000,0.4,10,0,4"]).1.frame
    XCTAssertEqual(cuts(opaque), 0, "an opaque surface paints its corners over its shadow")
    let translucent = try firstFrame(["--background-color", "#ffffffa0", "--shadow", "#000,0.4,10,0,4"]).1.frame
    XCTAssertGreaterThan(cuts(translucent), 0, "a translucent one keeps its shadow from showing through")
  }

  /// An opaque surface's shadows go straight onto the back buffer: the
  /// layer is only for a translucent one, whose shadows must be cut out.
  func testOnlyATranslucentSurfaceGathersItsShadowsInTheLayer() throws {
    func layered(_ frame: Frame) -> Int {
      frame.ops.filter { op in
        switch op {
        case .compositeLayer: true
        case .paint(_, _, .layer, _, _, _, _): true
        default: false
        }
      }.count
    }
    let shadows = ["--shadow", "#000,0.4,10,0,4", "--shadow", "#000,0.2,3,0,1"]
    let opaque = try firstFrame(["--margins", "16", "--corner-radius", "12"] + shadows).1.frame
    XCTAssertEqual(layered(opaque), 0, "an opaque surface's shadows need no layer")
    XCTAssertGreaterThan(opaque.ops.filter { if case .paint(_, _, .back, _, .shadowTile, _, _) = $0 { true } else { false } }.count, 0)
    let translucent = try firstFrame(["--background-color", "#ffffffa0"] + shadows).1.frame
    XCTAssertGreaterThan(layered(translucent), 0, "a translucent one gathers them to cut them out")
  }

  /// The border's colour painted anywhere on the window's last row, first
  /// column and so on: the side on the home edge has none.
  func testTheBorderRunsAlongEverySideButTheHomeEdge() throws {
    let red = Paint(DrawerColor(red: 1, green: 0, blue: 0))
    for edge in Edge.allCases {
      let (_, builder) = try firstFrame(["--edge", edge.rawValue, "--border-thickness", "1", "--border-color", "#ff0000"])
      var sides: Set<String> = []
      let panel = builder.frame.ops.compactMap { op -> PixelRect? in
        if case .paint(red, let r, .back, .over, nil, _, _) = op { r } else { nil }
      }
      let box = panel.reduce(PixelRect.empty) { $0.union($1) }
      for r in panel {
        if r.height == 1 && r.y == box.y { sides.insert("top") }
        if r.height == 1 && r.maxY == box.maxY { sides.insert("bottom") }
        if r.width == 1 && r.x == box.x { sides.insert("left") }
        if r.width == 1 && r.maxX == box.maxX { sides.insert("right") }
      }
      XCTAssertEqual(sides, Set(["top", "bottom", "left", "right"]).subtracting([edge.rawValue]), "\(edge)")
    }
  }

  func testEveryMaskIsAsLargeAsItsKeySays() {
    for q in [0, 1, 7, 48, 97] {
      for ring in [0.0, 0.5, 1, 3] {
        let n = MaskKey.cornerSize(radiusQuarters: q, ring: ring)
        let image = MaskKey.corners(radiusQuarters: q, ring: ring).image()
        XCTAssertEqual([image.width, image.height], [2 * n, 2 * n], "corners \(q) \(ring)")
        XCTAssertEqual(image.pixels.count, image.width * image.height)
      }
      for blur in [0.0, 4, 14] {
        for bottom in [false, true] {
          let n = MaskKey.shadowTileSize(radiusQuarters: q, blur: blur)
          let image = MaskKey.shadowTile(radiusQuarters: q, blur: blur, bottom: bottom).image()
          XCTAssertEqual([image.width, image.height], [2 * n, n], "tile \(q) \(blur) \(bottom)")
        }
      }
    }
  }

  /// Each quarter of a corner mask, and each half of a shadow's pair of
  /// tiles, is that corner's own table: the tile blurred for it
  /// (`ShadowSlices.cornerTile`), or the fill turned to it.
  func testEachQuarterOfACornerMaskIsThatCornersTable() {
    func quarter(_ image: MaskImage, _ corner: Corner, _ n: Int, pair: Bool = false) -> [UInt8] {
      let x0 = pair ? Pair.maskX(corner, size: n) : Quad.maskX(corner, size: n)
      let y0 = pair ? 0 : Quad.maskY(corner, size: n)
      var out: [UInt8] = []
      for y in 0..<n {
        let start = (y0 + y) * image.width + x0
        out += image.pixels[start..<(start + n)]
      }
      return out
    }
    for q in [1, 7, 48, 97] {
      for blur in [2.0, 14] {
        let n = MaskKey.shadowTileSize(radiusQuarters: q, blur: blur)
        for corner in Corner.allCases {
          let image = MaskKey.shadowTile(radiusQuarters: q, blur: blur, bottom: corner.isBottom).image()
          let own = ShadowSlices.cornerTile(kernel: ShadowKernel(blurRadius: blur), radius: Double(q) / 4, corner: corner)
          XCTAssertEqual(quarter(image, corner, n, pair: true), own, "shadow tile \(q) \(blur) \(corner)")
        }
      }
      let n = MaskKey.cornerSize(radiusQuarters: q, ring: 0)
      let fill = CornerMasks(radius: Double(q) / 4, borderThickness: 0).fill
      let image = MaskKey.corners(radiusQuarters: q, ring: 0).image()
      for corner in Corner.allCases {
        XCTAssertEqual(quarter(image, corner, n), oriented(fill, size: n, corner: corner), "corners \(q) \(corner)")
      }
    }
  }

  /// A frame of a drag sends no header text for a clip that ends above the
  /// line's tallest glyph (the band redrawn above the body, whose picture
  /// holds the header): the run would be clipped away whole.
  func testADragSendsNoHeaderTextItsClipsCannotShow() throws {
    let run = try FrameRun([], width: 800, height: 600)
    let builder = run.builder()
    run.build(builder)
    var p = run.grip
    run.session.feed(.pointerDown(p, button: .primary, time: run.next))
    for _ in 0..<30 {
      p.y -= 7
      run.session.feed(.pointerMove(p, time: run.next))
      run.session.advance(to: run.session.time)
      run.build(builder)
      for case .text(let r) in builder.frame.ops where r.target == .back && (r.role == .title || r.role == .detail) {
        let top = r.baseline - max(builder.text.ascent(.title), builder.text.ascent(.detail)) - 2
        XCTAssertGreaterThan(r.clip?.maxY ?? .max, top, "a header run clipped to \(String(describing: r.clip)), above its ink from \(top)")
      }
    }
  }

  /// Every frame is a whole frame: outside the panel the window shows one
  /// dim step, the frame's, never bands of two. A window larger than the
  /// dim budget keeps its step while the panel moves and takes the model's
  /// whole in the frame that shows the panel at rest; one within it follows
  /// the dim while moving, each change drawn whole.
  func testEveryFrameShowsOneDimStepOutsideThePanel() throws {
    for (budget, follows) in [(50_000, false), (FrameBuilder.defaultDimBudget, true)] {
      var random = SplitMix64(seed: 27)
      let run = try FrameRun(["--detents", "a=100,b=50%,c=90%", "--backdrop", "a=0,b=0.3,c=0.6"], width: 1000, height: 700)
      let builder = run.builder()
      builder.dimBudget = budget
      let painter = SoftwarePainter(width: run.width, height: run.height)
      var steps = Set<Int>()
      func frame(_ what: String) {
        run.build(builder)
        painter.show(builder.frame)
        let m = run.session.drawer.renderModel
        let step = builder.lastStep
        steps.insert(step)
        // Rows above the panel and its shadow, sampled.
        let top = Int(m.drawerTop) - 40
        let window = painter.window()
        var wrong: [(Int, Int)] = []
        for y in stride(from: 0, to: max(0, top), by: 23) {
          for x in stride(from: 0, to: run.width, by: 37) {
            let v = SoftwarePainter.scene(x, y)
            func dimmed(_ c: UInt8) -> UInt8 { UInt8((Int(c) * (255 - step) + 127) / 255) }
            if window.pixel(x, y)[0..<3] != [dimmed(v.0), dimmed(v.1), dimmed(v.2)][...] { wrong.append((x, y)) }
          }
        }
        XCTAssert(wrong.isEmpty, "budget \(budget), \(what): \(wrong.count) pixels not at step \(step), first \(wrong[0])")
      }
      run.build(builder)
      painter.show(builder.frame)
      var p = run.grip
      run.session.feed(.pointerDown(p, button: .primary, time: run.next))
      for i in 0..<24 {
        p.y -= Double(Int.random(in: 0...24, using: &random))
        run.session.feed(.pointerMove(p, time: run.next))
        run.session.advance(to: run.session.time)
        frame("move \(i)")
      }
      XCTAssertEqual(steps.count > 1, follows, "budget \(budget): the dim followed the drag: \(steps.sorted())")
      run.session.feed(.pointerUp(p, button: .primary, time: run.next))
      var frames = 0
      repeat {
        run.session.advance(to: run.next)
        frame("settling")
        frames += 1
      } while run.session.host.stack.isAnimating && frames < 200
      let m = run.session.drawer.renderModel
      XCTAssertEqual(builder.lastStep, Int(Paint(.black, opacity: m.backdropAlpha).alpha >> 8), "at rest, the model's dim")
    }
  }

  /// A steady drag and its settle, as a list of frames: the step each
  /// drew, what it asked to make ready, and whether the panel moved.
  private func preparedDrag(width: Int, height: Int, mapOffset: (x: Int, y: Int) = (0, 0)) throws -> [(
    step: Int, asked: DimPreparation?, moving: Bool
  )] {
    // Low detents, so that the backdrop stays large all the way.
    let run = try FrameRun(["--detents", "a=100,b=25%,c=45%", "--backdrop", "a=0,b=0.2,c=0.6"], width: width, height: height)
    let builder = run.builder()
    builder.dimBudget = FrameBuilder.defaultDimBudget
    var frames: [(step: Int, asked: DimPreparation?, moving: Bool)] = []
    func frame() {
      run.build(builder, mapOffset: mapOffset)
      let m = run.session.drawer.renderModel
      frames.append((builder.lastStep, builder.frame.prepareDim, m.stateIndex == nil || m.isAnimating))
    }
    frame()
    var p = run.grip
    run.session.feed(.pointerDown(p, button: .primary, time: run.next))
    // A slow drag, held still before the release, so that the settle
    // starts slowly too: the dim never jumps a tolerance in one frame.
    for i in 0..<70 {
      if i < 60 { p.y -= 2 }
      run.session.feed(.pointerMove(p, time: run.next))
      run.session.advance(to: run.session.time)
      frame()
    }
    run.session.feed(.pointerUp(p, button: .primary, time: run.next))
    var settling = 0
    repeat {
      run.session.advance(to: run.next)
      frame()
      settling += 1
    } while run.session.host.stack.isAnimating && settling < 200
    return frames
  }

  /// Over a large backdrop the dim's next step is made ready between
  /// frames: every change of a slow drag and of its settle draws a step an
  /// earlier frame asked for, but where the dim jumps a tolerance in one
  /// frame, which no speed foretells: the drag's first move past the slop,
  /// and the settle's first frame.
  func testTheChangesOfASteadyDragDrawStepsMadeReadyAhead() throws {
    let frames = try preparedDrag(width: 1000, height: 1000)
    var asked: DimPreparation?
    var ready = 0
    var jumps: [Int] = []
    for (i, f) in frames.enumerated() {
      if i > 0, f.step != frames[i - 1].step {
        if f.step == asked?.step { ready += 1 } else { jumps.append(i) }
      }
      asked = f.asked ?? asked
    }
    XCTAssertGreaterThan(ready, 10, "the dim followed the drag, from steps made ready")
    XCTAssertLessThanOrEqual(jumps.count, 2, "changes not made ready, at frames \(jumps)")
    XCTAssertFalse(frames.last!.moving)
  }

  /// What is made ready is the backdrop the asking frame showed, in scene
  /// positions: inside the scene, none of it twice, the panel's interior
  /// left out.
  func testTheStepIsMadeReadyOverTheBackdropInScenePositions() throws {
    for offset in [(x: 0, y: 0), (x: 130, y: 70)] {
      let frames = try preparedDrag(width: 1000, height: 1000, mapOffset: offset)
      let asked = frames.compactMap(\.asked)
      XCTAssertFalse(asked.isEmpty)
      for a in asked {
        let scene = PixelRect(x: 0, y: 0, width: a.scene.width, height: a.scene.height)
        var area = 0
        for (i, r) in a.rects.enumerated() {
          XCTAssertEqual(r.intersection(scene), r, "inside the scene")
          area += r.area
          for other in a.rects[(i + 1)...] { XCTAssertTrue(r.intersection(other).isEmpty, "no pixel twice") }
        }
        if offset == (0, 0) { XCTAssertGreaterThanOrEqual(area, FrameBuilder.preparedDimArea, "the backdrop") }
        XCTAssertLessThan(area, 1000 * 1000, "the panel's interior left out")
      }
    }
  }

  func testASmallBackdropIsNeverMadeReadyAhead() throws {
    let frames = try preparedDrag(width: 640, height: 480)
    XCTAssertTrue(frames.allSatisfy { $0.asked == nil }, "640x480 changes whole in its frame")
    XCTAssertGreaterThan(Set(frames.map(\.step)).count, 2, "and still follows the dim")
  }
}

