import Glibc
import XCTest

@testable import DrawerLaunch

/// A private directory tree for one test, removed after it.
final class ScratchTree {
  let root: String

  init(_ test: XCTestCase) {
    var template = Array("/tmp/drawer-launch-XXXXXX".utf8CString)
    root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    let root = self.root
    test.addTeardownBlock { _ = system("rm -rf '\(root)'") }
  }

  /// Writes `text` at `relative`, making its directories; `mode` for scripts.
  @discardableResult
  func write(_ relative: String, _ text: String, mode: mode_t = 0o644) -> String {
    let path = root + "/" + relative
    var dir = ""
    for part in path.split(separator: "/").dropLast() {
      dir += "/" + part
      mkdir(dir, 0o755)
    }
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
    _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    close(fd)
    chmod(path, mode)
    return path
  }
}
