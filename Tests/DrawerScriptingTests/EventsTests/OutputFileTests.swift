import Glibc
import XCTest

@testable import DrawerScripting

/// Output files that never wait in open(2) (OutputFile.swift).
final class OutputFileTests: XCTestCase {
  private func temporaryDirectory() -> String {
    var template = Array("/tmp/drawer-output-XXXXXX".utf8CString)
    let dir = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    addTeardownBlock {
      for name in ["fifo", "file"] { unlink(dir + "/" + name) }
      rmdir(dir)
    }
    return dir
  }

  /// A FIFO nobody reads fails at once; blocking, the open would never
  /// return and the suite would hang here.
  func testAFIFOWithoutAReaderFailsAtOnce() {
    let path = temporaryDirectory() + "/fifo"
    XCTAssertEqual(mkfifo(path, 0o600), 0)
    XCTAssertThrowsError(try createOutputFile(path)) { error in
      XCTAssertEqual(
        error as? OutputFileError, OutputFileError(reason: "it is a FIFO that no process reads (start its reader first)"))
    }
  }

  func testAFIFOWithAReaderOpensBlocking() throws {
    let path = temporaryDirectory() + "/fifo"
    XCTAssertEqual(mkfifo(path, 0o600), 0)
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    XCTAssertGreaterThanOrEqual(reader, 0)
    defer { close(reader) }
    let fd = try createOutputFile(path)
    defer { close(fd) }
    XCTAssertEqual(fcntl(fd, F_GETFL) & O_NONBLOCK, 0)
    XCTAssertEqual(write(fd, "x\n", 2), 2)
    var got = [UInt8](repeating: 0, count: 4)
    XCTAssertEqual(read(reader, &got, 4), 2)
  }

  func testAFileIsCreatedOrTruncated() throws {
    let path = temporaryDirectory() + "/file"
    var fd = try createOutputFile(path)
    XCTAssertEqual(write(fd, "old text", 8), 8)
    close(fd)
    fd = try createOutputFile(path)
    close(fd)
    var info = stat()
    XCTAssertEqual(stat(path, &info), 0)
    XCTAssertEqual(info.st_size, 0)
    XCTAssertThrowsError(try createOutputFile("/nonexistent/dir/file"))
  }
}
