// Xlib, XRender and Xft come with the widget: its API speaks their types
// (a display, a window, a picture, an event).
@_exported import CX11
import DrawerDesktop
import DrawerEngine
import DrawerHost
import DrawerProcess
import DrawerRows

// The widget's public face: where the panel lives, what it holds, what it
// shows behind itself. Everything else a program needs (rows read as they
// come, the control channel, a pick, --embed, --desktop) is the
// command line's, through the package-wide initialiser.

extension DrawerPanel {
  /// Where the panel's window is: inside a window the application owns,
  /// covering it, or a top-level window of its own.
  public enum Placement {
    /// A child window covering `parent`, and following its size, as a
    /// bottom sheet covers an application's content.
    case inside(Window)
    /// A top-level window of `width` × `height` logical px, titled `title`.
    case window(width: Int, height: Int, title: String)
  }

  /// How long the application's own content window is along the panel's
  /// axis, as OverlayContainer's styles. Across the axis it always fills
  /// the panel's body, as FloatingPanel's content fills its surface: the
  /// width the window was made with is not kept.
  public enum Sizing: Sendable {
    /// Sized once, to the panel's body at its most expanded detent, and
    /// only moved as the panel moves: the panel shows as much of it as fits.
    case rigid
    /// Resized to the panel's body each time the panel comes to rest.
    case flexible
  }

  /// What the panel holds below its header.
  public enum Content {
    /// The built-in list of `rows`, selected with the pointer and the keys.
    case list(RowTexts)
    /// The application's own window, reparented into the panel's body
    /// and as wide as it (`Sizing` says how long). Its events stay the
    /// application's.
    case window(Window, Sizing)
  }

  /// What shows behind the panel, under its dim.
  public enum Backdrop {
    /// A picture the application draws and keeps, of the panel window's
    /// size: its own content. After drawing into it again, the application
    /// calls `backdropChanged()`.
    case picture(Picture)
    /// A copy of the desktop under the window, taken before it maps.
    case desktop
    /// Nothing: the window's background.
    case none
  }

  /// A drawer panel on `display`, an X connection the application opened,
  /// reads events from and closes after the panel is gone.
  ///
  /// The panel has the project's look (Xft text in `fontPattern`, corners,
  /// shadows, the dim) in `theme`'s colours; `configuration` is the
  /// engine's, in logical px (its detents, edge and motion), and the
  /// panel's colours come from `theme`. `delegate` answers the engine's
  /// questions (may a drag begin, where a release goes). `title` is the
  /// header's title (nil: the list's own, none for a window). With
  /// `startsHidden` nothing is presented until `request(.present(...))`;
  /// with `endsWhenDismissed` the panel's dismissal ends the run
  /// (`isFinished`, and `run()` returns 0). Nothing shows until `start()`
  /// (or `run()`). Throws, with a message, when the display lacks RENDER,
  /// the fonts cannot open, or the configuration is out of range.
  public convenience init(
    display: OpaquePointer, placement: Placement, content: Content, backdrop: Backdrop = .none,
    configuration: DrawerConfiguration = DrawerConfiguration(), theme: Theme = .light,
    fontPattern: String = defaultFontPattern, delegate: (any DrawerDelegate)? = nil, title: String? = nil,
    startsHidden: Bool = false, endsWhenDismissed: Bool = false
  ) throws(Failure) {
    var identity = WindowIdentity()
    var parent: (window: Window, origin: (x: Int, y: Int))?
    var size = (width: 800, height: 600)
    switch placement {
    case .inside(let window):
      var root: Window = 0
      var (x, y): (Int32, Int32) = (0, 0)
      var (width, height, border, depth): (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
      guard XGetGeometry(display, window, &root, &x, &y, &width, &height, &border, &depth) != 0 else {
        throw Failure(status: ExitStatus.usage, message: "the parent window \(window) does not exist")
      }
      parent = (window, (0, 0))
      size = (Int(width), Int(height))
    case .window(let width, let height, let title):
      identity.title = title
      size = (width, height)
    }
    let x = try XSession(
      display: display, width: size.width, height: size.height, scale: .fixed(1), fontPattern: fontPattern,
      identity: identity, parent: parent, sharesDisplay: true)
    // A child covers its parent exactly, whatever the scale made of it.
    if parent != nil { x.resize(windowWidth: size.width, windowHeight: size.height) }
    try x.openFonts()
    var configuration = configuration
    configuration.backgroundColor = theme.surface
    configuration.handle?.color = theme.handle
    let rows: RowTexts
    switch content {
    case .list(let list): rows = list
    case .window: rows = RowTexts.titled("")
    }
    if let title { rows.name = title }
    configuration.rowCount = rows.count
    let shown = DrawerPanel.presented(backdrop, x: x)
    let lifecycle = PanelLifecycle(startsHidden: startsHidden, endsWhenDismissed: endsWhenDismissed)
    try self.init(
      session: x, configuration: configuration, theme: theme, followsDesktopScale: false, rows: rows, reader: nil,
      control: nil, pick: nil, filters: false, lifecycle: lifecycle, desktop: nil, embed: nil,
      frameStats: false, accessibility: false, arguments: [], recorder: nil, backdrop: shown)
    session.host.drawer.delegate = delegate
    ownedBackdrop = backdrop
    if let parent { parentFit = ParentFit(display: display, parent: parent.window, panel: x.window) }
    if case .window(let window, let sizing) = content {
      self.content = ContentWindow(display: display, window: window, parent: x.window, sizing: sizing)
    }
  }

  /// The panel's behaviour: its state, its detents, and the requests that
  /// move it (`feed(.request(...))` through `request(_:)`).
  public var drawer: Drawer { session.drawer }

  /// The panel's own X window.
  public var window: Window { x.window }

  /// Asks the panel to move, present or dismiss itself, now.
  public func request(_ request: DrawerRequest) {
    session.feed(.request(request, time: max(session.time, monotonicSeconds())))
  }

  /// Whether the panel's first frame is on screen (its window mapped and
  /// exposed).
  public var isShowing: Bool { session.isReady }

  /// Whether the run is over: the panel's window was closed or destroyed,
  /// or, with `endsWhenDismissed`, the panel was dismissed.
  public var isFinished: Bool { session.exitStatus != nil }

  /// The header's title, drawn from the next frame on when set: above
  /// the application's window as above the built-in list.
  public var title: String {
    get { rows.name }
    set { rows.name = newValue }
  }

  /// Whether the panel rests dismissed: nothing of it shows. Inside an
  /// application's window the pointer on it is then the application's
  /// (`handle(_:)` refuses it); in a window of its own a click presents it.
  public var isDismissed: Bool { engine.state == .dismissed && host.stack.detail == nil }

  /// Takes each of the panel's events (`didTransition`, `dismissed`,
  /// `dragBegan`...) in order, once the frame that made it is drawn, from
  /// `update()` (and so from `run()`), never while an input is handled:
  /// it may call `request(_:)`. FloatingPanel's delegate notifications,
  /// OverlayContainer's `didMoveOverlay`. nil (the default) keeps none.
  public var onEvent: ((DrawerEvent) -> Void)? {
    get { session.observer }
    set { session.observer = newValue }
  }

  /// Whether `event` is a pointer event the application takes instead of
  /// the panel: inside an application's window, while the panel rests
  /// dismissed, its window covers the application's content but not its
  /// clicks (the engine would present the panel at any click). A release
  /// still ends any press the panel took.
  func isApplicationsPointer(_ event: inout XEvent) -> Bool {
    guard parentFit != nil, event.xany.window == x.window, isDismissed else { return false }
    switch event.type {
    case ButtonPress, MotionNotify: return true
    case ButtonRelease:
      buttonReleased(event.xbutton)
      return true
    default: return false
    }
  }

  /// The application drew its backdrop picture again: the next frame
  /// shows it.
  public func backdropChanged() {
    painter.setBackdrop(backdrop)
    backBufferStale = true
  }

  /// Shows `backdrop` behind the panel from the next frame on: a picture
  /// of the window's new size after a resize, say. A desktop copied before
  /// is freed.
  public func replaceBackdrop(_ backdrop: Backdrop) {
    if case .desktop = ownedBackdrop, case .picture(let copy)? = ownBackdrop { x.release(copy) }
    ownedBackdrop = backdrop
    ownBackdrop = DrawerPanel.presented(backdrop, x: x)
    backdropChanged()
  }

  /// What the presenter shows for `backdrop`: the desktop is copied now.
  private static func presented(_ backdrop: Backdrop, x: XSession) -> Presenter.Backdrop {
    switch backdrop {
    case .picture(let picture): return .picture(picture)
    case .none: return .clear
    case .desktop:
      let origin = x.rootOrigin()
      return .picture(x.desktopSnapshot(ScreenMonitor(x: origin.x, y: origin.y, width: x.width, height: x.height)))
    }
  }
}
