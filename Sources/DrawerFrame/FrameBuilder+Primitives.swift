import DrawerEngine
import DrawerRaster
import DrawerText

/// Where drawing goes: `target`, positions moved by (`dx`, `dy`), and
/// clipped to `bounds` (target positions, rectangles that do not overlap).
struct Canvas {
  let target: Target
  let dx: Int
  let dy: Int
  let bounds: [PixelRect]
}

/// The few operations the paths are made of. Each clips its rectangle to
/// what the frame draws before it goes into the frame: the painter's
/// coordinates are 16-bit, and a frame must not touch pixels outside its
/// damage.
extension FrameBuilder {
  /// The back buffer, at window positions, drawn inside `clips`.
  var backCanvas: Canvas { Canvas(target: .back, dx: 0, dy: 0, bounds: clips) }

  /// Fills `r` (window positions) with `paint` over what is there. With
  /// `ink`, while the content picture is drawn, the rectangle is recorded
  /// as ink.
  func fill(_ paint: Paint, _ r: PixelRect, on canvas: Canvas, ink: Bool = false) {
    let local = PixelRect(x: r.x - canvas.dx, y: r.y - canvas.dy, width: r.width, height: r.height)
    if ink && inks != nil { recordInk(local, on: canvas) }
    guard paint.alpha > 0 else { return }
    for b in canvas.bounds {
      var c = local.intersection(b)
      if let listClip { c = c.intersection(listClip) }
      guard !c.isEmpty else { continue }
      frame.ops.append(.paint(paint, rect: c, target: canvas.target, blend: .over, mask: nil, maskX: 0, maskY: 0))
    }
  }

  func fill(_ paint: Paint, _ r: PixelRect) {
    fill(paint, r, on: backCanvas)
  }

  /// Paints `paint` through `mask` over `r` of the back buffer, clipped to
  /// what this frame draws; the mask's pixel (`maskX`, `maskY`) lands on
  /// `r`'s top-left.
  func composite(_ paint: Paint, _ mask: MaskKey, _ r: PixelRect, maskX: Int = 0, maskY: Int = 0) {
    for clip in clips {
      let c = r.intersection(clip)
      guard !c.isEmpty else { continue }
      frame.ops.append(
        .paint(paint, rect: c, target: .back, blend: .over, mask: mask, maskX: maskX + c.x - r.x, maskY: maskY + c.y - r.y))
    }
  }

  /// Copies the scene, panned and dimmed by the 8-bit alpha `dim`, into
  /// `r` of the back buffer, clipped to what this frame draws.
  func copyScene(_ r: PixelRect, dim: Int) {
    for clip in clips {
      let c = r.intersection(clip)
      guard !c.isEmpty else { continue }
      frame.ops.append(.copyScene(sx: c.x - mapOffset.x, sy: c.y - mapOffset.y, to: c, dim: dim))
    }
  }

  /// Draws `bytes` (UTF-8) as one line in `role`'s fonts, in the box from
  /// `left` (window positions), `width` px wide, with its baseline at
  /// `baseline`; text wider than the box ends in an ellipsis. While the
  /// content picture is drawn, the glyphs' ink box is recorded.
  func drawText(
    _ bytes: UnsafeBufferPointer<UInt8>, _ role: FontRole, _ color: DrawerColor, left: Int, width: Int, baseline: Int,
    alignment: LineLayout.Alignment = .natural, highlighted: [Int] = [], highlightColor: DrawerColor? = nil,
    on canvas: Canvas
  ) {
    let left = left - canvas.dx
    let baseline = baseline - canvas.dy
    let box = canvas.bounds.reduce(PixelRect.empty) { $0.union($1) }
    guard bytes.count > 0, width > 0, abs(baseline) < 32_000, left < box.maxX else { return }
    let start = frame.bytes.count
    frame.bytes.append(contentsOf: bytes)
    let marks = frame.highlights.count
    frame.highlights.append(contentsOf: highlighted)
    // Where a glyph may put ink, generously: the run is sent once for each
    // clip rectangle this reaches, clipped to it.
    let line = text.lineHeight(role)
    let reach = PixelRect(x: left - line, y: baseline - 4 * line, width: width + 2 * line, height: 6 * line)
    for b in canvas.bounds {
      let clip = b.intersection(textClip ?? listClip ?? b)
      guard !clip.intersection(reach).isEmpty else { continue }
      frame.ops.append(
        .text(
          TextRun(
            bytes: start..<frame.bytes.count, role: role, color: color, left: left, width: width, baseline: baseline,
            alignment: alignment, highlights: marks..<frame.highlights.count, highlightColor: highlightColor ?? matchColors.normal, clip: clip,
            target: canvas.target)))
    }
    if inks != nil {
      let ink = text.ink(bytes, role, width: width, alignment: alignment)
      recordInk(PixelRect(x: left + ink.x, y: baseline + ink.y, width: ink.width, height: ink.height), on: canvas)
    }
  }

  /// Notes a rectangle (canvas positions) drawn into the content picture,
  /// within the list's clip while the list is drawn.
  func recordInk(_ r: PixelRect, on canvas: Canvas) {
    for b in canvas.bounds {
      var c = r.intersection(b)
      if let listClip { c = c.intersection(listClip) }
      if !c.isEmpty { inks?.append(c) }
    }
  }
}
