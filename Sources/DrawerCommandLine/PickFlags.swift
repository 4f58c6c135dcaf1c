import ArgumentParser
import DrawerProcess
import DrawerRows

// --match's words, for --help and completions.
extension MatchMode: ExpressibleByArgument {}

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
