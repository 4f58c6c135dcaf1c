import CX11
import DrawerCommandLine
import DrawerDesktop
import DrawerHost
import DrawerLaunch
import DrawerProcess
import DrawerRowIcons
import DrawerRows
import DrawerScripting
import DrawerX11
import Glibc

// drawer-x11: parse the flags, load the rows, open the display, run.
// Every failure before the window maps is one line on stderr and a
// sysexits(3) status (see ExitStatus).

/// Ends the program: the failure's line on stderr (none for a signal), the
/// `exit` event when events are on, and the failure's status.
func exitWithFailure(_ failure: Failure) -> Never {
  if let message = failure.message { Diagnostics.print(message) }
  finishAndExit(failure.status)
}

/// Ends the embedded client's process group (for a bounded time), writes a
/// pick whole (waiting for its reader as long as it takes), then reports
/// the exit, lets standard output and error take the events queued (for a
/// bounded time), and exits with `status`, or 74 when the pick could not
/// be written.
func finishAndExit(_ status: Int32) -> Never {
  ClientGroup.endAll()
  let status = EventLog.finishResult(status: status)
  EventLog.exit(status: status)
  EventLog.flush()
  FontConfigPreload.wait()
  exit(status)
}

/// fontconfig's own syntax check, before any window: a pattern it cannot
/// parse is a bad flag value (or resource). Parsing needs no
/// configuration, so it can run while the preload thread loads it.
func checkFontPattern(_ settings: LaunchSettings) {
  guard isFontPattern(settings.fontPattern) else {
    exitWithFailure(
      .usage(
        settings.source(of: "--font"), "a fontconfig pattern such as sans-serif, 'DejaVu Sans' or 'Noto Sans:light'",
        settings.fontPattern))
  }
}

/// The program's arguments as drawer-x11's flags: dmenu's, translated
/// (`DmenuArguments`), when it runs as dmenu, through a link of that name
/// or as `drawer-x11 dmenu`; a command line dmenu would refuse ends here
/// with dmenu's usage and status.
func programArguments() -> [String] {
  let all = CommandLine.arguments
  if let rofi = RofiLaunch(programArguments: all) {
    // Written at once, before anything runs: through the diagnostics
    // thread, one such line came out twice prefixed now and then.
    for line in rofi.diagnostics { writeEverything(2, Array((diagnosticLine(line) + "\n").utf8)[...]) }
    if let failure = rofi.failure { exitWithFailure(failure) }
    // Modes show their pages through picks of this program, and need no
    // display here.
    if rofi.showsModes {
      rofi.windows = (
        list: {
          ManagedWindows.list()?.map {
            WindowMode.Client(
              window: $0.window, title: $0.title, className: $0.className, desktop: $0.desktop,
              desktopName: $0.desktopName, isActive: $0.isActive, iconWidth: $0.iconWidth, iconHeight: $0.iconHeight,
            iconPixels: $0.iconPixels)
          }
        },
        activate: { ManagedWindows.activate($0, desktop: $1) }
      )
      finishAndExit(rofi.runModes(program: "/proc/self/exe"))
    }
    rofiLaunch = rofi
    return rofi.command.arguments
  }
  let name = all.first.flatMap { $0.split(separator: "/").last }.map(String.init)
  let dmenu = name == "dmenu" ? all.dropFirst() : all.dropFirst().first == "dmenu" ? all.dropFirst(2) : nil
  guard let dmenu else { return Array(all.dropFirst()) }
  guard let translated = DmenuArguments.translated(Array(dmenu)) else {
    // dmenu's own line, without the program's name before it.
    _ = writeEverything(2, Array((DmenuArguments.usage + "\n").utf8)[...])
    FontConfigPreload.wait()
    exit(DmenuArguments.usageStatus)
  }
  return translated
}

/// The run as rofi (`drawer-x11 rofi`, or a link named rofi), if it is one.
nonisolated(unsafe) var rofiLaunch: RofiLaunch?

func runProgram() -> Never {
  // Before anything opens a descriptor: a closed stdout must not become
  // the signal pipe.
  reopenClosedStandardDescriptors()
  TerminationSignals.install()
  FontConfigPreload.start()

  var settings: LaunchSettings
  let arguments = programArguments()
  switch parseCommandLine(arguments) {
  case .run(let parsed):
    settings = parsed
  case .print(let text):
    writeEverything(1, Array((text + "\n").utf8)[...])
    FontConfigPreload.wait()
    exit(ExitStatus.ok)
  case .fail(let failure):
    exitWithFailure(failure)
  }
  checkFontPattern(settings)
  do throws(Failure) { try rofiLaunch?.apply(to: &settings) } catch { exitWithFailure(error) }
  // The sources open before the window, so a path that cannot be read
  // fails before anything shows; their rows and commands are read as they
  // come, while the window runs.
  let rows: RowTexts
  let reader: RowReader?
  let control: ControlReader?
  do throws(Failure) {
    if settings.events { try EventLog.enable(bufferLimit: settings.eventBufferLimit, path: settings.eventsPath) }
    if let path = settings.itemsPath {
      reader = try RowReader(path: path)
      rows = RowTexts.live(
        name: rofiLaunch == nil ? path : "-", filter: settings.filter, sorts: settings.sortsMatches,
        ignoresCase: settings.ignoresCase, prompt: settings.prompt)
      rofiLaunch?.apply(to: rows)
      rows.showsInline = settings.pick?.inline == true
    } else {
      reader = nil
      // An embedded client's panel is named after it, not after places.
      rows =
        settings.embed.map { RowTexts.titled($0.programName) }
        ?? RowTexts.generated(count: settings.configuration.rowCount)
    }
    control = try settings.controlPath.map { path throws(Failure) in try ControlReader(path: path) }
    if let signalled = TerminationSignals.pendingFailure() { throw signalled }
  } catch {
    exitWithFailure(error)
  }

  let status: Int32
  let statsLine: JSONLine?
  do throws(Failure) {
    let display = try XSession.connect(typing: settings.filter != nil)
    // The desktop's X resources fill in the look the command line left
    // out. A bad one ends the program here, and the exit closes the display.
    let resources = XSession.startupResources(display)
    settings = try resources.map(settings.applyingResources) ?? settings
    checkFontPattern(settings)
    // A bar inside --parent's window lies along that window's edge. A
    // window that cannot hold it ends the run before anything is grabbed.
    let parent = try settings.parentWindow.map { id throws(Failure) in
      switch XSession.windowArea(display, Window(id)) {
      case .success(let area): return (window: Window(id), area: area)
      case .failure(let problem): throw problem.failure(window: id)
      }
    }
    // Over the desktop, the focused window's monitor by default; a monitor
    // named that is not on the screen ends the run before any grab too.
    let monitorChoice = settings.monitor ?? (settings.desktop ? .focus : nil)
    var monitor = parent?.area
    if monitor == nil, let choice = monitorChoice { monitor = try XSession.chosenMonitor(display, choice) }
    // Over the desktop the keyboard and the pointer are taken before
    // anything maps, unless the panel starts hidden: keys typed from now on
    // are the program's. A pick takes the keyboard first too, as dmenu
    // does, wherever the focus is and before the window maps.
    // A drop-down holding an --embed client grabs nothing, ever.
    let desktopMode = DesktopMode(embeds: settings.embed != nil, hidesOnBlur: settings.hidesOnBlur)
    if settings.desktop {
      if !settings.lifecycle.startsHidden && desktopMode.grabs { try XSession.grabInput(display) }
    } else if settings.pick != nil && !XSession.grabKeyboard(display) {
      if let signalled = TerminationSignals.pendingFailure() { throw signalled }
      Diagnostics.print("cannot grab the keyboard: another program holds it; keys reach the window once it has the focus")
    }
    // A bar covers a strip of its monitor: a guess at its depth until the
    // fonts have opened and measure the header and the rows.
    let bar = settings.bar
    var covered = monitor
    if let bar, let m = monitor { covered = bar.rect(on: m, depth: m.height / 4) }
    let session = try XSession(
      display: display, width: settings.windowWidth, height: settings.windowHeight, scale: settings.scale,
      fontPattern: settings.fontPattern, identity: settings.identity, placement: settings.placement,
      // An embedded client's window, of the default visual, inside an ARGB
      // one leaves the whole window black under xcompmgr and picom (the
      // server redirects such a child on its own): with --embed the window
      // stays opaque and shows a copy of the desktop.
      monitor: covered, overlay: settings.desktop, seeThrough: settings.embed == nil,
      parent: parent.map { ($0.window, ($0.area.x, $0.area.y)) }, resources: resources)
    // `auto` and high contrast's inverse, and reduced motion unless asked
    // for, ask the desktop, which only an open display can answer.
    let asks = settings.theme != .light && settings.theme != .dark || !settings.configuration.reducesMotion
    // Unless --reduced-motion fixed it, motion follows the desktop live.
    let followsMotion = !settings.configuration.reducesMotion
    let desktop = asks ? session.desktopSettings(watch: followsMotion) : nil
    var (configuration, theme) = settings.themed(settings.theme.resolve(with: desktop))
    // GNOME's "reduce animation"; a trace keeps it as the flag.
    let desktopReducesMotion = !configuration.reducesMotion && desktop?.enableAnimations == false
    if desktopReducesMotion { configuration.reducesMotion = true }
    // The server draws the map's shapes while the fonts open, when the
    // first frame shows the map: not behind a pick, whose panel covers an
    // 800x600 window (there the map took half of the time to the first
    // frame, and comes with the first frame that shows it, if any), nor on
    // the desktop, whose own picture is the backdrop.
    if settings.pick == nil && !settings.desktop {
      MapScene.begin(session: session, width: session.width, height: session.height, colors: theme.map)
    }
    try session.openFonts()
    var barCover: (strip: BarStrip, depth: Int)?
    if let bar, let m = monitor {
      // Sized before it maps, so no frame is drawn at the guess.
      let depth = Int(bar.depth(DisplayScale(session.scale).configuration(configuration), session.textMetrics).rounded())
      let strip = bar.rect(on: m, depth: depth)
      session.cover(strip)
      session.resize(windowWidth: strip.width, windowHeight: strip.height)
      covered = strip
      barCover = (bar, depth)
    }
    let overlay =
      settings.desktop
      ? monitorChoice.flatMap { c in covered.map { DesktopOverlay(choice: c, monitor: $0, bar: barCover, inWindow: parent != nil, mode: desktopMode) } } : nil
    // rofi's -show-icons: the rows' icons from -icon-theme or the desktop's
    // theme, decoded as rows first show them.
    if let rofi = settings.pick?.rofi, rofi.showsIcons, let table = rofi.options {
      let theme = rofi.iconTheme ?? (desktop ?? session.desktopSettings())?.iconThemeName
      rows.icons = RowIconLoader(
        theme: theme, scale: Int(session.scale.rounded(.up)), environment: IconLookup.processEnvironment, table: table)
    }
    // Rows read later reach the panel as they come.
    configuration.rowCount = reader == nil ? rows.count : 0
    let recorder = try settings.recordPath.map { path throws(Failure) in try TraceFile(path: path) }
    let app = try DrawerPanel(
      session: session, configuration: configuration, theme: theme, followsDesktopScale: settings.scale == .auto,
      rows: rows, reader: reader, control: control, pick: settings.pick, filters: settings.filter != nil,
      lifecycle: settings.lifecycle, desktop: overlay, embed: settings.embed, frameStats: settings.frameStats,
      accessibility: settings.accessibility,
      arguments: settings.resources.arguments + FlagSpec.replayArguments(arguments)
        + (desktopReducesMotion ? ["--reduced-motion"] : []),
      recorder: recorder)
    defer { recorder?.close() }
    app.session.followsDesktopMotion = followsMotion
    status = try app.run()
    statsLine = app.frameStatsReport
    // `app` and `session` end here: the session's deinit frees every server
    // resource and closes the display before the exit is reported.
  } catch {
    // A signal that interrupted the connection is why it failed.
    exitWithFailure(TerminationSignals.pendingFailure() ?? error)
  }
  if let statsLine { EventLog.write(statsLine.json) }
  finishAndExit(status)
}

runProgram()
