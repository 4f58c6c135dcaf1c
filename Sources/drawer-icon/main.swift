import DrawerIcon
import DrawerWindowIcon
import Glibc

// drawer-icon DIR [SIZE...]: writes the application icon under DIR in the
// layout of a hicolor icon theme: DIR/scalable/drawer-x11.svg and, for each
// SIZE (48 and 128 when none is given), DIR/SIZExSIZE/drawer-x11.png.
// drawer-icon --window-icon FILE: writes the window icon's pixels as the
// Swift source FILE (WindowIconData.swift, see StoredIcon.swift). The
// drawing is `AppIcon`, in DrawerIcon, and libpng writes the PNGs; this
// file is the process around them.
// `make icons` runs it to regenerate Packaging/icons and the stored icon.

/// Exit statuses from sysexits.h.
let exitUsage: Int32 = 64  // EX_USAGE: the command line is wrong
let exitSoftware: Int32 = 70  // EX_SOFTWARE: libpng failed to encode
let exitCannotCreate: Int32 = 73  // EX_CANTCREAT: an output cannot be written

let defaultSizes = [48, 128]
/// The largest size written, px: more is no icon, and a typo's 10 GB.
let maximumSize = 1024
let iconName = "drawer-x11"
let usage =
  "usage: drawer-icon DIR [SIZE...]  (SIZE 1...\(maximumSize) px; 48 and 128 when none)\n       drawer-icon --window-icon FILE"

/// Prints `message` as one line on standard error, after the program's
/// name unless it is the usage line, and exits with `status`.
func fail(_ message: String, _ status: Int32) -> Never {
  // write(2) on descriptor 2, not fputs to `stderr`: Swift 6 treats C's
  // global FILE pointer as unsafe shared state.
  let line = Array((message == usage ? usage : "drawer-icon: \(message)").utf8 + [0x0A])
  _ = line.withUnsafeBufferPointer { Glibc.write(2, $0.baseAddress, $0.count) }
  exit(status)
}

/// Creates `path` and any missing parent, like mkdir -p.
func makeDirectories(_ path: String) {
  var prefix = path.hasPrefix("/") ? "/" : ""
  for part in path.split(separator: "/") {
    prefix += prefix.isEmpty || prefix.hasSuffix("/") ? part : "/" + part
    if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
      fail("cannot create \(prefix): \(String(cString: strerror(errno)))", exitCannotCreate)
    }
  }
}

/// Writes `bytes` to `path`, replacing it.
func writeFile(_ bytes: [UInt8], to path: String) {
  guard let file = fopen(path, "wb") else {
    fail("cannot write \(path): \(String(cString: strerror(errno)))", exitCannotCreate)
  }
  let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
  if fclose(file) != 0 || written != bytes.count {
    fail("cannot write \(path): \(String(cString: strerror(errno)))", exitCannotCreate)
  }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["-h"] || arguments == ["--help"] {
  print(usage)
  exit(0)
}
if arguments.first == "--window-icon" {
  guard arguments.count == 2, !arguments[1].isEmpty else { fail(usage, exitUsage) }
  writeFile(Array(WindowIcon.source(AppIcon.windowIcon()).utf8), to: arguments[1])
  exit(0)
}
guard let directory = arguments.first, !directory.isEmpty, !directory.hasPrefix("-") else {
  fail(usage, exitUsage)
}
var sizes: [Int] = []
for word in arguments.dropFirst() {
  guard let size = Int(word), (1...maximumSize).contains(size) else { fail(usage, exitUsage) }
  sizes.append(size)
}
if sizes.isEmpty { sizes = defaultSizes }

makeDirectories(directory + "/scalable")
writeFile(Array(AppIcon.svg.utf8), to: "\(directory)/scalable/\(iconName).svg")
for size in sizes {
  let folder = "\(directory)/\(size)x\(size)"
  makeDirectories(folder)
  do {
    writeFile(try AppIcon.png(size: size), to: "\(folder)/\(iconName).png")
  } catch {
    fail("cannot encode the \(size) px PNG: \(error)", exitSoftware)
  }
}
