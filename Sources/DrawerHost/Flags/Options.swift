import ArgumentParser
import DrawerEngine
import DrawerVersion

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

/// Corner radius, px: large enough to read as a sheet, small enough that
/// the header's text clears the corners in a 360 px panel.
let defaultCornerRadius = 12.0

/// The fontconfig pattern text is drawn with when --font is not given.
public let defaultFontPattern = "sans-serif"

/// The longest --font pattern taken, in UTF-8 bytes: a real pattern is a
/// family and a few properties.
let maximumFontPatternLength = 512

/// Help text for a flag that takes a value, ending with its default.
private func help(_ text: String, _ defaultValue: String, value: String) -> ArgumentHelp {
  ArgumentHelp("\(text) (default: \(defaultValue))", valueName: value)
}

/// The command line. Every value is taken as text and checked by
/// `launchSettings()`, so that each mistake gets one line naming the flag and
/// what it allows; a flag with a closed set of words is a `Keyword`, which
/// lists the words in --help and in completion scripts but is checked there
/// too.
public struct DrawerCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "drawer-x11",
    abstract: "A drawer panel over a map, and a dmenu-like picker, for X11: DrawerKit's, FloatingPanel's and OverlayContainer's behaviour.",
    discussion: """
      Drag the panel by its header or its list; click outside it to dismiss it. \
      Keys: Esc dismisses; where the list scrolls (at full, by default, and always with \
      --pick) Up/Down, Page Up/Page Down and Home/End move the row selection and Return \
      activates the selected row; elsewhere Up/Page Up expand, Down/Page Down collapse, Home \
      expands fully and End goes to the lowest visible state; Alt+Up and Alt+Down move the \
      panel a stage wherever the list holds the arrows (back from full to partial); \
      Space/Return present it again; q quits (with --pick or --filter, typing filters instead).

      With --events, stdout carries one JSON object per line: ready, willTransition, \
      didTransition, transitionCancelled, dragBegan, dragEnded, dragCancelled, interiorTap, \
      exteriorTap, selected, activated, presented, dismissed, refitted, rows, filtered, ack and error \
      (--control), resized, scaleChanged (--scale auto followed \
      the desktop), moved (with --report-moves), \
      mapMoved and mapClicked (with --passthrough), overflow (events dropped while stdout \
      was not read) and exit. States are detent names: dismissed, and collapsed, \
      partiallyExpanded and fullyExpanded or those of --detents; extent is the panel's \
      distance from its edge in px, drawerTop (bottom panels) the y of its top edge; \
      every px is a logical px, whatever --scale.

      X resources: every look and behaviour flag can be set in the X resource database \
      (xrdb), named by the flag in camelCase under the window's name or class: \
      drawer-x11.handleColor: #c7c7cc, drawer-x11*edge: left, Drawer-x11.noHandle: true. \
      Flags override resources.

      Exit status: 0 on q or when the window is closed, and with --pick when a row was \
      chosen and printed; 1 with --pick when it was cancelled (Esc, a dismissal, the window \
      closed), with nothing printed; 64 for a bad flag or value \
      (no window opens); 66 when the --items file cannot be read or breaks a limit (a row \
      over 64 MiB, over 1 GiB of text, over 100000000 rows); 73 when the --record or --events file cannot be \
      created, or is a FIFO nobody reads yet; 69 when DISPLAY is unset, \
      the display cannot be opened, or it lacks RENDER or fonts; 74 when the X server goes \
      away while running, or with --pick when standard output fails (full, or its reader \
      gone) before the pick is written whole; 70 for an internal error; 128 + N after signal N that ends it: \
      129 SIGHUP, 130 SIGINT, 131 SIGQUIT, 138 SIGUSR1, 140 SIGUSR2, 142 SIGALRM, 143 SIGTERM \
      (the exit event is still printed).
      """,
  )

  /// The examples --help ends with (argument-parser prints the discussion
  /// before the flags, so they are appended to its text).
  public static let examples = """
    EXAMPLES:
      drawer-x11 --edge left --detents rail=72,open=340
      drawer-x11 --detents tip=64,half=50%,full=-24 --release projection
      drawer-x11 --detents tip=96,half=40% --passthrough --backdrop tip=0,half=0
      drawer-x11 -g 420x640-0+0 --title Places -c Places --theme dark
      find . -name '*.swift' | drawer-x11 -p | xargs ls -ld
      ls | drawer-x11 -p --multi --match fuzzy --prompt 'Remove:' | xargs rm -i
      ls | drawer-x11 --items - -e
      drawer-x11 --record trace.jsonl && drawer-replay trace.jsonl
      echo 'drawer-x11*edge: left' | xrdb -merge && drawer-x11
    """

  /// What --version prints.
  public static let versionLine = "drawer-x11 \(programVersion)"

  @OptionGroup(title: "Position") var position: PositionOptions
  @OptionGroup(title: "Behaviour") var behaviour: BehaviourOptions
  @OptionGroup(title: "Look") var look: LookOptions
  @OptionGroup(title: "List") var list: ListOptions
  @OptionGroup(title: "Pick") var pick: PickOptions
  @OptionGroup(title: "Window") var window: WindowOptions
  @OptionGroup(title: "Program") var program: ProgramOptions

  public init() {}
}

/// What the command line asks for, checked.
public struct LaunchSettings {
  public var configuration: DrawerConfiguration
  public var windowWidth: Int
  public var windowHeight: Int
  /// nil: generated rows.
  public var itemsPath: String?
  public var events: Bool
  /// --events FILE: where the events go; nil is standard output.
  public var eventsPath: String?
  public var eventBufferLimit: Int
  /// --pick; nil when not picking.
  public var pick: PickSettings?
  /// How typing filters the rows (--pick, --filter); nil when it does not.
  public var filter: MatchMode?
  /// --prompt.
  public var prompt: String?
  /// --control: where commands come from; nil when none do.
  public var controlPath: String?
  public var frameStats: Bool
  /// Where --record writes the inputs; nil when not recording.
  public var recordPath: String?
  /// --theme; `auto` is settled by the front end, which can ask the desktop.
  public var theme: ThemeChoice = .auto
  /// --font: the fontconfig pattern every text role starts from.
  public var fontPattern = defaultFontPattern
  /// --scale; `auto` is settled by the front end, which can ask the desktop.
  /// Every px above, the window's size included, is logical.
  public var scale: ScaleChoice = .auto
  /// Whether --background-color and --handle-color were given: where not,
  /// the theme colours them.
  public var surfaceColorGiven = false
  public var handleColorGiven = false
  /// --geometry's offsets (its size is `windowWidth` × `windowHeight`).
  public var placement = WindowGeometry()
  /// --title, --class, --name, and the window's type.
  public var identity = WindowIdentity()
  /// The flags X resources set (see `applyingResources`).
  public var resources = AppliedResources()
  /// The command line as parsed, for `applyingResources`.
  var flags: LaunchFlags?
  var eventsImplied = false
}

extension LaunchSettings {
  /// The configuration with the theme's surface and handle where the user
  /// gave none, and the theme with text readable on that surface.
  public func themed(_ name: Theme.Name) -> (configuration: DrawerConfiguration, theme: Theme) {
    let theme = Theme.named(name)
    var c = configuration
    if !surfaceColorGiven { c.backgroundColor = theme.surface }
    if !handleColorGiven { c.handle?.color = theme.handle }
    return (c, theme.readable(on: c.backgroundColor))
  }
}

/// What a command line comes to.
public enum CommandLineOutcome {
  /// Run with these settings.
  case run(LaunchSettings)
  /// Print this text on standard output and exit 0 (--help, --version).
  case print(String)
  /// Print the failure's line and exit with its status.
  case fail(Failure)
}

/// Parses and checks `arguments` (without the program's name).
///
/// A plain command line is read by `LaunchFlags.directlyParsed`, anything
/// else by argument-parser; both come to the same flags.
///
/// `eventsImplied` is for a program whose output is the event stream
/// (drawer-replay): it runs as if --events were given, so --report-moves
/// needs nothing more.
public func parseCommandLine(_ arguments: [String], eventsImplied: Bool = false) -> CommandLineOutcome {
  let rewritten = eventsFileRewritten(arguments)
  let flags: LaunchFlags
  do {
    if let direct = LaunchFlags.directlyParsed(rewritten) {
      flags = direct
    } else {
      var parsed = try DrawerCommand.parseAsRoot(rewritten)
      guard let own = parsed as? DrawerCommand else {
        // --help comes back as a help command whose run() throws the request.
        try parsed.run()
        return .fail(Failure(status: ExitStatus.software, message: "unexpected subcommand"))
      }
      flags = own.flags
    }
  } catch {
    if DrawerCommand.exitCode(for: error).rawValue == 0 {
      var text = DrawerCommand.fullMessage(for: error)
      while text.last == "\n" { text.removeLast() }
      // Help ends with the examples, after the flags they use.
      if text.hasPrefix("OVERVIEW:") { text += "\n\n" + DrawerCommand.examples }
      return .print(text)
    }
    return .fail(Failure(status: ExitStatus.usage, message: DrawerCommand.message(for: error)))
  }
  if flags.program.version { return .print(DrawerCommand.versionLine) }
  do throws(Failure) {
    var settings = try flags.launchSettings(eventsImplied: eventsImplied)
    settings.flags = flags
    settings.eventsImplied = eventsImplied
    return .run(settings)
  } catch {
    return .fail(error)
  }
}

extension LaunchSettings {
  /// These settings with the X resources in `database` filling in every
  /// look and behaviour flag the command line left out; a bad resource
  /// fails as a bad flag does, naming the resource.
  public func applyingResources(_ database: ResourceDatabase) throws(Failure) -> LaunchSettings {
    guard var flags else { return self }
    let applied = try flags.applyResources(database)
    guard !applied.settings.isEmpty else { return self }
    do throws(Failure) {
      var settings = try flags.launchSettings(eventsImplied: eventsImplied)
      settings.flags = flags
      settings.eventsImplied = eventsImplied
      settings.resources = applied
      return settings
    } catch {
      throw Failure(status: error.status, message: error.message.map { namingResources($0, applied) })
    }
  }

  /// How a message names `flag`: the flag, or the X resource that set it.
  public func source(of flag: String) -> String {
    resources.settings.first { $0.flag == flag }.map { "X resource \($0.resource)" } ?? flag
  }
}

/// `--events FILE`, `-e FILE` and `--events=FILE` as `--events --events-file FILE`:
/// argument-parser has no flag with an optional value. The program takes
/// no positional arguments, so a word after --events that is not a flag
/// can only be its file.
func eventsFileRewritten(_ arguments: [String]) -> [String] {
  var out: [String] = []
  var i = 0
  while i < arguments.count {
    let a = arguments[i]
    if a == "--" {
      out.append(contentsOf: arguments[i...])
      break
    }
    if a.hasPrefix("--events=") {
      out += ["--events", "--events-file", String(a.dropFirst("--events=".count))]
    } else if a == "--events" || a == "-e", i + 1 < arguments.count, !arguments[i + 1].hasPrefix("-") {
      out += ["--events", "--events-file", arguments[i + 1]]
      i += 1
    } else {
      out.append(a)
    }
    i += 1
  }
  return out
}

extension LaunchFlags {
  /// Checks every value and builds the configuration; the first bad value
  /// throws a `Failure` naming its flag and what the flag allows.
  /// `eventsImplied` turns events on as --events does.
  func launchSettings(eventsImplied: Bool = false) throws(Failure) -> LaunchSettings {
    let events = program.events || eventsImplied
    var c = DrawerConfiguration()

    let (width, height, placement) = try window.checkedGeometry()
    let identity = try window.identity(picking: pick.pick, prompt: pick.prompt)
    let scale = try scaleChoice(program.scale)
    c.edge = try position.edge?.choice("--edge") ?? .bottom
    // The "height" flags measure along the panel's axis, which is the
    // window's width for a left or right panel; messages say which.
    let axis = c.edge.isVertical ? (length: height, name: "height") : (length: width, name: "width")
    let axisLength = Double(axis.length)
    try checkCombinations(events: events)
    try pick.check(items: list.items, rows: list.rows, events: events, eventsPath: program.eventsFile)
    if let path = program.eventsFile, path.isEmpty { throw .usage("--events", "a file's path", path) }

    c.rowCount = try integer(list.rows, "--rows", 0...100_000_000) ?? c.rowCount
    // Rows keep their proportion to a --font size's text (`FontSize`).
    let textFactor = look.font.map(FontSize.factor(ofPattern:)) ?? 1
    c.rowHeight = try number(list.rowHeight, "--row-height", 1...1000) ?? (defaultRowHeight * textFactor).rounded()

    let partial = try number(position.partialHeight, "--partial-height", 0...axisLength, allowed: "a number of px between 0 and the window \(axis.name) \(axis.length)")
    c.heightOfPartiallyExpandedDrawer = partial ?? min(c.heightOfPartiallyExpandedDrawer, axisLength)
    c.heightOfCollapsedDrawer = try number(position.collapsedHeight, "--collapsed-height", 0...axisLength, allowed: "a number of px between 0 and the window \(axis.name) \(axis.length)") ?? c.heightOfCollapsedDrawer
    c.supportsPartialExpansion = !position.noPartialExpansion
    if c.supportsPartialExpansion && c.heightOfCollapsedDrawer > 0
      && c.heightOfCollapsedDrawer >= c.heightOfPartiallyExpandedDrawer
    {
      throw .usage(
        "--collapsed-height", "smaller than the partial height \(formatNumber(c.heightOfPartiallyExpandedDrawer))",
        position.collapsedHeight ?? "")
    }
    if let s = position.initialState {
      switch try s.choice("--initial-state") {
      case .partial:
        guard c.supportsPartialExpansion else { throw .usage("--initial-state", "full or collapsed with --no-partial-expansion", s.text) }
        c.initialState = .partiallyExpanded
      case .full: c.initialState = .fullyExpanded
      case .collapsed:
        guard c.heightOfCollapsedDrawer > 0 else { throw .usage("--initial-state", "partial or full unless --collapsed-height is above 0", s.text) }
        c.initialState = .collapsed
      }
    }
    if let f = position.fullExpansion {
      if f == "cover" {
        c.fullExpansionBehaviour = .coversFullScreen
      } else if f == "status-bar" {
        c.fullExpansionBehaviour = .doesNotCoverStatusBar
      } else if f.hasPrefix("gap:"), let gap = parseDecimal(f.dropFirst(4)), gap >= 0, gap <= axisLength {
        c.fullExpansionBehaviour = .leavesCustomGap(gap)
      } else {
        throw .usage("--full-expansion", "cover, status-bar or gap:PX with PX between 0 and the window \(axis.name) \(axis.length)", f)
      }
    }
    c.statusBarHeight = try number(position.statusBarHeight, "--status-bar-height", 0...axisLength, allowed: "a number of px between 0 and the window \(axis.name) \(axis.length)") ?? c.statusBarHeight
    c.dismissesInStages = !position.noDismissInStages

    c.totalDurationInSeconds = try number(behaviour.duration, "--duration", 0...60, allowed: "a number of seconds between 0 and 60") ?? c.totalDurationInSeconds
    c.durationIsProportionalToDistanceTraveled = behaviour.proportionalDuration
    if let t = behaviour.timing { c.timingCurve = try timingCurve(t) }

    c.isDrawerDraggable = !behaviour.noDrag
    c.numberOfTapsForFullDrawerPresentation = try integer(behaviour.tapsToExpand, "--taps-to-expand", 0...10) ?? c.numberOfTapsForFullDrawerPresentation
    c.numberOfTapsForOutsideDrawerDismissal = try integer(behaviour.tapsToDismiss, "--taps-to-dismiss", 0...10) ?? c.numberOfTapsForOutsideDrawerDismissal
    c.flickSpeedThreshold = try number(behaviour.flickThreshold, "--flick-threshold", 0...1000, allowed: "a number of window \(axis.name)s per second between 0 and 1000") ?? c.flickSpeedThreshold
    c.upperMarkGap = try number(behaviour.upperMarkGap, "--upper-mark-gap", 0...100_000) ?? c.upperMarkGap
    c.lowerMarkGap = try number(behaviour.lowerMarkGap, "--lower-mark-gap", 0...100_000) ?? c.lowerMarkGap
    if let ms = try number(behaviour.doubleClickTime, "--double-click-time", 0...5000, allowed: "a number of ms above 0 and at most 5000") {
      guard ms > 0 else { throw .usage("--double-click-time", "a number of ms above 0 and at most 5000", behaviour.doubleClickTime ?? "") }
      c.multiClickInterval = ms / 1000
    }
    c.clickSlop = try number(behaviour.clickSlop, "--click-slop", 0...100) ?? c.clickSlop
    c.listScrollsInAllStates = list.scrollInAllStates
    try releaseSettings(into: &c)

    // The caps on radius and thickness bound the size of the cached corner
    // masks, which grow with their square.
    c.maximumCornerRadius = try number(look.cornerRadius, "--corner-radius", 0...1000) ?? defaultCornerRadius
    if let m = look.cornerMode {
      switch try m.choice("--corner-mode") {
      case .partial: c.cornerAnimationOption = .maximumAtPartialY
      case .statusBar: c.cornerAnimationOption = .alwaysShowBelowStatusBar
      case .fixed: c.cornerAnimationOption = .none
      }
    }
    c.backgroundColor = try color(look.backgroundColor, "--background-color") ?? c.backgroundColor
    c.maximumBackdropOpacity = try number(look.dimOpacity, "--dim-opacity", 0...1, allowed: "between 0 and 1") ?? c.maximumBackdropOpacity

    // The handle's values are checked with --no-handle too: a mistake in
    // a flag that is moot today is still a mistake.
    var handle = HandleConfiguration()
    handle.color = try color(look.handleColor, "--handle-color") ?? handle.color
    if let s = look.handleSize {
      let (hw, hh) = try sizeValues(s, "--handle-size", whole: false, range: 0.5...1000)
      handle.size = Size(width: hw, height: hh)
    }
    handle.top = try number(look.handleTop, "--handle-top", 0...100_000) ?? handle.top
    if let r = look.handleCornerRadius, r != "auto" {
      handle.cornerRadius = try number(r, "--handle-corner-radius", 0...1000, allowed: "auto or a number of px between 0 and 1000")
    }
    handle.autoAnimatesDimming = !look.noHandleDimming
    handle.minimumAlpha = try number(look.handleMinAlpha, "--handle-min-alpha", 0...1, allowed: "between 0 and 1") ?? defaultHandleMinimumAlpha
    c.handle = look.noHandle ? nil : handle

    c.border.thickness = try number(look.borderThickness, "--border-thickness", 0...1000) ?? 0
    c.border.color = try color(look.borderColor, "--border-color") ?? c.border.color
    c.shadow.opacity = try number(look.shadowOpacity, "--shadow-opacity", 0...1, allowed: "between 0 and 1") ?? 0
    c.shadow.radius = try number(look.shadowRadius, "--shadow-radius", 0...200) ?? 0
    if let o = look.shadowOffset {
      guard let v = decimalList(o[...]), v.count == 2, abs(v[0]) <= 1000, abs(v[1]) <= 1000
      else { throw .usage("--shadow-offset", "X,Y in px, each between -1000 and 1000", o) }
      c.shadow.offset = Point(x: v[0], y: v[1])
    }
    c.shadow.color = try color(look.shadowColor, "--shadow-color") ?? c.shadow.color
    // --shadow adds shadows after the first; without the four single flags
    // the first --shadow is the first shadow.
    var shadows: [ShadowConfiguration] = []
    for text in look.shadow { shadows.append(try SurfaceArguments.shadow(text)) }
    let singleFlags = [look.shadowOpacity, look.shadowRadius, look.shadowOffset, look.shadowColor]
    if singleFlags.allSatisfy({ $0 == nil }), !shadows.isEmpty { c.shadow = shadows.removeFirst() }
    guard shadows.count <= 7 else { throw .usage("--shadow", "given at most 8 times in all", look.shadow.last ?? "") }
    c.additionalShadows = shadows
    if let m = look.margins {
      c.margins = try SurfaceArguments.insets(m, "--margins")
      guard c.margins.left + c.margins.right < Double(width) - 32, c.margins.top + c.margins.bottom < Double(height) - 32 else {
        throw .usage("--margins", "margins that leave at least 32 px of the \(width)x\(height) window each way", m)
      }
    }
    if let p = look.padding { c.padding = try SurfaceArguments.insets(p, "--padding") }
    c.maximumWidth = try look.maxWidth.map(SurfaceArguments.maximumWidth) ?? .automatic
    c.debugMode = look.debug

    if let list = position.detents {
      var detents = try DetentArguments.detents(list)
      // As in the preset, the backdrop reaches --dim-opacity at the most
      // expanded detent and the list scrolls there.
      detents[detents.count - 1].backdropAlpha = c.maximumBackdropOpacity
      detents[detents.count - 1].scrollsList = true
      c.detents = detents
    }
    if let name = position.initial { c.initialState = DetentName(try DetentArguments.name(name[...], flag: "--initial", whole: name)) }
    if let b = look.backdrop { c.backdropAlphas = try DetentArguments.backdrops(b) }
    if let names = list.scrollIn { c.scrollingDetents = try DetentArguments.names(names, flag: "--scroll-in") }
    c.passthrough = behaviour.passthrough
    c.isPicker = pick.pick
    if pick.pick && position.detents == nil && position.initial == nil && position.initialState == nil {
      // A picker opens with as many rows in view as the window holds.
      c.initialState = .fullyExpanded
    }
    c.reportsMoves = program.reportMoves
    if let path = program.record, path.isEmpty { throw .usage("--record", "a file's path", path) }

    let bufferLimit =
      try integer(program.eventBufferLimit, "--event-buffer-limit", 1...(1 << 30)) ?? EventLog.defaultBufferLimit
    if let path = list.items, path.isEmpty { throw .usage("--items", "a file's path, or - for standard input", path) }

    do {
      try c.validate()
    } catch {
      var flag = LaunchFlags.flagNames.first { $0.field == error.field }?.flag ?? error.field
      if error.field == "initialState" && position.initial != nil { flag = "--initial" }
      throw .usage(flag, error.allowed, error.value)
    }
    var settings = LaunchSettings(
      configuration: c, windowWidth: width, windowHeight: height,
      itemsPath: list.items ?? (pick.pick ? "-" : nil), events: events, eventsPath: program.eventsFile,
      eventBufferLimit: bufferLimit,
      pick: pick.pick ? PickSettings(multiple: pick.multi, printsIndex: pick.printIndex) : nil,
      filter: pick.pick || pick.filter ? try pick.match?.choice("--match") ?? .substring : nil,
      prompt: pick.prompt, controlPath: pick.control, frameStats: program.frameStats,
      recordPath: program.record, theme: try look.theme?.choice("--theme") ?? .auto, scale: scale,
      surfaceColorGiven: look.backgroundColor != nil, handleColorGiven: look.handleColor != nil,
      placement: placement, identity: identity)
    if let font = look.font { settings.fontPattern = try fontPattern(font) }
    return settings
  }

  /// --font, checked as far as it can be without fontconfig: the front end
  /// parses it before it opens the display.
  private func fontPattern(_ pattern: String) throws(Failure) -> String {
    let allowed = "a fontconfig pattern such as sans-serif, 'DejaVu Sans' or 'Noto Sans:light', at most \(maximumFontPatternLength) bytes"
    guard !pattern.isEmpty, pattern.utf8.count <= maximumFontPatternLength,
      !pattern.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { throw .usage("--font", allowed, pattern) }
    return pattern
  }

  /// --scale: auto, or a number of device px per logical px in `ScaleChoice.range`.
  private func scaleChoice(_ text: String?) throws(Failure) -> ScaleChoice {
    guard let text, text != "auto" else { return .auto }
    let range = ScaleChoice.range
    let allowed = "auto or a number between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound))"
    return .fixed(try number(text, "--scale", range, allowed: allowed)!)
  }

  /// Flags that contradict each other: the line names both.
  private func checkCombinations(events: Bool) throws(Failure) {
    func conflict(_ a: String, _ b: String, _ why: String) -> Failure {
      Failure(status: ExitStatus.usage, message: "\(a) cannot be combined with \(b): \(why)")
    }
    if position.detents != nil {
      let preset: [(String, Bool)] = [
        ("--partial-height", position.partialHeight != nil), ("--collapsed-height", position.collapsedHeight != nil),
        ("--no-partial-expansion", position.noPartialExpansion), ("--full-expansion", position.fullExpansion != nil),
        ("--initial-state", position.initialState != nil),
      ]
      if let (flag, _) = preset.first(where: { $0.1 }) {
        throw conflict("--detents", flag, "\(flag) shapes DrawerKit's detents, which --detents replaces")
      }
    }
    if position.initial != nil && position.initialState != nil {
      throw conflict("--initial", "--initial-state", "both choose where the panel opens")
    }
    if list.scrollIn != nil && list.scrollInAllStates {
      throw conflict("--scroll-in", "--scroll-in-all-states", "both choose where the list scrolls")
    }
    if look.backdrop != nil && look.dimOpacity != nil {
      throw conflict("--backdrop", "--dim-opacity", "--backdrop sets the alpha of each detent")
    }
    if behaviour.passthrough && behaviour.tapsToDismiss != nil {
      throw conflict("--passthrough", "--taps-to-dismiss", "with --passthrough clicks outside go to the map")
    }
    if program.reportMoves && !events {
      throw Failure(status: ExitStatus.usage, message: "--report-moves needs --events: moved is an event line")
    }
  }

  /// --release, --skip-states, --rubber-band and --removal; a combination
  /// that makes no sense names both flags.
  private func releaseSettings(into c: inout DrawerConfiguration) throws(Failure) {
    var rate = ProjectionPolicy.defaultRemovalRate
    var rateGiven = false
    if let r = behaviour.removal {
      switch r {
      case "on": c.allowsRemoval = true
      case "off": c.allowsRemoval = false
      default:
        guard r.hasPrefix("on:"), let v = parseDecimal(r.dropFirst(3)), v > 0, v <= 1000 else {
          throw .usage("--removal", "on, off or on:RATE with RATE a number above 0 and at most 1000 per second", r)
        }
        c.allowsRemoval = true
        rate = v
        rateGiven = true
      }
    }
    let release = try behaviour.release?.choice("--release") ?? .drawerkit
    switch release {
    case .drawerkit: c.releasePolicy = .drawerKit
    case .projection: c.releasePolicy = .projection(allowsSkipping: behaviour.skipStates, removalRate: rate)
    case .nearest: c.releasePolicy = .nearest
    }
    if release != .projection {
      if behaviour.skipStates {
        throw Failure(status: ExitStatus.usage, message: "--skip-states works with --release projection only (got --release \(release.rawValue))")
      }
      if rateGiven {
        throw Failure(status: ExitStatus.usage, message: "--removal on:RATE works with --release projection only (got --release \(release.rawValue))")
      }
    }
    if let band = behaviour.rubberBand {
      switch band {
      case "off": c.overdrag = .clamp
      case "fp": c.overdrag = .rubberBand(.floatingPanel)
      case "oc": c.overdrag = .rubberBand(.overlayContainer(factor: RubberBand.overlayContainerFactor))
      default:
        guard band.hasPrefix("oc:"), let f = parseDecimal(band.dropFirst(3)), f > 0, f <= 10 else {
          throw .usage("--rubber-band", "off, fp, oc or oc:FACTOR with FACTOR above 0 and at most 10", band)
        }
        c.overdrag = .rubberBand(.overlayContainer(factor: f))
      }
    }
  }

  /// The flag behind each field that `DrawerConfiguration.validate()` names.
  private static let flagNames: [(field: String, flag: String)] = [
    ("heightOfPartiallyExpandedDrawer", "--partial-height"),
    ("heightOfCollapsedDrawer", "--collapsed-height"),
    ("initialState", "--initial-state"),
    ("totalDurationInSeconds", "--duration"),
    ("timingCurve", "--timing"),
    ("fullExpansionBehaviour gap", "--full-expansion"),
    ("statusBarHeight", "--status-bar-height"),
    ("numberOfTapsForFullDrawerPresentation", "--taps-to-expand"),
    ("numberOfTapsForOutsideDrawerDismissal", "--taps-to-dismiss"),
    ("flickSpeedThreshold", "--flick-threshold"),
    ("upperMarkGap", "--upper-mark-gap"),
    ("lowerMarkGap", "--lower-mark-gap"),
    ("maximumCornerRadius", "--corner-radius"),
    ("handle color", "--handle-color"),
    ("handle size", "--handle-size"),
    ("handle top", "--handle-top"),
    ("handle cornerRadius", "--handle-corner-radius"),
    ("border thickness", "--border-thickness"),
    ("border color", "--border-color"),
    ("shadow opacity", "--shadow-opacity"),
    ("shadow radius", "--shadow-radius"),
    ("shadow offset", "--shadow-offset"),
    ("shadow color", "--shadow-color"),
    ("backgroundColor", "--background-color"),
    ("maximumBackdropOpacity", "--dim-opacity"),
    ("rowHeight", "--row-height"),
    ("rowCount", "--rows"),
    ("multiClickInterval", "--double-click-time"),
    ("clickSlop", "--click-slop"),
    ("releasePolicy removalRate", "--removal"),
    ("overdrag factor", "--rubber-band"),
    ("detents", "--detents"),
    ("backdropAlphas", "--backdrop"),
    ("scrollingDetents", "--scroll-in"),
  ]
}

/// The position flags of `DrawerCommand`.
public struct PositionOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: help("The window edge the panel comes from.", "bottom", value: "EDGE"))
  var edge: Keyword<Edge>?

  @Option(parsing: .unconditional, help: ArgumentHelp("Named detents, most collapsed first, replacing DrawerKit's: NAME=ANCHOR,... with ANCHOR PX from the home edge, PCT% of the window, -PX from the far edge, or content (fitted to the rows). Example: tip=64,half=50%,full=-24.", valueName: "NAME=ANCHOR,..."))
  var detents: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("The detent the panel opens at. (default: partiallyExpanded; with --detents the middle one)", valueName: "NAME"), completion: DetentCompletion.single)
  var initial: String?

  @Option(parsing: .unconditional, help: help("Visible height of the partially expanded drawer, px (its width for a left or right panel); at most the window's length along the panel's axis.", formatNumber(engineDefaults.heightOfPartiallyExpandedDrawer), value: "PX"))
  var partialHeight: String?

  @Option(parsing: .unconditional, help: help("Visible height of the collapsed drawer, px (its width for a left or right panel); 0 means no collapsed state.", formatNumber(engineDefaults.heightOfCollapsedDrawer), value: "PX"))
  var collapsedHeight: String?

  @Option(parsing: .unconditional, help: help("State the drawer opens in.", "partial, or full with --no-partial-expansion", value: "STATE"))
  var initialState: Keyword<InitialStateWord>?

  @Option(parsing: .unconditional, help: help("How far full expansion goes: cover (to the far edge), status-bar (short of it by --status-bar-height) or gap:PX (short of it by PX).", "cover", value: "cover|status-bar|gap:PX"), completion: .list(["cover", "status-bar", "gap:24"]))
  var fullExpansion: String?

  @Option(parsing: .unconditional, help: help("Status bar height for --full-expansion status-bar and --corner-mode status-bar, px.", formatNumber(engineDefaults.statusBarHeight), value: "PX"))
  var statusBarHeight: String?

  @Flag(help: "Leave out the partially expanded state.")
  var noPartialExpansion = false

  @Flag(help: "Let a release from full toward the panel's edge go straight to collapsed or dismissed.")
  var noDismissInStages = false

  public init() {}
}

/// The behaviour flags of `DrawerCommand`.
public struct BehaviourOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: help("Where a release goes: drawerkit (flicks and marks), projection (FloatingPanel's momentum projection, one state at a time) or nearest (OverlayContainer's nearest state, rushing forward past 400 px/s).", "drawerkit", value: "POLICY"))
  var release: Keyword<ReleaseWord>?

  @Flag(help: "With --release projection, let a fast release pass states.")
  var skipStates = false

  @Option(parsing: .unconditional, help: help("A drag past full (or past the lowest state without removal): off (stops), fp (FloatingPanel's curve) or oc[:FACTOR] (OverlayContainer's, factor 0.5).", "off", value: "off|fp|oc[:FACTOR]"), completion: .list(["off", "fp", "oc", "oc:0.5"]))
  var rubberBand: String?

  @Option(parsing: .unconditional, help: help("Whether a release may dismiss: on, off, or on:RATE with --release projection (dismiss when the speed toward dismissed is RATE times the distance per second; 5.5). Esc and clicks outside dismiss either way.", "on", value: "on|off|on:RATE_PER_S"), completion: .list(["on", "off", "on:5.5"]))
  var removal: String?

  @Flag(help: "Non-modal: the map under the panel takes the pointer (drag it, click it) and clicks outside never dismiss.")
  var passthrough = false

  @Flag(help: "Turn off dragging the drawer.")
  var noDrag = false

  @Option(parsing: .unconditional, help: help("Clicks on the drawer that expand it fully; 0 turns it off.", String(engineDefaults.numberOfTapsForFullDrawerPresentation), value: "N"))
  var tapsToExpand: String?

  @Option(parsing: .unconditional, help: help("Clicks outside the drawer that dismiss it; 0 turns it off.", String(engineDefaults.numberOfTapsForOutsideDrawerDismissal), value: "N"))
  var tapsToDismiss: String?

  @Option(parsing: .unconditional, help: help("Release speed that counts as a flick, window lengths along the panel's axis per second; 0 turns flicks off.", formatNumber(engineDefaults.flickSpeedThreshold), value: "LENGTHS_PER_S"))
  var flickThreshold: String?

  @Option(parsing: .unconditional, help: help("Distance of the upper mark from the partial position, toward full, px.", formatNumber(engineDefaults.upperMarkGap), value: "PX"))
  var upperMarkGap: String?

  @Option(parsing: .unconditional, help: help("Distance of the lower mark from the partial position, toward the panel's edge, px.", formatNumber(engineDefaults.lowerMarkGap), value: "PX"))
  var lowerMarkGap: String?

  @Option(parsing: .unconditional, help: help("Longest interval between the clicks of a multi-click, ms.", formatNumber(engineDefaults.multiClickInterval * 1000), value: "MS"))
  var doubleClickTime: String?

  @Option(parsing: .unconditional, help: help("Pointer travel that still counts as a click, px.", formatNumber(engineDefaults.clickSlop), value: "PX"))
  var clickSlop: String?

  @Option(parsing: .unconditional, help: help("Duration of each animated move, seconds.", formatNumber(engineDefaults.totalDurationInSeconds), value: "SECONDS"))
  var duration: String?

  @Flag(help: "Scale each move's duration by the distance travelled over the window's length along the panel's axis.")
  var proportionalDuration = false

  @Option(parsing: .unconditional, help: help("Timing curve: spring (DrawerKit's), spring:DAMPING[,RESPONSE_S], linear, ease-in, ease-out, ease-in-out or cubic:X1,Y1,X2,Y2.", "spring", value: "CURVE"), completion: .list(["spring", "spring:0.8,0.3", "linear", "ease-in", "ease-out", "ease-in-out", "cubic:0.25,0.1,0.25,1"]))
  var timing: String?

  public init() {}
}

/// The look flags of `DrawerCommand`.
public struct LookOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: help("Colours of the panel, its text and the map: light, dark, or auto (dark when the desktop's XSETTINGS theme name ends in -dark or it prefers dark; light without a settings manager).", "auto", value: "THEME"))
  var theme: Keyword<ThemeChoice>?

  @Option(parsing: .unconditional, help: help("The font of all text, as a fontconfig pattern (family and properties, e.g. 'Noto Sans:light'); a size (DejaVu Sans-20, :size=20 in points, :pixelsize=24) sets the rows' text, and all other text, the rows and the header keep their proportion to it; each kind of text keeps its own weight, and characters the font lacks come from other fonts that have them.", defaultFontPattern, value: "PATTERN"), completion: .shellCommand("fc-list : family 2>/dev/null | cut -d, -f1 | sort -u"))
  var font: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Backdrop alpha by detent, NAME=ALPHA,...; between detents it follows the position. (default: --dim-opacity at the most expanded detent)", valueName: "NAME=ALPHA,..."), completion: DetentCompletion.assignments)
  var backdrop: String?

  @Option(parsing: .unconditional, help: help("Backdrop dim at full expansion, 0 to 1.", formatNumber(engineDefaults.maximumBackdropOpacity), value: "ALPHA"))
  var dimOpacity: String?

  @Option(parsing: .unconditional, help: help("Largest radius of the drawer's corners at its moving edge (a bottom panel's top corners; every corner of a card), px.", formatNumber(defaultCornerRadius), value: "PX"))
  var cornerRadius: String?

  @Option(parsing: .unconditional, help: help("How the corner radius follows the drawer: partial (largest at partial), status-bar (shrinks inside the status bar) or fixed.", "partial", value: "MODE"))
  var cornerMode: Keyword<CornerModeWord>?

  @Option(parsing: .unconditional, help: help("Drawer fill colour; the list's text is then chosen to contrast with it.", "the theme's, #fafafc light, #2c2c2e dark", value: "COLOR"))
  var backgroundColor: String?

  @Flag(help: "Hide the grabber handle.")
  var noHandle = false

  @Option(parsing: .unconditional, help: help("Handle colour.", "the theme's, #c7c7cc light, #636366 dark", value: "COLOR"))
  var handleColor: String?

  @Option(parsing: .unconditional, help: help("Handle width and height, px.", "40x6", value: "WxH_PX"))
  var handleSize: String?

  @Option(parsing: .unconditional, help: help("Distance from the drawer's moving edge (a bottom panel's top edge) to the handle, px.", formatNumber(HandleConfiguration().top), value: "PX"))
  var handleTop: String?

  @Option(parsing: .unconditional, help: help("Handle corner radius: auto (half its height) or px.", "auto", value: "auto|PX"), completion: .list(["auto"]))
  var handleCornerRadius: String?

  @Flag(help: "Keep the handle fully visible instead of fading it toward full and dismissed.")
  var noHandleDimming = false

  @Option(parsing: .unconditional, help: help("The least opacity the handle fades to toward full and dismissed, so that it always shows how to collapse; 0 fades it out as DrawerKit does.", formatNumber(defaultHandleMinimumAlpha), value: "ALPHA"))
  var handleMinAlpha: String?

  @Option(parsing: .unconditional, help: help("Border thickness, px; fractions draw as partial coverage (0.5 is a hairline).", "0", value: "PX"))
  var borderThickness: String?

  @Option(parsing: .unconditional, help: help("Border colour.", "black", value: "COLOR"))
  var borderColor: String?

  @Option(parsing: .unconditional, help: help("Drop shadow opacity, 0 to 1; 0 means no shadow.", "0", value: "ALPHA"))
  var shadowOpacity: String?

  @Option(parsing: .unconditional, help: help("Drop shadow blur radius, px (Gaussian σ is half of it).", "0", value: "PX"))
  var shadowRadius: String?

  @Option(parsing: .unconditional, help: help("Drop shadow offset, px; negative Y moves it up.", "0,0", value: "X_PX,Y_PX"))
  var shadowOffset: String?

  @Option(parsing: .unconditional, help: help("Drop shadow colour.", "black", value: "COLOR"))
  var shadowColor: String?

  @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("A shadow under the panel; repeat it for several, drawn first to last under the one of the four flags above. SPREAD grows (or shrinks) the shape before the blur. Shadows darken only around the surface, never through a translucent one. Example: --shadow '#000,0.12,12,0,4' --shadow '#000,0.08,2,0,1,1'.", valueName: "COLOR,ALPHA,RADIUS_PX,X_PX,Y_PX[,SPREAD_PX]"))
  var shadow: [String] = []

  @Option(parsing: .unconditional, help: help("Space between the window's sides and the panel, px: PX, V,H or T,R,B,L. Any margin above 0 makes a card: all four corners rounded, the shadow all around.", "0", value: "PX[,PX[,PX,PX]]"))
  var margins: String?

  @Option(parsing: .unconditional, help: help("Space between the panel's sides and its content (header and list), px: PX, V,H or T,R,B,L.", "0", value: "PX[,PX[,PX,PX]]"))
  var padding: String?

  @Option(parsing: .unconditional, help: help("Widest a bottom or top panel grows, px; none fills the window; auto fills windows up to 900 px wide and centres a 720 px panel in wider ones.", "auto", value: "PX|none|auto"), completion: .list(["auto", "none"]))
  var maxWidth: String?

  @Flag(help: "Draw the upper mark, the mark (the partial position) and the lower mark as lines over everything, each tagged with its name.")
  var debug = false

  public init() {}
}

/// The list flags of `DrawerCommand`.
public struct ListOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: help("Number of generated rows when --items is not given.", String(engineDefaults.rowCount), value: "N"))
  var rows: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Rows from FILE, one per line, UTF-8; - reads stdin. (default: generated place names)", valueName: "FILE"), completion: .file())
  var items: String?

  @Option(parsing: .unconditional, help: help("Height of one list row, px.", formatNumber(defaultRowHeight), value: "PX"))
  var rowHeight: String?

  @Flag(help: "Let the list scroll in the partial and collapsed states too, not only at full.")
  var scrollInAllStates = false

  @Option(parsing: .unconditional, help: ArgumentHelp("The detents where the list scrolls, NAME,... (default: the most expanded)", valueName: "NAMES"), completion: DetentCompletion.list)
  var scrollIn: String?

  public init() {}
}

/// The program flags of `DrawerCommand`.
public struct ProgramOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: help("Screen pixels per logical px: auto (the desktop's Xft.dpi over 96, to a quarter, followed when it changes) or a number from 0.5 to 4 (1.5 draws everything half as large again). Every px of every flag, --geometry's too, is a logical px, and the events report logical px, so scripts work at any scale.", "auto, 1 without Xft.dpi", value: "auto|FACTOR"), completion: .list(["auto", "1", "1.25", "1.5", "2"]))
  var scale: String?

  @Flag(name: [.customShort("e"), .long], help: ArgumentHelp("Print one JSON object per line for each event: on stdout, or with `--events FILE` in FILE (a pick's stdout carries the pick).", valueName: "FILE"))
  var events = false

  /// --events FILE, rewritten by `parseCommandLine` from `--events FILE`.
  @Option(name: .customLong("events-file"), parsing: .unconditional, help: .hidden)
  var eventsFile: String?

  @Flag(help: "With --events, also print moved (extent and progress) once per frame while the panel moves.")
  var reportMoves = false

  @Option(parsing: .unconditional, help: ArgumentHelp("Write every input the panel receives to FILE as JSON lines, for drawer-replay.", valueName: "FILE"), completion: .file())
  var record: String?

  @Flag(help: .hidden)
  var frameStats = false

  @Flag(name: [.customShort("V"), .long], help: "Print the version and exit.")
  var version = false

  /// Bytes of events held while stdout is not read; for tests.
  @Option(parsing: .unconditional, help: .hidden)
  var eventBufferLimit: String?

  public init() {}
}
