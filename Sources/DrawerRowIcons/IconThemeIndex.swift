/// One theme's `index.theme`, as the freedesktop icon theme spec reads it:
/// its parents and its directories with the sizes they hold.
///
/// The rule: the `[Icon Theme]` group's `Inherits` and `Directories` (and
/// `ScaledDirectories`) are comma lists; each directory's own group gives
/// `Size` (required: a directory without one is passed over), `Scale`
/// (1), `Type` (`Threshold`), `MinSize` and `MaxSize` (`Size`) and
/// `Threshold` (2). Lines that are neither a group nor `key=value` are
/// passed over, as are keys with a locale.
public struct IconThemeIndex: Equatable, Sendable {
  /// How a directory's icons fit sizes other than its own.
  public enum Kind: Equatable, Sendable {
    /// `Fixed`: only its own size; `Scalable`: `MinSize` to `MaxSize`;
    /// `Threshold`: its size give or take `Threshold`.
    case fixed, scalable, threshold
  }

  /// One directory of the theme: where its icons lie and what sizes they suit.
  public struct Directory: Equatable, Sendable {
    /// The directory's path inside the theme (`48x48/apps`).
    public var path: String
    /// `Size`, `Scale`, `Type`, `MinSize`, `MaxSize` and `Threshold`.
    public var size: Int
    /// `Scale`: the display scale its icons are drawn for.
    public var scale = 1
    /// `Type`.
    public var kind = Kind.threshold
    /// `MinSize` and `MaxSize`, a scalable directory's range.
    public var minSize: Int
    /// `MaxSize`: the largest size a scalable directory's icons are drawn at, px.
    public var maxSize: Int
    /// `Threshold`: how far from `size` a threshold directory still suits.
    public var threshold = 2

    /// A directory at `path` for `size`; `minSize` and `maxSize` default to `size`, as the spec says.
    public init(path: String, size: Int, scale: Int = 1, kind: Kind = .threshold, minSize: Int? = nil, maxSize: Int? = nil, threshold: Int = 2) {
      self.path = path
      self.size = size
      self.scale = scale
      self.kind = kind
      self.minSize = minSize ?? size
      self.maxSize = maxSize ?? size
      self.threshold = threshold
    }

    /// Whether an icon of this directory is meant for `size` at `scale`
    /// (the spec's DirectoryMatchesSize).
    public func matches(size: Int, scale: Int) -> Bool {
      guard self.scale == scale else { return false }
      switch kind {
      case .fixed: return self.size == size
      case .scalable: return minSize <= size && size <= maxSize
      case .threshold: return self.size - threshold <= size && size <= self.size + threshold
      }
    }

    /// How far this directory's icons are from `size` at `scale`, in
    /// device pixels (the spec's DirectorySizeDistance, measured from the
    /// threshold's bounds as GTK does).
    public func distance(size: Int, scale: Int) -> Int {
      let wanted = size * scale
      switch kind {
      case .fixed: return abs(self.size * self.scale - wanted)
      case .scalable: return outside(wanted, minSize * self.scale, maxSize * self.scale)
      case .threshold:
        return outside(wanted, (self.size - threshold) * self.scale, (self.size + threshold) * self.scale)
      }
    }

    private func outside(_ value: Int, _ low: Int, _ high: Int) -> Int {
      value < low ? low - value : value > high ? value - high : 0
    }
  }

  /// `Inherits`, in order.
  public var parents: [String] = []
  /// `Directories` then `ScaledDirectories`, in order, those with a size.
  public var directories: [Directory] = []

  /// A theme that inherits `parents` and lists `directories`.
  public init(parents: [String] = [], directories: [Directory] = []) {
    self.parents = parents
    self.directories = directories
  }

  /// The index written in `text`.
  public init(text: String) {
    var groups: [String: [String: String]] = [:]
    var group = ""
    for raw in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
      let line = raw.drop { $0 == " " || $0 == "\t" }
      if line.hasPrefix("#") || line.isEmpty { continue }
      if line.hasPrefix("["), let end = line.lastIndex(of: "]") {
        group = String(line[line.index(after: line.startIndex)..<end])
        continue
      }
      guard let eq = line.firstIndex(of: "=") else { continue }
      let key = line[..<eq].trimmingSpaces
      guard !key.contains("[") else { continue }
      groups[group, default: [:]][key] = line[line.index(after: eq)...].trimmingSpaces
    }
    let main = groups["Icon Theme"] ?? [:]
    func list(_ key: String) -> [String] {
      (main[key] ?? "").split(separator: ",").map { Substring($0).trimmingSpaces }.filter { !$0.isEmpty }
    }
    parents = list("Inherits")
    var seen = Set<String>()
    for path in list("Directories") + list("ScaledDirectories") where seen.insert(path).inserted {
      guard let keys = groups[path], let size = keys["Size"].flatMap({ Int($0) }) else { continue }
      let kind: Kind =
        switch keys["Type"] {
        case "Fixed": .fixed
        case "Scalable": .scalable
        default: .threshold
        }
      directories.append(
        Directory(
          path: path, size: size, scale: keys["Scale"].flatMap { Int($0) } ?? 1, kind: kind,
          minSize: keys["MinSize"].flatMap { Int($0) }, maxSize: keys["MaxSize"].flatMap { Int($0) },
          threshold: keys["Threshold"].flatMap { Int($0) } ?? 2))
    }
  }
}

extension Substring {
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
