/// A command line read without argument-parser, when it is plain enough
/// that the reading cannot differ from argument-parser's.
///
/// argument-parser builds its whole description of the flags on every parse:
/// it reflects on `DrawerCommand`'s properties and resolves generic types and
/// protocol conformances by name at run time, several times over. That is
/// about 8 ms on the way to the first frame, more than anything else the
/// program does before it connects to the display. Most command lines are
/// nothing but known flags, each given once, as `--flag`, `--flag VALUE`,
/// `--flag=VALUE` or a single short letter; those are read here, by the
/// table of flags (`FlagSpec.all`), straight into `LaunchFlags`. Anything
/// else (--help, a completion request, an unknown or repeated flag, a
/// missing value, `--flag=` with nothing after the `=`, grouped short
/// flags, `--`) goes to argument-parser, which answers it as it always
/// has, messages included.
///
/// Every option of `DrawerCommand` is parsed `.unconditional`: it takes the
/// next argument whatever it looks like, as `directlyParsed` does.
/// `DirectParseTests` holds the two readings equal.
extension LaunchFlags {
  /// The flags that `arguments` (already through `optionalValuesRewritten`)
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
      } else if argument.utf8.count == 2, argument.hasPrefix("-"), let flag = FlagSpec.byShort[argument] {
        name = flag.long
      } else {
        return nil
      }
      guard let flag = FlagSpec.byLong[name] else { return nil }
      // A repeated flag is argument-parser's to settle (last wins, or an
      // error); only --shadow is meant to repeat.
      if case .repeated = flag.value {} else if !seen.insert(name).inserted { return nil }
      if flag.value.takesValue {
        guard let value = attached ?? (i < arguments.count ? arguments[i] : nil) else { return nil }
        if attached == nil { i += 1 }
        flags.set(flag, value)
      } else {
        guard attached == nil else { return nil }
        flags.set(flag)
      }
    }
    return flags
  }
}
