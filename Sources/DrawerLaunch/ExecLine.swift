/// A desktop entry's `Exec` line as the argument vector it launches.
///
/// The rule is the Desktop Entry Specification's: arguments are separated
/// by spaces; an argument in double quotes keeps its spaces, with `\"`,
/// `` \` ``, `\$` and `\\` escaped in it; as GLib, which rofi launches
/// through, single quotes keep everything in them too. Field codes are then expanded:
/// `%f %F %u %U` (files and URLs; a launcher has none) are dropped, `%i`
/// becomes `--icon` and the icon when there is one, `%c` the entry's
/// (localized) name, `%k` the file's path, `%%` a percent sign; the
/// deprecated `%d %D %n %N %v %m` are dropped. nil when the line's quotes
/// do not close.
public enum ExecLine {
  /// The argument vector `exec` launches, for an entry named `name` with `icon` read from `path`.
  public static func arguments(_ exec: String, name: String, icon: String?, path: String) -> [String]? {
    guard let words = split(exec) else { return nil }
    var out: [String] = []
    for word in words {
      switch word {
      case "%f", "%F", "%u", "%U", "%d", "%D", "%n", "%N", "%v", "%m": continue
      case "%i":
        if let icon, !icon.isEmpty { out += ["--icon", icon] }
        continue
      default: break
      }
      var arg = ""
      var percent = false
      for c in word {
        if percent {
          switch c {
          case "%": arg.append("%")
          case "c": arg += name
          case "k": arg += path
          default: break
          }
          percent = false
        } else if c == "%" {
          percent = true
        } else {
          arg.append(c)
        }
      }
      out.append(arg)
    }
    return out.isEmpty ? nil : out
  }

  /// The words of `exec`, quotes removed; nil when a quote is left open.
  /// A quoted `%f` stays one word that expands to nothing.
  static func split(_ exec: String) -> [String]? {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quoted = false
    var single = false
    var escape = false
    for c in exec {
      if single {
        if c == "'" { single = false } else { word.append(c) }
      } else if quoted {
        if escape {
          word.append(c)
          escape = false
        } else if c == "\\" {
          escape = true
        } else if c == "\"" {
          quoted = false
        } else {
          word.append(c)
        }
      } else if c == "\"" {
        quoted = true
        inWord = true
      } else if c == "'" {
        single = true
        inWord = true
      } else if c == " " || c == "\t" {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(c)
        inWord = true
      }
    }
    if quoted || single { return nil }
    if inWord { words.append(word) }
    return words
  }
}
