import CX11
import DrawerEngine
import DrawerHost
import DrawerRaster
import DrawerText

/// The few drawing primitives the paths are made of, and the pictures
/// cached for them by geometry.
extension Renderer {
  /// The back buffer, at window positions, drawn from `clipTop` to
  /// `clipBottom`.
  var backCanvas: Canvas {
    Canvas(
      picture: x.backPicture, text: x.textDraw, dx: 0, dy: 0, width: clipRight, height: clipBottom, minX: clipLeft,
      minY: clipTop)
  }

  /// Draws `bytes` (UTF-8) as one line in `role`'s fonts, in the box from
  /// `px` (window positions), `width` px wide, with its baseline at
  /// `baseline`; text wider than the box ends in an ellipsis. While the
  /// content picture is drawn, the glyphs' ink box is recorded.
  func drawText(
    _ bytes: UnsafeBufferPointer<UInt8>, _ role: FontRole, _ color: inout XftColor, left px: Int, width: Int,
    baseline: Int, alignment: LineLayout.Alignment = .natural, highlighted: [Int] = [], on canvas: Canvas
  ) {
    let left = px - canvas.dx
    guard bytes.count > 0, width > 0, abs(baseline) < 32_000, left < canvas.width else { return }
    let ink = withUnsafeMutablePointer(to: &accentTextColor) { accent in
      text.draw(
        bytes, role, &color, on: canvas.text, left: left, width: width, baseline: baseline - canvas.dy,
        alignment: alignment, ink: inks != nil, highlighted: highlighted, highlight: highlighted.isEmpty ? nil : accent)
    }
    if let ink { recordInk(ink.x, ink.y, ink.width, ink.height, on: canvas) }
  }

  /// Notes a rectangle (canvas positions) drawn into the content picture,
  /// within the list's clip while the list is drawn.
  func recordInk(_ px: Int, _ py: Int, _ w: Int, _ h: Int, on canvas: Canvas) {
    var x0 = max(px, canvas.minX)
    var y0 = max(py, canvas.minY)
    var x1 = min(px + w, canvas.width)
    var y1 = min(py + h, canvas.height)
    if let c = inkClip {
      x0 = max(x0, c.x0)
      y0 = max(y0, c.y0)
      x1 = min(x1, c.x1)
      y1 = min(y1, c.y1)
    }
    guard x1 > x0, y1 > y0 else { return }
    inks?.append(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
  }

  /// Fills a rectangle (window positions) with a premultiplied colour,
  /// clipped to the canvas first: the protocol's coordinates are 16-bit.
  func fill(_ color: XRenderColor, _ px: Int, _ py: Int, _ w: Int, _ h: Int, on canvas: Canvas, ink: Bool = false) {
    if ink && inks != nil { recordInk(px - canvas.dx, py - canvas.dy, w, h, on: canvas) }
    let x0 = max(px - canvas.dx, canvas.minX)
    let y0 = max(py - canvas.dy, canvas.minY)
    let x1 = min(px - canvas.dx + w, canvas.width)
    let y1 = min(py - canvas.dy + h, canvas.height)
    guard x1 > x0, y1 > y0, color.alpha > 0 else { return }
    var c = color
    XRenderFillRectangle(x.display, PictOpOver, canvas.picture, &c, x32(x0), x32(y0), xLength32(x1 - x0), xLength32(y1 - y0))
  }

  func fill(_ color: XRenderColor, _ px: Int, _ py: Int, _ w: Int, _ h: Int) {
    fill(color, px, py, w, h, on: backCanvas)
  }

  /// Paints `source` through `mask` (its pixel (`maskX`, `maskY`) at the
  /// destination rectangle's top-left) over the back buffer, clipped to the
  /// part of the back buffer this frame draws.
  func composite(
    _ source: Picture, _ mask: Picture, _ px: Int, _ py: Int, _ w: Int, _ h: Int, maskX: Int = 0, maskY: Int = 0
  ) {
    let x0 = max(px, clipLeft)
    let y0 = max(py, clipTop)
    let x1 = min(px + w, clipRight)
    let y1 = min(py + h, clipBottom)
    guard x1 > x0, y1 > y0 else { return }
    XRenderComposite(
      x.display, PictOpOver, source, mask, x.backPicture, 0, 0, x32(maskX + x0 - px), x32(maskY + y0 - py),
      x32(x0), x32(y0), xLength32(x1 - x0), xLength32(y1 - y0))
  }

  /// Copies `w`×`h` pixels of `source` from (`sx`, `sy`) to (`px`, `py`) in
  /// the back buffer, clipped to the part this frame draws.
  func copy(_ source: Picture, _ sx: Int, _ sy: Int, to px: Int, _ py: Int, _ w: Int, _ h: Int) {
    let x0 = max(px, clipLeft)
    let y0 = max(py, clipTop)
    let x1 = min(px + w, clipRight)
    let y1 = min(py + h, clipBottom)
    guard x1 > x0, y1 > y0 else { return }
    XRenderComposite(
      x.display, PictOpSrc, source, 0, x.backPicture, x32(sx + x0 - px), x32(sy + y0 - py), 0, 0,
      x32(x0), x32(y0), xLength32(x1 - x0), xLength32(y1 - y0))
  }

  // MARK: Caches

  func sceneFor(width: Int, height: Int) -> Picture {
    if let scene, scene.width == width, scene.height == height { return scene.picture }
    if let scene { x.release(scene.picture) }
    let hint = mapHint.map { MapScene.Hint(text: $0.text, layout: $0.layout()) }
    let picture = MapScene.render(session: x, text: text, width: width, height: height, colors: theme.map, hint: hint)
    // The map wraps around when panned.
    var attributes = XRenderPictureAttributes()
    attributes.repeat = RepeatNormal
    XRenderChangePicture(x.display, picture, UInt(CPRepeat), &attributes)
    scene = (width, height, picture)
    return picture
  }

  func cornerPictures(radiusQuarters: Int, thickness: Double) -> CornerPictures {
    let key = CornerKey(radiusQuarters: radiusQuarters, thickness: thickness)
    if let cached = corners[key] { return cached }
    let masks = CornerMasks(radius: Double(radiusQuarters) / 4, borderThickness: thickness)
    let n = masks.size
    var pictures = CornerPictures(size: n, masks: 0, ring: masks.border != nil)
    if n > 0 {
      // One picture a radius: the fill's left and right corners side by
      // side, the ring's below them.
      var pixels = sideBySide(masks.fill, Coverage.mirrored(masks.fill, width: n), width: n)
      if let ring = masks.border { pixels += sideBySide(ring, Coverage.mirrored(ring, width: n), width: n) }
      pictures.masks = x.makeMask(width: 2 * n, height: pixels.count / (2 * n), pixels: pixels)
    }
    corners.insert(pictures, for: key, release: releaseCorners)
    return pictures
  }

  func shadowPictures(_ key: ShadowKey) -> ShadowPictures {
    if let cached = shadows[key] { return cached }
    let band = ShadowBand(
      shapeWidth: key.width, cornerRadius: Double(key.radiusQuarters) / 4, blurRadius: key.blur,
      extraRows: key.extraRows)
    let pictures = ShadowPictures(
      band: x.makeMask(width: band.width, height: band.height, pixels: band.pixels),
      profile: x.makeMask(width: band.width, height: 1, pixels: band.profile, repeating: true),
      originX: band.originX, originY: band.originY, width: band.width, height: band.height)
    shadows.insert(pictures, for: key, release: releaseShadow)
    return pictures
  }

  func shadowTilePictures(_ key: ShadowTileKey) -> ShadowTilePictures {
    if let cached = shadowTiles[key] { return cached }
    let tile = ShadowTile(
      kernel: shadowKernel(blur: key.blur), cornerRadius: Double(key.radiusQuarters) / 4, extraRows: key.extraRows,
      rows: key.rows, hiddenColumns: key.hiddenColumns)
    let pixels = sideBySide(tile.left, tile.right, width: tile.width)
    let pictures = ShadowTilePictures(
      masks: x.makeMask(width: 2 * tile.width, height: tile.height, pixels: pixels), width: tile.width, height: tile.height)
    shadowTiles.insert(pictures, for: key, release: releaseShadowTile)
    return pictures
  }

  func releaseCorners(_ c: CornerPictures) { c.release(x) }

  func releaseShadow(_ s: ShadowPictures) {
    x.release(s.band)
    x.release(s.profile)
  }

  func releaseShadowTile(_ t: ShadowTilePictures) { x.release(t.masks) }

  func shadowKernel(blur: Double) -> ShadowKernel {
    if let kernel, kernel.blur == blur { return kernel.kernel }
    let made = ShadowKernel(blurRadius: blur)
    kernel = (blur, made)
    return made
  }

  /// The band's edge rows, as wide as the window: every column holds the
  /// same values, so any part of it serves between the two ends.
  func shadowEdgePicture(_ key: ShadowEdgeKey) -> Picture {
    if let shadowEdge, shadowEdge.key == key { return shadowEdge.picture }
    if let shadowEdge { x.release(shadowEdge.picture) }
    let kernel = shadowKernel(blur: key.blur)
    var pixels = [UInt8](repeating: 0, count: key.width * key.rows)
    for j in 0..<key.rows {
      let value = kernel.edge(row: j)
      for i in 0..<key.width { pixels[j * key.width + i] = value }
    }
    let picture = x.makeMask(width: key.width, height: key.rows, pixels: pixels)
    shadowEdge = (key, picture)
    return picture
  }
}

/// A rectangle's left and right edges in whole pixels: where the header's
/// and the list's text go, inside the panel's padding.
func span(_ r: Rect) -> (left: Int, right: Int) {
  (px(r.minX), px(r.maxX))
}

/// Two `width`-wide masks of the same height as one, `a` on the left.
func sideBySide(_ a: [UInt8], _ b: [UInt8], width: Int) -> [UInt8] {
  guard width > 0 else { return [] }
  var out = [UInt8]()
  out.reserveCapacity(a.count + b.count)
  for start in stride(from: 0, to: a.count, by: width) {
    out += a[start..<(start + width)]
    out += b[start..<(start + width)]
  }
  return out
}

/// Whether two rectangles (x, y, width, height) share a pixel.
func overlaps(
  _ a: (x: Int, y: Int, width: Int, height: Int), _ b: (x: Int, y: Int, width: Int, height: Int)
) -> Bool {
  a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0
    && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

// MARK: - Cache entries

struct CornerKey: Hashable {
  var radiusQuarters: Int
  var thickness: Double
}

/// The corner masks of one radius: `size` square each, the fill's left and
/// right corners side by side, and, with a border, the ring's below them.
struct CornerPictures {
  var size: Int
  var masks: Picture
  var ring: Bool

  func release(_ x: XSession) {
    guard size > 0 else { return }
    x.release(masks)
  }
}

struct ShadowKey: Hashable {
  var width: Int
  var radiusQuarters: Int
  var blur: Double
  var extraRows: Int
}

struct ShadowPictures {
  var band: Picture
  var profile: Picture
  var originX: Int
  var originY: Int
  var width: Int
  var height: Int
}

struct ShadowTileKey: Hashable {
  var radiusQuarters: Int
  var blur: Double
  var extraRows: Int
  /// The band's rows seen above and beside an opaque drawer.
  var rows: Int
  /// Outer columns of each end beyond the window.
  var hiddenColumns: Int
}

/// The shadow's two ends, side by side: `width` columns each.
struct ShadowTilePictures {
  var masks: Picture
  var width: Int
  var height: Int
}

struct ShadowEdgeKey: Equatable {
  var width: Int
  var rows: Int
  var blur: Double
}

struct HandleKey: Hashable {
  var width: Int
  var height: Int
  var radiusQuarters: Int
}

/// A 1×1 repeating picture used as a solid source; it is refilled only when
/// its colour changes, so a fading handle costs one tiny fill per frame and
/// no new server resource.
struct SolidPaint {
  let picture: Picture
  var current: XRenderColor?

  init(_ x: XSession) {
    picture = x.makePaint()
  }

  mutating func set(_ color: XRenderColor, _ x: XSession) {
    if let current, current.red == color.red, current.green == color.green, current.blue == color.blue,
      current.alpha == color.alpha
    {
      return
    }
    var c = color
    XRenderFillRectangle(x.display, PictOpSrc, picture, &c, 0, 0, 1, 1)
    current = color
  }
}
