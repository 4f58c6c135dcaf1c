import ArgumentParser

// --match's words, for --help and completions.
extension MatchMode: ExpressibleByArgument {}

/// What --pick asks for.
public struct PickSettings: Sendable, Equatable {
  /// --multi: several rows may be marked and printed.
  public var multiple = false
  /// --print-index: print rows' numbers, not their text.
  public var printsIndex = false
  /// --query: the text typed when the pick starts.
  public var initialQuery = ""
  /// --select: the row to select once it arrives.
  public var preselect: String?
  /// --auto-select: the last row left is picked without a key.
  public var autoSelect = false
  /// Whether typed text can be the answer (not --no-custom).
  public var allowsCustom = true
  /// --mesg: a line under the header's title.
  public var message: String?
  /// --password: the query shows as dots and no event carries it.
  public var hidesQuery = false
  /// --bar with --lines 0: dmenu's one line, the matches side by side
  /// after the query; Left and Right move the selection past the query's
  /// ends.
  public var inline = false
  /// What a pick from rofi's `-dmenu` adds (`RofiPick`); nil otherwise.
  public var rofi: RofiPick?

  public init(multiple: Bool = false, printsIndex: Bool = false) {
    self.multiple = multiple
    self.printsIndex = printsIndex
  }
}

extension LaunchFlags {
  /// Checks the picker flags against each other and the rest: each
  /// mistake names its flags.
  func checkPick(items: String?, rows: String?, events: Bool, eventsPath: String?) throws(Failure) {
    let pick = has(.pick), multi = has(.multi), printIndex = has(.printIndex), filter = has(.filter)
    let match = self[.match], control = self[.control]
    func needs(_ flag: String, _ other: String, _ why: String) -> Failure {
      Failure(status: ExitStatus.usage, message: "\(flag) needs \(other): \(why)")
    }
    if multi && !pick { throw needs("--multi", "--pick", "marked rows are printed when the pick ends") }
    if printIndex && !pick { throw needs("--print-index", "--pick", "the index is printed when the pick ends") }
    if match != nil && !pick && !filter { throw needs("--match", "--pick or --filter", "it says how typing filters") }
    if has(.ignoreCase) && !pick && !filter { throw needs("--ignore-case", "--pick or --filter", "it says how typing filters") }
    for (flag, why) in [
      (FlagSpec.query, "it is typed into the pick"), (.select, "it selects a row of the pick"),
      (.autoSelect, "it ends the pick"), (.noCustom, "it says what the pick may print"),
      (.mesg, "it is shown in the pick's header"),
      (.password, "it hides the pick's query"), (.bar, "the bar is a picker's"),
    ] where has(flag) && !pick {
      throw needs(flag.long, "--pick", why)
    }
    if has(.noSort) && !pick && !filter { throw needs("--no-sort", "--pick or --filter", "it orders what typing matches") }
    if filter && !pick && items == nil { throw needs("--filter", "--items", "typing filters rows read from a file or stdin") }
    if pick && events && eventsPath == nil {
      throw needs("--events", "a FILE with --pick", "standard output carries the pick; give --events FILE")
    }
    if pick && rows != nil {
      throw Failure(
        status: ExitStatus.usage,
        message: "--rows cannot be combined with --pick: a pick's rows come from --items or stdin")
    }
    if let control, control.isEmpty { throw .usage("--control", "a file's or FIFO's path, or - for standard input", control) }
    let itemsOnStdin = items == "-" || (pick && items == nil)
    if control == "-" && itemsOnStdin {
      throw Failure(
        status: ExitStatus.usage,
        message: "--control - cannot be combined with rows on stdin: give --control a FIFO's path, or --items a file")
    }
  }
}
