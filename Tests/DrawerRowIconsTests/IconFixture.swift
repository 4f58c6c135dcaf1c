import CPNG
import Glibc
import XCTest

/// A private icon tree in a temporary directory: themes with their
/// index.theme, PNG and SVG icons, and the environment that points at it.
final class IconFixture {
  let root: String

  init() {
    var template = Array("/tmp/drawer-icons-XXXXXX".utf8CString)
    root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
  }

  deinit { _ = system("rm -rf '\(root)'") }

  /// `XDG_DATA_HOME` is `root/home`, `XDG_DATA_DIRS` is `root/system`.
  var environment: [String: String] {
    ["HOME": root + "/user", "XDG_DATA_HOME": root + "/home", "XDG_DATA_DIRS": root + "/system"]
  }

  func write(_ relative: String, _ bytes: [UInt8]) {
    let path = root + "/" + relative
    _ = system("mkdir -p '\(path.split(separator: "/").dropLast().joined(separator: "/").withSlash)'")
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0)
    _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    close(fd)
  }

  func write(_ relative: String, _ text: String) { write(relative, Array(text.utf8)) }

  /// A theme's index.theme under `base` (`home` or `system`).
  func theme(_ name: String, base: String = "system", inherits: String? = nil, directories: [(String, String)]) {
    var text = "[Icon Theme]\nName=\(name)\nComment=test\n"
    if let inherits { text += "Inherits=\(inherits)\n" }
    text += "Directories=" + directories.map(\.0).joined(separator: ",") + "\n"
    for (dir, keys) in directories { text += "\n[\(dir)]\n\(keys)\n" }
    write("\(base)/icons/\(name)/index.theme", text)
  }

  /// A one-colour PNG of `size` px (straight RGBA).
  static func png(size: Int, rgba: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
    var image = png_image()
    image.version = png_uint_32(PNG_IMAGE_VERSION)
    image.width = png_uint_32(size)
    image.height = png_uint_32(size)
    image.format = drawer_png_format_rgba
    var pixels: [UInt8] = []
    for _ in 0..<(size * size) { pixels += [rgba.0, rgba.1, rgba.2, rgba.3] }
    var length: png_alloc_size_t = 0
    precondition(png_image_write_to_memory(&image, nil, &length, 0, pixels, 0, nil) != 0)
    var out = [UInt8](repeating: 0, count: Int(length))
    precondition(out.withUnsafeMutableBytes { png_image_write_to_memory(&image, $0.baseAddress, &length, 0, pixels, 0, nil) } != 0)
    return Array(out.prefix(Int(length)))
  }

  /// A square SVG filled with `color` (`#rrggbb`).
  static func svg(_ color: String) -> String {
    "<svg xmlns='http://www.w3.org/2000/svg' width='64' height='64'><rect width='64' height='64' fill='\(color)'/></svg>"
  }
}

extension String {
  fileprivate var withSlash: String { hasPrefix("/") ? self : "/" + self }
}
