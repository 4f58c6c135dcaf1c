/// The input method server XMODIFIERS names, and how long it has to show
/// it is alive before its method is opened.
///
/// libX11 opens a server's input method through round trips it waits for
/// without end (`XOpenIM`): a server that is registered but stopped
/// (SIGSTOP, a debugger, a hung process) would hold the window and its
/// keyboard grab forever. So the server is first asked one question its
/// selection answers (the locales it supports) without waiting, and its
/// method is opened only once the answer comes; without one within
/// `answerDeadline`, the window types without it.
public enum InputMethodServer {
  /// How long a named server has to answer, s: a live one answers within
  /// a round trip, and keys typed meanwhile wait for the answer.
  public static let answerDeadline = 1.0

  /// The server `modifiers` (XMODIFIERS, as libX11 reads it) names in its
  /// `@im=` modifier; nil when it names none, or only libX11's own method
  /// (`none`, `local`), which has no server to wait for.
  public static func name(modifiers: String?) -> String? {
    guard let modifiers else { return nil }
    // Each modifier starts with `@`, and its value runs to the next one.
    let modifier = modifiers.split(separator: "@", omittingEmptySubsequences: false).dropFirst()
      .first { $0.hasPrefix("im=") }
    guard let name = modifier?.dropFirst(3), !name.isEmpty, name != "none", name != "local" else { return nil }
    return String(name)
  }

  /// The selection a server named `name` owns while it runs, as libX11
  /// looks for it among the root's XIM_SERVERS.
  public static func selection(name: String) -> String { "@server=" + name }
}
