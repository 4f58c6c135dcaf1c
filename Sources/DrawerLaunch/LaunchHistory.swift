import Glibc

/// What a mode launched, how often and when, kept in
/// `$XDG_CACHE_HOME/drawer-x11/rofi-MODE.history`.
///
/// The rule: an entry launched more often ranks first, and of two
/// launched as often the one launched last; entries never launched keep
/// their order after them. The file is one entry a line, `COUNT TIME KEY`
/// (TIME in milliseconds since the epoch), and is written whole through a
/// temporary file, so a crash leaves the old one; a line that does not
/// read is passed over.
public struct LaunchHistory: Equatable, Sendable {
  /// The history file's path.
  public var path: String
  /// Each key's count and last launch.
  public private(set) var entries: [String: (count: Int, last: Int)] = [:]

  /// Equal when the path and every entry's count and time are.
  public static func == (a: LaunchHistory, b: LaunchHistory) -> Bool {
    a.path == b.path && a.entries.mapValues { [$0.count, $0.last] } == b.entries.mapValues { [$0.count, $0.last] }
  }

  /// The history of `mode` in `cacheHome`, read from its file.
  public init(mode: String, cacheHome: String) {
    path = "\(cacheHome)/drawer-x11/rofi-\(mode).history"
    guard let text = Files.text(path) else { return }
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 2)
      guard parts.count == 3, let count = Int(parts[0]), let last = Int(parts[1]) else { continue }
      entries[String(parts[2])] = (count, last)
    }
  }

  /// `items` (each with its key) with the launched ones first.
  public func ranked<T>(_ items: [T], key: (T) -> String) -> [T] {
    let indexed = items.enumerated().map { (offset: $0.offset, item: $0.element, seen: entries[key($0.element)]) }
    return indexed.sorted { a, b in
      switch (a.seen, b.seen) {
      case (let x?, let y?): return (x.count, x.last, -a.offset) > (y.count, y.last, -b.offset)
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return a.offset < b.offset
      }
    }.map(\.item)
  }

  /// Now, in milliseconds since the epoch.
  public static func now() -> Int {
    var t = timespec()
    clock_gettime(CLOCK_REALTIME, &t)
    return t.tv_sec * 1000 + t.tv_nsec / 1_000_000
  }

  /// Counts one launch of `key` at `time`.
  public mutating func record(_ key: String, time: Int) {
    let old = entries[key] ?? (0, 0)
    entries[key] = (old.count + 1, time)
  }

  /// Writes the file (its directory made); false when it cannot.
  @discardableResult
  public func save() -> Bool {
    let dir = String(path[..<path.lastIndex(of: "/")!])
    _ = mkdir(String(dir[..<dir.lastIndex(of: "/")!]), 0o700)
    _ = mkdir(dir, 0o700)
    let text = entries.sorted { $0.key < $1.key }.map { "\($0.value.count) \($0.value.last) \($0.key)\n" }.joined()
    let temporary = path + ".new"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return false }
    Spawn.writeAndClose(fd, Array(text.utf8))
    return rename(temporary, path) == 0
  }
}
