import Glibc

/// What the launcher reads of the file system, through libc.
enum Files {
  /// A file's text, at most `limit` bytes; nil when it cannot be read.
  static func text(_ path: String, limit: Int = 1 << 20) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while bytes.count < limit {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      bytes += buffer[0..<n]
    }
    return String(decoding: bytes.prefix(limit), as: UTF8.self)
  }

  /// The entries of a directory, sorted, each with whether it is a
  /// directory (links followed); empty when it cannot be read.
  static func entries(_ path: String) -> [(name: String, isDirectory: Bool)] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var out: [(String, Bool)] = []
    while let e = readdir(dir) {
      let name = withUnsafePointer(to: e.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name == "." || name == ".." { continue }
      var st = stat()
      guard stat(path + "/" + name, &st) == 0 else { continue }
      out.append((name, st.st_mode & S_IFMT == S_IFDIR))
    }
    return out.sorted { $0.0 < $1.0 }
  }

  /// Whether `path` is a regular file this process may execute.
  static func isExecutable(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
  }

  /// `name` as the shell finds it: a path as it is, else the first
  /// executable of that name in `$PATH`.
  static func findExecutable(_ name: String, path: String?) -> Bool {
    if name.contains("/") { return isExecutable(name) }
    for dir in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where isExecutable("\(dir)/\(name)") {
      return true
    }
    return false
  }
}

/// The environment, read once.
public struct Environment: Sendable {
  /// Every variable by name, empty values included.
  public var values: [String: String]

  /// The environment `values`, as given (tests make their own).
  public init(_ values: [String: String]) { self.values = values }

  /// This process's environment.
  public static func current() -> Environment {
    var values: [String: String] = [:]
    var p = environ
    while let entry = p.pointee {
      let s = String(cString: entry)
      if let eq = s.firstIndex(of: "=") { values[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
      p += 1
    }
    return Environment(values)
  }

  /// The variable `key`; nil when it is unset or empty, as XDG treats both.
  public subscript(_ key: String) -> String? { values[key].flatMap { $0.isEmpty ? nil : $0 } }

  /// `$XDG_DATA_HOME`, or `~/.local/share`.
  var dataHome: String { self["XDG_DATA_HOME"] ?? (self["HOME"] ?? "") + "/.local/share" }
  /// `$XDG_DATA_DIRS`, or `/usr/local/share:/usr/share`.
  var dataDirs: [String] { (self["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share").split(separator: ":").map(String.init) }
  /// `$XDG_CACHE_HOME`, or `~/.cache`.
  var cacheHome: String { self["XDG_CACHE_HOME"] ?? (self["HOME"] ?? "") + "/.cache" }
  /// The locale messages are in: LC_ALL, LC_MESSAGES, then LANG.
  var messagesLocale: String? { self["LC_ALL"] ?? self["LC_MESSAGES"] ?? self["LANG"] }
  /// `XDG_CURRENT_DESKTOP`'s names.
  var desktops: [String] { (self["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map(String.init) }
}
