import ArgumentParser

extension MatchMode: ExpressibleByArgument {}

/// The picker flags of `DrawerCommand`: choosing rows for a script.
public struct PickOptions: ParsableArguments {
  @Flag(name: [.customShort("p"), .long], help: "Run as a picker, as dmenu does: rows come from --items or stdin as they arrive; typing filters them; Return or a click prints the chosen row on stdout and exits 0; Esc, a dismissal or closing the window prints nothing and exits 1.")
  var pick = false

  @Flag(help: "With --pick, Space, Tab or Ctrl+click mark rows, and Return prints every marked row (the selected one when none is), one a line, in list order.")
  var multi = false

  @Flag(help: "With --pick, print row numbers (the line's number in the input, from 0) instead of rows' text; typed text (Shift+Return) prints -1.")
  var printIndex = false

  @Option(parsing: .unconditional, help: ArgumentHelp("The header's label, before the typed query. (default: the source's name)", valueName: "TEXT"))
  var prompt: String?

  @Flag(help: "Let typing filter the list outside --pick too (Backspace, Ctrl+U and Ctrl+W edit the query; Esc clears it).")
  var filter = false

  @Option(parsing: .unconditional, help: ArgumentHelp("How typing matches rows: substring (the query as typed) or fuzzy (its characters in order, as fzf). An upper-case letter makes the match case-sensitive. (default: substring)", valueName: "MODE"))
  var match: Keyword<MatchMode>?

  @Option(parsing: .unconditional, help: ArgumentHelp("Read commands from PATH (a file or FIFO; - is stdin), one a line: move DETENT, present, dismiss, enable DETENT, disable DETENT, select N, append TEXT, clear, quit. Each is answered by an ack or an error event.", valueName: "PATH|-"), completion: .file())
  var control: String?

  public init() {}
}

/// What --pick asks for.
public struct PickSettings: Sendable, Equatable {
  /// --multi: several rows may be marked and printed.
  public var multiple = false
  /// --print-index: print rows' numbers, not their text.
  public var printsIndex = false
}

extension PickFlags {
  /// Checks the picker flags against each other and the rest: each
  /// mistake names its flags.
  func check(items: String?, rows: String?, events: Bool, eventsPath: String?) throws(Failure) {
    func needs(_ flag: String, _ other: String, _ why: String) -> Failure {
      Failure(status: ExitStatus.usage, message: "\(flag) needs \(other): \(why)")
    }
    if multi && !pick { throw needs("--multi", "--pick", "marked rows are printed when the pick ends") }
    if printIndex && !pick { throw needs("--print-index", "--pick", "the index is printed when the pick ends") }
    if match != nil && !pick && !filter { throw needs("--match", "--pick or --filter", "it says how typing filters") }
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
