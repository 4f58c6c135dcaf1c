import CX11
import DrawerDesktop
import DrawerProcess
import DrawerRaster
import DrawerEngine
import DrawerFrame
import DrawerScripting
import Glibc

/// Line heights from the primary Xft fonts, for the engine's layout.
package struct XftTextMetrics: TextMeasuring {
  package var titleLineHeight: Double
  package var rowLineHeight: Double
}

/// The X connection and every server resource the program creates.
///
/// This is the one owner: pictures made for the presenter's caches are
/// registered here and whatever is left is freed in `deinit`, before the
/// display is closed. Pixmaps are freed as soon as their picture exists (the
/// picture keeps the storage alive), so pictures are all there is to track.
package final class XSession {
  let display: OpaquePointer
  /// The display is an application's, which reads its events and closes it:
  /// only the panel's window's events are the panel's.
  let sharesDisplay: Bool
  let screen: Int32
  let root: Window
  let visual: UnsafeMutablePointer<Visual>
  let depth: Int32
  let colormap: Colormap
  /// Whether the window is ARGB (--desktop under a compositing manager):
  /// what a frame leaves translucent shows the desktop through it.
  let translucent: Bool
  /// Whether `colormap` was made for the ARGB visual, to be freed.
  private let ownsColormap: Bool
  let window: Window
  /// Where the window's parent (--parent's window, else the root) has its
  /// origin on the screen, device px: `cover` places the window in it.
  let parentOrigin: (x: Int, y: Int)
  /// Picture formats: the window's, 8-bit alpha masks, and ARGB paints.
  let windowFormat: UnsafeMutablePointer<XRenderPictFormat>
  let a8Format: UnsafeMutablePointer<XRenderPictFormat>
  let argbFormat: UnsafeMutablePointer<XRenderPictFormat>
  /// The fonts of every text role, from --font, opened at `scale` by
  /// `openFonts()`, which must run before anything measures or draws text;
  /// `useFonts(_:scale:)` replaces them.
  var fonts: FontSet { openedFonts! }
  private var openedFonts: FontSet?
  let fontPattern: String
  /// Device px per logical px: the window, the fonts and what is drawn are
  /// this many times their logical size.
  package private(set) var scale: Double
  let wmProtocols: Atom
  let wmDeleteWindow: Atom
  let wmSelection: Atom
  let netWMIcon: Atom
  /// What `map()` names the window with, just before mapping it.
  let naming: (
    atoms: WindowAtoms, identity: WindowIdentity, placement: WindowGeometry, origin: (x: Int, y: Int)?,
    size: (width: Int, height: Int)
  )

  /// The surface drawn: the window's size, at most `maximumSurfaceSide`.
  package private(set) var width: Int
  package private(set) var height: Int
  /// The window's own size, which may exceed the surface.
  private(set) var windowSize: (width: Int, height: Int)
  /// The back buffer every frame is drawn into, and its picture.
  private(set) var backPixmap: Pixmap = 0
  private(set) var backPicture: Picture = 0
  /// Xft's view of the back buffer.
  let textDraw: OpaquePointer
  /// Where the back buffer differs from the window, and the body the
  /// window's lower rows come from (`XSession+Present`).
  var presentation: Presentation
  /// The frames presented that the server may not have drawn yet.
  var framesInFlight = FramesInFlight()
  /// Whether each present waits for the server (--frame-stats).
  var waitsEveryFrame = false
  /// Clips the body copy to the rectangles that changed, kept between
  /// frames so that a present allocates nothing.
  let bodyGC: GC
  var bodyRectangles: [XRectangle] = []

  /// graphics_exposures off: the per-frame XCopyArea must not generate
  /// NoExpose events.
  let copyGC: GC
  /// A GC for XPutImage into depth-8 pixmaps, made on first use.
  private var maskGC: GC?
  private var pictures = Set<Picture>()
  /// The map whose shapes went to the server before the fonts opened
  /// (`MapScene.begin`), until a `MapScene.render` finishes it.
  var startedMap: MapScene.Started?
  /// Set when someone else destroyed the window, which must then not be
  /// destroyed again.
  var windowDestroyed = false
  /// The XSETTINGS manager's window followed, and its property (0: none).
  var settingsOwner: (window: Window, property: Atom) = (0, 0)
  private var textColors: [XftColor] = []

  /// Connects to $DISPLAY, which must have RENDER; a window for `typing`
  /// (a pick, a filter) sets its input method's locale first.
  package static func connect(typing: Bool) throws(Failure) -> OpaquePointer {
    XSetErrorHandler(onXError)
    XSetIOErrorHandler(onXIOError)
    guard let name = getenv("DISPLAY"), name.pointee != 0 else {
      throw Failure(status: ExitStatus.unavailable, message: "DISPLAY is not set")
    }
    let displayName = String(cString: name)
    if typing { TextInput.prepareLocale() }
    let (opened, reason) = openDisplayQuietly()
    guard let dpy = opened else {
      let why = reason.isEmpty ? "" : ": " + reason
      throw Failure(status: ExitStatus.unavailable, message: "cannot open display \"\(displayName)\"\(why)")
    }
    var eventBase: Int32 = 0
    var errorBase: Int32 = 0
    guard XRenderQueryExtension(dpy, &eventBase, &errorBase) != 0 else {
      XCloseDisplay(dpy)
      throw Failure(status: ExitStatus.unavailable, message: "display \"\(displayName)\" lacks the RENDER extension")
    }
    return dpy
  }

  /// Takes over `dpy` (from `connect()`, closed on failure too) and creates
  /// the (unmapped) window and back buffer, `width` × `height` logical px at
  /// the scale `choice` settles (auto takes Xft.dpi from `resources`, the
  /// desktop's, read once), placed by `placement`'s offsets (or centred on
  /// `monitor`, which then bounds a default size, without them) and named
  /// by `identity` when `map()` maps it. With `overlay` the window is
  /// override-redirect and covers `monitor` exactly (--desktop), and ARGB
  /// when a compositing manager runs, unless `seeThrough` is false. The fonts of `fontPattern` (a
  /// fontconfig pattern) open later, in `openFonts()`: until fontconfig has
  /// loaded its configuration on its thread, the server can already draw.
  package init(
    display dpy: OpaquePointer, width logicalWidth: Int, height logicalHeight: Int, scale choice: ScaleChoice,
    fontPattern: String = defaultFontPattern, identity: WindowIdentity = WindowIdentity(),
    placement: WindowGeometry = WindowGeometry(), monitor: ScreenMonitor? = nil, overlay: Bool = false,
    seeThrough: Bool = true, parent: (window: Window, origin: (x: Int, y: Int))? = nil,
    resources: ResourceDatabase? = nil, sharesDisplay: Bool = false
  ) throws(Failure) {
    self.sharesDisplay = sharesDisplay
    let displayName = String(cString: XDisplayString(dpy))
    guard let a8 = XRenderFindStandardFormat(dpy, Int32(PictStandardA8)),
      let argb = XRenderFindStandardFormat(dpy, Int32(PictStandardARGB32))
    else {
      if !sharesDisplay { XCloseDisplay(dpy) }
      throw Failure(status: ExitStatus.unavailable, message: "display \"\(displayName)\" lacks the RENDER extension")
    }
    let screen = XDefaultScreen(dpy)
    // Over the desktop with a compositing manager, the window is ARGB and
    // the desktop shows through the dim; without one it is the default
    // visual's, and the backdrop is a copy of the desktop (`Backdrop`).
    let translucent = overlay && seeThrough && XSession.compositorRuns(dpy, screen: screen)
    let argbVisual = translucent ? XSession.argbVisual(dpy, screen: screen) : nil
    if translucent && argbVisual == nil {
      if !sharesDisplay { XCloseDisplay(dpy) }
      throw Failure(
        status: ExitStatus.unavailable,
        message: "--desktop: a compositing manager runs, but display \"\(displayName)\" has no 32-bit ARGB visual")
    }
    let visual = argbVisual ?? XDefaultVisual(dpy, screen)!
    guard let format = XRenderFindVisualFormat(dpy, visual) else {
      if !sharesDisplay { XCloseDisplay(dpy) }
      throw Failure(status: ExitStatus.unavailable, message: "display \"\(displayName)\" has no RENDER format for its visual")
    }
    // Only auto follows the desktop's Xft.dpi.
    let scale = choice.resolve(xftDPI: choice == .auto ? resources?.xftDPI : nil)

    display = dpy
    self.screen = screen
    root = XRootWindow(dpy, screen)
    self.visual = visual
    depth = argbVisual == nil ? XDefaultDepth(dpy, screen) : 32
    // A visual other than the root's needs a colormap of its own.
    colormap =
      argbVisual == nil ? XDefaultColormap(dpy, screen) : XCreateColormap(dpy, XRootWindow(dpy, screen), visual, AllocNone)
    ownsColormap = argbVisual != nil
    self.translucent = argbVisual != nil
    windowFormat = format
    a8Format = a8
    argbFormat = argb
    self.fontPattern = fontPattern
    self.scale = scale
    // X sizes are 16-bit: a window no larger than the protocol allows.
    // A default window fits the screen at any scale.
    let minimum = DisplayScale(scale).paint(PaintMetrics())
    let fitted = placement.fitted(
      DisplayScale(scale).window(width: logicalWidth, height: logicalHeight),
      screen: monitor.map { ($0.width, $0.height) } ?? (Int(XDisplayWidth(dpy, screen)), Int(XDisplayHeight(dpy, screen))),
      minimum: (Int(minimum.minimumWindowWidth), Int(minimum.minimumWindowHeight)))
    let covered = overlay ? monitor : nil
    let device = covered.map { (width: $0.width, height: $0.height) } ?? fitted
    let (width, height) = (min(device.width, 32_767), min(device.height, 32_767))
    self.width = surfaceSide(width)
    self.height = surfaceSide(height)
    windowSize = (width, height)
    presentation = Presentation(width: self.width, height: self.height)

    var attributes = XSetWindowAttributes()
    // No background: the server must not clear exposed or resized areas
    // before we copy the back buffer, or the window flashes.
    attributes.background_pixmap = 0
    attributes.bit_gravity = NorthWestGravity
    attributes.event_mask =
      ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask
      | PointerMotionMask | LeaveWindowMask | KeyPressMask | KeyReleaseMask | FocusChangeMask | PropertyChangeMask
    // Offsets are logical px like every other length of the command line.
    if covered != nil {
      // No window manager frames or places it: it is the desktop's cover.
      attributes.override_redirect = 1
    }
    // A window of another depth than its parent's needs a colormap and a
    // border pixel of its own, or the server refuses it (BadMatch).
    attributes.colormap = colormap
    attributes.border_pixel = 0
    let origin =
      covered.map { (x: $0.x, y: $0.y) } ?? placement.scaled(by: scale).origin(
        width: width, height: height, screenWidth: Int(XDisplayWidth(dpy, screen)),
        screenHeight: Int(XDisplayHeight(dpy, screen))) ?? monitor?.centred(width: width, height: height)
    parentOrigin = parent?.origin ?? (0, 0)
    window = XCreateWindow(
      dpy, parent?.window ?? root, x32((origin?.x ?? 0) - parentOrigin.x), x32((origin?.y ?? 0) - parentOrigin.y), xLength32(width), xLength32(height), 0, depth,
      UInt32(InputOutput), visual,
      UInt(CWBackPixmap | CWBitGravity | CWEventMask | CWOverrideRedirect | CWColormap | CWBorderPixel), &attributes)

    var gcValues = XGCValues()
    gcValues.graphics_exposures = 0
    copyGC = XCreateGC(dpy, window, UInt(GCGraphicsExposures), &gcValues)
    bodyGC = XCreateGC(dpy, window, UInt(GCGraphicsExposures), &gcValues)

    let atoms = WindowAtoms(dpy, screen: screen)
    wmProtocols = atoms.wmProtocols
    wmDeleteWindow = atoms.wmDeleteWindow
    wmSelection = atoms.wmSelection
    netWMIcon = atoms.netWMIcon
    naming = (atoms, identity, placement, origin, (width, height))

    textDraw = XftDrawCreate(dpy, window, visual, colormap)!
    createBackBuffer()
    // RESOURCE_MANAGER changes (xrdb) come as PropertyNotify on the root;
    // a fixed scale has no use for them.
    if choice == .auto { XSelectInput(dpy, root, PropertyChangeMask) }
  }

  deinit {
    for p in pictures { XRenderFreePicture(display, p) }
    for var c in textColors { XftColorFree(display, visual, colormap, &c) }
    XftDrawDestroy(textDraw)
    XRenderFreePicture(display, backPicture)
    XFreePixmap(display, backPixmap)
    openedFonts?.close()
    if let maskGC { XFreeGC(display, maskGC) }
    XFreeGC(display, copyGC)
    XFreeGC(display, bodyGC)
    if !windowDestroyed { XDestroyWindow(display, window) }
    if ownsColormap { XFreeColormap(display, colormap) }
    if !sharesDisplay { XCloseDisplay(display) }
  }

  // MARK: Window

  /// Sets what window managers read, then maps the window.
  ///
  /// The properties go last because their PropertyNotify events fix the
  /// server clock's offset (`ServerClock`): the offset is the time between
  /// the server stamping the first of them and the event loop reading it,
  /// and every input is mapped that much late. Set when the window was
  /// created, before the fonts and the panel, they made it ~14 ms, and an
  /// animation after a release ended a frame late; set here, the server
  /// stamps them after drawing the first frame, just before the loop reads
  /// them.
  func map() {
    setProperties()
    XMapWindow(display, window)
  }

  /// The properties `map()` sets, for a window that starts unmapped.
  func setProperties() {
    setWindowProperties(
      naming.atoms, identity: naming.identity, placement: naming.placement, origin: naming.origin,
      windowSize: naming.size)
  }

  // MARK: Back buffer

  private func createBackBuffer() {
    backPixmap = XCreatePixmap(display, window, xLength32(width), xLength32(height), xLength32(Int(depth)))
    backPicture = XRenderCreatePicture(display, backPixmap, windowFormat, 0, nil)
    XftDrawChange(textDraw, backPixmap)
    presentation.newBackBuffer(width: width, height: height)
  }

  /// Takes the window's new size, and replaces the back buffer with one of
  /// the surface's new size.
  package func resize(windowWidth: Int, windowHeight: Int) {
    windowSize = (windowWidth, windowHeight)
    // The next present copies everything and fills the margin beyond the
    // surface, if any.
    damageWholeWindow()
    guard surfaceSide(windowWidth) != width || surfaceSide(windowHeight) != height else { return }
    let oldPixmap = backPixmap
    let oldPicture = backPicture
    width = surfaceSide(windowWidth)
    height = surfaceSide(windowHeight)
    createBackBuffer()
    XRenderFreePicture(display, oldPicture)
    XFreePixmap(display, oldPixmap)
  }

  /// The whole surface, as a rectangle.
  var surface: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

  // MARK: Pictures

  /// A picture holding `pixels` (row-major, one byte each) as 8-bit alpha;
  /// `repeating` tiles it over any area.
  func makeMask(width w: Int, height h: Int, pixels: [UInt8], repeating: Bool = false) -> Picture {
    let pixmap = XCreatePixmap(display, window, xLength32(max(w, 1)), xLength32(max(h, 1)), 8)
    precondition(pixels.count >= w * h, "mask smaller than its size")
    if w > 0 && h > 0 {
      let gc = maskGC ?? XCreateGC(display, pixmap, 0, nil)!
      maskGC = gc
      pixels.withUnsafeBytes { bytes in
        // XCreateImage wants a mutable pointer, but XPutImage only reads.
        let data = UnsafeMutableRawPointer(mutating: bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
        guard let image = XCreateImage(display, visual, 8, ZPixmap, 0, data, xLength32(w), xLength32(h), 8, x32(w)) else { return }
        XPutImage(display, pixmap, gc, image, 0, 0, 0, 0, xLength32(w), xLength32(h))
        // The pixel data is ours; free only the XImage header.
        image.pointee.data = nil
        XFree(image)
      }
    }
    return makePicture(pixmap: pixmap, format: a8Format, repeating: repeating)
  }

  /// A 1×1 repeating ARGB picture, used as a solid paint whose colour can
  /// change without creating anything.
  func makePaint() -> Picture {
    let pixmap = XCreatePixmap(display, window, 1, 1, 32)
    return makePicture(pixmap: pixmap, format: argbFormat, repeating: true)
  }

  /// A transparent ARGB picture of `w`×`h`, where shadows are gathered and
  /// cut before they reach the back buffer.
  func makeLayer(width w: Int, height h: Int) -> Picture {
    let pixmap = XCreatePixmap(display, window, xLength32(max(w, 1)), xLength32(max(h, 1)), 32)
    return makePicture(pixmap: pixmap, format: argbFormat, repeating: false)
  }

  /// A window-format picture of `w`×`h`, and its pixmap for Xft. The caller
  /// calls `releasePixmap` when done drawing text into it.
  func makeCanvas(width w: Int, height h: Int) -> (pixmap: Pixmap, picture: Picture) {
    let pixmap = XCreatePixmap(display, window, xLength32(w), xLength32(h), xLength32(Int(depth)))
    let picture = XRenderCreatePicture(display, pixmap, windowFormat, 0, nil)
    pictures.insert(picture)
    return (pixmap, picture)
  }

  func releasePixmap(_ pixmap: Pixmap) {
    XFreePixmap(display, pixmap)
  }

  func makePicture(pixmap: Pixmap, format: UnsafeMutablePointer<XRenderPictFormat>, repeating: Bool) -> Picture {
    var attributes = XRenderPictureAttributes()
    attributes.`repeat` = repeating ? RepeatNormal : RepeatNone
    let picture = XRenderCreatePicture(display, pixmap, format, UInt(CPRepeat), &attributes)
    XFreePixmap(display, pixmap)
    pictures.insert(picture)
    return picture
  }

  func release(_ picture: Picture) {
    guard pictures.remove(picture) != nil else { return }
    XRenderFreePicture(display, picture)
  }

  // MARK: Text

  /// An Xft colour, allocated once and freed with the session.
  func textColor(_ color: DrawerColor) -> XftColor {
    var value = renderColor(color)
    // A presenter made again (a new scale) asks for the same colours.
    if let known = textColors.first(where: {
      $0.color.red == value.red && $0.color.green == value.green && $0.color.blue == value.blue
        && $0.color.alpha == value.alpha
    }) {
      return known
    }
    var result = XftColor()
    XftColorAllocValue(display, visual, colormap, &value, &result)
    textColors.append(result)
    return result
  }

  /// Opens the fonts of every role at the session's scale, once fontconfig
  /// has its configuration (see `FontConfigPreload`).
  package func openFonts() throws(Failure) {
    FontConfigPreload.wait()
    openedFonts = try FontSet(display: display, screen: screen, pattern: fontPattern, scale: scale)
  }

  /// Draws with `opened`, opened at `scale`, from now on, closing the old
  /// fonts.
  func useFonts(_ opened: FontSet, scale: Double) {
    openedFonts?.close()
    openedFonts = opened
    self.scale = scale
  }

  /// The line heights the engine lays the header and rows out with.
  package var textMetrics: XftTextMetrics {
    XftTextMetrics(fonts)
  }
}

/// `color` at `opacity` as XRender takes it: premultiplied 16-bit
/// components, by `Paint`, the one place a colour is premultiplied.
func renderColor(_ color: DrawerColor, opacity: Double = 1) -> XRenderColor {
  let p = Paint(color, opacity: opacity)
  return XRenderColor(red: p.red, green: p.green, blue: p.blue, alpha: p.alpha)
}

/// XOpenDisplay with stderr caught: when the server refuses, libX11 prints
/// its reason itself ("Invalid MIT-MAGIC-COOKIE-1 key", without a newline),
/// which would break the one-line error. The reason is returned instead;
/// on success anything caught is passed on to stderr.
private func openDisplayQuietly() -> (OpaquePointer?, String) {
  var fds: [Int32] = [0, 0]
  let saved = dup(2)
  guard saved >= 0, pipe(&fds) == 0 else { return (XOpenDisplay(nil), "") }
  dup2(fds[1], 2)
  close(fds[1])
  let display = XOpenDisplay(nil)
  dup2(saved, 2)
  close(saved)
  // The writer is closed, so reading stops at the end of what was written.
  var caught: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 512)
  while true {
    let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, 512) }
    if n <= 0 { break }
    caught.append(contentsOf: buffer[0..<n])
  }
  close(fds[0])
  if display != nil {
    // Whatever libX11 said on success goes out as our own lines, escaped.
    for line in String(decoding: caught, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
      Diagnostics.print(String(line))
    }
    return (display, "")
  }
  let text = String(decoding: caught, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" })
    .map { $0.trimmingSpaces }.filter { !$0.isEmpty }.joined(separator: "; ")
  return (nil, text)
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}
