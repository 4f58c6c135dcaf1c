import ArgumentParser
import DrawerVersion

/// The command line as argument-parser knows it: what answers --help,
/// completion requests, --experimental-dump-help (the man page's source)
/// and every command line the fast path leaves to it.
///
/// Its flags are the table's (`FlagSpec.all`), one `FlagGroupOptions` a
/// --help section. Every value is taken as text and checked by
/// `launchSettings()`, so that each mistake gets one line naming the flag and
/// what it allows; a flag with a closed set of words is a `Keyword`, which
/// lists the words in --help and in completion scripts but is checked there
/// too.
public struct DrawerCommand: ParsableCommand {
  /// The program's name, abstract and help text as argument-parser prints them in --help.
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

      Run through a link named dmenu, or as drawer-x11 dmenu FLAGS, it takes dmenu 5.2's \
      flags instead (-b, -f, -i, -l LINES, -m MONITOR, -p PROMPT, -fn FONT, -nb, -nf, -sb, \
      -sf COLOR, -w WINDOWID, -v), as a pick in dmenu's bar (--bar); any other flag prints dmenu's usage \
      and exits 1.

      Run through a link named rofi, or as drawer-x11 rofi ARGS, it takes rofi 1.7's -dmenu \
      (-p, -mesg, -i, -format, -selected-row, -sep, -a, -u, -kb-custom-N, -multi-select, \
      -no-custom, -only-match, -password, -l) and rofi's row protocol (text\\0icon\\x1fNAME, \
      meta, nonselectable, info); an option it does not take is named on standard error and \
      passed over.

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

      Exit status: 0 on q or when the window is closed, with --slide-in or --desktop (and no \
      --keep) when the panel was dismissed, and with --pick when a row was \
      chosen and printed; 1 with --pick when it was cancelled (Esc, a dismissal, the window \
      closed), with nothing printed; 64 for a bad flag or value \
      (no window opens); 66 when the --items file cannot be read or breaks a limit (a row \
      over 64 MiB, over 1 GiB of text, over 100000000 rows); 73 when the --record or --events file cannot be \
      created, or is a FIFO nobody reads yet; 69 when DISPLAY is unset, \
      the display cannot be opened, or it lacks RENDER or fonts, or the --embed command ends or \
      puts no window in its place within 5 s; 74 when the X server goes \
      away while running, or with --pick when standard output fails (full, or its reader \
      gone) before the pick is written whole; 75 when --desktop cannot grab the keyboard or \
      the pointer from another program; 70 for an internal error; 128 + N after signal N that ends it: \
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

  @OptionGroup(title: FlagSpec.Group.position.rawValue) var position: FlagGroupOptions<PositionGroup>
  @OptionGroup(title: FlagSpec.Group.behaviour.rawValue) var behaviour: FlagGroupOptions<BehaviourGroup>
  @OptionGroup(title: FlagSpec.Group.look.rawValue) var look: FlagGroupOptions<LookGroup>
  @OptionGroup(title: FlagSpec.Group.list.rawValue) var list: FlagGroupOptions<ListGroup>
  @OptionGroup(title: FlagSpec.Group.pick.rawValue) var pick: FlagGroupOptions<PickGroup>
  @OptionGroup(title: FlagSpec.Group.window.rawValue) var window: FlagGroupOptions<WindowGroup>
  @OptionGroup(title: FlagSpec.Group.program.rawValue) var program: FlagGroupOptions<ProgramGroup>

  /// No flags yet: argument-parser fills the groups as it parses.
  public init() {}

  /// What argument-parser read, as plain values.
  var flags: LaunchFlags {
    var f = LaunchFlags()
    for group in [position.flags, behaviour.flags, look.flags, list.flags, pick.flags, window.flags, program.flags] {
      f.given.merge(group.given) { first, _ in first }
    }
    return f
  }
}

/// One --help section of `DrawerCommand`, named by its `FlagSpec.Group`.
public protocol FlagGroupTag: Sendable {
  /// The --help section whose flags the group holds.
  static var group: FlagSpec.Group { get }
}

/// The tag of the Position flags' group (--edge, --detents, the heights).
public enum PositionGroup: FlagGroupTag { public static let group = FlagSpec.Group.position }
/// The tag of the Behaviour flags' group.
public enum BehaviourGroup: FlagGroupTag { public static let group = FlagSpec.Group.behaviour }
/// The tag of the Look flags' group.
public enum LookGroup: FlagGroupTag { public static let group = FlagSpec.Group.look }
/// The tag of the List flags' group.
public enum ListGroup: FlagGroupTag { public static let group = FlagSpec.Group.list }
/// The tag of the Pick flags' group.
public enum PickGroup: FlagGroupTag { public static let group = FlagSpec.Group.pick }
/// The tag of the Window flags' group.
public enum WindowGroup: FlagGroupTag { public static let group = FlagSpec.Group.window }
/// The tag of the Program flags' group (--scale, --events, --record, --version).
public enum ProgramGroup: FlagGroupTag { public static let group = FlagSpec.Group.program }

/// The flags of one group as argument-parser sees them, made from the
/// table rather than declared as properties.
///
/// argument-parser learns a command's flags by reflecting on an instance
/// (`Mirror`), which asks `customMirror`: here one `@Option`/`@Flag`
/// value per entry of `FlagSpec.all` in the group, built by
/// `argumentParserProperty`. It reads the values back through
/// `init(from:)`, keyed by the same names. So --help, completion scripts
/// and --experimental-dump-help (the man page) list the table's flags and
/// nothing else.
public struct FlagGroupOptions<Tag: FlagGroupTag>: ParsableArguments, CustomReflectable {
  var flags = LaunchFlags()

  /// The group with no flag given.
  public init() {}

  /// Reads every flag of `Tag`'s group from argument-parser's decoder, by its spec.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: FlagSpec.CodingKey.self)
    for flag in FlagSpec.all where flag.group == Tag.group {
      try flag.decode(from: container, into: &flags)
    }
  }

  /// The flags given, as argument-parser's reflection looks for them.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: FlagSpec.all.filter { $0.group == Tag.group }.map { (label: $0.resourceName, value: $0.argumentParserProperty) })
  }
}

extension FlagSpec {
  /// The property argument-parser would have been given for the flag:
  /// the `@Flag` or `@Option` with its names, help and completion.
  /// Every option takes the next argument whatever it looks like
  /// (`.unconditional`), as `directlyParsed` does.
  var argumentParserProperty: Any {
    let longName = NameSpecification.Element.customLong(String(long.dropFirst(2)))
    let names: NameSpecification = short.map { [.customShort($0.last!), longName] } ?? [longName]
    let help = isHidden ? ArgumentHelp.hidden : ArgumentHelp(helpText, valueName: valueName)
    switch value {
    case .toggle, .toggleWithValue:
      return Flag<Bool>(wrappedValue: false, name: names, help: help)
    case .single:
      return Option<String?>(name: names, parsing: .unconditional, help: help, completion: completionKind)
    case .keyword(let keywords, _):
      return keywords.option(names, help)
    case .repeated:
      return Option<[String]>(
        wrappedValue: [], name: names, parsing: .unconditionalSingleValue, help: help, completion: completionKind)
    }
  }

  /// The value's name in --help: `<PX>`.
  var valueName: String? {
    switch value {
    case .toggle: nil
    case .toggleWithValue(let name), .single(let name), .keyword(_, let name), .repeated(let name): name
    }
  }

  var completionKind: CompletionKind? {
    switch completion {
    case .none: nil
    case .words(let words): .list(words)
    case .file: .file()
    case .shell(let command): .shellCommand(command)
    case .detentName: DetentCompletion.single
    case .detentNames: DetentCompletion.list
    case .detentAssignments: DetentCompletion.assignments
    }
  }

  /// Copies what argument-parser read for the flag into `flags`.
  func decode(from container: KeyedDecodingContainer<CodingKey>, into flags: inout LaunchFlags) throws {
    let key = CodingKey(stringValue: resourceName)
    switch value {
    case .toggle, .toggleWithValue:
      if try container.decode(Flag<Bool>.self, forKey: key).wrappedValue { flags.set(self) }
    case .single:
      if let text = try container.decode(Option<String?>.self, forKey: key).wrappedValue { flags.set(self, text) }
    case .keyword(let keywords, _):
      if let text = try keywords.decode(container, key) { flags.set(self, text) }
    case .repeated:
      for text in try container.decode(Option<[String]>.self, forKey: key).wrappedValue { flags.set(self, text) }
    }
  }
}
