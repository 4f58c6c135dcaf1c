import DrawerEngine
import XCTest

@testable import DrawerDesktop
@testable import DrawerHost
@testable import DrawerScripting

/// Reduced motion following the desktop's XSETTINGS while the program
/// runs, without X: the front end hands over each new set of settings.
final class HostSessionMotionTests: XCTestCase {
  /// The `moved` lines of a move to full and back to partial: one per
  /// frame of a slide, one a move when each lands at once.
  private func movesOfAnExpansion(_ session: HostSession, _ outputs: SessionOutputs) -> Int {
    let before = outputs.lines("moved").count
    for target in [DetentName.fullyExpanded, .partiallyExpanded] {
      session.feed(.request(.move(to: target, animated: true), time: session.time + HostSession.frameInterval))
      session.settle()
    }
    return outputs.lines("moved").count - before
  }

  private func session(_ outputs: SessionOutputs, _ flags: [String] = []) throws -> HostSession {
    let session = try makeSession(["--report-moves", "--events"] + flags, outputs: outputs)
    session.reportReady(window: 1, width: 800, height: 600)
    session.settle()
    return session
  }

  func testTheDesktopsReduceAnimationIsFollowedBothWays() throws {
    let outputs = SessionOutputs()
    let session = try session(outputs)
    session.followsDesktopMotion = true
    XCTAssertGreaterThan(movesOfAnExpansion(session, outputs), 6, "it slides")
    session.desktopSettingsChanged(XSettings(enableAnimations: false), now: session.time)
    XCTAssertTrue(session.host.reducesMotion)
    XCTAssertEqual(movesOfAnExpansion(session, outputs), 2, "each move lands at once")
    // Animations on again, or the manager gone: it slides again.
    session.desktopSettingsChanged(XSettings(enableAnimations: true), now: session.time)
    XCTAssertGreaterThan(movesOfAnExpansion(session, outputs), 6)
    session.desktopSettingsChanged(XSettings(enableAnimations: false), now: session.time)
    session.desktopSettingsChanged(nil, now: session.time)
    XCTAssertFalse(session.host.reducesMotion)
    session.desktopSettingsChanged(XSettings(themeName: "Adwaita"), now: session.time)
    XCTAssertFalse(session.host.reducesMotion, "a manager that says nothing of it")
  }

  /// --reduced-motion fixes it: the desktop asking for animations
  /// changes nothing.
  func testTheFlagIsNotOverruled() throws {
    let outputs = SessionOutputs()
    let session = try session(outputs, ["--reduced-motion"])
    session.followsDesktopMotion = false
    session.desktopSettingsChanged(XSettings(enableAnimations: true), now: session.time)
    XCTAssertTrue(session.host.reducesMotion)
    XCTAssertEqual(movesOfAnExpansion(session, outputs), 2)
  }

  /// The change reaches an open detail and each one opened later, and a
  /// trace keeps it: a replay of the run slides and lands where it did.
  func testTheChangeReachesTheDetailAndTheTrace() throws {
    var lines: [String] = []
    var c = DrawerConfiguration()
    c.rowCount = 5
    let host = try PanelHost(
      configuration: c, scale: 1, containerSize: Size(width: 800, height: 600), textMetrics: FixedTextMetrics(),
      time: 0, recording: ([], { lines.append($0) }))
    _ = host.feed(.request(.present(animated: false), time: 0))
    host.feed(.pushDetail(row: 0, lines: 3), time: 0.1)
    host.setReducesMotion(true, time: 0.2)
    XCTAssertEqual(host.stack.detail?.reducesMotion, true)
    XCTAssertEqual(host.stack.detailConfiguration.reducesMotion, true)
    XCTAssertEqual(host.logicalDetailConfiguration.reducesMotion, true)
    XCTAssertEqual(lines.last, #"{"t":0.2,"in":"motion","reduced":true}"#)
    XCTAssertEqual(Trace.step(lines.last!), .motion(reduced: true, time: 0.2))
    host.setReducesMotion(true, time: 0.3)
    XCTAssertEqual(lines.count, 4, "no step for no change")
  }
}
