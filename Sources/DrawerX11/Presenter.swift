import CX11
import DrawerDesktop
import DrawerEngine
import DrawerFrame
import DrawerRaster
import DrawerRows
import DrawerText

/// Carries a `Frame` out on the X server: the only owner of the call
/// order of a frame.
///
/// `show` makes what the frame names (the content picture at its size, the
/// scene, the shadow layer), runs the frame's operations in order through
/// four primitives (fill, composite through a mask, copy the scene, draw a
/// text run), hands the damage and the body to `Presentation`, presents,
/// and then makes the dim step the frame asks for ready. Every server picture it makes is cached: the masks by their
/// geometry (`MaskKey`) with `GeometryCache`'s one eviction rule, the
/// scene by its key, the content picture and the layer by their size, and
/// the one dim step made ready ahead (`Frame.prepareDim`) until the next.
/// Solid sources kept at once: a theme paints through masks in a handful of
/// colours; past this many (colours that animate) they are all made again.
private let paintsKept = 32

final class Presenter {
  let x: XSession
  let text: TextPainter
  let theme: Theme
  /// The map's hint line and the panel's layout now, which the hint card
  /// keeps clear of; drawn while the frame's scene asks for it.
  var mapHint: (text: [UInt8], layout: () -> PanelLayout)?
  /// What the scene shows; a new one takes effect with the next scene key.
  var backdrop = Backdrop.map
  /// The rows' icons (`DrawOp.icon` names them), each uploaded once, at
  /// its first draw.
  var iconSource: RowIconSource?
  private var icons: [Int: Picture] = [:]

  /// Where the scene behind the panel comes from: the builder only names
  /// the scene by its key, and what it shows is the presenter's business.
  enum Backdrop {
    /// The painted city map (the window of its own).
    case map
    /// A picture of the window's size the caller owns and keeps while it is
    /// the backdrop: the desktop copied before the window mapped.
    case picture(Picture)
    /// Nothing: fully transparent, for an ARGB window a compositor shows
    /// the desktop through.
    case clear
  }

  /// Twice the default: every corner radius a drag sweeps through makes two
  /// masks, the corners' and the shadow's tile, and a drag from partial to
  /// full filled the default 128 and had its masks freed and made again.
  private var masks = GeometryCache<MaskKey, Picture>(capacity: 2 * GeometryCache<MaskKey, Picture>.defaultCapacity)
  private var scene: (key: SceneKey, picture: Picture)?
  private var content: ContentPicture?
  private var layer: (picture: Picture, width: Int, height: Int)?
  /// The scene dimmed to a step ahead of the frame that shows it
  /// (`Frame.prepareDim`), the picture it is in, and that picture's size.
  private var dimmed: (made: DimPreparation, pixmap: Pixmap, picture: Picture, width: Int, height: Int)?
  /// This frame's rectangles of the back buffer that `dimmed` holds and
  /// nothing has drawn over yet (`copyScene`).
  private var ready = ReadyRects()
  /// The solid sources of masked paints, one per colour that comes back,
  /// filled once: a frame of a drag paints the shadow, the surface's
  /// corners and the border in turn, and one source refilled at each change
  /// cost a request and a server pass each time. A colour seen for the
  /// first time (the handle's, which fades as the panel moves, is new at
  /// every frame) is refilled into `scratch` instead, so that no picture is
  /// made for a colour that never returns.
  private var paints = GeometryCache<Paint, Picture>(capacity: paintsKept)
  private var seenOnce = Set<Paint>()
  private let scratch: Picture
  private var scratchColor: Paint?
  private var textColors: [DrawerColor: XftColor] = [:]
  /// The clip each text draw has now: set again only when it changes.
  private var backTextClip: PixelRect?
  private var contentTextClip: PixelRect?

  init(session: XSession, text: TextPainter, theme: Theme) {
    x = session
    self.text = text
    self.theme = theme
    scratch = session.makePaint()
  }

  deinit {
    content?.release(x)
  }

  /// Carries `frame` out into the back buffer and, with `present`, brings
  /// the window up to date and waits for the server: the frame is on
  /// screen when this returns.
  func show(_ frame: Frame, present: Bool) {
    if let size = frame.content { prepareContent(width: size.width, height: size.height) }
    // Made at the first copy: a frame whose panel covers the window (a
    // pick's) needs no scene, and the map is the server's longest drawing.
    var scenePicture: Picture?
    frame.bytes.withUnsafeBufferPointer { bytes in
      frame.highlights.withUnsafeBufferPointer { highlights in
        for op in frame.ops {
          switch op {
          case .copyScene(let sx, let sy, let r, let dim):
            let scene = scenePicture ?? sceneFor(frame.scene)
            scenePicture = scene
            // The copy replaces whatever waited there.
            ready.take(within: r)
            copyScene(scene, key: frame.scene, sx: sx, sy: sy, to: r, dim: dim)
          case .paint(let color, let r, let target, let blend, let mask, let maskX, let maskY):
            if target == .back { settleReady(under: r) }
            paint(color, r, target: picture(target), blend: blend, mask: mask, maskX: maskX, maskY: maskY)
          case .text(let run):
            if run.target == .back { settleReady(under: run.clip ?? x.surface) }
            draw(run, bytes: bytes, highlights: highlights)
          case .compositeLayer(let r):
            settleReady(under: r)
            XRenderComposite(
              x.display, PictOpOver, layerPicture(), 0, x.backPicture, x32(r.x), x32(r.y), 0, 0, x32(r.x), x32(r.y),
              xLength32(r.width), xLength32(r.height))
          case .icon(let id, let r, let sx, let sy, let target):
            guard let icon = iconPicture(id) else { break }
            if target == .back { settleReady(under: r) }
            XRenderComposite(
              x.display, PictOpOver, icon, 0, picture(target), x32(sx), x32(sy), 0, 0, x32(r.x), x32(r.y),
              xLength32(r.width), xLength32(r.height))
          }
        }
      }
    }
    setTextClip(nil, for: .back)
    setTextClip(nil, for: .content)
    if frame.windowLost { x.presentation.windowLost() }
    for r in frame.damage { x.presentation.damage(r) }
    x.presentation.show(
      frame.body.flatMap { body in
        content.map { c in
          var named = body
          named.picture = UInt(c.pixmap)
          return named
        }
      })
    if let dimmed, !ready.isEmpty {
      // The back buffer takes them after the present, or now without one.
      if present { x.present(showing: ready, from: dimmed.pixmap) }
      settleReady(under: x.surface)
      // Sent now, they run while the window waits for the next frame.
      XFlush(x.display)
    } else if present {
      x.present()
    }
    if let preparation = frame.prepareDim { prepare(preparation) }
  }

  /// Drops what depends on the window's size, after a resize.
  func windowResized() {
    if let scene { x.release(scene.picture) }
    scene = nil
    dropContent()
    if let layer { x.release(layer.picture) }
    layer = nil
    releaseDimmed()
  }

  private func releaseDimmed() {
    guard let dimmed else { return }
    x.release(dimmed.picture)
    x.releasePixmap(dimmed.pixmap)
    self.dimmed = nil
  }

  /// Frees every picture it made, before another presenter takes its place
  /// (the scale changed); it must not draw again.
  func releaseAll() {
    windowResized()
    masks.removeAll { x.release($0) }
    paints.removeAll { x.release($0) }
    for picture in icons.values { x.release(picture) }
    icons.removeAll()
    x.release(scratch)
  }

  // MARK: Primitives

  /// The scene from (`sx`, `sy`) into `r` of the back buffer, dimmed by
  /// black at the 8-bit alpha `dim`: from the picture made ready at that
  /// step where it has it, else copied and blended. What comes from that
  /// picture waits in `ready`: unless a later operation draws over it,
  /// the present copies it to the window straight from the picture, and
  /// the back buffer takes it after, so the frame costs one copy of it.
  private func copyScene(_ scene: Picture, key: SceneKey, sx: Int, sy: Int, to r: PixelRect, dim: Int) {
    let source = PixelRect(x: sx, y: sy, width: r.width, height: r.height)
    guard let dimmed, dimmed.made.step == dim, dimmed.made.scene == key,
      dimmed.made.rects.contains(where: { !$0.intersection(source).isEmpty })
    else {
      copyAndDim(scene, from: source, to: r, dim: dim)
      return
    }
    let dx = sx - r.x, dy = sy - r.y
    for made in dimmed.made.rects {
      let c = made.intersection(source)
      if !c.isEmpty { ready.add(PixelRect(x: c.x - dx, y: c.y - dy, width: c.width, height: c.height), dx: dx, dy: dy) }
    }
    for rest in subtract(from: source, dimmed.made.rects) {
      copyAndDim(
        scene, from: rest, to: PixelRect(x: rest.x - dx, y: rest.y - dy, width: rest.width, height: rest.height), dim: dim)
    }
  }

  /// Before an operation draws into `r` of the back buffer: what waits in
  /// `ready` there goes into the back buffer first, so that it lies under
  /// that drawing.
  private func settleReady(under r: PixelRect) {
    guard !ready.isEmpty, let dimmed else { return }
    for part in ready.take(within: r) {
      let s = part.source
      XCopyArea(
        x.display, dimmed.pixmap, x.backPixmap, x.copyGC, x32(s.x), x32(s.y), xLength32(s.width), xLength32(s.height),
        x32(part.rect.x), x32(part.rect.y))
    }
  }

  /// `source` of `scene` into `r` of `target` (the back buffer by
  /// default), with black at the 8-bit alpha `dim` blended over it.
  private func copyAndDim(_ scene: Picture, from source: PixelRect, to r: PixelRect, dim: Int, into target: Picture? = nil) {
    let target = target ?? x.backPicture
    // A plain copy and a solid fill over it take pixman's fast paths; the
    // scene through a uniform mask, one pass instead of two, takes its
    // general one and costs twice as much.
    XRenderComposite(
      x.display, PictOpSrc, scene, 0, target, x32(source.x), x32(source.y), 0, 0, x32(r.x), x32(r.y),
      xLength32(r.width), xLength32(r.height))
    guard dim > 0 else { return }
    var black = XRenderColor(red: 0, green: 0, blue: 0, alpha: UInt16(min(255, dim)) * 257)
    XRenderFillRectangle(x.display, PictOpOver, target, &black, x32(r.x), x32(r.y), xLength32(r.width), xLength32(r.height))
  }

  /// Makes the dimmed scene `preparation` asks for in the picture kept for
  /// it, in place of the one there, and sends it on its way: the server
  /// makes it while the window waits for the next frame, not in that frame.
  private func prepare(_ preparation: DimPreparation) {
    let key = preparation.scene
    let canvas: (pixmap: Pixmap, picture: Picture)
    if let dimmed, dimmed.width == key.width, dimmed.height == key.height {
      canvas = (dimmed.pixmap, dimmed.picture)
    } else {
      releaseDimmed()
      canvas = x.makeCanvas(width: key.width, height: key.height)
    }
    let scene = sceneFor(key)
    for r in preparation.rects { copyAndDim(scene, from: r, to: r, dim: preparation.step, into: canvas.picture) }
    dimmed = (preparation, canvas.pixmap, canvas.picture, key.width, key.height)
    XFlush(x.display)
  }

  /// Icon `id`'s picture, uploaded at its first draw.
  private func iconPicture(_ id: Int) -> Picture? {
    if let picture = icons[id] { return picture }
    guard let image = iconSource?.image(id) else { return nil }
    let picture = x.makeIcon(image)
    icons[id] = picture
    return picture
  }

  private func paint(
    _ color: Paint, _ r: PixelRect, target: Picture, blend: Blend, mask: MaskKey?, maskX: Int, maskY: Int
  ) {
    let op: Int32 =
      switch blend {
      case .over: PictOpOver
      case .source: PictOpSrc
      case .outReverse: PictOpOutReverse
      }
    guard let mask else {
      var c = XRenderColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
      XRenderFillRectangle(x.display, op, target, &c, x32(r.x), x32(r.y), xLength32(r.width), xLength32(r.height))
      return
    }
    XRenderComposite(
      x.display, op, paintPicture(color), maskPicture(mask), target, 0, 0, x32(maskX), x32(maskY), x32(r.x), x32(r.y),
      xLength32(r.width), xLength32(r.height))
  }

  private func draw(_ run: TextRun, bytes: UnsafeBufferPointer<UInt8>, highlights: UnsafeBufferPointer<Int>) {
    let draw = run.target == .content ? content?.text : x.textDraw
    guard let draw else { return }
    setTextClip(run.clip, for: run.target)
    var color = textColor(run.color)
    var accent = textColor(run.highlightColor)
    let marked = UnsafeBufferPointer(rebasing: highlights[run.highlights])
    withUnsafeMutablePointer(to: &accent) { accent in
      text.draw(
        UnsafeBufferPointer(rebasing: bytes[run.bytes]), run.role, &color, on: draw, left: run.left, width: run.width,
        baseline: run.baseline, alignment: run.alignment, highlighted: marked, highlight: marked.isEmpty ? nil : accent)
    }
  }

  private func setTextClip(_ clip: PixelRect?, for target: Target) {
    let draw = target == .content ? content?.text : x.textDraw
    guard let draw, clip != (target == .content ? contentTextClip : backTextClip) else { return }
    if let clip {
      var r = xRectangle(x: clip.x, y: clip.y, width: clip.width, height: clip.height)
      XftDrawSetClipRectangles(draw, 0, 0, &r, 1)
    } else {
      XftDrawSetClip(draw, nil)
    }
    if target == .content { contentTextClip = clip } else { backTextClip = clip }
  }

  // MARK: Pictures

  private func picture(_ target: Target) -> Picture {
    switch target {
    case .back: x.backPicture
    case .content: content?.picture ?? x.backPicture
    case .layer: layerPicture()
    }
  }

  private func paintPicture(_ color: Paint) -> Picture {
    if let cached = paints.value(for: color) { return cached }
    var c = XRenderColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    guard seenOnce.contains(color) else {
      if seenOnce.count >= 2 * paintsKept { seenOnce.removeAll(keepingCapacity: true) }
      seenOnce.insert(color)
      if scratchColor != color {
        XRenderFillRectangle(x.display, PictOpSrc, scratch, &c, 0, 0, 1, 1)
        scratchColor = color
      }
      return scratch
    }
    let picture = x.makePaint()
    XRenderFillRectangle(x.display, PictOpSrc, picture, &c, 0, 0, 1, 1)
    paints.insert(picture, for: color) { x.release($0) }
    return picture
  }

  private func maskPicture(_ key: MaskKey) -> Picture {
    if let cached = masks.value(for: key) { return cached }
    let image = key.image()
    let picture = x.makeMask(width: image.width, height: image.height, pixels: image.pixels, repeating: image.repeating)
    masks.insert(picture, for: key) { x.release($0) }
    return picture
  }

  private func textColor(_ color: DrawerColor) -> XftColor {
    if let known = textColors[color] { return known }
    // The session frees the colours it allocated when it closes.
    let made = x.textColor(color)
    textColors[color] = made
    return made
  }

  /// The scene `key` names, made from `backdrop` on a miss; it repeats, so
  /// the map wraps around when panned.
  private func sceneFor(_ key: SceneKey) -> Picture {
    if let scene, scene.key == key { return scene.picture }
    if let scene { x.release(scene.picture) }
    let picture: Picture
    switch backdrop {
    case .map:
      let hint = key.hint ? mapHint.map { MapScene.Hint(text: $0.text, layout: $0.layout()) } : nil
      picture = MapScene.render(
        session: x, text: text, width: key.width, height: key.height, colors: theme.map, hint: hint)
    case .picture(let source):
      // Copied into a scene of its own, so that the scene's one release
      // rule holds and the caller's picture can be replaced at any time.
      let canvas = x.makeCanvas(width: key.width, height: key.height)
      x.releasePixmap(canvas.pixmap)
      XRenderComposite(
        x.display, PictOpSrc, source, 0, canvas.picture, 0, 0, 0, 0, 0, 0, xLength32(key.width),
        xLength32(key.height))
      picture = canvas.picture
    case .clear:
      let canvas = x.makeCanvas(width: key.width, height: key.height)
      x.releasePixmap(canvas.pixmap)
      var none = XRenderColor(red: 0, green: 0, blue: 0, alpha: 0)
      XRenderFillRectangle(
        x.display, PictOpSrc, canvas.picture, &none, 0, 0, xLength32(key.width), xLength32(key.height))
      picture = canvas.picture
    }
    var attributes = XRenderPictureAttributes()
    attributes.repeat = RepeatNormal
    XRenderChangePicture(x.display, picture, UInt(CPRepeat), &attributes)
    scene = (key, picture)
    return picture
  }

  /// The window-sized layer the shadows are gathered in, made on first use.
  private func layerPicture() -> Picture {
    if let layer, layer.width == x.width, layer.height == x.height { return layer.picture }
    if let layer { x.release(layer.picture) }
    let picture = x.makeLayer(width: x.width, height: x.height)
    layer = (picture, x.width, x.height)
    return picture
  }

  /// A content picture `width`×`height`, kept when it is that size.
  private func prepareContent(width: Int, height: Int) {
    if let c = content, c.width == width, c.height == height { return }
    dropContent()
    content = ContentPicture(x, width: width, height: height)
  }

  private func dropContent() {
    guard let content else { return }
    x.presentation.show(nil)
    content.release(x)
    self.content = nil
    contentTextClip = nil
  }
}

/// The content picture: a window-format picture, its pixmap (kept for Xft,
/// which draws into drawables) and its Xft draw.
final class ContentPicture {
  let pixmap: Pixmap
  let picture: Picture
  let text: OpaquePointer
  let width: Int
  let height: Int

  init(_ x: XSession, width: Int, height: Int) {
    (pixmap, picture) = x.makeCanvas(width: width, height: height)
    text = XftDrawCreate(x.display, pixmap, x.visual, x.colormap)!
    self.width = width
    self.height = height
  }

  func release(_ x: XSession) {
    XftDrawDestroy(text)
    x.release(picture)
    x.releasePixmap(pixmap)
  }
}
