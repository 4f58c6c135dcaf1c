@testable import DrawerEngine

/// Drives an engine with a clock of its own, the way a front end would.
final class Driver {
  /// Replaced by `reconfigure`, as a front end replaces its engine.
  private(set) var engine: Drawer
  private(set) var time = 0.0
  /// Every event drained so far, oldest first.
  private(set) var log: [DrawerEvent] = []

  init(_ configure: (inout DrawerConfiguration) -> Void = { _ in }, size: Size = Size(width: 800, height: 600), present: Bool = true) {
    var c = DrawerConfiguration()
    configure(&c)
    engine = try! Drawer(configuration: c, containerSize: size, textMetrics: FixedTextMetrics(), time: 0)
    if present {
      send(.request(.present(animated: false), time: time))
    }
  }

  var top: Double { engine.drawerTop }
  var state: DetentName? { engine.state }
  var layout: PanelLayout { engine.layout }
  var model: DrawerRenderModel { engine.renderModel }

  /// Events since the last call.
  @discardableResult
  func drain() -> [DrawerEvent] {
    var out: [DrawerEvent] = []
    while let e = engine.nextEvent() { out.append(e) }
    log += out
    return out
  }

  func send(_ input: DrawerInput) {
    engine.handle(input)
    drain()
  }

  func wait(_ seconds: Double) {
    time += seconds
    engine.advance(to: time)
    drain()
  }

  /// Advances in 60 Hz frames until nothing animates; fails the caller's
  /// expectations by returning false after `limit` seconds.
  @discardableResult
  func settle(limit: Double = 20) -> Bool {
    let end = time + limit
    while engine.isAnimating && time < end { wait(1.0 / 60) }
    return !engine.isAnimating
  }

  func press(_ x: Double, _ y: Double) {
    send(.pointerDown(Point(x: x, y: y), button: .primary, time: time))
  }

  func move(_ x: Double, _ y: Double, after dt: Double = 0.01) {
    time += dt
    send(.pointerMove(Point(x: x, y: y), time: time))
  }

  func release(_ x: Double, _ y: Double, after dt: Double = 0.01) {
    time += dt
    send(.pointerUp(Point(x: x, y: y), button: .primary, time: time))
  }

  /// Presses at `from`, moves in `steps` equal steps over `duration` seconds
  /// to `to`, holds still for `hold` seconds, and releases.
  func drag(from: Point, to: Point, duration: Double, steps: Int = 20, hold: Double = 0) {
    press(from.x, from.y)
    for i in 1...steps {
      let f = Double(i) / Double(steps)
      move(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f, after: duration / Double(steps))
    }
    release(to.x, to.y, after: hold > 0 ? hold : 0.001)
  }

  func click(_ x: Double, _ y: Double, after dt: Double = 0.05) {
    time += dt
    press(x, y)
    release(x, y, after: 0.05)
  }

  func key(_ k: DrawerKey) { send(.key(k, time: time)) }

  /// Puts the engine `Drawer.reconfigured` makes in the old one's place.
  func reconfigure(_ c: DrawerConfiguration, textMetrics: any TextMeasuring, samePixels: Bool = false) throws {
    engine = try engine.reconfigured(c, textMetrics: textMetrics, time: time, samePixels: samePixels)
  }

  /// Puts the engine `Drawer.replacingLayout` makes in the old one's place.
  func replaceLayout(_ change: (inout DrawerConfiguration) -> Void) throws {
    engine = try engine.replacingLayout(time: time, change)
  }

  /// The target of the last dragEnded event, if any.
  var lastDragEnd: (velocity: Double, target: DetentName, rule: ReleaseRule)? {
    for e in log.reversed() {
      if case let .dragEnded(v, t, r) = e { return (v, t, r) }
    }
    return nil
  }

  var didTransitions: [(DetentName, DetentName, Bool)] {
    log.compactMap { if case let .didTransition(f, t, i) = $0 { (f, t, i) } else { nil } }
  }
}
