import ArgumentParser
import DrawerEngine

/// The engine's defaults, which --help quotes so that the text cannot drift
/// from the behaviour.
private let engineDefaults = DrawerConfiguration()

/// Help text for a flag that takes a value, ending with its default.
private func help(_ text: String, _ defaultValue: String, value: String) -> ArgumentHelp {
  ArgumentHelp("\(text) (default: \(defaultValue))", valueName: value)
}

/// The command line. Every value is taken as text and checked by
/// `launchSettings()`, so that each mistake gets one line naming the flag and
/// what it allows.
struct DrawerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "drawer-x11",
    abstract: "A modal bottom drawer over a map, in an X11 window.",
    discussion: """
      Drag the drawer by its header or its list; click outside it to dismiss it. \
      Keys: Esc dismisses; Up/Page Up expand, Down/Page Down collapse, Home expands fully, \
      End goes to the lowest visible state, Space/Return present it again; q quits.

      With --events, stdout carries one JSON object per line: ready, willTransition, \
      didTransition, dragBegan, dragEnded, interiorTap, exteriorTap, selected, presented, \
      dismissed, resized and exit. States are dismissed, collapsed, partiallyExpanded and \
      fullyExpanded; drawerTop is the y of the drawer's top edge in window px.

      Exit status: 0 on q or when the window is closed; 64 for a bad flag or value \
      (no window opens); 66 when the --items file cannot be read; 69 when DISPLAY is unset, \
      the display cannot be opened, or it lacks RENDER or fonts; 74 when the X server goes \
      away while running; 70 for an internal error; 130 or 143 after SIGINT or SIGTERM \
      (the frameStats and exit lines are still printed).
      """,
    version: "drawer-x11 0.1.0"
  )

  // Window and list.

  @Option(parsing: .unconditional, help: help("Window size in px.", "800x600", value: "WxH"))
  var geometry: String?

  @Option(parsing: .unconditional, help: help("Number of generated rows when --items is not given.", String(engineDefaults.rowCount), value: "N"))
  var rows: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Rows from FILE, one per line, UTF-8; - reads stdin. (default: generated place names)", valueName: "FILE"))
  var items: String?

  @Option(parsing: .unconditional, help: help("Height of one list row, px.", formatNumber(engineDefaults.rowHeight), value: "PX"))
  var rowHeight: String?

  // Positions.

  @Option(parsing: .unconditional, help: help("Visible height of the partially expanded drawer, px; at most the window height.", formatNumber(engineDefaults.heightOfPartiallyExpandedDrawer), value: "PX"))
  var partialHeight: String?

  @Option(parsing: .unconditional, help: help("Visible height of the collapsed drawer, px; 0 means no collapsed state.", formatNumber(engineDefaults.heightOfCollapsedDrawer), value: "PX"))
  var collapsedHeight: String?

  @Option(parsing: .unconditional, help: help("State the drawer opens in: partial, full or collapsed.", "partial, or full with --no-partial-expansion", value: "STATE"))
  var initialState: String?

  @Option(parsing: .unconditional, help: help("How far up full expansion goes: cover (to the top), status-bar (below --status-bar-height) or gap:PX.", "cover", value: "MODE"))
  var fullExpansion: String?

  @Option(parsing: .unconditional, help: help("Status bar height for --full-expansion status-bar and --corner-mode status-bar, px.", formatNumber(engineDefaults.statusBarHeight), value: "PX"))
  var statusBarHeight: String?

  @Flag(help: "Leave out the partially expanded state.")
  var noPartialExpansion = false

  @Flag(help: "Let a downward release from full go straight to collapsed or dismissed.")
  var noDismissInStages = false

  // Animation.

  @Option(parsing: .unconditional, help: help("Duration of each animated move, seconds.", formatNumber(engineDefaults.totalDurationInSeconds), value: "S"))
  var duration: String?

  @Flag(help: "Scale each move's duration by the distance travelled over the window height.")
  var proportionalDuration = false

  @Option(parsing: .unconditional, help: help("Timing curve: spring (DrawerKit's), spring:DAMPING[,RESPONSE_S], linear, ease-in, ease-out, ease-in-out or cubic:X1,Y1,X2,Y2.", "spring", value: "CURVE"))
  var timing: String?

  // Gestures.

  @Flag(help: "Turn off dragging the drawer.")
  var noDrag = false

  @Option(parsing: .unconditional, help: help("Clicks on the drawer that expand it fully; 0 turns it off.", String(engineDefaults.numberOfTapsForFullDrawerPresentation), value: "N"))
  var tapsToExpand: String?

  @Option(parsing: .unconditional, help: help("Clicks outside the drawer that dismiss it; 0 turns it off.", String(engineDefaults.numberOfTapsForOutsideDrawerDismissal), value: "N"))
  var tapsToDismiss: String?

  @Option(parsing: .unconditional, help: help("Release speed that counts as a flick, window heights per second; 0 turns flicks off.", formatNumber(engineDefaults.flickSpeedThreshold), value: "HEIGHTS_PER_S"))
  var flickThreshold: String?

  @Option(parsing: .unconditional, help: help("Distance of the upper mark above the partial position, px.", formatNumber(engineDefaults.upperMarkGap), value: "PX"))
  var upperMarkGap: String?

  @Option(parsing: .unconditional, help: help("Distance of the lower mark below the partial position, px.", formatNumber(engineDefaults.lowerMarkGap), value: "PX"))
  var lowerMarkGap: String?

  @Option(parsing: .unconditional, help: help("Longest interval between the clicks of a multi-click, ms.", formatNumber(engineDefaults.multiClickInterval * 1000), value: "MS"))
  var doubleClickTime: String?

  @Option(parsing: .unconditional, help: help("Pointer travel that still counts as a click, px.", formatNumber(engineDefaults.clickSlop), value: "PX"))
  var clickSlop: String?

  @Flag(help: "Let the list scroll in the partial and collapsed states too, not only at full.")
  var scrollInAllStates = false

  // Look.

  @Option(parsing: .unconditional, help: help("Largest radius of the drawer's top corners, px.", formatNumber(engineDefaults.maximumCornerRadius), value: "PX"))
  var cornerRadius: String?

  @Option(parsing: .unconditional, help: help("How the corner radius follows the drawer: partial (largest at partial), status-bar (shrinks inside the status bar) or fixed.", "partial", value: "MODE"))
  var cornerMode: String?

  @Option(parsing: .unconditional, help: help("Drawer fill colour.", "#fafafc", value: "COLOR"))
  var backgroundColor: String?

  @Option(parsing: .unconditional, help: help("Backdrop dim at full expansion, 0 to 1.", formatNumber(engineDefaults.maximumBackdropOpacity), value: "ALPHA"))
  var dimOpacity: String?

  @Flag(help: "Hide the grabber handle.")
  var noHandle = false

  @Option(parsing: .unconditional, help: help("Handle colour.", "gray", value: "COLOR"))
  var handleColor: String?

  @Option(parsing: .unconditional, help: help("Handle width and height, px.", "40x6", value: "WxH"))
  var handleSize: String?

  @Option(parsing: .unconditional, help: help("Distance from the drawer's top edge to the handle, px.", formatNumber(HandleConfiguration().top), value: "PX"))
  var handleTop: String?

  @Option(parsing: .unconditional, help: help("Handle corner radius: auto (half its height) or px.", "auto", value: "auto|PX"))
  var handleCornerRadius: String?

  @Flag(help: "Keep the handle fully visible instead of fading it toward full and dismissed.")
  var noHandleDimming = false

  @Option(parsing: .unconditional, help: help("Border thickness, px; fractions draw as partial coverage (0.5 is a hairline).", "0", value: "PX"))
  var borderThickness: String?

  @Option(parsing: .unconditional, help: help("Border colour.", "black", value: "COLOR"))
  var borderColor: String?

  @Option(parsing: .unconditional, help: help("Drop shadow opacity, 0 to 1; 0 means no shadow.", "0", value: "ALPHA"))
  var shadowOpacity: String?

  @Option(parsing: .unconditional, help: help("Drop shadow blur radius, px (Gaussian σ is half of it).", "0", value: "PX"))
  var shadowRadius: String?

  @Option(parsing: .unconditional, help: help("Drop shadow offset, px; negative Y moves it up.", "0,0", value: "X,Y"))
  var shadowOffset: String?

  @Option(parsing: .unconditional, help: help("Drop shadow colour.", "black", value: "COLOR"))
  var shadowColor: String?

  @Flag(help: "Draw the upper mark and the lower mark (black) and the partial position (white).")
  var debug = false

  // Output.

  @Flag(help: "Print one JSON object per line on stdout for each event.")
  var events = false

  @Flag(help: .hidden)
  var frameStats = false
}

/// What the command line asks for, checked.
struct LaunchSettings {
  var configuration: DrawerConfiguration
  var windowWidth: Int
  var windowHeight: Int
  /// nil: generated rows.
  var itemsPath: String?
  var events: Bool
  var frameStats: Bool
}

extension DrawerCommand {
  /// Checks every value and builds the configuration; the first bad value
  /// throws a `Failure` naming its flag and what the flag allows.
  func launchSettings() throws(Failure) -> LaunchSettings {
    var c = DrawerConfiguration()

    let (w, h) = try sizeValues(geometry ?? "800x600", "--geometry", whole: true, range: 16...16384)
    let (width, height) = (Int(w), Int(h))
    let windowHeight = Double(height)

    c.rowCount = try integer(rows, "--rows", 0...100_000_000) ?? c.rowCount
    c.rowHeight = try number(rowHeight, "--row-height", 1...1000) ?? c.rowHeight

    let partial = try number(partialHeight, "--partial-height", 0...windowHeight, allowed: "a number of px between 0 and the window height \(height)")
    c.heightOfPartiallyExpandedDrawer = partial ?? min(c.heightOfPartiallyExpandedDrawer, windowHeight)
    c.heightOfCollapsedDrawer = try number(collapsedHeight, "--collapsed-height", 0...windowHeight, allowed: "a number of px between 0 and the window height \(height)") ?? c.heightOfCollapsedDrawer
    c.supportsPartialExpansion = !noPartialExpansion
    if c.supportsPartialExpansion && c.heightOfCollapsedDrawer > 0
      && c.heightOfCollapsedDrawer >= c.heightOfPartiallyExpandedDrawer
    {
      throw usage(
        "--collapsed-height", "smaller than the partial height \(formatNumber(c.heightOfPartiallyExpandedDrawer))",
        collapsedHeight ?? "")
    }
    if let s = initialState {
      switch s {
      case "partial":
        guard c.supportsPartialExpansion else { throw usage("--initial-state", "full or collapsed with --no-partial-expansion", s) }
        c.initialState = .partiallyExpanded
      case "full": c.initialState = .fullyExpanded
      case "collapsed":
        guard c.heightOfCollapsedDrawer > 0 else { throw usage("--initial-state", "partial or full unless --collapsed-height is above 0", s) }
        c.initialState = .collapsed
      default: throw usage("--initial-state", "partial, full or collapsed", s)
      }
    }
    if let f = fullExpansion {
      if f == "cover" {
        c.fullExpansionBehaviour = .coversFullScreen
      } else if f == "status-bar" {
        c.fullExpansionBehaviour = .doesNotCoverStatusBar
      } else if f.hasPrefix("gap:"), let gap = Double(f.dropFirst(4)), gap.isFinite, gap >= 0, gap <= windowHeight {
        c.fullExpansionBehaviour = .leavesCustomGap(gap)
      } else {
        throw usage("--full-expansion", "cover, status-bar or gap:PX with PX between 0 and the window height \(height)", f)
      }
    }
    c.statusBarHeight = try number(statusBarHeight, "--status-bar-height", 0...windowHeight, allowed: "a number of px between 0 and the window height \(height)") ?? c.statusBarHeight
    c.dismissesInStages = !noDismissInStages

    c.totalDurationInSeconds = try number(duration, "--duration", 0...60, allowed: "a number of seconds between 0 and 60") ?? c.totalDurationInSeconds
    c.durationIsProportionalToDistanceTraveled = proportionalDuration
    if let t = timing { c.timingCurve = try timingCurve(t) }

    c.isDrawerDraggable = !noDrag
    c.numberOfTapsForFullDrawerPresentation = try integer(tapsToExpand, "--taps-to-expand", 0...10) ?? c.numberOfTapsForFullDrawerPresentation
    c.numberOfTapsForOutsideDrawerDismissal = try integer(tapsToDismiss, "--taps-to-dismiss", 0...10) ?? c.numberOfTapsForOutsideDrawerDismissal
    c.flickSpeedThreshold = try number(flickThreshold, "--flick-threshold", 0...1000, allowed: "a number of window heights per second between 0 and 1000") ?? c.flickSpeedThreshold
    c.upperMarkGap = try number(upperMarkGap, "--upper-mark-gap", 0...100_000) ?? c.upperMarkGap
    c.lowerMarkGap = try number(lowerMarkGap, "--lower-mark-gap", 0...100_000) ?? c.lowerMarkGap
    if let ms = try number(doubleClickTime, "--double-click-time", 0...5000, allowed: "a number of ms above 0 and at most 5000") {
      guard ms > 0 else { throw usage("--double-click-time", "a number of ms above 0 and at most 5000", doubleClickTime ?? "") }
      c.multiClickInterval = ms / 1000
    }
    c.clickSlop = try number(clickSlop, "--click-slop", 0...100) ?? c.clickSlop
    c.listScrollsInAllStates = scrollInAllStates

    // The caps on radius and thickness bound the size of the cached corner
    // masks, which grow with their square.
    c.maximumCornerRadius = try number(cornerRadius, "--corner-radius", 0...1000) ?? c.maximumCornerRadius
    if let m = cornerMode {
      switch m {
      case "partial": c.cornerAnimationOption = .maximumAtPartialY
      case "status-bar": c.cornerAnimationOption = .alwaysShowBelowStatusBar
      case "fixed": c.cornerAnimationOption = .none
      default: throw usage("--corner-mode", "partial, status-bar or fixed", m)
      }
    }
    c.backgroundColor = try color(backgroundColor, "--background-color") ?? c.backgroundColor
    c.maximumBackdropOpacity = try number(dimOpacity, "--dim-opacity", 0...1, allowed: "between 0 and 1") ?? c.maximumBackdropOpacity

    if noHandle {
      c.handle = nil
    } else {
      var h = HandleConfiguration()
      h.color = try color(handleColor, "--handle-color") ?? h.color
      if let s = handleSize {
        let (hw, hh) = try sizeValues(s, "--handle-size", whole: false, range: 0.5...1000)
        h.size = Size(width: hw, height: hh)
      }
      h.top = try number(handleTop, "--handle-top", 0...100_000) ?? h.top
      if let r = handleCornerRadius, r != "auto" {
        h.cornerRadius = try number(r, "--handle-corner-radius", 0...1000, allowed: "auto or a number of px between 0 and 1000")
      }
      h.autoAnimatesDimming = !noHandleDimming
      c.handle = h
    }

    c.border.thickness = try number(borderThickness, "--border-thickness", 0...1000) ?? 0
    c.border.color = try color(borderColor, "--border-color") ?? c.border.color
    c.shadow.opacity = try number(shadowOpacity, "--shadow-opacity", 0...1, allowed: "between 0 and 1") ?? 0
    c.shadow.radius = try number(shadowRadius, "--shadow-radius", 0...200) ?? 0
    if let o = shadowOffset {
      let parts = o.split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]),
        x.isFinite, y.isFinite, abs(x) <= 1000, abs(y) <= 1000
      else { throw usage("--shadow-offset", "X,Y in px, each between -1000 and 1000", o) }
      c.shadow.offset = Point(x: x, y: y)
    }
    c.shadow.color = try color(shadowColor, "--shadow-color") ?? c.shadow.color
    c.debugMode = debug

    do {
      try c.validate()
    } catch {
      let flag = DrawerCommand.flagNames.first { $0.field == error.field }?.flag ?? error.field
      throw Failure(status: ExitStatus.usage, message: "\(flag) must be \(error.allowed) (got \(error.value))")
    }
    return LaunchSettings(
      configuration: c, windowWidth: width, windowHeight: height,
      itemsPath: items, events: events, frameStats: frameStats)
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
  ]
}

// MARK: - Value parsers

private func usage(_ flag: String, _ allowed: String, _ got: String) -> Failure {
  Failure(status: ExitStatus.usage, message: "\(flag) must be \(allowed) (got \(got))")
}

/// A finite decimal number in `range`, or nil when the flag was not given.
/// Swift's parser also takes "nan" and "inf"; the range check refuses both.
private func number(
  _ text: String?, _ flag: String, _ range: ClosedRange<Double>, allowed: String? = nil
) throws(Failure) -> Double? {
  guard let text else { return nil }
  let words = allowed ?? "a number of px between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound))"
  guard let v = Double(text), v.isFinite, range.contains(v) else { throw usage(flag, words, text) }
  return v
}

private func integer(_ text: String?, _ flag: String, _ range: ClosedRange<Int>) throws(Failure) -> Int? {
  guard let text else { return nil }
  guard let v = Int(text), range.contains(v) else {
    throw usage(flag, "a whole number between \(range.lowerBound) and \(range.upperBound)", text)
  }
  return v
}

/// `WxH`, both in `range`; whole numbers only when `whole`.
private func sizeValues(
  _ text: String, _ flag: String, whole: Bool, range: ClosedRange<Double>
) throws(Failure) -> (Double, Double) {
  let kind = whole ? "whole px" : "px"
  let allowed = "WIDTHxHEIGHT in \(kind), each between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound))"
  let parts = text.split(separator: "x", omittingEmptySubsequences: false)
  guard parts.count == 2 else { throw usage(flag, allowed, text) }
  var values: [Double] = []
  for p in parts {
    let v: Double?
    if whole { v = Int(p).map(Double.init) } else { v = Double(p) }
    guard let v, v.isFinite, range.contains(v) else { throw usage(flag, allowed, text) }
    values.append(v)
  }
  return (values[0], values[1])
}

private func color(_ text: String?, _ flag: String) throws(Failure) -> DrawerColor? {
  guard let text else { return nil }
  guard let c = DrawerColor(parsing: text) else {
    throw usage(flag, "a colour: #rgb, #rrggbb, #rrggbbaa or a name such as black, white or gray", text)
  }
  return c
}

private func timingCurve(_ text: String) throws(Failure) -> TimingCurve {
  let allowed = "spring, spring:DAMPING[,RESPONSE], linear, ease-in, ease-out, ease-in-out or cubic:X1,Y1,X2,Y2"
  func values(_ rest: Substring) -> [Double]? {
    var out: [Double] = []
    for p in rest.split(separator: ",", omittingEmptySubsequences: false) {
      guard let v = Double(p), v.isFinite else { return nil }
      out.append(v)
    }
    return out
  }
  switch text {
  case "spring": return .drawerKitDefault
  case "linear": return .linear
  case "ease-in": return .easeIn
  case "ease-out": return .easeOut
  case "ease-in-out": return .easeInOut
  default: break
  }
  if text.hasPrefix("spring:"), let v = values(text.dropFirst(7)), v.count == 1 || v.count == 2 {
    return .spring(dampingRatio: v[0], response: v.count == 2 ? v[1] : nil)
  }
  if text.hasPrefix("cubic:"), let v = values(text.dropFirst(6)), v.count == 4 {
    return .cubicBezier(x1: v[0], y1: v[1], x2: v[2], y2: v[3])
  }
  throw usage("--timing", allowed, text)
}
