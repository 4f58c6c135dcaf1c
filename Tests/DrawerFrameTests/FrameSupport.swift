import DrawerDesktop
import DrawerEngine
import DrawerFrame
import DrawerCommandLine
import DrawerHost
import DrawerRaster
import DrawerRows
import DrawerText
import TestSupport
import XCTest

/// Fonts as a table: every byte 7 px wide, ink from 10 px above the
/// baseline to 2 below, cut to the box.
final class TableText: FrameTextMetrics, GlyphMeasuring {
  static let advance = 7

  func ascent(_ role: FontRole) -> Int { role == .title ? 14 : 12 }
  func lineHeight(_ role: FontRole) -> Int { role == .title ? 18 : 16 }

  func measure(_ text: UnsafeBufferPointer<UInt8>, _ role: FontRole) -> MeasuredLine {
    let w = text.count * TableText.advance
    return MeasuredLine(width: w, ink: TextInk(x: 0, y: -10, width: w, height: 12))
  }

  func ink(_ text: UnsafeBufferPointer<UInt8>, _ role: FontRole, width: Int, alignment: LineLayout.Alignment) -> TextInk {
    let w = min(text.count * TableText.advance, width)
    return TextInk(x: alignment == .center ? (width - w) / 2 : 0, y: -10, width: w, height: 12)
  }

  func glyph(for scalar: Unicode.Scalar) -> GlyphMetrics { GlyphMetrics(font: 0, advance: TableText.advance) }
}

/// Premultiplied 8-bit RGBA pixels, row-major.
struct Pixels: Equatable {
  let width: Int
  let height: Int
  var data: [UInt8]

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    data = [UInt8](repeating: 0, count: width * height * 4)
  }

  var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

  func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(data[((y * width + x) * 4)..<((y * width + x) * 4 + 4)]) }
}

/// Carries frames out in software, under the presenter's contract
/// (`Frame`): the tests' stand-in for the X server.
///
/// Blending is Porter–Duff on premultiplied 8-bit values; a text run
/// paints its ink box (`TableText.ink`) at 80 % of its colour's alpha, as
/// antialiased glyphs blend, so a run drawn twice shows. The scene is a
/// fixed pattern.
final class SoftwarePainter {
  var back: Pixels
  var content: Pixels?
  var layer: Pixels
  private(set) var body: BodySource?

  init(width: Int, height: Int) {
    back = Pixels(width: width, height: height)
    layer = Pixels(width: width, height: height)
  }

  /// The scene's opaque pixel at (x, y).
  static func scene(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
    (UInt8((x * 7 + y * 3) % 256), UInt8((x * 13 + y * 5) % 200 + 40), UInt8((x + y * 11) % 256), 255)
  }

  func show(_ frame: Frame) {
    if let size = frame.content, content?.width != size.width || content?.height != size.height {
      content = Pixels(width: size.width, height: size.height)
    }
    for op in frame.ops {
      switch op {
      case .copyScene(let sx, let sy, let r, let dim):
        for y in r.y..<r.maxY {
          for x in r.x..<r.maxX {
            let px = ((sx + x - r.x) % back.width + back.width) % back.width
            let py = ((sy + y - r.y) % back.height + back.height) % back.height
            let v = SoftwarePainter.scene(px, py)
            func dimmed(_ c: UInt8) -> UInt8 { UInt8((Int(c) * (255 - dim) + 127) / 255) }
            set(&back, x, y, (dimmed(v.0), dimmed(v.1), dimmed(v.2), 255))
          }
        }
      case .paint(let paint, let r, let target, let blend, let mask, let maskX, let maskY):
        let image = mask?.image()
        let color = (Int(paint.red >> 8), Int(paint.green >> 8), Int(paint.blue >> 8), Int(paint.alpha >> 8))
        modify(target) { p in
          for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
              var m = 255
              if let image {
                var mx = maskX + x - r.x, my = maskY + y - r.y
                if image.repeating {
                  mx = (mx % image.width + image.width) % image.width
                  my = (my % image.height + image.height) % image.height
                }
                m = mx >= 0 && my >= 0 && mx < image.width && my < image.height ? Int(image.pixels[my * image.width + mx]) : 0
              }
              func scaled(_ c: Int) -> Int { (c * m + 127) / 255 }
              blendPixel(&p, x, y, (scaled(color.0), scaled(color.1), scaled(color.2), scaled(color.3)), blend)
            }
          }
        }
      case .text(let run):
        let count = run.bytes.count
        let w = min(count * TableText.advance, run.width)
        let left = run.left + (run.alignment == .center ? (run.width - w) / 2 : 0)
        var box = PixelRect(x: left, y: run.baseline - 10, width: w, height: 12)
        if let clip = run.clip { box = box.intersection(clip) }
        let p = Paint(run.color, opacity: 0.8)
        let color = (Int(p.red >> 8), Int(p.green >> 8), Int(p.blue >> 8), Int(p.alpha >> 8))
        modify(run.target) { pixels in
          let b = box.intersection(pixels.bounds)
          guard !b.isEmpty else { return }
          for y in b.y..<b.maxY { for x in b.x..<b.maxX { blendPixel(&pixels, x, y, color, .over) } }
        }
      case .icon(let id, let r, _, _, let target):
        // An icon shows as a square of a grey its id sets.
        let grey = 40 + id % 200
        modify(target) { pixels in
          let b = r.intersection(pixels.bounds)
          guard !b.isEmpty else { return }
          for y in b.y..<b.maxY { for x in b.x..<b.maxX { blendPixel(&pixels, x, y, (grey, grey, grey, 255), .source) } }
        }
      case .compositeLayer(let r):
        for y in r.y..<r.maxY {
          for x in r.x..<r.maxX {
            let i = (y * layer.width + x) * 4
            let d = layer.data
            blendPixel(&back, x, y, (Int(d[i]), Int(d[i + 1]), Int(d[i + 2]), Int(d[i + 3])), .over)
          }
        }
      }
    }
    body = frame.body
  }

  /// What the window shows: the back buffer, and the body from the
  /// content picture from its row down in its columns.
  func window() -> Pixels {
    var w = back
    guard let body, let content else { return w }
    for y in max(0, body.row)..<w.height {
      for x in max(0, body.x)..<min(w.width, body.x + body.width) {
        let cx = x - body.x, cy = y - body.y
        guard cx >= 0, cy >= 0, cx < content.width, cy < content.height else { continue }
        let i = (cy * content.width + cx) * 4
        let d = content.data
        set(&w, x, y, (d[i], d[i + 1], d[i + 2], d[i + 3]))
      }
    }
    return w
  }

  private func modify(_ target: Target, _ body: (inout Pixels) -> Void) {
    switch target {
    case .back: body(&back)
    case .layer: body(&layer)
    case .content:
      guard var c = content else { return XCTFail("a content operation without a content picture") }
      body(&c)
      content = c
    }
  }

  private func set(_ p: inout Pixels, _ x: Int, _ y: Int, _ v: (UInt8, UInt8, UInt8, UInt8)) {
    guard x >= 0, y >= 0, x < p.width, y < p.height else { return XCTFail("a pixel outside the target at \(x),\(y)") }
    let i = (y * p.width + x) * 4
    (p.data[i], p.data[i + 1], p.data[i + 2], p.data[i + 3]) = v
  }

  private func blendPixel(_ p: inout Pixels, _ x: Int, _ y: Int, _ s: (Int, Int, Int, Int), _ blend: Blend) {
    guard x >= 0, y >= 0, x < p.width, y < p.height else { return XCTFail("a pixel outside the target at \(x),\(y)") }
    let i = (y * p.width + x) * 4
    let sa = s.3
    func mix(_ s: Int, _ d: UInt8) -> UInt8 {
      switch blend {
      case .over: UInt8(min(255, s + (Int(d) * (255 - sa) + 127) / 255))
      case .source: UInt8(s)
      case .outReverse: UInt8((Int(d) * (255 - sa) + 127) / 255)
      }
    }
    p.data[i] = mix(s.0, p.data[i])
    p.data[i + 1] = mix(s.1, p.data[i + 1])
    p.data[i + 2] = mix(s.2, p.data[i + 2])
    p.data[i + 3] = mix(s.3, p.data[i + 3])
  }
}

/// Every pixel where `a` and `b` differ, as one bounding rectangle and
/// a list.
func differences(_ a: Pixels, _ b: Pixels) -> [(x: Int, y: Int)] {
  var out: [(x: Int, y: Int)] = []
  for y in 0..<a.height {
    let row = (y * a.width * 4)..<((y + 1) * a.width * 4)
    guard a.data[row] != b.data[row] else { continue }
    for x in 0..<a.width where a.pixel(x, y) != b.pixel(x, y) { out.append((x, y)) }
  }
  return out
}

/// A run of the program without X: a session made from `arguments` in a
/// `width`×`height` window, and a frame builder with table fonts.
final class FrameRun {
  let session: HostSession
  let theme: Theme
  let text = TableText()
  let detailText = DetailText()
  let width: Int
  let height: Int

  /// `rows` replaces the generated rows (the panel gets their count).
  init(
    _ arguments: [String], rows given: RowTexts? = nil, width: Int = 800, height: Int = 600,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    guard case .run(let settings) = parseCommandLine(arguments) else {
      XCTFail("\(arguments) did not parse", file: file, line: line)
      throw CancellationError()
    }
    let rows = given ?? RowTexts.generated(count: settings.configuration.rowCount)
    var (configuration, theme) = settings.themed(settings.theme.resolve(with: nil))
    if given != nil { configuration.rowCount = rows.count }
    self.theme = theme
    self.width = width
    self.height = height
    let host = try PanelHost(
      configuration: configuration, scale: 1, containerSize: Size(width: Double(width), height: Double(height)),
      textMetrics: FixedTextMetrics(), time: 0)
    session = HostSession(
      host: host, rows: rows, reader: nil, control: nil, pick: nil, filters: false, time: 0,
      output: SessionOutput(events: nil, result: { _ in }, diagnostic: { _ in }))
    host.detailLineCount = { [unowned self] row, width in
      detailText.prepare(row: row, listWidth: width, inset: 16, rows: rows, measurer: text)
    }
    try session.start(at: 0)
  }

  /// The painters' lengths for this run's theme, as drawer-x11 takes them.
  var metrics: PaintMetrics {
    var m = PaintMetrics()
    m.focusRingWidth = theme.focusRingWidth
    return m
  }

  /// A builder for this run, as drawer-x11 makes one, with a dim budget
  /// a sixth of this small window's, so that it keeps its dim step while the
  /// panel moves and takes the model's whole at rest.
  func builder() -> FrameBuilder {
    let b = FrameBuilder(
      rows: session.rows, theme: theme, text: text, metrics: metrics,
      shadows: session.host.drawer.configuration.shadows,
      detailShadows: session.host.stack.detailConfiguration.shadows, mapHint: true)
    b.dimBudget = width * height / 6
    return b
  }

  /// Builds the frame of the session's state now with `builder`.
  func build(_ builder: FrameBuilder, mapOffset: (x: Int, y: Int) = (0, 0)) {
    let detail = session.host.stack.detail?.renderModel
    builder.build(
      session.drawer.renderModel, detail: detail, text: detail == nil ? nil : detailText, width: width, height: height,
      mapOffset: mapOffset)
  }

  /// The time of the next frame.
  var next: Double { session.time + 1.0 / 60 }

  /// A point on the panel's header, where a drag grabs it.
  var grip: Point {
    let h = session.drawer.renderModel.headerFrame
    return Point(x: h.minX + h.width / 2, y: h.minY + h.height / 2)
  }
}
