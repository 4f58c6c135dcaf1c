/// The applications a desktop shows: every desktop entry under
/// `$XDG_DATA_HOME/applications`, then under each `$XDG_DATA_DIRS`'s
/// `applications`, by desktop file ID.
///
/// The rule: the first file of an ID wins, even when it hides the entry
/// (`Hidden=true` there removes the application, as the spec means it);
/// an entry shows when `DesktopEntry.isShown` says so for
/// `XDG_CURRENT_DESKTOP`. Subdirectories make IDs with `-`
/// (`kde/konsole.desktop` is `kde-konsole.desktop`). Shown entries are
/// sorted by name, upper case first, as rofi 1.7.3 sorts them.
public enum DesktopEntries {
  /// The shown applications under the data directories `env` names, sorted by name.
  public static func load(_ env: Environment) -> [DesktopEntry] {
    var seen = Set<String>()
    var entries: [DesktopEntry] = []
    for base in [env.dataHome] + env.dataDirs {
      collect(base + "/applications", prefix: "", env, &seen, &entries)
    }
    let desktops = env.desktops
    return entries.filter { e in
      e.isShown(desktops: desktops) { Files.findExecutable($0, path: env["PATH"]) }
    }.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
  }

  private static func collect(
    _ dir: String, prefix: String, _ env: Environment, _ seen: inout Set<String>, _ out: inout [DesktopEntry]
  ) {
    for (name, isDirectory) in Files.entries(dir) {
      let path = dir + "/" + name
      if isDirectory {
        collect(path, prefix: prefix + name + "-", env, &seen, &out)
        continue
      }
      guard name.hasSuffix(".desktop") else { continue }
      let id = prefix + name
      guard !seen.contains(id) else { continue }
      seen.insert(id)
      guard let text = Files.text(path), let entry = DesktopEntry(id: id, path: path, text: text, locale: env.messagesLocale)
      else { continue }
      out.append(entry)
    }
  }
}
