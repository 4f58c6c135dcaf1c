import DrawerDesktop
import DrawerEngine
import DrawerProcess
import DrawerRows

// The one table of drawer-x11's flags. A flag is added here and nowhere
// else but where `launchSettings()` checks its value; FlagTableTests holds
// every entry to reach the parser, the X resources, the completions, the
// man page and a replay.

/// The engine's defaults, which --help quotes so that the text cannot drift
/// from the behaviour.
private let engineDefaults = DrawerConfiguration()

/// The program's handle never fades below this (the engine's default is
/// DrawerKit's 0): at full expansion a faint handle still says the panel
/// can be pulled back down.
let defaultHandleMinimumAlpha = 0.4

/// Row height, px: a title and a detail line in 15 and 12 px type with
/// room to breathe, and a target the pointer hits without aiming (the
/// engine keeps DrawerKit's 44, iOS's one-line cell).
let defaultRowHeight = 56.0

/// A pick's row height, px: its rows carry one line, so a row is 1.6 of
/// the rows' text lines (a 15 px size sets a line of about 1.2 × 15 px),
/// 29 px, within the 32 px a compact list (rofi's, GTK's) allows, and a
/// 640 × 480 pick shows 15 rows. A --font size scales it as it scales
/// `defaultRowHeight`; a font whose line is taller still gets its line and
/// padding (`PanelLayout.rowHeight`).
let compactRowHeight = (FontSize.rowPixelSize * 1.2 * 1.6).rounded()

/// Corner radius, px: large enough to read as a sheet, small enough that
/// the header's text clears the corners in a 360 px panel.
let defaultCornerRadius = 12.0


extension FlagSpec {
  // MARK: Position
  static let edge = FlagSpec(
    "--edge", .keyword(.of(Edge.self), "EDGE"), .position, resource: true, default: "bottom",
    help: "The window edge the panel comes from.")
  static let detents = FlagSpec(
    "--detents", .single("NAME=ANCHOR,..."), field: "detents", .position, resource: true,
    help: "Named detents, most collapsed first, replacing DrawerKit's: NAME=ANCHOR,... with ANCHOR PX from the home edge, PCT% of the window, -PX from the far edge, or content (fitted to the rows). Example: tip=64,half=50%,full=-24.")
  static let initial = FlagSpec(
    "--initial", .single("NAME"), .position, resource: true, completion: .detentName, default: "partiallyExpanded; with --detents the middle one",
    help: "The detent the panel opens at; dismissed opens the window with the panel hidden, and present or toggle on --control, or a click, shows it at the default detent.")
  static let partialHeight = FlagSpec(
    "--partial-height", .single("PX"), field: "heightOfPartiallyExpandedDrawer", .position, resource: true, default: formatNumber(engineDefaults.heightOfPartiallyExpandedDrawer),
    help: "Visible height of the partially expanded drawer, px (its width for a left or right panel); at most the window's length along the panel's axis.")
  static let collapsedHeight = FlagSpec(
    "--collapsed-height", .single("PX"), field: "heightOfCollapsedDrawer", .position, resource: true, default: formatNumber(engineDefaults.heightOfCollapsedDrawer),
    help: "Visible height of the collapsed drawer, px (its width for a left or right panel); 0 means no collapsed state.")
  static let initialState = FlagSpec(
    "--initial-state", .keyword(.of(InitialStateWord.self), "STATE"), field: "initialState", .position, resource: true, default: "partial, or full with --no-partial-expansion",
    help: "State the drawer opens in.")
  static let fullExpansion = FlagSpec(
    "--full-expansion", .single("cover|status-bar|gap:PX"), field: "fullExpansionBehaviour gap", .position, resource: true, completion: .words(["cover", "status-bar", "gap:24"]), default: "cover",
    help: "How far full expansion goes: cover (to the far edge), status-bar (short of it by --status-bar-height) or gap:PX (short of it by PX).")
  static let statusBarHeight = FlagSpec(
    "--status-bar-height", .single("PX"), field: "statusBarHeight", .position, resource: true, default: formatNumber(engineDefaults.statusBarHeight),
    help: "Status bar height for --full-expansion status-bar and --corner-mode status-bar, px.")
  static let noPartialExpansion = FlagSpec(
    "--no-partial-expansion", .toggle, .position, resource: true,
    help: "Leave out the partially expanded state.")
  static let noDismissInStages = FlagSpec(
    "--no-dismiss-in-stages", .toggle, .position, resource: true,
    help: "Let a release from full toward the panel's edge go straight to collapsed or dismissed.")

  // MARK: Behaviour
  static let release = FlagSpec(
    "--release", .keyword(.of(ReleaseWord.self), "POLICY"), .behaviour, resource: true, default: "drawerkit",
    help: "Where a release goes: drawerkit (flicks and marks), projection (FloatingPanel's momentum projection, one state at a time) or nearest (OverlayContainer's nearest state, rushing forward past 400 px/s).")
  static let skipStates = FlagSpec(
    "--skip-states", .toggle, .behaviour, resource: true,
    help: "With --release projection, let a fast release pass states.")
  static let rubberBand = FlagSpec(
    "--rubber-band", .single("off|fp|oc[:FACTOR]"), field: "overdrag factor", .behaviour, resource: true, completion: .words(["off", "fp", "oc", "oc:0.5"]), default: "off",
    help: "A drag past full (or past the lowest state without removal): off (stops), fp (FloatingPanel's curve) or oc[:FACTOR] (OverlayContainer's, factor 0.5).")
  static let removal = FlagSpec(
    "--removal", .single("on|off|on:RATE_PER_S"), field: "releasePolicy removalRate", .behaviour, resource: true, completion: .words(["on", "off", "on:5.5"]), default: "on",
    help: "Whether a release may dismiss: on, off, or on:RATE with --release projection (dismiss when the speed toward dismissed is RATE times the distance per second; 5.5). Esc and clicks outside dismiss either way.")
  static let passthrough = FlagSpec(
    "--passthrough", .toggleWithValue("DETENT,..."), field: "passthroughTouchesInStates", .behaviour, resource: true,
    help: "Non-modal: the map under the panel takes the pointer (drag it, click it) and clicks outside never dismiss; with DETENT,... only while the panel is at one of those detents, modal at the others.")
  static let passthroughDetents = FlagSpec(
    "--passthrough-detents", .single("NAMES"), .behaviour, hidden: true,
    help: "")
  static let noDrag = FlagSpec(
    "--no-drag", .toggle, .behaviour, resource: true,
    help: "Turn off dragging the drawer.")
  static let tapsToExpand = FlagSpec(
    "--taps-to-expand", .single("N"), limits: 0...10, field: "numberOfTapsForFullDrawerPresentation", .behaviour, resource: true, default: String(engineDefaults.numberOfTapsForFullDrawerPresentation),
    help: "Clicks on the drawer that expand it fully; 0 turns it off.")
  static let tapsToDismiss = FlagSpec(
    "--taps-to-dismiss", .single("N"), limits: 0...10, field: "numberOfTapsForOutsideDrawerDismissal", .behaviour, resource: true, default: String(engineDefaults.numberOfTapsForOutsideDrawerDismissal),
    help: "Clicks outside the drawer that dismiss it; 0 turns it off.")
  static let flickThreshold = FlagSpec(
    "--flick-threshold", .single("LENGTHS_PER_S"), limits: 0...1000, field: "flickSpeedThreshold", .behaviour, resource: true, default: formatNumber(engineDefaults.flickSpeedThreshold),
    help: "Release speed that counts as a flick, window lengths along the panel's axis per second; 0 turns flicks off.")
  static let upperMarkGap = FlagSpec(
    "--upper-mark-gap", .single("PX"), limits: 0...100_000, field: "upperMarkGap", .behaviour, resource: true, default: formatNumber(engineDefaults.upperMarkGap),
    help: "Distance of the upper mark from the partial position, toward full, px.")
  static let lowerMarkGap = FlagSpec(
    "--lower-mark-gap", .single("PX"), limits: 0...100_000, field: "lowerMarkGap", .behaviour, resource: true, default: formatNumber(engineDefaults.lowerMarkGap),
    help: "Distance of the lower mark from the partial position, toward the panel's edge, px.")
  static let doubleClickTime = FlagSpec(
    "--double-click-time", .single("MS"), limits: 0...5000, field: "multiClickInterval", .behaviour, resource: true, default: formatNumber(engineDefaults.multiClickInterval * 1000),
    help: "Longest interval between the clicks of a multi-click, ms.")
  static let clickSlop = FlagSpec(
    "--click-slop", .single("PX"), limits: 0...100, field: "clickSlop", .behaviour, resource: true, default: formatNumber(engineDefaults.clickSlop),
    help: "Pointer travel that still counts as a click, px.")
  static let slideIn = FlagSpec(
    "--slide-in", .toggle, .behaviour, resource: true,
    help: "Slide the panel in from its edge at start, over --duration; a dismissal (Esc, a click outside, a flick or a drag) slides it out and then ends the program, with 0, or 1 in a pick, unless --keep.")
  static let keep = FlagSpec(
    "--keep", .toggle, .behaviour, resource: true,
    help: "After a dismissal keep running with the panel hidden, instead of ending; a pick prints each choice and hides. present or toggle on --control, or a click in the window, shows it again.")
  static let duration = FlagSpec(
    "--duration", .single("SECONDS"), limits: 0...60, field: "totalDurationInSeconds", .behaviour, resource: true, default: formatNumber(engineDefaults.totalDurationInSeconds),
    help: "Duration of each animated move, seconds.")
  static let reducedMotion = FlagSpec(
    "--reduced-motion", .toggle, .behaviour, resource: true,
    help: "Move the panel at once, never sliding: every move, a release, present and dismiss included, lands in one frame; drags still follow the pointer. Without it, on while the desktop's XSETTINGS say Gtk/EnableAnimations 0, followed while the program runs.")
  static let proportionalDuration = FlagSpec(
    "--proportional-duration", .toggle, .behaviour, resource: true,
    help: "Scale each move's duration by the distance travelled over the window's length along the panel's axis.")
  static let timing = FlagSpec(
    "--timing", .single("CURVE"), field: "timingCurve", .behaviour, resource: true, completion: .words(["spring", "spring:0.8,0.3", "linear", "ease-in", "ease-out", "ease-in-out", "cubic:0.25,0.1,0.25,1"]), default: "spring",
    help: "Timing curve: spring (DrawerKit's), spring:DAMPING[,RESPONSE_S], linear, ease-in, ease-out, ease-in-out or cubic:X1,Y1,X2,Y2.")

  // MARK: Look
  static let theme = FlagSpec(
    "--theme", .keyword(.of(ThemeChoice.self), "THEME"), .look, resource: true, default: "auto",
    help: "Colours of the panel, its text and the map: light, dark, high-contrast (black on white, white on black when the desktop prefers dark: all text at 7:1, 3 px focus rings, nothing translucent), or auto (high-contrast when the desktop's XSETTINGS theme is HighContrast or HighContrastInverse, dark when its name ends in -dark or it prefers dark; light without a settings manager).")
  static let font = FlagSpec(
    "--font", .single("PATTERN"), .look, resource: true, completion: .shell("fc-list : family 2>/dev/null | cut -d, -f1 | sort -u"), default: defaultFontPattern,
    help: "The font of all text, as a fontconfig pattern (family and properties, e.g. 'Noto Sans:light'); a size (DejaVu Sans-20, :size=20 in points, :pixelsize=24) sets the rows' text, and all other text, the rows and the header keep their proportion to it; each kind of text keeps its own weight, and characters the font lacks come from other fonts that have them.")
  static let backdrop = FlagSpec(
    "--backdrop", .single("NAME=ALPHA,..."), field: "backdropAlphas", .look, resource: true, completion: .detentAssignments, default: "--dim-opacity at the most expanded detent",
    help: "Backdrop alpha by detent, NAME=ALPHA,...; between detents it follows the position.")
  static let dimOpacity = FlagSpec(
    "--dim-opacity", .single("ALPHA"), limits: 0...1, field: "maximumBackdropOpacity", .look, resource: true, default: formatNumber(engineDefaults.maximumBackdropOpacity),
    help: "Backdrop dim at full expansion, 0 to 1.")
  static let cornerRadius = FlagSpec(
    "--corner-radius", .single("PX"), limits: 0...1000, field: "maximumCornerRadius", .look, resource: true, default: formatNumber(defaultCornerRadius),
    help: "Largest radius of the drawer's corners at its moving edge (a bottom panel's top corners; every corner of a card), px.")
  static let cornerMode = FlagSpec(
    "--corner-mode", .keyword(.of(CornerModeWord.self), "MODE"), .look, resource: true, default: "partial",
    help: "How the corner radius follows the drawer: partial (largest at partial), status-bar (shrinks inside the status bar) or fixed.")
  static let backgroundColor = FlagSpec(
    "--background-color", .single("COLOR"), field: "backgroundColor", .look, resource: true, default: "the theme's, #fafafc light, #2c2c2e dark",
    help: "Drawer fill colour; the list's text is then chosen to contrast with it.")
  static let rowColor = FlagSpec(
    "--row-color", .single("COLOR"), .look, resource: true, default: "the theme's, chosen to contrast with the fill",
    help: "The list's text colour, and the header's.")
  static let selectionColor = FlagSpec(
    "--selection-color", .single("COLOR"), .look, resource: true, default: "the theme's",
    help: "The selected row's fill.")
  static let selectionTextColor = FlagSpec(
    "--selection-text-color", .single("COLOR"), .look, resource: true, default: "--row-color",
    help: "The selected row's text colour.")
  static let matchColor = FlagSpec(
    "--match-color", .single("COLOR"), .look, resource: true, default: "the theme's accent",
    help: "The colour of the characters a query matched.")
  static let noHandle = FlagSpec(
    "--no-handle", .toggle, .look, resource: true,
    help: "Hide the grabber handle.")
  static let handleColor = FlagSpec(
    "--handle-color", .single("COLOR"), field: "handle color", .look, resource: true, default: "the theme's, #c7c7cc light, #636366 dark",
    help: "Handle colour.")
  static let handleSize = FlagSpec(
    "--handle-size", .single("WxH_PX"), limits: 0.5...1000, field: "handle size", .look, resource: true, default: "40x6",
    help: "Handle width and height, px.")
  static let handleTop = FlagSpec(
    "--handle-top", .single("PX"), limits: 0...100_000, field: "handle top", .look, resource: true, default: formatNumber(HandleConfiguration().top),
    help: "Distance from the drawer's moving edge (a bottom panel's top edge) to the handle, px.")
  static let handleCornerRadius = FlagSpec(
    "--handle-corner-radius", .single("auto|PX"), limits: 0...1000, field: "handle cornerRadius", .look, resource: true, completion: .words(["auto"]), default: "auto",
    help: "Handle corner radius: auto (half its height) or px.")
  static let noHandleDimming = FlagSpec(
    "--no-handle-dimming", .toggle, .look, resource: true,
    help: "Keep the handle fully visible instead of fading it toward full and dismissed.")
  static let handleMinAlpha = FlagSpec(
    "--handle-min-alpha", .single("ALPHA"), limits: 0...1, .look, resource: true, default: formatNumber(defaultHandleMinimumAlpha),
    help: "The least opacity the handle fades to toward full and dismissed, so that it always shows how to collapse; 0 fades it out as DrawerKit does.")
  static let borderThickness = FlagSpec(
    "--border-thickness", .single("PX"), limits: 0...1000, field: "border thickness", .look, resource: true, default: "0",
    help: "Border thickness, px; fractions draw as partial coverage (0.5 is a hairline).")
  static let borderColor = FlagSpec(
    "--border-color", .single("COLOR"), field: "border color", .look, resource: true, default: "black",
    help: "Border colour.")
  static let shadowOpacity = FlagSpec(
    "--shadow-opacity", .single("ALPHA"), limits: 0...1, field: "shadow opacity", .look, resource: true, default: "0",
    help: "Drop shadow opacity, 0 to 1; 0 means no shadow.")
  static let shadowRadius = FlagSpec(
    "--shadow-radius", .single("PX"), limits: 0...200, field: "shadow radius", .look, resource: true, default: "0",
    help: "Drop shadow blur radius, px (Gaussian σ is half of it).")
  static let shadowOffset = FlagSpec(
    "--shadow-offset", .single("X_PX,Y_PX"), field: "shadow offset", .look, resource: true, default: "0,0",
    help: "Drop shadow offset, px; negative Y moves it up.")
  static let shadowColor = FlagSpec(
    "--shadow-color", .single("COLOR"), field: "shadow color", .look, resource: true, default: "black",
    help: "Drop shadow colour.")
  static let shadow = FlagSpec(
    "--shadow", .repeated("COLOR,ALPHA,RADIUS_PX,X_PX,Y_PX[,SPREAD_PX]"), .look, resource: true,
    help: "A shadow under the panel; repeat it for several, drawn first to last under the one of the four flags above. SPREAD grows (or shrinks) the shape before the blur. Shadows darken only around the surface, never through a translucent one. Example: --shadow '#000,0.12,12,0,4' --shadow '#000,0.08,2,0,1,1'.")
  static let margins = FlagSpec(
    "--margins", .single("PX[,PX[,PX,PX]]"), .look, resource: true, default: "0",
    help: "Space between the window's sides and the panel, px: PX, V,H or T,R,B,L. Any margin above 0 makes a card: all four corners rounded, the shadow all around.")
  static let padding = FlagSpec(
    "--padding", .single("PX[,PX[,PX,PX]]"), .look, resource: true, default: "0",
    help: "Space between the panel's sides and its content (header and list), px: PX, V,H or T,R,B,L.")
  static let maxWidth = FlagSpec(
    "--max-width", .single("PX|none|auto"), .look, resource: true, completion: .words(["auto", "none"]), default: "auto",
    help: "Widest a bottom or top panel grows, px; none fills the window; auto fills windows up to 900 px wide and centres a 720 px panel in wider ones.")
  static let debug = FlagSpec(
    "--debug", .toggle, .look,
    help: "Draw the upper mark, the mark (the partial position) and the lower mark as lines over everything, each tagged with its name.")

  // MARK: List
  static let rows = FlagSpec(
    "--rows", .single("N"), limits: 0...100_000_000, field: "rowCount", .list, default: String(engineDefaults.rowCount),
    help: "Number of generated rows when --items is not given.")
  static let items = FlagSpec(
    "--items", .single("FILE"), .list, completion: .file, default: "generated place names",
    help: "Rows from FILE, one per line, UTF-8; - reads stdin.")
  static let rowHeight = FlagSpec(
    "--row-height", .single("PX"), limits: 1...1000, field: "rowHeight", .list, resource: true, default: "\(formatNumber(defaultRowHeight)); \(formatNumber(compactRowHeight)) in a pick",
    help: "Height of one list row, px.")
  static let scrollInAllStates = FlagSpec(
    "--scroll-in-all-states", .toggle, .list, resource: true,
    help: "Let the list scroll in the partial and collapsed states too, not only at full.")
  static let scrollIn = FlagSpec(
    "--scroll-in", .single("NAMES"), field: "scrollingDetents", .list, resource: true, completion: .detentNames, default: "the most expanded",
    help: "The detents where the list scrolls, NAME,...")

  // MARK: Pick
  static let pick = FlagSpec(
    "--pick", short: "p", .toggle, .pick,
    help: "Run as a picker, as dmenu does: rows come from --items or stdin as they arrive; typing filters them; Return or a click prints the chosen row on stdout and exits 0; Esc, a dismissal or closing the window prints nothing and exits 1.")
  static let multi = FlagSpec(
    "--multi", .toggle, .pick,
    help: "With --pick, Space, Tab or Ctrl+click mark rows, and Return prints every marked row (the selected one when none is), one a line, in list order.")
  static let printIndex = FlagSpec(
    "--print-index", .toggle, .pick,
    help: "With --pick, print row numbers (the line's number in the input, from 0) instead of rows' text; typed text (Shift+Return) prints -1.")
  static let prompt = FlagSpec(
    "--prompt", .single("TEXT"), .pick, default: "the source's name",
    help: "The header's label, before the typed query.")
  static let filter = FlagSpec(
    "--filter", .toggle, .pick,
    help: "Let typing filter the list outside --pick too (the query edits as in a pick; Esc clears it).")
  static let match = FlagSpec(
    "--match", .keyword(.of(MatchMode.self), "MODE"), .pick, resource: true, default: "substring",
    help: "How typing matches rows: substring (the query as typed) or fuzzy (its characters in order, as fzf). An upper-case letter makes the match case-sensitive. Matches show best first: the row equal to the query, rows that start with it, then, for fuzzy, by fzf's score.")
  static let noSort = FlagSpec(
    "--no-sort", .toggle, .pick, resource: true,
    help: "Show matches in input order instead of best first.")
  static let ignoreCase = FlagSpec(
    "--ignore-case", short: "i", .toggle, .pick,
    help: "Match either case even when the query has an upper-case letter (dmenu's and rofi's -i).")
  static let query = FlagSpec(
    "--query", .single("TEXT"), .pick,
    help: "With --pick, start with TEXT typed (rofi's -filter, fzf's --query).")
  static let select = FlagSpec(
    "--select", .single("TEXT"), .pick,
    help: "With --pick, select the first row equal to TEXT once it arrives, until a key is typed (rofi's -select).")
  static let autoSelect = FlagSpec(
    "--auto-select", .toggle, .pick,
    help: "With --pick, pick the row at once when the input has ended and one row is left (rofi's -auto-select).")
  static let noCustom = FlagSpec(
    "--no-custom", .toggle, .pick,
    help: "With --pick, never print typed text: Return with no matching row and Shift+Return do nothing (rofi's -no-custom).")
  static let mesg = FlagSpec(
    "--mesg", .single("TEXT"), .pick,
    help: "With --pick, show TEXT on a line under the header's title (rofi's -mesg).")
  static let password = FlagSpec(
    "--password", .toggle, .pick,
    help: "With --pick, show the query as dots, and leave it out of --events (rofi's -password).")
  static let lines = FlagSpec(
    "--lines", .single("N"), limits: 0...1000, .pick, default: "1",
    help: "With --bar, the rows the bar shows below its header (dmenu's -l, rofi's -lines); 0 is dmenu's one line, the matches side by side after the query.")
  static let control = FlagSpec(
    "--control", .single("PATH|-"), .pick, completion: .file,
    help: "Read commands from PATH (a file or FIFO; - is stdin), one a line: move DETENT, present, dismiss, toggle, enable DETENT, disable DETENT, detents NAME=ANCHOR,..., select N, append TEXT, clear, quit. Each is answered by an ack or an error event.")

  // MARK: Window
  static let geometry = FlagSpec(
    "--geometry", short: "g", .single("WxH_PX[{+-}X{+-}Y]"), .window, resource: true, default: "800x600, placed by the window manager",
    help: "The window's size and place as an X geometry: WxH in px, then +X+Y from the screen's left and top edges or -X-Y from its right and bottom edges (-0-0 is the bottom-right corner); either part may be left out.")
  static let desktop = FlagSpec(
    "--desktop", .toggle, .window,
    help: "Come over the desktop of one monitor (--monitor, by default the focused window's, else the pointer's): an override-redirect window covering it exactly, the keyboard and the pointer grabbed before it maps (retried for a second; exit 75 when another program keeps them), laid out again when the monitors change; the desktop shows dimmed behind the panel (through an ARGB window under a compositing manager, else as copied just before the window maps). Implies --slide-in; with --initial dismissed nothing maps and nothing is grabbed until the panel is shown, and with --keep a dismissal unmaps the window and lets the grabs go. With --embed it is a drop-down instead, beside the other windows: nothing is grabbed or dimmed, the window covers the panel only, the client has the input focus while it shows, and the focus goes back to the window that had it when it hides.")
  static let embed = FlagSpec(
    "--embed", .single("COMMAND"), .window, completion: .words(["stterm -w %w", "xterm -into %w"]),
    help: "Run COMMAND through /bin/sh with each %w replaced by the id of a window in the panel's body, below its header, and hold the window the client puts there, as XEmbed's embedder: sized to the body at the most expanded detent and moved with the panel, the keys typed while it shows forwarded to it (over the desktop it has the input focus itself). Its exit slides the panel out and ends the program with its status; however the program ends, the command's whole process group gets SIGTERM, and SIGKILL 2 s later. Exit 69 when it ends, or puts no window there, within 5 s of the start without embedding.")
  static let embedResize = FlagSpec(
    "--embed-resize", .toggle, .window,
    help: "With --embed, size the client to the panel's body at each detent the panel comes to rest at, as OverlayContainer's flexibleHeight does (a top-edge terminal at half shows its prompt, not its bottom rows), instead of once at the most expanded detent.")
  static let hideOnBlur = FlagSpec(
    "--hide-on-blur", .toggle, .window,
    help: "With --desktop and --embed, slide the panel out when the focus goes to another window (a click on it, Alt+Tab), as Guake's hide on lose focus; with --keep it stays running and toggle or present on --control brings it back.")
  static let monitor = FlagSpec(
    "--monitor", .single("N|pointer|focus"), .window, resource: true, completion: .words(["pointer", "focus", "0", "1"]), default: "none: the window manager places the window",
    help: "The monitor the window opens on, centred, unless --geometry gives its place: N (from 0, in the order RandR 1.5, else Xinerama, lists them), pointer (the one under the pointer) or focus (the one the focused window overlaps most, else the pointer's). A monitor is only its part of the screen: pointer and focus pass over one with no part on it, and a number past the last monitor, or of such a monitor, exits 64.")
  static let bar = FlagSpec(
    "--bar", .keyword(.of(BarPlace.self), "PLACE"), .window,
    help: "With --pick, come over the desktop as dmenu's bar: an override-redirect window across the whole width of one monitor (--monitor, else the focused window's), along its top or its bottom, as deep as the header and --lines rows; the keyboard and the pointer are grabbed before it maps, and the panel slides up into it, square, undimmed, with rows as deep as their text.")
  static let parent = FlagSpec(
    "--parent", .single("WINDOWID"), .window,
    help: "With --bar, put the bar inside the window WINDOWID (decimal, or hexadecimal after 0x) instead of over a monitor, as dmenu's -w does: a child window across its width, along its top or bottom. A window that cannot hold it (none of that id, an InputOnly one, one of no area) exits 1 with one line, as dmenu does, before anything is grabbed.")
  static let title = FlagSpec(
    "--title", .single("TEXT"), .window, default: "the --prompt of a pick, else drawer-x11",
    help: "The window's title.")
  static let windowClass = FlagSpec(
    "--class", short: "c", .single("NAME"), .window, default: WindowIdentity.defaultClassName,
    help: "The class of the window's WM_CLASS, for window manager rules, and the class its X resources are looked up under.")
  static let name = FlagSpec(
    "--name", .single("NAME"), .window, default: WindowIdentity.defaultInstanceName,
    help: "The instance of the window's WM_CLASS, and the name its X resources are looked up under, as in NAME.handleColor.")

  // MARK: Program
  static let scale = FlagSpec(
    "--scale", .single("auto|FACTOR"), limits: ScaleChoice.range, .program, resource: true, completion: .words(["auto", "1", "1.25", "1.5", "2"]), default: "auto, 1 without Xft.dpi",
    help: "Screen pixels per logical px: auto (the desktop's Xft.dpi over 96, to a quarter, followed when it changes) or a number from \(formatNumber(ScaleChoice.range.lowerBound)) to \(formatNumber(ScaleChoice.range.upperBound)) (1.5 draws everything half as large again). Every px of every flag, --geometry's too, is a logical px, and the events report logical px, so scripts work at any scale.")
  static let events = FlagSpec(
    "--events", short: "e", .toggleWithValue("FILE"), .program,
    help: "Print one JSON object per line for each event: on stdout, or with `--events FILE` in FILE (a pick's stdout carries the pick).")
  static let eventsFile = FlagSpec(
    "--events-file", .single("VALUE"), .program, hidden: true,
    help: "")
  static let reportMoves = FlagSpec(
    "--report-moves", .toggle, .program,
    help: "With --events, also print moved (extent and progress) once per frame while the panel moves.")
  static let record = FlagSpec(
    "--record", .single("FILE"), .program, replay: .drop, completion: .file,
    help: "Write every input the panel receives to FILE as JSON lines, for drawer-replay.")
  static let noAccessibility = FlagSpec(
    "--no-accessibility", .toggle, .program, resource: true, replay: .drop,
    help: "Do not serve the panel to screen readers over AT-SPI2 (NO_AT_BRIDGE=1 does the same). Without it the program joins the accessibility bus when the desktop has one (see docs/Accessibility.md).")
  static let frameStats = FlagSpec(
    "--frame-stats", .toggle, .program, hidden: true,
    help: "")
  static let version = FlagSpec(
    "--version", short: "V", .toggle, .program,
    help: "Print the version and exit.")
  static let eventBufferLimit = FlagSpec(
    "--event-buffer-limit", .single("VALUE"), limits: 1...1_073_741_824, .program, hidden: true,
    help: "")

  /// Every flag, group by group, in the order --help lists them.
  public static let all: [FlagSpec] = [
    .edge, .detents, .initial, .partialHeight, .collapsedHeight, .initialState, .fullExpansion, .statusBarHeight,
    .noPartialExpansion, .noDismissInStages, .release, .skipStates, .rubberBand, .removal, .passthrough,
    .passthroughDetents, .noDrag, .tapsToExpand, .tapsToDismiss, .flickThreshold, .upperMarkGap, .lowerMarkGap,
    .doubleClickTime, .clickSlop, .slideIn, .keep, .duration, .reducedMotion, .proportionalDuration, .timing, .theme, .font, .backdrop, .dimOpacity, .cornerRadius, .cornerMode,
    .backgroundColor, .rowColor, .selectionColor, .selectionTextColor, .matchColor, .noHandle, .handleColor, .handleSize, .handleTop, .handleCornerRadius, .noHandleDimming,
    .handleMinAlpha, .borderThickness, .borderColor, .shadowOpacity, .shadowRadius, .shadowOffset, .shadowColor,
    .shadow, .margins, .padding, .maxWidth, .debug, .rows, .items, .rowHeight, .scrollInAllStates, .scrollIn, .pick,
    .multi, .printIndex, .prompt, .filter, .match, .noSort, .ignoreCase, .query, .select, .autoSelect,
    .noCustom, .mesg, .password, .lines, .control, .geometry, .desktop, .bar, .parent, .embed, .embedResize, .hideOnBlur, .monitor, .title, .windowClass, .name, .scale, .events,
    .eventsFile, .reportMoves, .record, .noAccessibility, .frameStats, .version, .eventBufferLimit,
  ]
}
