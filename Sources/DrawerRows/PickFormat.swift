/// rofi's `-format`: what a pick prints for each chosen row.
///
/// The rule is rofi 1.7's: `s` is the row's text, `i` its number in the
/// input from 0, `d` from 1, `q` the text quoted for a shell, `p` the text
/// (Pango markup is not drawn here, so there is none to strip), `f` the
/// query as typed and `F` the query quoted; any other character is
/// printed as it is. Typed text that is the answer has the number -1
/// (`d` 0), as in rofi.
public struct PickFormat: Equatable, Sendable {
  /// The `-format` string as given, one letter a field (`s` by default).
  public let pattern: String

  /// The format `pattern`, read when a line is printed, so every string is a valid format.
  public init(_ pattern: String) { self.pattern = pattern }

  /// The line printed for the row numbered `index` (-1 for typed text)
  /// with text `text`, while `query` was typed.
  public func line(text: String, index: Int, query: String) -> String {
    var out = ""
    for c in pattern {
      switch c {
      case "s", "p": out += text
      case "i": out += String(index)
      case "d": out += String(index + 1)
      case "q": out += PickFormat.quoted(text)
      case "f": out += query
      case "F": out += PickFormat.quoted(query)
      default: out.append(c)
      }
    }
    return out
  }

  /// `text` in single quotes for a POSIX shell, each quote in it closed,
  /// escaped and reopened (GLib's g_shell_quote, which rofi uses).
  public static func quoted(_ text: String) -> String {
    var out = "'"
    for c in text {
      if c == "'" { out += "'\\''" } else { out.append(c) }
    }
    return out + "'"
  }
}
