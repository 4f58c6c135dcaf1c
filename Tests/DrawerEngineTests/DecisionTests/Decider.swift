@testable import DrawerEngine

/// A delegate whose every decision is a closure a test sets; unset, each
/// falls back to the protocol's default, and every call is counted.
final class Decider: DrawerDelegate {
  var beginDrag: ((Point) -> Bool)?
  var target: ((Release, DetentName) -> DetentName)?
  var remove: ((Release, Bool) -> Bool)?
  var policy: (any ReleasePolicy)?
  var timing: ((DrawerMove) -> (any DrawerTiming)?)?
  var clamp: ((Double) -> Double)?
  var scroll: ((DetentName, Bool) -> Bool)?
  private(set) var calls: [String: Int] = [:]
  /// The moves the timing decision was asked about, oldest first.
  private(set) var moves: [DrawerMove] = []

  private func count(_ name: String) { calls[name, default: 0] += 1 }

  func drawer(_ drawer: Drawer, shouldBeginDragAt point: Point) -> Bool {
    count("beginDrag")
    return beginDrag?(point) ?? true
  }
  func drawer(_ drawer: Drawer, targetFor release: Release, proposed: DetentName) -> DetentName {
    count("target")
    return target?(release, proposed) ?? proposed
  }
  func drawer(_ drawer: Drawer, shouldRemoveFor release: Release, proposed: Bool) -> Bool {
    count("remove")
    return remove?(release, proposed) ?? proposed
  }
  func releasePolicy(for drawer: Drawer) -> (any ReleasePolicy)? {
    count("policy")
    return policy
  }
  func drawer(_ drawer: Drawer, timingFor move: DrawerMove) -> (any DrawerTiming)? {
    count("timing")
    moves.append(move)
    return timing?(move)
  }
  func drawer(_ drawer: Drawer, clampedExtent proposed: Double) -> Double {
    clamp?(proposed) ?? proposed
  }
  func drawer(_ drawer: Drawer, shouldAllowScrollAt detent: DetentName, proposed: Bool) -> Bool {
    count("scroll")
    return scroll?(detent, proposed) ?? proposed
  }
}

extension Driver {
  /// The drag events logged so far: began, ended and cancelled.
  var dragEvents: [DrawerEvent] {
    log.filter {
      switch $0 {
      case .dragBegan, .dragEnded, .dragCancelled: true
      default: false
      }
    }
  }
}
