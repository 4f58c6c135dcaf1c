import Glibc
import TestSupport
import XCTest

@testable import DrawerHost
@testable import DrawerProcess

/// How an embedded client's process group is ended (Embed/ClientGroup.swift):
/// the schedule alone, then real groups.
final class ClientGroupTests: XCTestCase {
  func testSigtermFirstThenSigkillAfterTheGracePeriodThenABoundedWait() {
    var ending = GroupEnding()
    XCTAssertEqual(ending.next(now: 10, groupRemains: true), .signal(SIGTERM))
    XCTAssertEqual(ending.next(now: 10, groupRemains: true), .wait(until: 12))
    XCTAssertEqual(ending.next(now: 11.99, groupRemains: true), .wait(until: 12))
    XCTAssertEqual(ending.next(now: 12, groupRemains: true), .signal(SIGKILL))
    XCTAssertEqual(ending.next(now: 12.1, groupRemains: true), .wait(until: 12.5))
    XCTAssertEqual(ending.next(now: 12.5, groupRemains: true), .givenUp)
    XCTAssertEqual(GroupEnding.gracePeriod, 2)
    XCTAssertEqual(GroupEnding.longest, 2.5)
  }

  func testAGroupThatEndsIsNeverSignalledAgain() {
    var gone = GroupEnding()
    XCTAssertEqual(gone.next(now: 0, groupRemains: false), .ended, "no SIGTERM to a group already gone")
    XCTAssertNil(gone.terminatedAt)
    var ending = GroupEnding()
    XCTAssertEqual(ending.next(now: 0, groupRemains: true), .signal(SIGTERM))
    XCTAssertEqual(ending.next(now: 1, groupRemains: false), .ended)
    XCTAssertNil(ending.killedAt, "no SIGKILL once SIGTERM did it")
  }

  /// However late each look comes (a loaded machine), every step is due and
  /// the ending is over within its bound past the last look.
  func testSeededLateLooksStillEndWithinTheBound() {
    var random = SplitMix64(seed: 0x6772_6f75_70)
    for _ in 0..<200 {
      var ending = GroupEnding()
      var now = Double(random.next() % 1000) / 10
      var signals: [Int32] = []
      var step = ending.next(now: now, groupRemains: true)
      var looks = 0
      while true {
        if case .signal(let number) = step { signals.append(number) }
        if step == .givenUp || step == .ended { break }
        now += Double(random.next() % 700) / 1000
        looks += 1
        XCTAssertLessThan(looks, 100)
        step = ending.next(now: now, groupRemains: true)
      }
      XCTAssertEqual(signals, [SIGTERM, SIGKILL])
      XCTAssertEqual(step, .givenUp)
      let terminated = ending.terminatedAt ?? .nan
      XCTAssertGreaterThanOrEqual((ending.killedAt ?? .nan) - terminated, GroupEnding.gracePeriod)
    }
  }

  func testAGroupThatTakesSigtermEndsAtOnce() throws {
    let leader = try spawnGroup("exec sleep 100")
    let start = monotonicSeconds()
    ClientGroup(leader: leader).end()
    XCTAssertLessThan(monotonicSeconds() - start, GroupEnding.gracePeriod)
    XCTAssertEqual(kill(-leader, 0), -1)
    XCTAssertEqual(errno, ESRCH)
  }

  func testAGroupThatIgnoresSigtermIsKilledAfterTheGracePeriod() throws {
    // An ignored signal stays ignored across exec.
    let leader = try spawnGroup("trap '' TERM; exec sleep 100")
    let start = monotonicSeconds()
    let group = ClientGroup(leader: leader)
    group.terminate(now: start)
    group.end()
    let took = monotonicSeconds() - start
    XCTAssertGreaterThanOrEqual(took, GroupEnding.gracePeriod)
    XCTAssertLessThan(took, GroupEnding.longest + 0.5)
    XCTAssertEqual(kill(-leader, 0), -1)
    XCTAssertEqual(errno, ESRCH)
  }

  /// Starts `/bin/sh -c line` as the leader of a new process group.
  private func spawnGroup(_ line: String) throws -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sh"), strdup("-c"), strdup(line), nil]
    defer { for p in argv { free(p) } }
    let result = posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, environ)
    guard result == 0 else { throw XCTSkip("cannot start /bin/sh: \(result)") }
    // The shell has set its trap once it runs sleep: its name says so.
    let deadline = monotonicSeconds() + 5
    while processName(pid) != "sleep\n" {
      guard monotonicSeconds() < deadline else { break }
      var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
      _ = nanosleep(&pause, nil)
    }
    return pid
  }
}

/// A process's name, from /proc (no Foundation); nil once it is gone.
private func processName(_ pid: pid_t) -> String? {
  guard let file = fopen("/proc/\(pid)/comm", "r") else { return nil }
  defer { fclose(file) }
  var buffer = [UInt8](repeating: 0, count: 64)
  let count = fread(&buffer, 1, buffer.count, file)
  return String(decoding: buffer.prefix(count), as: UTF8.self)
}
