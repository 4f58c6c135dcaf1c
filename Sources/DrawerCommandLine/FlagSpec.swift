import ArgumentParser
import DrawerProcess

/// One flag of drawer-x11, declared once: everything each reader of flags
/// needs to know about it.
///
/// `FlagSpec.all` (FlagTable.swift) is the one list of flags. The fast
/// parser (`LaunchFlags.directlyParsed`), the X resources
/// (`LaunchFlags.applyResources`), argument-parser's --help, completion
/// scripts and --experimental-dump-help (and so the man page), and the
/// command line a `--record` trace keeps are all derived from it; none of
/// them lists flags of its own. What a value means is checked once, by
/// `launchSettings()`, which reads the values by their spec.
public struct FlagSpec: Sendable {
  /// The --help section a flag is listed under.
  public enum Group: String, CaseIterable, Sendable {
    /// Where the panel sits and rests: the edge, the detents and their heights, the initial state.
    case position = "Position"
    /// How drags, flicks, taps and releases move the panel.
    case behaviour = "Behaviour"
    /// How the panel looks: theme, font, colours, corners, handle, border, shadow, backdrop, margins.
    case look = "Look"
    /// The rows: how many or where they come from, their height, and at which detents they scroll.
    case list = "List"
    /// The pick: the query, matching and sorting, marking, what is printed, and the control channel.
    case pick = "Pick"
    /// The window: its geometry, the desktop and bar modes, embedding, the monitor, its title and class.
    case window = "Window"
    /// The program: the scale, events, traces, accessibility, the version.
    case program = "Program"
  }

  /// What a flag takes after its name.
  public enum Value: Sendable {
    /// Nothing: a switch, on when given.
    case toggle
    /// A switch that may be followed by a value, named as in --help
    /// (--events [FILE]); the value is read as its own flag (--events-file).
    case toggleWithValue(String)
    /// One value, named as in --help (`PX`, `NAME`): the unit or form it
    /// is written in.
    case single(String)
    /// One word of a closed set, named as in --help.
    case keyword(Keywords, String)
    /// One value each time it is given, any number of times.
    case repeated(String)

    /// Whether the flag reads a value after its name.
    public var takesValue: Bool {
      switch self {
      case .toggle, .toggleWithValue: false
      case .single, .keyword, .repeated: true
      }
    }
  }

  /// A closed set of words and the type argument-parser lists them from
  /// (in --help's "values:" and in completion scripts).
  public struct Keywords: Sendable {
    /// The words, asked for only by --help, completions and tests: the
    /// fast path builds the table without them.
    public var words: [String] { allWords() }
    let allWords: @Sendable () -> [String]
    /// argument-parser's option for the set, made only for --help and
    /// completions: `Option<Keyword<Choice>?>`.
    let option: @Sendable (NameSpecification, ArgumentHelp) -> Any
    /// The word argument-parser read, from its decoded option.
    let decode: @Sendable (KeyedDecodingContainer<FlagSpec.CodingKey>, FlagSpec.CodingKey) throws -> String?

    /// The keywords of `Choice`, the type argument-parser lists and reads them through.
    public static func of<Choice: ExpressibleByArgument & Sendable>(_: Choice.Type) -> Keywords {
      Keywords(
        allWords: { Choice.allValueStrings },
        option: { names, help in Option<Keyword<Choice>?>(name: names, parsing: .unconditional, help: help) },
        decode: { container, key in try container.decode(Option<Keyword<Choice>?>.self, forKey: key).wrappedValue?.text })
    }
  }

  /// How shells complete a flag's value.
  public enum Completion: Sendable, Equatable {
    /// No completion: the value is free text or a number.
    case none
    /// These words (or the keywords of a `.keyword` flag).
    case words([String])
    /// A file's path.
    case file
    /// The words this shell command prints.
    case shell(String)
    /// One detent name (`DetentCompletion`).
    case detentName
    /// Detent names separated by commas.
    case detentNames
    /// NAME= items separated by commas.
    case detentAssignments
  }

  /// What a `--record` trace keeps of the flag, for drawer-replay.
  public enum Replay: Sendable {
    /// The flag as it was typed (or set by an X resource).
    case keep
    /// Left out with its value: the replay must not do it again (--record
    /// would write the trace anew).
    case drop
  }

  /// The long name, with its dashes: `--edge`.
  public let long: String
  /// The one-letter name, with its dash, if any: `-g`.
  public let short: String?
  /// What the flag takes after its name.
  public let value: Value
  /// The least and the most a number (or each number of a size) may be,
  /// in the value's unit; nil when the bounds depend on the window or the
  /// value is no number.
  public let limits: ClosedRange<Double>?
  /// The field of `DrawerConfiguration` the value lands in, as
  /// `validate()` names it in an error, so that the error names the flag.
  public let field: String?
  /// The --help section it is listed under.
  public let group: Group
  /// Whether an X resource (the flag in camelCase) can set it too.
  public let isResource: Bool
  /// Whether a `--record` trace keeps the flag for drawer-replay.
  public let replay: Replay
  /// How shells complete the flag's value.
  public let completion: Completion
  /// The default as --help words it, nil when there is nothing to say.
  public let defaultText: String?
  /// --help's sentence, without the default.
  public let help: String
  /// Left out of --help, completions and the man page (for tests and
  /// internal rewrites).
  public let isHidden: Bool

  init(
    _ long: String, short: Character? = nil, _ value: Value, limits: ClosedRange<Double>? = nil, field: String? = nil,
    _ group: Group,
    resource: Bool = false,
    replay: Replay = .keep, hidden: Bool = false, completion: Completion = .none, default defaultText: String? = nil,
    help: String
  ) {
    self.long = long
    self.short = short.map { "-\($0)" }
    self.value = value
    self.limits = limits
    self.field = field
    self.group = group
    self.isResource = resource
    self.replay = replay
    self.isHidden = hidden
    self.completion = completion
    self.defaultText = defaultText
    self.help = help
  }

  /// The name of the X resource that sets it: the flag in camelCase
  /// (`--handle-color` is `handleColor`).
  public var resourceName: String {
    var out = ""
    var upper = false
    for c in long.drop(while: { $0 == "-" }) {
      if c == "-" {
        upper = true
      } else {
        out += upper ? c.uppercased() : String(c)
        upper = false
      }
    }
    return out
  }

  /// The limits as a message words them: "between 0 and 60".
  public var limitsText: String {
    guard let limits else { return "" }
    return "between \(formatNumber(limits.lowerBound)) and \(formatNumber(limits.upperBound))"
  }

  /// The help line: the sentence, then the default.
  public var helpText: String {
    defaultText.map { "\(help) (default: \($0))" } ?? help
  }

  /// The flag with this long name.
  public static func named(_ long: String) -> FlagSpec? { byLong[long] }

  /// The flags by long name.
  static let byLong = Lookup(places: Dictionary(uniqueKeysWithValues: all.indices.map { (all[$0].long, $0) }))

  /// The flags that have a short name, by it.
  static let byShort = Lookup(
    places: Dictionary(uniqueKeysWithValues: all.indices.compactMap { i in all[i].short.map { ($0, i) } }))

  /// Flags by a name, held as their places in `all`: a table of the flags
  /// themselves copied every flag's strings into it, 60 kB of heap at
  /// every start.
  struct Lookup: Sendable {
    let places: [String: Int]

    /// The flag with this name, if any.
    subscript(name: String) -> FlagSpec? { places[name].map { FlagSpec.all[$0] } }
  }

  /// argument-parser's coding key for a flag: its resource name.
  public struct CodingKey: Swift.CodingKey {
    /// The flag's resource name: its long name in camelCase, without dashes.
    public let stringValue: String
    /// Always nil: flags are keyed by name only.
    public var intValue: Int? { nil }
    /// The key for the flag whose resource name is `stringValue`.
    public init(stringValue: String) { self.stringValue = stringValue }
    /// Always nil: no flag has an integer key.
    public init?(intValue: Int) { nil }
  }
}
