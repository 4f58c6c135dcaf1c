import TestSupport
import XCTest

@testable import DrawerAccess

/// Only `unix:` socket addresses are taken from the root window or the
/// bus launcher: anything sd-bus would run, resolve or dial is refused.
final class BusAddressTests: XCTestCase {
  func testUnixSocketAddressesAreAccepted() {
    for address in [
      "unix:path=/run/user/1000/at-spi/bus",
      "unix:abstract=/tmp/dbus-Xa1b2C3",
      "unix:path=/tmp/at-spi/bus_0,guid=0123456789abcdef0123456789ABCDEF",
      "unix:guid=0123456789abcdef0123456789abcdef,abstract=/tmp/dbus-x",
      "unix:path=/tmp/with%20space",
      "unix:path=/a/b;unix:abstract=/c",
    ] {
      XCTAssertNil(busAddressProblem(address), address)
    }
  }

  func testOtherTransportsAreRefused() {
    for address in [
      "unixexec:path=/bin/sh,argv1=-c,argv2=touch%20/tmp/x",
      "tcp:host=example.org,port=4000",
      "nonce-tcp:host=localhost,port=4000,noncefile=/tmp/n",
      "autolaunch:",
      "launchd:env=DBUS_LAUNCHD_SESSION_BUS_SOCKET",
      "systemd:",
      "UNIX:path=/a",
    ] {
      let problem = busAddressProblem(address)
      XCTAssertNotNil(problem, address)
      XCTAssertTrue(problem?.contains("only unix:") == true, "\(address): \(problem ?? "")")
    }
  }

  func testAnyNonUnixEntryRefusesTheWhole() {
    for address in ["unix:path=/a;unixexec:path=/bin/sh", "unixexec:path=/bin/sh;unix:path=/a", "unix:path=/a;tcp:host=h"] {
      XCTAssertNotNil(busAddressProblem(address), address)
    }
  }

  func testMalformedUnixAddressesAreRefused() {
    let refused = [
      "",
      "unix:",
      "unix:path=",
      "unix:path=/a,abstract=/b",
      "unix:path=/a,path=/b",
      "unix:guid=0123456789abcdef0123456789abcdef",
      "unix:path=/a,guid=xyz",
      "unix:path=/a,guid=0123456789abcdef0123456789abcdef00",
      "unix:runtime=yes",
      "unix:tmpdir=/tmp",
      "unix:path=/a,",
      "unix:path",
      "unix:path=/a b",
      "unix:path=/a%2",
      "unix:path=/a%zz",
      "unix:path=/a\n",
      "unix:path=/a\u{0}b",
      "unix:path=/a;",
      ";unix:path=/a",
      "path=/a",
      "unix:path=/" + String(repeating: "a", count: 5000),
    ]
    for address in refused {
      XCTAssertNotNil(busAddressProblem(address), address.debugDescription)
    }
  }

  func testTheProblemIsOneShortLine() throws {
    let problem = try XCTUnwrap(busAddressProblem("unixexec\u{1b}[31m" + String(repeating: "x", count: 200) + ":path=/bin/sh"))
    XCTAssertFalse(problem.contains("\n"))
    XCTAssertFalse(problem.contains("\u{1b}"))
    XCTAssertLessThan(problem.count, 120, problem)
  }

  /// Seeded random strings: never a crash, and nothing accepted that is
  /// not made of unix: entries.
  func testRandomAddressesNeverPassWithoutUnix() {
    var rng = SplitMix64(seed: 0xA7_5B_05)
    let pieces = ["unix", "unixexec", "tcp", ":", ";", ",", "=", "path", "abstract", "guid", "/tmp", "%41", "%", "x", "\u{0}", " "]
    for _ in 0..<3000 {
      let count = Int(rng.next() % 10)
      let address = (0..<count).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
      if busAddressProblem(address) == nil {
        for entry in address.split(separator: ";", omittingEmptySubsequences: false) {
          XCTAssertTrue(entry.hasPrefix("unix:"), address.debugDescription)
        }
      }
    }
  }
}
