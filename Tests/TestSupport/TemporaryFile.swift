import Glibc
import XCTest

/// A file with `bytes` in a fresh temporary directory, removed at the end
/// of the test.
public func temporaryFile(_ bytes: [UInt8], in test: XCTestCase) -> String {
  var template = Array("/tmp/drawer-host-XXXXXX".utf8CString)
  let dir = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
  let path = dir + "/items.txt"
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  precondition(fd >= 0)
  bytes.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
  close(fd)
  test.addTeardownBlock {
    unlink(path)
    rmdir(dir)
  }
  return path
}

/// Whether `text` holds a byte a terminal would act on.
public func hasControlCharacters(_ text: String) -> Bool {
  text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
}
