extension FlagSpec {
  /// The command line a `--record` trace keeps for drawer-replay: every
  /// argument as typed, except each flag whose `replay` rule drops it,
  /// which goes with its value.
  ///
  /// The arguments are walked as the parsers read them, so that a value
  /// that looks like a dropped flag (`--title --record`) stays.
  public static func replayArguments(_ arguments: [String]) -> [String] {
    var out: [String] = []
    var i = 0
    while i < arguments.count {
      let argument = arguments[i]
      i += 1
      if argument == "--" {
        out += arguments[(i - 1)...]
        break
      }
      let name = argument.hasPrefix("--") ? String(argument.prefix { $0 != "=" }) : argument
      guard let flag = byLong[name] ?? byShort[name] else {
        out.append(argument)
        continue
      }
      var taken = [argument]
      if flag.value.takesValue && name == argument && i < arguments.count {
        taken.append(arguments[i])
        i += 1
      }
      if flag.replay == .keep { out += taken }
    }
    return out
  }
}
