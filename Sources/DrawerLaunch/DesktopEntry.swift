/// One XDG desktop entry (a `.desktop` file's `[Desktop Entry]` group), as
/// the Desktop Entry Specification 1.5 reads it.
///
/// The rule: only the `[Desktop Entry]` group counts; a key's localized
/// value is `Key[ll_CC@MM]`, then `Key[ll_CC]`, `Key[ll@MM]`, `Key[ll]`,
/// then `Key`, for the locale in LC_ALL, LC_MESSAGES or LANG (in that
/// order); values unescape `\s`, `\n`, `\t`, `\r` and `\\`; lists are
/// separated by `;`. Only applications are launched.
public struct DesktopEntry: Equatable, Sendable {
  /// The desktop file ID: the path below `applications/`, `/` made `-`.
  public var id: String
  /// The file it was read from (`%k`).
  public var path: String
  /// `Type`: `Application`, `Link` or `Directory`; only applications launch.
  public var type = ""
  /// `Name`, localized: the row's text.
  public var name = ""
  /// `GenericName`, localized (`Web Browser`); nil when absent.
  public var genericName: String?
  /// `Comment`, localized: a tooltip's line; nil when absent.
  public var comment: String?
  /// `Keywords`, localized: more words the entry is found by.
  public var keywords: [String] = []
  /// `Categories`, as listed.
  public var categories: [String] = []
  /// `Icon`: a name in the icon theme or a file's absolute path; nil when absent.
  public var icon: String?
  /// `Exec`: the command line with its field codes (`ExecLine` reads it); nil when absent.
  public var exec: String?
  /// `TryExec`: a program that must be installed for the entry to show; nil when absent.
  public var tryExec: String?
  /// `Path`: the directory the program starts in; nil for the launcher's own.
  public var workingDirectory: String?
  /// `Terminal`: whether the program runs in `-terminal`.
  public var terminal = false
  /// `NoDisplay`: installed but not shown in menus.
  public var noDisplay = false
  /// `Hidden`: the entry counts as deleted, and hides any file of its ID after it.
  public var hidden = false
  /// `OnlyShowIn`: the desktops it shows in; empty for every one.
  public var onlyShowIn: [String] = []
  /// `NotShowIn`: the desktops it does not show in.
  public var notShowIn: [String] = []
  /// `StartupNotify`: whether the launch is given a startup notification id.
  public var startupNotify = false

  /// The entry in `text`, the file at `path` with ID `id`, for `locale`
  /// (`de_DE.UTF-8@euro`); nil when it has no `[Desktop Entry]` group.
  public init?(id: String, path: String, text: String, locale: String?) {
    self.id = id
    self.path = path
    var inGroup = false
    var seen = false
    var values: [String: String] = [:]
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = raw.trimmingSpaces
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("[") {
        inGroup = line == "[Desktop Entry]"
        seen = seen || inGroup
        continue
      }
      guard inGroup, let eq = line.firstIndex(of: "=") else { continue }
      let key = String(line[..<eq]).trimmingSpaces
      let value = String(line[line.index(after: eq)...]).trimmingSpaces
      // The first of a key wins.
      if values[key] == nil { values[key] = value }
    }
    guard seen else { return nil }
    let names = DesktopEntry.localeKeys(locale)
    func localized(_ key: String) -> String? {
      for suffix in names { if let v = values["\(key)[\(suffix)]"] { return DesktopEntry.unescaped(v) } }
      return values[key].map(DesktopEntry.unescaped)
    }
    func flag(_ key: String) -> Bool { values[key] == "true" }
    func list(_ key: String, localizedValue: Bool = false) -> [String] {
      let v = localizedValue ? localized(key) : values[key].map(DesktopEntry.unescaped)
      return (v ?? "").split(separator: ";").map(String.init).filter { !$0.isEmpty }
    }
    type = values["Type"] ?? ""
    name = localized("Name") ?? ""
    genericName = localized("GenericName")
    comment = localized("Comment")
    keywords = list("Keywords", localizedValue: true)
    categories = list("Categories")
    icon = localized("Icon")
    exec = values["Exec"].map(DesktopEntry.unescaped)
    tryExec = values["TryExec"].map(DesktopEntry.unescaped)
    workingDirectory = values["Path"].map(DesktopEntry.unescaped).flatMap { $0.isEmpty ? nil : $0 }
    terminal = flag("Terminal")
    noDisplay = flag("NoDisplay")
    hidden = flag("Hidden")
    onlyShowIn = list("OnlyShowIn")
    notShowIn = list("NotShowIn")
    startupNotify = flag("StartupNotify")
  }

  /// The locale's forms to look a key up by, most specific first:
  /// `ll_CC@MM`, `ll_CC`, `ll@MM`, `ll` (the encoding dropped).
  static func localeKeys(_ locale: String?) -> [String] {
    guard var l = locale, !l.isEmpty, l != "C", l != "POSIX" else { return [] }
    var modifier: String?
    if let at = l.firstIndex(of: "@") {
      modifier = String(l[l.index(after: at)...])
      l = String(l[..<at])
    }
    if let dot = l.firstIndex(of: ".") { l = String(l[..<dot]) }
    let parts = l.split(separator: "_", maxSplits: 1).map(String.init)
    guard let lang = parts.first else { return [] }
    let country = parts.count > 1 ? parts[1] : nil
    var keys: [String] = []
    if let country, let modifier { keys.append("\(lang)_\(country)@\(modifier)") }
    if let country { keys.append("\(lang)_\(country)") }
    if let modifier { keys.append("\(lang)@\(modifier)") }
    keys.append(lang)
    return keys
  }

  /// A string value with the spec's escapes undone.
  static func unescaped(_ s: String) -> String {
    guard s.contains("\\") else { return s }
    var out = ""
    var escape = false
    for c in s {
      if escape {
        switch c {
        case "s": out.append(" ")
        case "n": out.append("\n")
        case "t": out.append("\t")
        case "r": out.append("\r")
        case ";": out.append("\\;")
        default: out.append(c)
        }
        escape = false
      } else if c == "\\" {
        escape = true
      } else {
        out.append(c)
      }
    }
    return out
  }

  /// Whether the entry shows for a desktop named by `XDG_CURRENT_DESKTOP`
  /// (`desktops`, colon-separated), with `executableExists` answering
  /// for TryExec: an application, neither NoDisplay nor Hidden, shown in
  /// that desktop and not left out of it, with its TryExec present.
  public func isShown(desktops: [String], executableExists: (String) -> Bool) -> Bool {
    guard type == "Application", !noDisplay, !hidden, !name.isEmpty, exec != nil else { return false }
    if !onlyShowIn.isEmpty && !onlyShowIn.contains(where: desktops.contains) { return false }
    if notShowIn.contains(where: desktops.contains) { return false }
    if let t = tryExec, !t.isEmpty, !executableExists(t) { return false }
    return true
  }
}

extension StringProtocol {
  /// Without spaces and tabs at either end.
  var trimmingSpaces: String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" || f == "\r" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
    return String(s)
  }
}
