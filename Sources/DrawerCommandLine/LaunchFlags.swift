/// The command line's flags as typed, before any check: what
/// `launchSettings()` reads, by the flags' specs.
///
/// Plain values keyed by the flag's long name, so that a flag needs no
/// field of its own: `FlagSpec.all` is the only list. `DirectParse`, the
/// argument-parser bridge (`DrawerCommand`) and the X resources all fill
/// it the same way, through `set`.
public struct LaunchFlags: Equatable, Sendable {
  /// Each flag given, with its values in order: none for a switch, one for
  /// each time a flag with a value was given.
  var given: [String: [String]] = [:]

  /// No flag given.
  public init() {}

  /// The value of `flag` (the last given), nil when it was not given.
  subscript(_ flag: FlagSpec) -> String? { given[flag.long]?.last }

  /// Whether `flag` was given (a switch: whether it is on).
  func has(_ flag: FlagSpec) -> Bool { given[flag.long] != nil }

  /// Every value of a flag given any number of times.
  func values(_ flag: FlagSpec) -> [String] { given[flag.long] ?? [] }

  /// Records `flag` as given: a switch when `value` is nil; a repeated
  /// flag adds `value`, another flag's `value` replaces the one before.
  mutating func set(_ flag: FlagSpec, _ value: String? = nil) {
    guard let value else {
      if given[flag.long] == nil { given[flag.long] = [] }
      return
    }
    if case .repeated = flag.value {
      given[flag.long, default: []].append(value)
    } else {
      given[flag.long] = [value]
    }
  }

  /// The flags given, in the table's order.
  var givenFlags: [FlagSpec] { FlagSpec.all.filter(has) }
}
