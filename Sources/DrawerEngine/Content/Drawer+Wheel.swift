/// List scroll per wheel notch, px: three 16 px lines, the usual desktop step.
let wheelStep = 48.0

/// How far short of a whole notch a sum of fractions may fall and still
/// count as one, notches: ten 0.1 steps add up to 0.9999999999999999.
let wholeNotchTolerance = 1e-9

/// Fractions of wheel notches gathered until they make one whole notch,
/// which moves the panel one detent.
///
/// Smooth scrolling (a touchpad, a free-spinning wheel) sends notches in
/// small fractions; a detent move waits for a whole one. Scrolling the
/// other way starts the count again, so a hesitation never adds up to a
/// move in the direction given up.
struct WheelNotches: Hashable {
  /// Notches gathered so far, signed; less than one whole notch.
  private(set) var pending = 0.0

  /// Adds `steps`; returns +1 or −1 when a whole notch has gathered that
  /// way (and starts over), else 0.
  mutating func add(_ steps: Double) -> Int {
    if pending != 0 && (pending < 0) != (steps < 0) { pending = 0 }
    pending += steps
    guard abs(pending) >= 1 - wholeNotchTolerance else { return 0 }
    let direction = pending > 0 ? 1 : -1
    // A move swallows the notches beyond it: a fast spin moves one detent.
    pending = 0
    return direction
  }

  mutating func reset() { pending = 0 }
}

/// The wheel, both axes: it scrolls the list where the list scrolls, and
/// elsewhere moves the panel a detent per notch, never dismissing it.
extension Drawer {
  /// A vertical wheel at `p`: positive `steps` scroll down.
  ///
  /// Where the list scrolls at the current extent, over the list, it
  /// scrolls `steps` × `metrics.wheelStep` px (fractions scroll fractions
  /// of that). A bottom or top panel resting where its list does not
  /// scroll instead moves a detent per notch over the header or the list:
  /// up expands, like the Up key, and down collapses, never below the
  /// least expanded visible detent. A left or right panel's list scrolls
  /// across its axis, so there the vertical wheel only scrolls.
  func wheel(steps: Double, at p: Point) {
    guard steps.isFinite, steps != 0 else { return }
    let hit = region(at: p)
    guard hit != .outside else { return }
    if listScrolls(at: extent) || !layout.edge.isVertical {
      wheelNotches.reset()
      guard case .list = hit, listScrolls(at: extent), animation == nil else { return }
      momentum = nil
      scrollList(by: steps * configuration.metrics.wheelStep)
      return
    }
    moveByWheel(growth: -steps)
  }

  /// A horizontal wheel at `p`: positive `steps` scroll right.
  ///
  /// Over a left or right panel it moves a detent per notch, expanding
  /// when scrolled toward where the moving edge goes out (right for a left
  /// panel, left for a right one), never dismissing. Bottom and top panels
  /// ignore it.
  func horizontalWheel(steps: Double, at p: Point) {
    guard steps.isFinite, steps != 0 else { return }
    let outward: Double
    switch layout.edge {
    case .left: outward = 1
    case .right: outward = -1
    case .bottom, .top: return
    }
    guard region(at: p) != .outside else { return }
    moveByWheel(growth: outward * steps)
  }

  /// Gathers `growth` notches (positive expands) and moves one detent for
  /// each whole one, at rest only: while the panel moves or is held, the
  /// wheel is swallowed, so fast notches never stack moves.
  private func moveByWheel(growth: Double) {
    guard animation == nil, case .idle = gesture else {
      wheelNotches.reset()
      return
    }
    let notch = wheelNotches.add(growth)
    if notch > 0, let next = neighbour(of: rest, upward: true) {
      transition(to: next, velocity: 0, animated: true)
    } else if notch < 0, let next = neighbour(of: rest, upward: false), let least = leastExpanded, next >= least {
      transition(to: next, velocity: 0, animated: true)
    }
  }
}
