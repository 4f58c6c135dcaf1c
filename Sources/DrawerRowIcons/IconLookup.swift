import CPNG
import Glibc

/// Finds an icon's file by name, as the freedesktop icon theme spec says.
///
/// The rule: a name that is an absolute path is that file. Otherwise the
/// themes are searched in turn: the user's theme, its `Inherits` depth
/// first, then the `fallbacks` not yet searched (rofi's Adwaita and
/// gnome), each with its own parents, and `hicolor` last; the first theme holding the name at any
/// size wins, with the directory that suits the size (`matches`), or else
/// the nearest (`distance`), earlier directories first. The theme's
/// directories lie under every base directory: `$XDG_DATA_HOME/icons`,
/// `~/.icons`, then each `$XDG_DATA_DIRS/icons`. When no theme has it,
/// the unthemed `pixmaps` directories are searched. PNG comes before SVG
/// in one directory; XPM is not read.
///
/// Each theme's directories are listed once, on first use: not safe to
/// share between threads.
public final class IconLookup {
  /// The directories themes lie in, in order.
  public let baseDirectories: [String]
  /// The unthemed directories searched last.
  public let pixmapDirectories: [String]
  /// The themes searched, in order: the user's, its parents, the
  /// fallbacks, hicolor.
  public private(set) var chain: [String] = []
  private var themes: [String: Theme] = [:]
  private var pixmaps: [String: String]?

  /// Where one theme's icons lie: by name, each file with its directory.
  private struct Theme {
    var index: IconThemeIndex
    var files: [String: [(directory: Int, path: String)]] = [:]
  }

  /// The lookup for `theme` (nil: none), then the installed themes of
  /// `fallbacks`, then hicolor, in the directories `environment` names
  /// (`XDG_DATA_HOME`, `XDG_DATA_DIRS`, `HOME`).
  public init(theme: String?, fallbacks: [String] = [], environment: [String: String]) {
    let home = environment["HOME"] ?? ""
    let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
    let dataDirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
      .split(separator: ":").map(String.init)
    baseDirectories = [dataHome + "/icons", home + "/.icons"] + dataDirs.map { $0 + "/icons" }
    pixmapDirectories = dataDirs.map { $0 + "/pixmaps" }
    var visited = Set<String>()
    func follow(_ name: String) {
      guard name != "hicolor", !name.isEmpty, visited.insert(name).inserted, let index = readIndex(name) else { return }
      themes[name] = Theme(index: index)
      chain.append(name)
      for parent in index.parents { follow(parent) }
    }
    if let theme { follow(theme) }
    for name in fallbacks { follow(name) }
    if let hicolor = readIndex("hicolor") { themes["hicolor"] = Theme(index: hicolor) }
    // hicolor is searched even when no index.theme names its directories.
    chain.append("hicolor")
  }

  /// The environment of this process, as a dictionary.
  public static var processEnvironment: [String: String] {
    var out: [String: String] = [:]
    var p = environ
    while let entry = p.pointee {
      let s = String(cString: entry)
      if let eq = s.firstIndex(of: "=") { out[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
      p += 1
    }
    return out
  }

  /// The file of icon `name` for `size` (logical pixels) at `scale`; nil
  /// when no theme and no pixmaps directory has it.
  public func find(_ name: String, size: Int, scale: Int) -> String? {
    if name.hasPrefix("/") { return isFile(name) ? name : nil }
    guard !name.isEmpty, !name.contains("/") else { return nil }
    for theme in chain {
      if let path = find(name, in: theme, size: size, scale: scale) { return path }
    }
    return pixmapFiles()[name]
  }

  private func find(_ name: String, in themeName: String, size: Int, scale: Int) -> String? {
    guard var theme = themes[themeName] else { return nil }
    if theme.files.isEmpty {
      theme.files = list(themeName, theme.index)
      themes[themeName] = theme
    }
    guard let hits = theme.files[name] else { return nil }
    let dirs = theme.index.directories
    if let exact = hits.first(where: { dirs[$0.directory].matches(size: size, scale: scale) }) { return exact.path }
    var best: (distance: Int, path: String)?
    for hit in hits {
      let d = dirs[hit.directory].distance(size: size, scale: scale)
      if best == nil || d < best!.distance { best = (d, hit.path) }
    }
    return best?.path
  }

  /// Every icon file of a theme, by name, in directory order (PNG before
  /// SVG within one directory).
  private func list(_ theme: String, _ index: IconThemeIndex) -> [String: [(directory: Int, path: String)]] {
    var files: [String: [(directory: Int, path: String)]] = [:]
    for (i, dir) in index.directories.enumerated() {
      for base in baseDirectories {
        let path = base + "/" + theme + "/" + dir.path
        for ext in [".png", ".svg"] {
          for file in entries(path) where file.hasSuffix(ext) {
            files[String(file.dropLast(4)), default: []].append((i, path + "/" + file))
          }
        }
      }
    }
    // An empty theme is listed once too.
    if files.isEmpty { files[""] = [] }
    return files
  }

  private func pixmapFiles() -> [String: String] {
    if let pixmaps { return pixmaps }
    var found: [String: String] = [:]
    for dir in pixmapDirectories {
      for ext in [".png", ".svg"] {
        for file in entries(dir) where file.hasSuffix(ext) {
          let name = String(file.dropLast(4))
          if found[name] == nil { found[name] = dir + "/" + file }
        }
      }
    }
    pixmaps = found
    return found
  }

  /// The first `index.theme` of `theme` under the base directories.
  private func readIndex(_ theme: String) -> IconThemeIndex? {
    for base in baseDirectories {
      if let text = IconFiles.read(base + "/" + theme + "/index.theme", limit: 1 << 22) {
        return IconThemeIndex(text: String(decoding: text, as: UTF8.self))
      }
    }
    return nil
  }

  private func entries(_ path: String) -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if !name.hasPrefix(".") { names.append(name) }
    }
    return names.sorted()
  }

  private func isFile(_ path: String) -> Bool {
    var s = stat()
    // Anything but a directory: a pipe is read as the file it passes on.
    return stat(path, &s) == 0 && (s.st_mode & S_IFMT) != S_IFDIR
  }
}

/// Reading a whole small file, and writing an icon as a PNG.
public enum IconFiles {
  /// The bytes of the file at `path`, or nil when it cannot be read or is
  /// larger than `limit`.
  static func read(_ path: String, limit: Int) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n >= 0 else { return nil }
      if n == 0 { return out }
      out += chunk[..<n]
      if out.count > limit { return nil }
    }
  }

  /// Writes `argb` (straight alpha, `width` × `height` words, row-major,
  /// as `_NET_WM_ICON` holds them) at `path` as a PNG through libpng;
  /// whether it did.
  public static func writePNG(path: String, width: Int, height: Int, argb: [UInt32]) -> Bool {
    guard width > 0, height > 0, argb.count == width * height else { return false }
    var rgba = [UInt8](repeating: 0, count: argb.count * 4)
    for (i, p) in argb.enumerated() {
      rgba[i * 4] = UInt8(truncatingIfNeeded: p >> 16)
      rgba[i * 4 + 1] = UInt8(truncatingIfNeeded: p >> 8)
      rgba[i * 4 + 2] = UInt8(truncatingIfNeeded: p)
      rgba[i * 4 + 3] = UInt8(truncatingIfNeeded: p >> 24)
    }
    var image = png_image()
    image.version = png_uint_32(PNG_IMAGE_VERSION)
    image.width = png_uint_32(width)
    image.height = png_uint_32(height)
    image.format = drawer_png_format_rgba
    return png_image_write_to_file(&image, path, 0, rgba, 0, nil) != 0
  }
}
