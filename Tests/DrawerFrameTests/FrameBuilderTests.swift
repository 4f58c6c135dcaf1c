import DrawerEngine
@testable import DrawerFrame
@testable import DrawerRows
import DrawerRaster
import TestSupport
import XCTest

/// Every path through the frame builder, driven by seeded drags and
/// checked pixel by pixel in software: each frame's damage holds every
/// pixel its operations changed, and the window a frame leaves (drawn only
/// where the frame plan said) is the window a fresh builder draws whole.
final class FrameBuilderTests: XCTestCase {
  /// Flags of every kind of panel the builder draws: each edge, a sheet
  /// narrower than the window, a card, a translucent surface, several
  /// shadows, a border, a dimmed backdrop.
  static let paths: [(name: String, flags: [String])] = [
    ("bottom", []),
    ("bottom-border-shadow", ["--border-thickness", "3", "--border-color", "#ff0000", "--shadow-opacity", "0.6", "--shadow-radius", "8"]),
    ("bottom-hairline", ["--border-thickness", "0.5", "--border-color", "#3060c0"]),
    ("bottom-dim", ["--detents", "tip=60,half=45%,full=-20", "--backdrop", "tip=0,half=0.2,full=0.4", "--initial", "half"]),
    ("narrow", ["--max-width", "240", "--shadow", "#000,0.2,10,0,0,2"]),
    ("top", ["--edge", "top", "--shadow-opacity", "0.35", "--shadow-radius", "8"]),
    ("left", ["--edge", "left", "--detents", "rail=60,open=200", "--initial", "open", "--shadow-opacity", "0.35"]),
    ("right", ["--edge", "right", "--detents", "open=180,wide=70%", "--initial", "open", "--border-thickness", "1"]),
    ("card", ["--margins", "16,12,12,12", "--corner-radius", "12"]),
    ("translucent", ["--background-color", "#fafafcb0", "--shadow", "#000,0.5,10,0,-4,2"]),
    ("shadows", ["--shadow", "#000,0.18,12,0,6", "--shadow", "#000,0.25,3,0,1,1"]),
  ]

  func testEveryPathDamagesWhatItDrawsAndDrawsWhatAFreshFrameDoes() throws {
    for (i, path) in FrameBuilderTests.paths.enumerated() {
      try check(path.name, path.flags, seed: 0xF4A3 + UInt64(i))
    }
  }

  func testTheDetailOverEveryEdge() throws {
    for (i, path) in FrameBuilderTests.paths.enumerated() where ["bottom-dim", "left"].contains(path.name) {
      try check(path.name + " with a detail", path.flags, seed: 0xD37A + UInt64(i), detail: true)
    }
  }

  /// A new copy of the scene (the desktop copied again before the window
  /// maps) names a new scene and redraws the whole window, where the same
  /// model alone would redraw nothing.
  func testAChangedSceneRedrawsTheWholeWindow() throws {
    let run = try FrameRun([], width: 400, height: 300)
    let builder = run.builder()
    run.build(builder)
    let first = builder.frame.scene
    run.build(builder)
    XCTAssertEqual(builder.frame.damage.reduce(0) { $0 + $1.width * $1.height }, 0, "nothing changed")
    builder.sceneChanged()
    run.build(builder)
    XCTAssertNotEqual(builder.frame.scene, first)
    let whole = builder.frame.damage.reduce(0) { $0 + $1.width * $1.height }
    XCTAssertEqual(whole, 400 * 300, "the damage covers the window, once")
  }

  /// The band a moving sheet redraws, less its opaque interior, is one
  /// piece when all the interior takes out is the strip between its top
  /// corners (cutting it would send three pieces' requests for a few
  /// thousand pixels), and stays cut where the panel hides more than the
  /// pieces cost.
  func testTheBackdropIsCutAroundAnOpaquePanelOnlyWhereThatSaves() throws {
    let builder = try FrameRun([]).builder()
    let sheet = RoundedShape(
      rect: PixelRect(x: 0, y: 160, width: 800, height: 440), radii: CornerRadii(topLeft: 12, topRight: 12))
    let band = PixelRect(x: 0, y: 137, width: 800, height: 30)
    XCTAssertEqual(subtract(from: band, sheet.interior).count, 3, "the band above, and the two corner squares")
    XCTAssertEqual(builder.backdropPieces(band, hidden: sheet.interior), [band])
    let card = RoundedShape(
      rect: PixelRect(x: 200, y: 150, width: 400, height: 300), radii: CornerRadii(all: 12))
    let window = PixelRect(x: 0, y: 0, width: 800, height: 600)
    let around = builder.backdropPieces(window, hidden: card.interior)
    XCTAssertEqual(around, subtract(from: window, card.interior), "a card hides far more than its pieces cost")
    XCTAssertEqual(around.reduce(0) { $0 + $1.area }, window.area - card.interior.reduce(0) { $0 + $1.area })
  }

  /// A moving panel's corners are drawn at whole-pixel radii (each new
  /// radius costs masks), a resting one's at the quarter pixel.
  func testAMovingPanelsCornersRoundToWholePixels() throws {
    let run = try FrameRun([])
    let builder = run.builder()
    var m = run.session.drawer.renderModel
    XCTAssertNotNil(m.stateIndex, "the panel starts at rest")
    m.surface.radii = CornerRadii(topLeft: 10.3, topRight: 10.3)
    XCTAssertEqual(builder.roundedShape(m).radii.topLeft, 10.25, "at rest, the quarter pixel")
    m.isAnimating = true
    XCTAssertEqual(builder.roundedShape(m).radii.topLeft, 10, "moving, the whole pixel")
    m.isAnimating = false
    m.stateIndex = nil
    m.surface.radii = CornerRadii(topLeft: 10.6, topRight: 10.6)
    XCTAssertEqual(builder.roundedShape(m).radii.topRight, 11, "dragged, the whole pixel")
  }

  /// --mesg: the header is a title line deeper, and the message is drawn
  /// on that line, under the title, in the picture cache's path as well.
  func testAMessageLineShowsUnderTheTitle() throws {
    let plain = try FrameRun(["--pick"])
    let run = try FrameRun(["--pick", "--mesg", "Hello"])
    run.session.rows.message = Array("Hello".utf8)
    XCTAssertEqual(
      run.session.drawer.layout.headerDepth, plain.session.drawer.layout.headerDepth + FixedTextMetrics().titleLineHeight)
    let builder = run.builder()
    run.build(builder)
    let frame = builder.frame
    let texts = frame.ops.compactMap { op -> (String, TextRun)? in
      guard case .text(let r) = op else { return nil }
      return (String(decoding: frame.bytes[r.bytes], as: UTF8.self), r)
    }
    let title = try XCTUnwrap(texts.first { $0.0 == "Places" }?.1, "\(texts.map(\.0))")
    let message = try XCTUnwrap(texts.first { $0.0 == "Hello" }?.1, "\(texts.map(\.0))")
    XCTAssertEqual(message.baseline, title.baseline + run.text.lineHeight(.title))
    XCTAssertEqual(message.left, title.left)
    XCTAssertEqual(message.role, .detail)
    XCTAssertLessThanOrEqual(message.baseline, Int(run.session.drawer.renderModel.headerFrame.maxY))
    let plainBuilder = plain.builder()
    plain.build(plainBuilder)
    let plainTitle = plainBuilder.frame.ops.compactMap { op -> TextRun? in
      guard case .text(let r) = op, String(decoding: plainBuilder.frame.bytes[r.bytes], as: UTF8.self) == "Places" else {
        return nil
      }
      return r
    }.first
    // The engine's line here is 16 px and the table font's 18: the title
    // may move by half the difference.
    let moved = try abs(XCTUnwrap(plainTitle).baseline - title.baseline)
    XCTAssertLessThanOrEqual(moved, 1, "the title keeps its place; the message line is added below")
  }

  /// The query's caret is a bar as tall as the title's line before the
  /// character it stands at, drawn again where it moves to.
  func testTheCaretStandsInTheTitle() throws {
    let rows = RowTexts.live(name: "-", filter: .substring, prompt: "Go")
    for line in ["alpha", "beta"] { try rows.store!.append(line: line) }
    rows.rowsChanged(finished: true)
    rows.setQuery("al")
    let run = try FrameRun([], rows: rows)
    let builder = run.builder()
    func caret() throws -> PixelRect {
      run.build(builder)
      let frame = builder.frame
      let title = try XCTUnwrap(
        frame.ops.compactMap { op -> TextRun? in
          guard case .text(let r) = op, String(decoding: frame.bytes[r.bytes], as: UTF8.self) == "Go al" else { return nil }
          return r
        }.first)
      let bars = frame.ops.compactMap { op -> PixelRect? in
        guard case .paint(let p, let r, _, _, nil, _, _) = op, r.width == 1, r.height == run.text.lineHeight(.title),
          p == Paint(run.theme.rowText)
        else { return nil }
        return r
      }
      XCTAssertEqual(bars.count, 1, "\(bars)")
      let bar = try XCTUnwrap(bars.first)
      XCTAssertEqual(bar.y, title.baseline - run.text.ascent(.title))
      return PixelRect(x: bar.x - title.left, y: bar.y, width: bar.width, height: bar.height)
    }
    XCTAssertEqual(try caret().x, 5 * TableText.advance, "after \"Go al\"")
    rows.setCaret(1)
    XCTAssertEqual(try caret().x, 4 * TableText.advance, "after \"Go a\"")
  }

  /// "Type to filter" stands dimmed where the query will, a space after
  /// the prompt, while the query is empty, and goes with the first
  /// character typed.
  func testThePlaceholderShowsUntilAQueryIsTyped() throws {
    let rows = RowTexts.live(name: "-", filter: .substring, prompt: "Go")
    for line in ["alpha", "beta"] { try rows.store!.append(line: line) }
    rows.rowsChanged(finished: true)
    let run = try FrameRun([], rows: rows)
    let builder = run.builder()
    func texts() -> [String: TextRun] {
      run.build(builder)
      let frame = builder.frame
      var found: [String: TextRun] = [:]
      for op in frame.ops {
        if case .text(let r) = op { found[String(decoding: frame.bytes[r.bytes], as: UTF8.self)] = r }
      }
      return found
    }
    let empty = texts()
    let title = try XCTUnwrap(empty["Go"], "\(empty.keys)")
    let placeholder = try XCTUnwrap(empty["Type to filter"], "\(empty.keys)")
    XCTAssertEqual(placeholder.color, run.theme.detailText, "dimmed")
    XCTAssertEqual(placeholder.role, .title)
    XCTAssertEqual(placeholder.baseline, title.baseline)
    XCTAssertEqual(placeholder.left, title.left + 3 * TableText.advance, "after \"Go \"")
    rows.setQuery("a")
    let typed = texts()
    XCTAssertNotNil(typed["Go a"], "\(typed.keys)")
    XCTAssertNil(typed["Type to filter"])
    rows.setQuery("")
    XCTAssertNotNil(texts()["Type to filter"], "back once the query is empty")
    rows.hidesQuery = true
    XCTAssertNotNil(texts()["Type to filter"], "a password pick shows it too")
  }

  /// Generated rows, which typing does not filter, have no placeholder.
  func testAListWithoutAQueryHasNoPlaceholder() throws {
    let run = try FrameRun([])
    XCTAssertEqual(run.session.rows.placeholder, [])
  }

  /// Runs a seeded drag on the panel of `flags` in a 360 × 270 window,
  /// without the dim unless `flags` set one (a dim step redraws the whole
  /// window, which would hide a band planned too small):
  /// down on the header, a dozen moves either way, up, and the frames of
  /// the settling; with `detail`, a detail panel opens first and closes at
  /// the end.
  private func check(_ name: String, _ flags: [String], seed: UInt64, detail: Bool = false) throws {
    var random = SplitMix64(seed: seed)
    let undimmed = flags.contains("--backdrop") ? flags : flags + ["--dim-opacity", "0"]
    let run = try FrameRun(undimmed, width: 360, height: 270)
    let builder = run.builder()
    let painter = SoftwarePainter(width: run.width, height: run.height)
    var step = 0
    func frame(_ what: String) {
      step += 1
      let before = painter.back
      run.build(builder)
      let f = builder.frame
      painter.show(f)
      let changed = differences(before, painter.back)
      let outside = changed.filter { p in !f.damage.contains { contains($0, p) } }
      XCTAssert(outside.isEmpty, "\(name), \(what): \(outside.count) changed pixels outside the damage \(f.damage), first \(outside[0])")
      let m = run.session.drawer.renderModel
      // The dim lags the model's by design while the panel moves
      // (`BackdropSteps`), and a window over the budget keeps its step:
      // compare with a fresh frame when the window shows the model's step.
      let atRest = m.stateIndex != nil && !m.isAnimating
      let modelStep = Int(Paint(.black, opacity: m.backdropAlpha).alpha >> 8)
      guard !builder.catchingUp, builder.lastStep == modelStep, atRest || step % 3 == 0 else { return }
      let fresh = run.builder()
      run.build(fresh)
      let whole = SoftwarePainter(width: run.width, height: run.height)
      whole.show(fresh.frame)
      let wrong = differences(painter.window(), whole.window())
      XCTAssert(wrong.isEmpty, "\(name), \(what): \(wrong.count) pixels differ from a fresh frame, first \(wrong.first.map { "\($0)" } ?? "")")
    }
    frame("first")
    if detail {
      run.session.host.openDetail(row: 2)
      for _ in 0..<30 where run.session.host.stack.isAnimating || step < 2 {
        run.session.advance(to: run.next)
        frame("detail opening")
      }
    }
    let m = run.session.host.stack.detail?.renderModel ?? run.session.drawer.renderModel
    let outward: Point = switch m.edge {
    case .bottom: Point(x: 0, y: -1)
    case .top: Point(x: 0, y: 1)
    case .left: Point(x: 1, y: 0)
    case .right: Point(x: -1, y: 0)
    }
    var p = run.grip
    if detail, let h = run.session.host.stack.detail?.renderModel.headerFrame {
      p = Point(x: h.minX + h.width / 2, y: h.minY + h.height / 2)
    }
    run.session.feed(.pointerDown(p, button: .primary, time: run.next))
    run.session.advance(to: run.session.time)
    frame("down")
    for i in 0..<12 {
      let d = Double(Int.random(in: -40...40, using: &random))
      p = Point(x: p.x + outward.x * d, y: p.y + outward.y * d)
      run.session.feed(.pointerMove(p, time: run.next))
      run.session.advance(to: run.session.time)
      frame("move \(i)")
    }
    run.session.feed(.pointerUp(p, button: .primary, time: run.next))
    for _ in 0..<90 {
      run.session.advance(to: run.next)
      frame("settling")
      if !run.session.host.stack.isAnimating && !builder.catchingUp { break }
    }
    XCTAssertFalse(builder.catchingUp, "\(name): the dim reached the whole window")
    // At rest, the pointer over the rows and the keyboard's row moving:
    // a sheet with its body in the content picture patches it.
    let v = (run.session.host.stack.detail?.renderModel ?? run.session.drawer.renderModel).list.viewport
    for i in 0..<4 {
      let at = Point(x: v.minX + v.width / 2, y: v.minY + Double(10 + 23 * i))
      run.session.feed(.pointerMove(at, time: run.next))
      run.session.advance(to: run.session.time)
      frame("hover \(i)")
    }
    for key in [DrawerKey.down, .down, .up] {
      run.session.feed(.key(key, time: run.next))
      for _ in 0..<30 {
        run.session.advance(to: run.next)
        frame("key")
        if !run.session.host.stack.isAnimating && !builder.catchingUp { break }
      }
    }
    XCTAssertGreaterThan(step, 14, name)
  }

  private func contains(_ r: PixelRect, _ p: (x: Int, y: Int)) -> Bool {
    p.x >= r.x && p.x < r.maxX && p.y >= r.y && p.y < r.maxY
  }
}
