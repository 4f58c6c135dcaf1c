import CSystemd
import Glibc
import XCTest

@testable import DrawerAccess
@testable import DrawerProcess

/// A link whose peer stops reading: messages queue in sd-bus, and closing
/// waits at most the time it is given (sd_bus_flush would wait forever).
final class BusLinkTests: XCTestCase {
  private var peer: OpaquePointer?
  private var fds: [Int32] = [-1, -1]

  override func tearDown() {
    if let peer { sd_bus_close_unref(peer) }
  }

  /// A client link and a server connection over a socket pair, both
  /// processed until the client is authenticated and running.
  private func connectedLink() throws -> BusLink {
    XCTAssertEqual(drawer_sd_bus_load(), 0, "libsystemd.so.0 loads")
    XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds), 0)
    var c: OpaquePointer?
    var s: OpaquePointer?
    XCTAssertGreaterThanOrEqual(sd_bus_new(&c), 0)
    XCTAssertGreaterThanOrEqual(sd_bus_new(&s), 0)
    let client = try XCTUnwrap(c)
    peer = try XCTUnwrap(s)
    XCTAssertGreaterThanOrEqual(sd_bus_set_fd(client, fds[0], fds[0]), 0)
    XCTAssertGreaterThanOrEqual(sd_bus_set_fd(peer, fds[1], fds[1]), 0)
    var id = sd_id128_t()
    id.bytes.0 = 1
    XCTAssertGreaterThanOrEqual(sd_bus_set_server(peer, 1, id), 0)
    XCTAssertGreaterThanOrEqual(sd_bus_start(peer), 0)
    XCTAssertGreaterThanOrEqual(sd_bus_start(client), 0)
    let link = BusLink(bus: client, readyDeadline: monotonicSeconds() + 5)
    let deadline = monotonicSeconds() + 5
    while !link.isReady {
      XCTAssertNil(link.process())
      XCTAssertGreaterThanOrEqual(sd_bus_process(peer, nil), 0)
      guard monotonicSeconds() < deadline else {
        XCTFail("the pair did not authenticate within 5 s")
        break
      }
      var pfd = [
        pollfd(fd: fds[0], events: Int16(POLLIN | POLLOUT), revents: 0),
        pollfd(fd: fds[1], events: Int16(POLLIN), revents: 0),
      ]
      _ = poll(&pfd, 2, 20)
    }
    return link
  }

  func testClosingAnUnreadQueueWaitsOnlyTheTimeGiven() throws {
    let link = try connectedLink()
    // The peer is never processed again: after the socket's buffer, each
    // message waits in sd-bus.
    let payload = String(repeating: "x", count: 60_000)
    var sent = 0
    while link.queuedWrites == 0 && sent < 5000 {
      var m: OpaquePointer?
      XCTAssertGreaterThanOrEqual(
        sd_bus_message_new_signal(link.bus, &m, "/org/a11y/atspi/accessible/root", "org.a11y.atspi.Event.Object", "X"), 0)
      let message = try XCTUnwrap(m)
      var w = MessageWriter(message)
      w.string(payload)
      XCTAssertGreaterThanOrEqual(sd_bus_send(link.bus, message, nil), 0)
      sd_bus_message_unref(message)
      sent += 1
      XCTAssertNil(link.process())
    }
    XCTAssertGreaterThan(link.queuedWrites, 0, "\(sent) messages never filled the socket")
    let start = monotonicSeconds()
    link.close(flushingFor: 0.1)
    XCTAssertLessThan(monotonicSeconds() - start, 0.5)
  }

  func testANewLinkIsNotReadyAndWakesAtItsDeadline() throws {
    XCTAssertEqual(drawer_sd_bus_load(), 0)
    XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds), 0)
    var c: OpaquePointer?
    XCTAssertGreaterThanOrEqual(sd_bus_new(&c), 0)
    let client = try XCTUnwrap(c)
    XCTAssertGreaterThanOrEqual(sd_bus_set_fd(client, fds[0], fds[0]), 0)
    XCTAssertGreaterThanOrEqual(sd_bus_start(client), 0)
    let deadline = monotonicSeconds() + 1
    let link = BusLink(bus: client, readyDeadline: deadline)
    // Nobody answers the authentication: sd-bus alone would wake in 90 s.
    XCTAssertNil(link.process())
    XCTAssertFalse(link.isReady)
    XCTAssertNil(link.uniqueName)
    XCTAssertEqual(try XCTUnwrap(link.wakeTime), deadline, accuracy: 1e-6)
    link.close(flushingFor: 1)
    close(fds[1])
  }
}
