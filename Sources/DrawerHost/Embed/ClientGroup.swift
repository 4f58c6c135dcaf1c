import DrawerProcess
import Glibc

/// The schedule that ends an embedded client's process group: SIGTERM
/// first, SIGKILL for whatever is left once the grace period is over, then
/// a short wait for the killed processes to go.
///
/// Pure: the caller says the time and whether any process of the group
/// remains, and carries out each step. A group already gone is never
/// signalled: its id may belong to someone else by then.
public struct GroupEnding: Equatable, Sendable {
  /// How long the group has after SIGTERM before it gets SIGKILL, s.
  public static let gracePeriod = 2.0
  /// How long the processes SIGKILL ended are waited for, s: the kernel
  /// ends them at once, and one stuck in an uninterruptible sleep is not
  /// worth holding the exit for.
  public static let killWait = 0.5

  /// What to do next.
  public enum Step: Equatable, Sendable {
    /// Send this signal to the group.
    case signal(Int32)
    /// Wait, reaping what ends, until this time at most.
    case wait(until: Double)
    /// No process of the group remains.
    case ended
    /// Processes remain after SIGKILL and its wait: the exit goes on.
    case givenUp
  }

  /// When SIGTERM was sent, if it was.
  public private(set) var terminatedAt: Double?
  /// When SIGKILL was sent, if it was.
  public private(set) var killedAt: Double?

  /// A schedule not started: no signal sent yet.
  public init() {}

  /// The step at `now`, for a group that still has a process when
  /// `groupRemains`.
  public mutating func next(now: Double, groupRemains: Bool) -> Step {
    guard groupRemains else { return .ended }
    guard let terminatedAt else {
      terminatedAt = now
      return .signal(SIGTERM)
    }
    guard let killedAt else {
      if now < terminatedAt + GroupEnding.gracePeriod { return .wait(until: terminatedAt + GroupEnding.gracePeriod) }
      killedAt = now
      return .signal(SIGKILL)
    }
    if now < killedAt + GroupEnding.killWait { return .wait(until: killedAt + GroupEnding.killWait) }
    return .givenUp
  }

  /// The longest the whole ending takes from its SIGTERM, s.
  public static var longest: Double { gracePeriod + killWait }
}

/// The process group an embedded client runs in (the shell --embed starts,
/// and whatever it starts), ended whole however the program ends: its
/// processes get SIGTERM, and SIGKILL after `GroupEnding.gracePeriod`.
///
/// The program is the group's subreaper (set by whoever starts the group),
/// so the group's orphans are its children: it reaps them as they end
/// (`forgetIfGone` after each), and here at the end, which both tells it
/// when the group is gone and keeps the group's id from being reused while
/// a process of it remains.
public final class ClientGroup {
  /// The group's id: its leader's process id.
  public let id: pid_t
  private var ending = GroupEnding()
  private var over = false

  /// Groups not yet ended, for `endAll` at exit.
  nonisolated(unsafe) private static var live: [ClientGroup] = []

  /// The group led by `leader`, remembered until it is ended.
  public init(leader: pid_t) {
    id = leader
    ClientGroup.live.append(self)
  }

  /// Asks the group to end (SIGTERM) without waiting for it; `end` or
  /// `endAll` finishes the job.
  public func terminate(now: Double) {
    guard !over, ending.terminatedAt == nil else { return }
    _ = carryOut(now: now)
  }

  /// Forgets the group once no process of it is left, after its last was
  /// reaped: its id may then be reused by another group, which the exit
  /// must not signal.
  public func forgetIfGone() {
    guard !over, !remains() else { return }
    over = true
    ClientGroup.live.removeAll { $0 === self }
  }

  /// Ends the group, waiting at most `GroupEnding.longest` from its SIGTERM.
  public func end() {
    while !over {
      guard case .wait(let until) = carryOut(now: monotonicSeconds()) else { continue }
      pause(until - monotonicSeconds())
    }
    ClientGroup.live.removeAll { $0 === self }
  }

  /// Ends every group still running: what every exit of the program does
  /// first.
  public static func endAll() {
    for group in live { group.end() }
  }

  /// Reaps what ended, takes the schedule's step at `now` and carries it
  /// out; returns it.
  private func carryOut(now: Double) -> GroupEnding.Step {
    reap()
    let step = ending.next(now: now, groupRemains: remains())
    switch step {
    case .signal(let number): kill(-id, number)
    case .ended, .givenUp: over = true
    case .wait: break
    }
    return step
  }

  /// Whether any process of the group is left, a zombie not yet reaped
  /// included; one the program may not signal counts.
  private func remains() -> Bool { kill(-id, 0) == 0 || errno == EPERM }

  /// Reaps the group's processes that ended and are the program's children.
  private func reap() {
    var status: Int32 = 0
    while waitpid(-id, &status, WNOHANG) > 0 {}
  }

  /// Sleeps for `seconds` at most, in short slices: nothing wakes the
  /// program when a grandchild ends, so the group is looked at again often.
  private func pause(_ seconds: Double) {
    let slice = max(0, min(seconds, 0.01))
    var request = timespec(tv_sec: 0, tv_nsec: Int(slice * 1e9))
    _ = nanosleep(&request, nil)
  }
}
