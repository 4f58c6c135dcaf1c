import DrawerEngine
import DrawerRaster
import DrawerText

/// Where drawing goes: `target`, positions moved by (`dx`, `dy`), and
/// clipped to `bounds` (target positions).
struct Canvas {
  let target: Target
  let dx: Int
  let dy: Int
  let bounds: PixelRect
}

/// The few operations the paths are made of. Each clips its rectangle to
/// what the frame draws before it goes into the frame: the painter's
/// coordinates are 16-bit, and a frame must not touch pixels outside its
/// damage.
extension FrameBuilder {
  /// The back buffer, at window positions, drawn inside `clip`.
  var backCanvas: Canvas { Canvas(target: .back, dx: 0, dy: 0, bounds: clip) }

  /// Fills `r` (window positions) with `paint` over what is there. With
  /// `ink`, while the content picture is drawn, the rectangle is recorded
  /// as ink.
  func fill(_ paint: Paint, _ r: PixelRect, on canvas: Canvas, ink: Bool = false) {
    let local = PixelRect(x: r.x - canvas.dx, y: r.y - canvas.dy, width: r.width, height: r.height)
    if ink && inks != nil { recordInk(local, on: canvas) }
    var c = local.intersection(canvas.bounds)
    if let listClip { c = c.intersection(listClip) }
    guard !c.isEmpty, paint.alpha > 0 else { return }
    frame.ops.append(.paint(paint, rect: c, target: canvas.target, blend: .over, mask: nil, maskX: 0, maskY: 0))
  }

  func fill(_ paint: Paint, _ r: PixelRect) {
    fill(paint, r, on: backCanvas)
  }

  /// Paints `paint` through `mask` over `r` of the back buffer, clipped to
  /// what this frame draws; the mask's pixel (`maskX`, `maskY`) lands on
  /// `r`'s top-left.
  func composite(_ paint: Paint, _ mask: MaskKey, _ r: PixelRect, maskX: Int = 0, maskY: Int = 0) {
    let c = r.intersection(clip)
    guard !c.isEmpty else { return }
    frame.ops.append(
      .paint(paint, rect: c, target: .back, blend: .over, mask: mask, maskX: maskX + c.x - r.x, maskY: maskY + c.y - r.y))
  }

  /// Copies the scene, panned, into `r` of the back buffer, clipped to
  /// what this frame draws.
  func copyScene(_ r: PixelRect) {
    let c = r.intersection(clip)
    guard !c.isEmpty else { return }
    frame.ops.append(.copyScene(sx: c.x - mapOffset.x, sy: c.y - mapOffset.y, to: c))
  }

  /// Draws `bytes` (UTF-8) as one line in `role`'s fonts, in the box from
  /// `left` (window positions), `width` px wide, with its baseline at
  /// `baseline`; text wider than the box ends in an ellipsis. While the
  /// content picture is drawn, the glyphs' ink box is recorded.
  func drawText(
    _ bytes: UnsafeBufferPointer<UInt8>, _ role: FontRole, _ color: DrawerColor, left: Int, width: Int, baseline: Int,
    alignment: LineLayout.Alignment = .natural, highlighted: [Int] = [], on canvas: Canvas
  ) {
    let left = left - canvas.dx
    let baseline = baseline - canvas.dy
    guard bytes.count > 0, width > 0, abs(baseline) < 32_000, left < canvas.bounds.maxX else { return }
    let start = frame.bytes.count
    frame.bytes.append(contentsOf: bytes)
    let marks = frame.highlights.count
    frame.highlights.append(contentsOf: highlighted)
    frame.ops.append(
      .text(
        TextRun(
          bytes: start..<frame.bytes.count, role: role, color: color, left: left, width: width, baseline: baseline,
          alignment: alignment, highlights: marks..<frame.highlights.count, highlightColor: theme.accent,
          clip: textClip ?? listClip, target: canvas.target)))
    if inks != nil {
      let ink = text.ink(bytes, role, width: width, alignment: alignment)
      recordInk(PixelRect(x: left + ink.x, y: baseline + ink.y, width: ink.width, height: ink.height), on: canvas)
    }
  }

  /// Notes a rectangle (canvas positions) drawn into the content picture,
  /// within the list's clip while the list is drawn.
  func recordInk(_ r: PixelRect, on canvas: Canvas) {
    var c = r.intersection(canvas.bounds)
    if let listClip { c = c.intersection(listClip) }
    guard !c.isEmpty else { return }
    inks?.append(c)
  }
}
