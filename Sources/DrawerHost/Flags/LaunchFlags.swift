import DrawerEngine

/// The command line's flags as typed, before any check: what
/// `launchSettings()` reads.
///
/// Plain values, where `DrawerCommand`'s groups hold argument-parser's
/// property wrappers, which only argument-parser can fill and which cost
/// its run-time type lookups merely to be created. `DirectParse` fills
/// these directly; argument-parser's reading comes here through `flags` of
/// `DrawerCommand`, field by field (`DirectParseTests` holds every flag to
/// reach its field).
public struct LaunchFlags: Equatable, Sendable {
  var position = PositionFlags()
  var behaviour = BehaviourFlags()
  var look = LookFlags()
  var list = ListFlags()
  var pick = PickFlags()
  var window = WindowFlags()
  var program = ProgramFlags()

  public init() {}
}

/// The position flags, as `PositionOptions` declares them.
struct PositionFlags: Equatable, Sendable {
  var edge: Keyword<Edge>?
  var detents: String?
  var initial: String?
  var partialHeight: String?
  var collapsedHeight: String?
  var initialState: Keyword<InitialStateWord>?
  var fullExpansion: String?
  var statusBarHeight: String?
  var noPartialExpansion = false
  var noDismissInStages = false
}

/// The behaviour flags, as `BehaviourOptions` declares them.
struct BehaviourFlags: Equatable, Sendable {
  var release: Keyword<ReleaseWord>?
  var skipStates = false
  var rubberBand: String?
  var removal: String?
  var passthrough = false
  var noDrag = false
  var tapsToExpand: String?
  var tapsToDismiss: String?
  var flickThreshold: String?
  var upperMarkGap: String?
  var lowerMarkGap: String?
  var doubleClickTime: String?
  var clickSlop: String?
  var duration: String?
  var proportionalDuration = false
  var timing: String?
}

/// The look flags, as `LookOptions` declares them.
struct LookFlags: Equatable, Sendable {
  var theme: Keyword<ThemeChoice>?
  var font: String?
  var backdrop: String?
  var dimOpacity: String?
  var cornerRadius: String?
  var cornerMode: Keyword<CornerModeWord>?
  var backgroundColor: String?
  var noHandle = false
  var handleColor: String?
  var handleSize: String?
  var handleTop: String?
  var handleCornerRadius: String?
  var noHandleDimming = false
  var handleMinAlpha: String?
  var borderThickness: String?
  var borderColor: String?
  var shadowOpacity: String?
  var shadowRadius: String?
  var shadowOffset: String?
  var shadowColor: String?
  var shadow: [String] = []
  var margins: String?
  var padding: String?
  var maxWidth: String?
  var debug = false
}

/// The list flags, as `ListOptions` declares them.
struct ListFlags: Equatable, Sendable {
  var rows: String?
  var items: String?
  var rowHeight: String?
  var scrollInAllStates = false
  var scrollIn: String?
}

/// The picker flags, as `PickOptions` declares them.
struct PickFlags: Equatable, Sendable {
  var pick = false
  var multi = false
  var printIndex = false
  var prompt: String?
  var filter = false
  var match: Keyword<MatchMode>?
  var control: String?
}

/// The window flags, as `WindowOptions` declares them.
struct WindowFlags: Equatable, Sendable {
  var geometry: String?
  var title: String?
  var windowClass: String?
  var name: String?
}

/// The program flags, as `ProgramOptions` declares them.
struct ProgramFlags: Equatable, Sendable {
  var scale: String?
  var events = false
  var eventsFile: String?
  var reportMoves = false
  var record: String?
  var frameStats = false
  var version = false
  var eventBufferLimit: String?
}

extension DrawerCommand {
  /// What argument-parser read, as plain values.
  var flags: LaunchFlags {
    var f = LaunchFlags()
    f.position.edge = position.edge
    f.position.detents = position.detents
    f.position.initial = position.initial
    f.position.partialHeight = position.partialHeight
    f.position.collapsedHeight = position.collapsedHeight
    f.position.initialState = position.initialState
    f.position.fullExpansion = position.fullExpansion
    f.position.statusBarHeight = position.statusBarHeight
    f.position.noPartialExpansion = position.noPartialExpansion
    f.position.noDismissInStages = position.noDismissInStages
    f.behaviour.release = behaviour.release
    f.behaviour.skipStates = behaviour.skipStates
    f.behaviour.rubberBand = behaviour.rubberBand
    f.behaviour.removal = behaviour.removal
    f.behaviour.passthrough = behaviour.passthrough
    f.behaviour.noDrag = behaviour.noDrag
    f.behaviour.tapsToExpand = behaviour.tapsToExpand
    f.behaviour.tapsToDismiss = behaviour.tapsToDismiss
    f.behaviour.flickThreshold = behaviour.flickThreshold
    f.behaviour.upperMarkGap = behaviour.upperMarkGap
    f.behaviour.lowerMarkGap = behaviour.lowerMarkGap
    f.behaviour.doubleClickTime = behaviour.doubleClickTime
    f.behaviour.clickSlop = behaviour.clickSlop
    f.behaviour.duration = behaviour.duration
    f.behaviour.proportionalDuration = behaviour.proportionalDuration
    f.behaviour.timing = behaviour.timing
    f.look.theme = look.theme
    f.look.font = look.font
    f.look.backdrop = look.backdrop
    f.look.dimOpacity = look.dimOpacity
    f.look.cornerRadius = look.cornerRadius
    f.look.cornerMode = look.cornerMode
    f.look.backgroundColor = look.backgroundColor
    f.look.noHandle = look.noHandle
    f.look.handleColor = look.handleColor
    f.look.handleSize = look.handleSize
    f.look.handleTop = look.handleTop
    f.look.handleCornerRadius = look.handleCornerRadius
    f.look.noHandleDimming = look.noHandleDimming
    f.look.handleMinAlpha = look.handleMinAlpha
    f.look.borderThickness = look.borderThickness
    f.look.borderColor = look.borderColor
    f.look.shadowOpacity = look.shadowOpacity
    f.look.shadowRadius = look.shadowRadius
    f.look.shadowOffset = look.shadowOffset
    f.look.shadowColor = look.shadowColor
    f.look.shadow = look.shadow
    f.look.margins = look.margins
    f.look.padding = look.padding
    f.look.maxWidth = look.maxWidth
    f.look.debug = look.debug
    f.list.rows = list.rows
    f.list.items = list.items
    f.list.rowHeight = list.rowHeight
    f.list.scrollInAllStates = list.scrollInAllStates
    f.list.scrollIn = list.scrollIn
    f.pick.pick = pick.pick
    f.pick.multi = pick.multi
    f.pick.printIndex = pick.printIndex
    f.pick.prompt = pick.prompt
    f.pick.filter = pick.filter
    f.pick.match = pick.match
    f.pick.control = pick.control
    f.window.geometry = window.geometry
    f.window.title = window.title
    f.window.windowClass = window.windowClass
    f.window.name = window.name
    f.program.scale = program.scale
    f.program.events = program.events
    f.program.eventsFile = program.eventsFile
    f.program.reportMoves = program.reportMoves
    f.program.record = program.record
    f.program.frameStats = program.frameStats
    f.program.version = program.version
    f.program.eventBufferLimit = program.eventBufferLimit
    return f
  }
}
