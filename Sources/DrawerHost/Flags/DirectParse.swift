/// A command line read without argument-parser, when it is plain enough
/// that the reading cannot differ from argument-parser's.
///
/// argument-parser builds its whole description of the flags on every parse:
/// it reflects on `DrawerCommand`'s properties and resolves generic types and
/// protocol conformances by name at run time, several times over. That is
/// about 8 ms on the way to the first frame, more than anything else the
/// program does before it connects to the display. Most command lines are
/// nothing but known flags, each given once, as `--flag`, `--flag VALUE`,
/// `--flag=VALUE` or a single short letter; those are read here, straight
/// into `LaunchFlags`. Anything else (--help, a completion request, an
/// unknown or repeated flag, a missing value, `--flag=` with nothing after
/// the `=`, grouped short flags, `--`) goes to argument-parser, which
/// answers it as it always has, messages included.
///
/// Every option of `DrawerCommand` is parsed `.unconditional`: it takes the
/// next argument whatever it looks like, as `directlyParsed` does.
/// `DirectParseTests` holds the two readings equal, and holds the table
/// below to argument-parser's own list of the flags.
extension LaunchFlags {
  /// The flags that `arguments` (already through `eventsFileRewritten`)
  /// give; nil when argument-parser must read them.
  static func directlyParsed(_ arguments: [String]) -> LaunchFlags? {
    var flags = LaunchFlags()
    var seen = Set<String>()
    var i = 0
    while i < arguments.count {
      let argument = arguments[i]
      i += 1
      var name = argument
      var attached: String?
      if argument.hasPrefix("--") {
        if let equals = argument.firstIndex(of: "=") {
          name = String(argument[..<equals])
          attached = String(argument[argument.index(after: equals)...])
          // argument-parser reads `--flag=` as `--flag` and takes the next
          // argument: its business.
          if attached == "" { return nil }
        }
      } else if argument.utf8.count == 2, argument.hasPrefix("-"), let long = DirectFlag.longForShort[argument] {
        name = long
      } else {
        return nil
      }
      guard let flag = DirectFlag.byName[name] else { return nil }
      // A repeated flag is argument-parser's to settle (last wins, or an
      // error); only --shadow is meant to repeat.
      if case .list = flag.kind {} else if !seen.insert(name).inserted { return nil }
      switch flag.kind {
      case .toggle(let set):
        guard attached == nil else { return nil }
        set(&flags)
      case .value(let set), .list(let set):
        guard let value = attached ?? (i < arguments.count ? arguments[i] : nil) else { return nil }
        if attached == nil { i += 1 }
        set(&flags, value)
      }
    }
    return flags
  }
}

/// One flag of `DrawerCommand` as `directlyParsed` reads it: its long name,
/// its short letter if any, and how it sets the flags.
///
/// Closures rather than key paths: a key path is built at run time from
/// type names, the kind of cost this parser is here to avoid.
struct DirectFlag: Sendable {
  enum Kind: Sendable {
    /// A switch: given, it is on.
    case toggle(@Sendable (inout LaunchFlags) -> Void)
    /// A flag with one value.
    case value(@Sendable (inout LaunchFlags, String) -> Void)
    /// A flag given any number of times, each with one value.
    case list(@Sendable (inout LaunchFlags, String) -> Void)
  }

  let long: String
  let short: String?
  let kind: Kind

  init(_ long: String, short: String? = nil, _ kind: Kind) {
    self.long = long
    self.short = short
    self.kind = kind
  }

  /// Every flag of `DrawerCommand`, group by group as --help lists them.
  static let all: [DirectFlag] = [
    DirectFlag("--edge", .value { $0.position.edge = Keyword(argument: $1) }),
    DirectFlag("--detents", .value { $0.position.detents = $1 }),
    DirectFlag("--initial", .value { $0.position.initial = $1 }),
    DirectFlag("--partial-height", .value { $0.position.partialHeight = $1 }),
    DirectFlag("--collapsed-height", .value { $0.position.collapsedHeight = $1 }),
    DirectFlag("--initial-state", .value { $0.position.initialState = Keyword(argument: $1) }),
    DirectFlag("--full-expansion", .value { $0.position.fullExpansion = $1 }),
    DirectFlag("--status-bar-height", .value { $0.position.statusBarHeight = $1 }),
    DirectFlag("--no-partial-expansion", .toggle { $0.position.noPartialExpansion = true }),
    DirectFlag("--no-dismiss-in-stages", .toggle { $0.position.noDismissInStages = true }),

    DirectFlag("--release", .value { $0.behaviour.release = Keyword(argument: $1) }),
    DirectFlag("--skip-states", .toggle { $0.behaviour.skipStates = true }),
    DirectFlag("--rubber-band", .value { $0.behaviour.rubberBand = $1 }),
    DirectFlag("--removal", .value { $0.behaviour.removal = $1 }),
    DirectFlag("--passthrough", .toggle { $0.behaviour.passthrough = true }),
    DirectFlag("--no-drag", .toggle { $0.behaviour.noDrag = true }),
    DirectFlag("--taps-to-expand", .value { $0.behaviour.tapsToExpand = $1 }),
    DirectFlag("--taps-to-dismiss", .value { $0.behaviour.tapsToDismiss = $1 }),
    DirectFlag("--flick-threshold", .value { $0.behaviour.flickThreshold = $1 }),
    DirectFlag("--upper-mark-gap", .value { $0.behaviour.upperMarkGap = $1 }),
    DirectFlag("--lower-mark-gap", .value { $0.behaviour.lowerMarkGap = $1 }),
    DirectFlag("--double-click-time", .value { $0.behaviour.doubleClickTime = $1 }),
    DirectFlag("--click-slop", .value { $0.behaviour.clickSlop = $1 }),
    DirectFlag("--duration", .value { $0.behaviour.duration = $1 }),
    DirectFlag("--proportional-duration", .toggle { $0.behaviour.proportionalDuration = true }),
    DirectFlag("--timing", .value { $0.behaviour.timing = $1 }),

    DirectFlag("--theme", .value { $0.look.theme = Keyword(argument: $1) }),
    DirectFlag("--font", .value { $0.look.font = $1 }),
    DirectFlag("--backdrop", .value { $0.look.backdrop = $1 }),
    DirectFlag("--dim-opacity", .value { $0.look.dimOpacity = $1 }),
    DirectFlag("--corner-radius", .value { $0.look.cornerRadius = $1 }),
    DirectFlag("--corner-mode", .value { $0.look.cornerMode = Keyword(argument: $1) }),
    DirectFlag("--background-color", .value { $0.look.backgroundColor = $1 }),
    DirectFlag("--no-handle", .toggle { $0.look.noHandle = true }),
    DirectFlag("--handle-color", .value { $0.look.handleColor = $1 }),
    DirectFlag("--handle-size", .value { $0.look.handleSize = $1 }),
    DirectFlag("--handle-top", .value { $0.look.handleTop = $1 }),
    DirectFlag("--handle-corner-radius", .value { $0.look.handleCornerRadius = $1 }),
    DirectFlag("--no-handle-dimming", .toggle { $0.look.noHandleDimming = true }),
    DirectFlag("--handle-min-alpha", .value { $0.look.handleMinAlpha = $1 }),
    DirectFlag("--border-thickness", .value { $0.look.borderThickness = $1 }),
    DirectFlag("--border-color", .value { $0.look.borderColor = $1 }),
    DirectFlag("--shadow-opacity", .value { $0.look.shadowOpacity = $1 }),
    DirectFlag("--shadow-radius", .value { $0.look.shadowRadius = $1 }),
    DirectFlag("--shadow-offset", .value { $0.look.shadowOffset = $1 }),
    DirectFlag("--shadow-color", .value { $0.look.shadowColor = $1 }),
    DirectFlag("--shadow", .list { $0.look.shadow.append($1) }),
    DirectFlag("--margins", .value { $0.look.margins = $1 }),
    DirectFlag("--padding", .value { $0.look.padding = $1 }),
    DirectFlag("--max-width", .value { $0.look.maxWidth = $1 }),
    DirectFlag("--debug", .toggle { $0.look.debug = true }),

    DirectFlag("--rows", .value { $0.list.rows = $1 }),
    DirectFlag("--items", .value { $0.list.items = $1 }),
    DirectFlag("--row-height", .value { $0.list.rowHeight = $1 }),
    DirectFlag("--scroll-in-all-states", .toggle { $0.list.scrollInAllStates = true }),
    DirectFlag("--scroll-in", .value { $0.list.scrollIn = $1 }),

    DirectFlag("--pick", short: "-p", .toggle { $0.pick.pick = true }),
    DirectFlag("--multi", .toggle { $0.pick.multi = true }),
    DirectFlag("--print-index", .toggle { $0.pick.printIndex = true }),
    DirectFlag("--prompt", .value { $0.pick.prompt = $1 }),
    DirectFlag("--filter", .toggle { $0.pick.filter = true }),
    DirectFlag("--match", .value { $0.pick.match = Keyword(argument: $1) }),
    DirectFlag("--control", .value { $0.pick.control = $1 }),

    DirectFlag("--geometry", short: "-g", .value { $0.window.geometry = $1 }),
    DirectFlag("--title", .value { $0.window.title = $1 }),
    DirectFlag("--class", short: "-c", .value { $0.window.windowClass = $1 }),
    DirectFlag("--name", .value { $0.window.name = $1 }),

    DirectFlag("--scale", .value { $0.program.scale = $1 }),
    DirectFlag("--events", short: "-e", .toggle { $0.program.events = true }),
    DirectFlag("--events-file", .value { $0.program.eventsFile = $1 }),
    DirectFlag("--report-moves", .toggle { $0.program.reportMoves = true }),
    DirectFlag("--record", .value { $0.program.record = $1 }),
    DirectFlag("--frame-stats", .toggle { $0.program.frameStats = true }),
    DirectFlag("--version", short: "-V", .toggle { $0.program.version = true }),
    DirectFlag("--event-buffer-limit", .value { $0.program.eventBufferLimit = $1 }),
  ]

  static let byName: [String: DirectFlag] = Dictionary(uniqueKeysWithValues: all.map { ($0.long, $0) })

  static let longForShort: [String: String] = Dictionary(
    uniqueKeysWithValues: all.compactMap { flag in flag.short.map { ($0, flag.long) } })
}
