import DrawerDesktop
import DrawerEngine
import DrawerHost
import DrawerProcess
import DrawerRows

/// What the command line asks for, checked.
public struct LaunchSettings {
  /// The engine's configuration the flags describe, checked (`validate()`), logical px.
  public var configuration: DrawerConfiguration
  /// The window's width, logical px (--geometry, 800 by default).
  public var windowWidth: Int
  /// The window's height, logical px (--geometry, 600 by default).
  public var windowHeight: Int
  /// nil: generated rows.
  public var itemsPath: String?
  /// Whether --events is on.
  public var events: Bool
  /// --events FILE: where the events go; nil is standard output.
  public var eventsPath: String?
  /// Bytes of events held while standard output is not read (hidden --event-buffer-limit; 1 MiB by default).
  public var eventBufferLimit: Int
  /// --pick; nil when not picking.
  public var pick: PickSettings?
  /// How typing filters the rows (--pick, --filter); nil when it does not.
  public var filter: MatchMode?
  /// Whether matches show best first (not --no-sort).
  public var sortsMatches = true
  /// --ignore-case: an upper-case letter in the query matches either case.
  public var ignoresCase = false
  /// --prompt.
  public var prompt: String?
  /// --control: where commands come from; nil when none do.
  public var controlPath: String?
  /// Whether --frame-stats (hidden) asks for one JSON line of frame and pass times at the exit.
  public var frameStats: Bool
  /// Whether to serve the panel over AT-SPI2 (not --no-accessibility).
  public var accessibility = true
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
  /// Whether --handle-color was given.
  public var handleColorGiven = false
  /// --row-color, --selection-color, --selection-text-color and
  /// --match-color: laid over the theme's.
  public var colors = ColorChoices()
  /// --bar and --lines: the strip of its monitor a dmenu bar covers; nil
  /// without --bar.
  public var bar: BarStrip?
  /// --parent: the window a bar lies in; nil puts it over a monitor.
  public var parentWindow: UInt?
  /// --geometry's offsets (its size is `windowWidth` × `windowHeight`).
  public var placement = WindowGeometry()
  /// --monitor: the monitor the window is centred on; nil leaves the
  /// place to --geometry or the window manager.
  public var monitor: MonitorChoice?
  /// --desktop: an override-redirect window covering the monitor, input
  /// grabbed while it shows.
  public var desktop = false
  /// --embed: the client to run and hold in the panel's body.
  public var embed: EmbedCommand?
  /// --hide-on-blur: a drop-down slides out when the focus goes elsewhere.
  public var hidesOnBlur = false
  /// --title, --class, --name, and the window's type.
  public var identity = WindowIdentity()
  /// --initial dismissed, --slide-in and --keep.
  public var lifecycle = PanelLifecycle()
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
    return (c, theme.readable(on: c.backgroundColor).choosing(colors))
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
