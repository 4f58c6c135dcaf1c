import ArgumentParser
import DrawerProcess

/// What a command line comes to.
public enum CommandLineOutcome {
  /// Run with these settings.
  case run(LaunchSettings)
  /// Print this text on standard output and exit 0 (--help, --version).
  case print(String)
  /// Print the failure's line and exit with its status.
  case fail(Failure)
}

/// Parses and checks `arguments` (without the program's name).
///
/// A plain command line is read by `LaunchFlags.directlyParsed`, anything
/// else by argument-parser; both come to the same flags.
///
/// `eventsImplied` is for a program whose output is the event stream
/// (drawer-replay): it runs as if --events were given, so --report-moves
/// needs nothing more.
public func parseCommandLine(_ arguments: [String], eventsImplied: Bool = false) -> CommandLineOutcome {
  let rewritten = optionalValuesRewritten(arguments)
  let flags: LaunchFlags
  do {
    if let direct = LaunchFlags.directlyParsed(rewritten) {
      flags = direct
    } else {
      var parsed = try DrawerCommand.parseAsRoot(rewritten)
      guard let own = parsed as? DrawerCommand else {
        // --help comes back as a help command whose run() throws the request.
        try parsed.run()
        return .fail(Failure(status: ExitStatus.software, message: "unexpected subcommand"))
      }
      flags = own.flags
    }
  } catch {
    if DrawerCommand.exitCode(for: error).rawValue == 0 {
      var text = DrawerCommand.fullMessage(for: error)
      while text.last == "\n" { text.removeLast() }
      // Help ends with the examples, after the flags they use.
      if text.hasPrefix("OVERVIEW:") { text += "\n\n" + DrawerCommand.examples }
      return .print(text)
    }
    return .fail(Failure(status: ExitStatus.usage, message: withFrontEndHint(DrawerCommand.message(for: error))))
  }
  if flags.has(.version) { return .print(DrawerCommand.versionLine) }
  do throws(Failure) {
    var settings = try flags.launchSettings(eventsImplied: eventsImplied)
    settings.flags = flags
    settings.eventsImplied = eventsImplied
    return .run(settings)
  } catch {
    return .fail(error)
  }
}

/// `message`, and when it names an unknown option of one dash (dmenu's
/// `-l`, rofi's `-show`), where those options are read: a dmenu or rofi
/// user's first command line tends to be one of theirs.
func withFrontEndHint(_ message: String) -> String {
  let opening = "Unknown option '-"
  guard message.hasPrefix(opening), message.dropFirst(opening.count).first != "-" else { return message }
  return message + " (dmenu's options are read by `drawer-x11 dmenu ...`, rofi's by `drawer-x11 rofi ...`)"
}

/// The switches that may take a value, each with the hidden flag its value
/// is read as: argument-parser has no flag with an optional value.
let optionalValueFlags: [(flag: FlagSpec, value: FlagSpec)] = [(.events, .eventsFile), (.passthrough, .passthroughDetents)]

/// `--events FILE`, `-e FILE` and `--events=FILE` as `--events --events-file FILE`,
/// and `--passthrough DETENT,...` as `--passthrough --passthrough-detents DETENT,...`
/// (`optionalValueFlags`). The program takes no positional arguments, so
/// a word after such a switch that is not a flag can only be its value.
func optionalValuesRewritten(_ arguments: [String]) -> [String] {
  var out: [String] = []
  var i = 0
  next: while i < arguments.count {
    let a = arguments[i]
    if a == "--" {
      out.append(contentsOf: arguments[i...])
      break
    }
    i += 1
    for (flag, value) in optionalValueFlags {
      if a.hasPrefix(flag.long + "=") {
        out += [flag.long, value.long, String(a.dropFirst(flag.long.count + 1))]
        continue next
      }
      if a == flag.long || (flag.short != nil && a == flag.short) {
        out.append(flag.long)
        if i < arguments.count, !arguments[i].hasPrefix("-") {
          out += [value.long, arguments[i]]
          i += 1
        }
        continue next
      }
    }
    out.append(a)
  }
  return out
}
