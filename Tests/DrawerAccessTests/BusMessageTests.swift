import CSystemd
import Glibc
import XCTest

@testable import DrawerAccess

/// Messages built a value at a time read back as D-Bus types, on a
/// connection over a socket pair that never leaves the process.
final class BusMessageTests: XCTestCase {
  private var bus: OpaquePointer!
  private var fds: [Int32] = [-1, -1]

  override func setUpWithError() throws {
    XCTAssertEqual(drawer_sd_bus_load(), 0, "libsystemd.so.0 loads")
    XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds), 0)
    var b: OpaquePointer?
    XCTAssertGreaterThanOrEqual(sd_bus_new(&b), 0)
    bus = try XCTUnwrap(b)
    XCTAssertGreaterThanOrEqual(sd_bus_set_fd(bus, fds[0], fds[0]), 0)
    // Started, it counts as open: messages can be made, never sent here.
    XCTAssertGreaterThanOrEqual(sd_bus_start(bus), 0)
  }

  override func tearDown() {
    sd_bus_close_unref(bus)
    close(fds[1])
  }

  private func signal(_ body: (inout MessageWriter) -> Void) throws -> OpaquePointer {
    var m: OpaquePointer?
    XCTAssertGreaterThanOrEqual(
      sd_bus_message_new_signal(bus, &m, "/org/a11y/atspi/accessible/list", "org.a11y.atspi.Event.Object", "X"), 0)
    let message = try XCTUnwrap(m)
    var w = MessageWriter(message)
    body(&w)
    XCTAssertFalse(w.failed)
    XCTAssertGreaterThanOrEqual(sd_bus_message_seal(message, 1, 0), 0)
    XCTAssertGreaterThanOrEqual(sd_bus_message_rewind(message, 1), 0)
    return message
  }

  func testAnEventBodyIsSiivaOfSv() throws {
    var m: OpaquePointer?
    XCTAssertGreaterThanOrEqual(
      sd_bus_message_new_signal(bus, &m, "/org/a11y/atspi/accessible/list", "org.a11y.atspi.Event.Object", "X"), 0)
    let message = try XCTUnwrap(m)
    defer { sd_bus_message_unref(message) }
    // The bridge's own writer, through a stand-in with the same unique name.
    var w = MessageWriter(message)
    writeEventBody(
      AccessibleSignal("list", "Object", "ActiveDescendantChanged", 2, data: .object("row/2")), bus: ":1.7", into: &w)
    XCTAssertFalse(w.failed)
    XCTAssertGreaterThanOrEqual(sd_bus_message_seal(message, 1, 0), 0)
    XCTAssertEqual(String(cString: sd_bus_message_get_signature(message, 1)), "siiva{sv}")
    XCTAssertGreaterThanOrEqual(sd_bus_message_rewind(message, 1), 0)
    let r = MessageReader(message)
    XCTAssertEqual(r.string(), "")
    XCTAssertEqual(r.int32(), 2)
    XCTAssertEqual(r.int32(), 0)
    XCTAssertTrue(r.enter("v", "(so)"))
    XCTAssertEqual(r.reference(), ObjectReference(bus: ":1.7", path: "/org/a11y/atspi/accessible/row/2"))
    r.exit()
    XCTAssertTrue(r.enter("a", "{sv}"))
  }

  func testTextAndStatesReadBack() throws {
    let message = try signal { w in
      w.string("naïve\0x")
      w.container("a", "u") { w in for word in atspiStateWords([.selected, .focused]) { w.uint32(word) } }
      w.bool(true)
    }
    defer { sd_bus_message_unref(message) }
    XCTAssertEqual(String(cString: sd_bus_message_get_signature(message, 1)), "saub")
    let r = MessageReader(message)
    XCTAssertEqual(r.string(), "naïvex", "a NUL cannot travel in a D-Bus string")
    XCTAssertTrue(r.enter("a", "u"))
    XCTAssertEqual(r.uint32(), 1 << 12 | 1 << 23)
    XCTAssertEqual(r.uint32(), 0)
    r.exit()
    XCTAssertEqual(r.bool(), true)
    XCTAssertNil(r.int32(), "past the end")
  }

  func testAWrongContainerIsReportedNotSent() throws {
    var m: OpaquePointer?
    XCTAssertGreaterThanOrEqual(sd_bus_message_new_signal(bus, &m, "/a", "b.c", "D"), 0)
    let message = try XCTUnwrap(m)
    defer { sd_bus_message_unref(message) }
    var w = MessageWriter(message)
    w.container("a", "u") { $0.string("not a u") }
    XCTAssertTrue(w.failed)
  }
}
