import ArgumentParser
import DrawerDesktop
import DrawerEngine
import DrawerHost
import DrawerProcess
import DrawerRows
import DrawerScripting

/// The longest --font pattern taken, in UTF-8 bytes: a real pattern is a
/// family and a few properties.
let maximumFontPatternLength = 512

extension LaunchFlags {
  /// Checks every value and builds the configuration; the first bad value
  /// throws a `Failure` naming its flag and what the flag allows.
  /// `eventsImplied` turns events on as --events does.
  func launchSettings(eventsImplied: Bool = false) throws(Failure) -> LaunchSettings {
    let events = has(.events) || eventsImplied
    var c = DrawerConfiguration()

    let (width, height, placement) = try checkedGeometry()
    let identity = try identity(picking: has(.pick), prompt: self[.prompt])
    let scale = try scaleChoice(self[.scale])
    c.edge = try choice(.edge, Edge.self) ?? .bottom
    // The "height" flags measure along the panel's axis, which is the
    // window's width for a left or right panel; messages say which.
    let axis = c.edge.isVertical ? (length: height, name: "height") : (length: width, name: "width")
    let axisLength = Double(axis.length)
    try checkCombinations(events: events)
    try checkPick(items: self[.items], rows: self[.rows], events: events, eventsPath: self[.eventsFile])
    if let path = self[.eventsFile], path.isEmpty { throw .usage("--events", "a file's path", path) }

    c.rowCount = try boundedInteger(.rows) ?? c.rowCount
    // Rows keep their proportion to a --font size's text (`FontSize`).
    let textFactor = self[.font].map(FontSize.factor(ofPattern:)) ?? 1
    c.rowHeight = try boundedNumber(.rowHeight) ?? ((has(.pick) ? compactRowHeight : defaultRowHeight) * textFactor).rounded()

    let partial = try number(self[.partialHeight], "--partial-height", 0...axisLength, allowed: "a number of px between 0 and the window \(axis.name) \(axis.length)")
    c.heightOfPartiallyExpandedDrawer = partial ?? min(c.heightOfPartiallyExpandedDrawer, axisLength)
    c.heightOfCollapsedDrawer = try number(self[.collapsedHeight], "--collapsed-height", 0...axisLength, allowed: "a number of px between 0 and the window \(axis.name) \(axis.length)") ?? c.heightOfCollapsedDrawer
    c.supportsPartialExpansion = !has(.noPartialExpansion)
    if c.supportsPartialExpansion && c.heightOfCollapsedDrawer > 0
      && c.heightOfCollapsedDrawer >= c.heightOfPartiallyExpandedDrawer
    {
      throw .usage(
        "--collapsed-height", "smaller than the partial height \(formatNumber(c.heightOfPartiallyExpandedDrawer))",
        self[.collapsedHeight] ?? "")
    }
    if let state = try choice(.initialState, InitialStateWord.self) {
      let text = self[.initialState] ?? ""
      switch state {
      case .partial:
        guard c.supportsPartialExpansion else { throw .usage("--initial-state", "full or collapsed with --no-partial-expansion", text) }
        c.initialState = .partiallyExpanded
      case .full: c.initialState = .fullyExpanded
      case .collapsed:
        guard c.heightOfCollapsedDrawer > 0 else { throw .usage("--initial-state", "partial or full unless --collapsed-height is above 0", text) }
        c.initialState = .collapsed
      }
    }
    if let f = self[.fullExpansion] {
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
    c.statusBarHeight = try number(self[.statusBarHeight], "--status-bar-height", 0...axisLength, allowed: "a number of px between 0 and the window \(axis.name) \(axis.length)") ?? c.statusBarHeight
    c.dismissesInStages = !has(.noDismissInStages)

    c.totalDurationInSeconds = try boundedNumber(.duration, allowed: "a number of seconds \(FlagSpec.duration.limitsText)") ?? c.totalDurationInSeconds
    c.durationIsProportionalToDistanceTraveled = has(.proportionalDuration)
    c.reducesMotion = has(.reducedMotion)
    if let t = self[.timing] { c.timingCurve = try timingCurve(t) }

    c.isDrawerDraggable = !has(.noDrag) && !has(.pick)
    c.numberOfTapsForFullDrawerPresentation = try boundedInteger(.tapsToExpand) ?? c.numberOfTapsForFullDrawerPresentation
    c.numberOfTapsForOutsideDrawerDismissal = try boundedInteger(.tapsToDismiss) ?? c.numberOfTapsForOutsideDrawerDismissal
    c.flickSpeedThreshold = try boundedNumber(.flickThreshold, allowed: "a number of window \(axis.name)s per second \(FlagSpec.flickThreshold.limitsText)") ?? c.flickSpeedThreshold
    c.upperMarkGap = try boundedNumber(.upperMarkGap) ?? c.upperMarkGap
    c.lowerMarkGap = try boundedNumber(.lowerMarkGap) ?? c.lowerMarkGap
    // A multi-click needs some time: 0 is refused, though it bounds the range.
    let clickTimes = "a number of ms above 0 and at most \(formatNumber(FlagSpec.doubleClickTime.limits!.upperBound))"
    if let ms = try boundedNumber(.doubleClickTime, allowed: clickTimes) {
      guard ms > 0 else { throw .usage("--double-click-time", clickTimes, self[.doubleClickTime] ?? "") }
      c.multiClickInterval = ms / 1000
    }
    c.clickSlop = try boundedNumber(.clickSlop) ?? c.clickSlop
    c.listScrollsInAllStates = has(.scrollInAllStates)
    try releaseSettings(into: &c)

    // The caps on radius and thickness bound the size of the cached corner
    // masks, which grow with their square.
    c.maximumCornerRadius = try boundedNumber(.cornerRadius) ?? defaultCornerRadius
    if let mode = try choice(.cornerMode, CornerModeWord.self) {
      switch mode {
      case .partial: c.cornerAnimationOption = .maximumAtPartialY
      case .statusBar: c.cornerAnimationOption = .alwaysShowBelowStatusBar
      case .fixed: c.cornerAnimationOption = .none
      }
    }
    c.backgroundColor = try color(self[.backgroundColor], "--background-color") ?? c.backgroundColor
    let colors = ColorChoices(
      rowText: try color(self[.rowColor], "--row-color"), selection: try color(self[.selectionColor], "--selection-color"),
      selectionText: try color(self[.selectionTextColor], "--selection-text-color"),
      match: try color(self[.matchColor], "--match-color"))
    c.maximumBackdropOpacity = try boundedNumber(.dimOpacity, allowed: FlagSpec.dimOpacity.limitsText) ?? c.maximumBackdropOpacity

    // The handle's values are checked with --no-handle too: a mistake in
    // a flag that is moot today is still a mistake.
    var handle = HandleConfiguration()
    handle.color = try color(self[.handleColor], "--handle-color") ?? handle.color
    if let s = self[.handleSize] {
      let (hw, hh) = try sizeValues(s, "--handle-size", whole: false, range: FlagSpec.handleSize.limits!)
      handle.size = Size(width: hw, height: hh)
    }
    handle.top = try boundedNumber(.handleTop) ?? handle.top
    if let r = self[.handleCornerRadius], r != "auto" {
      handle.cornerRadius = try boundedNumber(.handleCornerRadius, allowed: "auto or a number of px \(FlagSpec.handleCornerRadius.limitsText)")
    }
    handle.autoAnimatesDimming = !has(.noHandleDimming)
    handle.minimumAlpha = try boundedNumber(.handleMinAlpha, allowed: FlagSpec.handleMinAlpha.limitsText) ?? defaultHandleMinimumAlpha
    // A pick is a menu, not a sheet to pull: nothing to grab, and a drag
    // on its header cannot take it away; it still slides in and out.
    c.handle = has(.noHandle) || has(.pick) ? nil : handle

    c.border.thickness = try boundedNumber(.borderThickness) ?? 0
    c.border.color = try color(self[.borderColor], "--border-color") ?? c.border.color
    c.shadow.opacity = try boundedNumber(.shadowOpacity, allowed: FlagSpec.shadowOpacity.limitsText) ?? 0
    c.shadow.radius = try boundedNumber(.shadowRadius) ?? 0
    if let o = self[.shadowOffset] {
      guard let v = decimalList(o[...]), v.count == 2, abs(v[0]) <= 1000, abs(v[1]) <= 1000
      else { throw .usage("--shadow-offset", "X,Y in px, each between -1000 and 1000", o) }
      c.shadow.offset = Point(x: v[0], y: v[1])
    }
    c.shadow.color = try color(self[.shadowColor], "--shadow-color") ?? c.shadow.color
    // --shadow adds shadows after the first; without the four single flags
    // the first --shadow is the first shadow.
    var shadows: [ShadowConfiguration] = []
    for text in values(.shadow) { shadows.append(try SurfaceArguments.shadow(text)) }
    let singleFlags = [self[.shadowOpacity], self[.shadowRadius], self[.shadowOffset], self[.shadowColor]]
    if singleFlags.allSatisfy({ $0 == nil }), !shadows.isEmpty { c.shadow = shadows.removeFirst() }
    guard shadows.count <= 7 else { throw .usage("--shadow", "given at most 8 times in all", values(.shadow).last ?? "") }
    c.additionalShadows = shadows
    if let m = self[.margins] {
      c.margins = try SurfaceArguments.insets(m, "--margins")
      guard c.margins.left + c.margins.right < Double(width) - 32, c.margins.top + c.margins.bottom < Double(height) - 32 else {
        throw .usage("--margins", "margins that leave at least 32 px of the \(width)x\(height) window each way", m)
      }
    }
    if let p = self[.padding] { c.padding = try SurfaceArguments.insets(p, "--padding") }
    c.maximumWidth = try self[.maxWidth].map(SurfaceArguments.maximumWidth) ?? .automatic
    c.debugMode = has(.debug)

    if let list = self[.detents] {
      c.detents = try DetentArguments.panelDetents(list, maximumBackdrop: c.maximumBackdropOpacity)
    }
    if has(.bar) {
      // dmenu's bar: a square strip filled by the panel at its one
      // detent, the header on top whichever edge of the monitor the strip
      // lies along, with nothing to drag and nothing dimmed around it, and
      // rows as deep as their text line (the layout's least) unless
      // --row-height says otherwise.
      c.edge = .bottom
      c.maximumWidth = .none
      c.handle = nil
      c.maximumCornerRadius = 0
      c.isDrawerDraggable = false
      c.maximumBackdropOpacity = 0
      if self[.detents] == nil { c.detents = [Detent(DetentName.fullyExpanded.rawValue, .fraction(1), backdropAlpha: 0, scrollsList: true)] }
      if self[.rowHeight] == nil { c.rowHeight = 1 }
    }
    // Over the desktop the panel slides in, and its dismissal ends the
    // run, as a menu's does; dmenu's bar appears and leaves at once, as
    // dmenu does, unless --slide-in asks.
    var lifecycle = PanelLifecycle(slidesIn: has(.slideIn) || has(.desktop) && !has(.bar), keeps: has(.keep))
    if let name = self[.initial] {
      let accepted = DetentArguments.initialChoices(for: c)
      guard accepted.contains(name) else { throw .usage("--initial", DetentArguments.listed(accepted), name) }
      // Hidden at start is the run's, not the panel's: presenting it
      // later goes to the detent it would have opened at.
      if name == DetentName.dismissed.rawValue {
        lifecycle.startsHidden = true
      } else {
        c.initialState = DetentName(name)
      }
    }
    if let b = self[.backdrop] { c.backdropAlphas = try DetentArguments.backdrops(b) }
    if has(.desktop) && has(.embed) {
      // A drop-down lives beside live windows, and its window covers the
      // panel only: nothing is dimmed (`DesktopMode.dims`).
      c.maximumBackdropOpacity = 0
      c.backdropAlphas = [:]
      c.detents = c.detents?.map { d in
        var d = d
        d.backdropAlpha = 0
        return d
      }
    }
    if let names = self[.scrollIn] { c.scrollingDetents = try DetentArguments.names(names, flag: "--scroll-in") }
    if let names = self[.passthroughDetents] {
      c.passthroughTouchesInStates = try DetentArguments.names(names, flag: "--passthrough")
    } else {
      c.passthrough = has(.passthrough)
    }
    c.isPicker = has(.pick)
    if has(.pick) && self[.detents] == nil && c.initialState == nil && !has(.initialState) {
      // A picker opens with as many rows in view as the window holds.
      c.initialState = .fullyExpanded
    }
    c.reportsMoves = has(.reportMoves)
    if let path = self[.record], path.isEmpty { throw .usage("--record", "a file's path", path) }

    let bufferLimit =
      try boundedInteger(.eventBufferLimit) ?? EventLog.defaultBufferLimit
    if let path = self[.items], path.isEmpty { throw .usage("--items", "a file's path, or - for standard input", path) }

    do {
      try c.validate()
    } catch {
      var flag = FlagSpec.all.first { $0.field == error.field }?.long ?? error.field
      if error.field == "initialState" && self[.initial] != nil { flag = "--initial" }
      throw .usage(flag, error.allowed, error.value)
    }
    var settings = LaunchSettings(
      configuration: c, windowWidth: width, windowHeight: height,
      itemsPath: self[.items] ?? (has(.pick) ? "-" : nil), events: events, eventsPath: self[.eventsFile],
      eventBufferLimit: bufferLimit,
      pick: has(.pick) ? PickSettings(multiple: has(.multi), printsIndex: has(.printIndex)) : nil,
      filter: has(.pick) || has(.filter) ? try choice(.match, MatchMode.self) ?? .substring : nil,
      prompt: self[.prompt], controlPath: self[.control], frameStats: has(.frameStats),
      recordPath: self[.record], theme: try choice(.theme, ThemeChoice.self) ?? .auto, scale: scale,
      surfaceColorGiven: self[.backgroundColor] != nil, handleColorGiven: self[.handleColor] != nil,
      placement: placement, identity: identity, lifecycle: lifecycle)
    settings.colors = colors
    settings.sortsMatches = !has(.noSort)
    settings.accessibility = !has(.noAccessibility)
    settings.ignoresCase = has(.ignoreCase)
    if var pick = settings.pick {
      pick.initialQuery = self[.query] ?? ""
      pick.preselect = self[.select]
      pick.autoSelect = has(.autoSelect)
      pick.allowsCustom = !has(.noCustom)
      pick.hidesQuery = has(.password)
      // One line of the message, as the header shows one line.
      pick.message = self[.mesg].map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
      if let message = pick.message, !message.isEmpty { settings.configuration.headerMessageLines = 1 }
      settings.pick = pick
    }
    if let font = self[.font] { settings.fontPattern = try fontPattern(font) }
    if let text = self[.monitor] {
      // Whether the number names a monitor only the display can say.
      guard let choice = MonitorChoice(text) else {
        throw .usage("--monitor", "a monitor's number from 0 to \(MonitorChoice.maximumIndex), pointer or focus", text)
      }
      settings.monitor = choice
    }
    let lines = try boundedInteger(.lines)
    if let place = try choice(.bar, BarPlace.self) {
      settings.bar = BarStrip(rows: lines ?? 1, atBottom: place == .bottom)
      if lines == 0 { settings.pick?.inline = true }
    } else if lines != nil {
      throw Failure(status: ExitStatus.usage, message: "--lines needs --bar: it says how deep the bar is")
    }
    if let text = self[.parent] {
      guard settings.bar != nil else {
        throw Failure(status: ExitStatus.usage, message: "--parent needs --bar: it says where the bar lies")
      }
      settings.parentWindow = try windowID(text)
    }
    // A bar is a strip of the desktop, which the panel slides into.
    settings.desktop = has(.desktop) || has(.bar)
    if settings.desktop && lifecycle.startsHidden && settings.controlPath == nil {
      // Hidden over the desktop nothing is mapped: no click can show it.
      throw Failure(
        status: ExitStatus.usage,
        message: "--desktop --initial dismissed needs --control: nothing else can show the panel")
    }
    settings.embed = try self[.embed].map { text throws(Failure) in try EmbedCommand(text) }
    if has(.embedResize) {
      guard settings.embed != nil else {
        throw Failure(status: ExitStatus.usage, message: "--embed-resize needs --embed: it sizes the embedded client")
      }
      settings.embed?.resizesAtDetents = true
    }
    if has(.hideOnBlur) {
      guard has(.desktop) && settings.embed != nil else {
        throw Failure(
          status: ExitStatus.usage, message: "--hide-on-blur needs --desktop and --embed: only a drop-down has a focus to lose")
      }
      settings.hidesOnBlur = true
    }
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

  /// A window's id as X clients print them: decimal, or hexadecimal
  /// after 0x; never 0 (no window).
  private func windowID(_ text: String) throws(Failure) -> UInt {
    let hex = text.hasPrefix("0x") || text.hasPrefix("0X")
    let digits = hex ? text.dropFirst(2) : Substring(text)
    guard !digits.isEmpty, digits.count <= (hex ? 8 : 10), digits.allSatisfy({ $0.isASCII && $0.isHexDigit }),
      let id = UInt(digits, radix: hex ? 16 : 10), id > 0, id <= UInt(UInt32.max)
    else { throw .usage("--parent", "a window's id, decimal or 0x and hexadecimal", text) }
    return id
  }

  /// --scale: auto, or a number of device px per logical px within its limits.
  private func scaleChoice(_ text: String?) throws(Failure) -> ScaleChoice {
    guard let text, text != "auto" else { return .auto }
    let range = FlagSpec.scale.limits!
    let allowed = "auto or a number between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound))"
    return .fixed(try number(text, "--scale", range, allowed: allowed)!)
  }

  /// Flags that contradict each other: the line names both.
  private func checkCombinations(events: Bool) throws(Failure) {
    try checkConflicts()
    if has(.reportMoves) && !events {
      throw Failure(status: ExitStatus.usage, message: "--report-moves needs --events: moved is an event line")
    }
  }

  /// --release, --skip-states, --rubber-band and --removal; a combination
  /// that makes no sense names both flags.
  private func releaseSettings(into c: inout DrawerConfiguration) throws(Failure) {
    var rate = ProjectionPolicy.defaultRemovalRate
    var rateGiven = false
    if let r = self[.removal] {
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
    let release = try choice(.release, ReleaseWord.self) ?? .drawerkit
    switch release {
    case .drawerkit: c.releasePolicy = .drawerKit
    case .projection: c.releasePolicy = .projection(allowsSkipping: has(.skipStates), removalRate: rate)
    case .nearest: c.releasePolicy = .nearest
    }
    if release != .projection {
      if has(.skipStates) {
        throw Failure(status: ExitStatus.usage, message: "--skip-states works with --release projection only (got --release \(release.rawValue))")
      }
      if rateGiven {
        throw Failure(status: ExitStatus.usage, message: "--removal on:RATE works with --release projection only (got --release \(release.rawValue))")
      }
    }
    if let band = self[.rubberBand] {
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
}

extension LaunchFlags {
  /// The word given for a flag with a closed set, checked: status 64
  /// naming the flag when it is not one of the set; nil when not given.
  func choice<Choice: ExpressibleByArgument>(_ flag: FlagSpec, _: Choice.Type) throws(Failure) -> Choice? {
    guard let text = self[flag] else { return nil }
    return try Keyword<Choice>(argument: text).choice(flag.long)
  }

  /// The value of `flag`, a number within the table's limits for it; nil
  /// when not given.
  func boundedNumber(_ flag: FlagSpec, allowed: String? = nil) throws(Failure) -> Double? {
    try number(self[flag], flag.long, flag.limits!, allowed: allowed)
  }

  /// The value of `flag`, a whole number within the table's limits for it;
  /// nil when not given.
  func boundedInteger(_ flag: FlagSpec) throws(Failure) -> Int? {
    let limits = flag.limits!
    return try integer(self[flag], flag.long, Int(limits.lowerBound)...Int(limits.upperBound))
  }
}
