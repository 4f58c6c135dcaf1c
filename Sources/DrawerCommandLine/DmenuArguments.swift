/// dmenu 5.2's command line, read as dmenu reads it and said in
/// drawer-x11's own flags, which check every value.
///
/// The rule is dmenu's: each flag is a whole argument (`-bf` is no flag);
/// -b, -f, -i and -v stand alone, and -l, -m, -p, -fn, -nb, -nf, -sb, -sf
/// and -w take the next argument, whatever it looks like; anything else,
/// or a flag that wants a value last, is dmenu's usage. The translation
/// is a pick in dmenu's bar (`--bar`), at the top of the monitor or with
/// -b at its bottom, one row deep unless -l asks for more, with dmenu's
/// prompt, font, colours and monitor, or inside the window -w names.
public enum DmenuArguments {
  /// What dmenu prints on standard error, with status 1, for a command
  /// line it does not take.
  public static let usage = """
    usage: dmenu [-bfiv] [-l lines] [-p prompt] [-fn font] [-m monitor]
                 [-nb color] [-nf color] [-sb color] [-sf color] [-w windowid]
    """

  /// The status dmenu exits with after its usage line.
  public static let usageStatus: Int32 = 1

  /// The flags each of dmenu's valued flags becomes.
  static let valued: [String: FlagSpec] = [
    "-p": .prompt, "-fn": .font, "-nb": .backgroundColor, "-nf": .rowColor,
    "-sb": .selectionColor, "-sf": .selectionTextColor, "-w": .parent,
  ]

  /// drawer-x11's arguments for dmenu's `arguments` (without the program's
  /// name); nil when dmenu would print its usage.
  public static func translated(_ arguments: [String]) -> [String]? {
    var out = [
      FlagSpec.pick.long, FlagSpec.title.long, "dmenu", FlagSpec.windowClass.long, "dmenu", FlagSpec.name.long, "dmenu",
    ]
    var bottom = false
    var lines = 0
    var prompt = ""
    var monitor: String?
    var window: String?
    var rest: [String] = []
    var i = 0
    while i < arguments.count {
      let flag = arguments[i]
      i += 1
      switch flag {
      case "-v": return [FlagSpec.version.long]
      case "-b": bottom = true
      // The keyboard is taken before stdin is read, always.
      case "-f": break
      case "-i": rest.append(FlagSpec.ignoreCase.long)
      default:
        guard i < arguments.count else { return nil }
        let value = arguments[i]
        i += 1
        if flag == "-l" {
          // dmenu reads the number with atoi: what is not one shows no list.
          lines = max(0, Int(value.prefix { $0.isASCII && ($0.isNumber || $0 == "-") }) ?? 0)
        } else if flag == "-p" {
          prompt = value
        } else if flag == "-m" {
          monitor = value
        } else if flag == "-w" {
          window = value
        } else if let spec = valued[flag] {
          rest += [spec.long, value]
        } else {
          return nil
        }
      }
    }
    // Without -l (or with -l 0), dmenu's one line: the query and the
    // matches side by side.
    out += [FlagSpec.bar.long, bottom ? "bottom" : "top"]
    out += [FlagSpec.lines.long, String(min(lines, Int(FlagSpec.lines.limits!.upperBound)))]
    out += [FlagSpec.prompt.long, prompt]
    // Inside a window, dmenu has no monitor to choose.
    if let window {
      out += [FlagSpec.parent.long, window]
    } else if let monitor {
      out += [FlagSpec.monitor.long, monitor]
    }
    return out + rest
  }
}
