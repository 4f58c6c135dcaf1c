import TestSupport
import XCTest

@testable import DrawerEngine

/// Random input sequences from fixed seeds, checked against the invariants
/// every front end relies on.
final class DrawerEnginePropertyTests: XCTestCase {
  static let seeds: [UInt64] = Array(1...60)
  static let inputsPerRun = 400

  func randomConfiguration(_ rng: inout SplitMix64) -> DrawerConfiguration {
    var c = DrawerConfiguration()
    c.heightOfPartiallyExpandedDrawer = Double.random(in: 0...700, using: &rng)
    c.heightOfCollapsedDrawer = Bool.random(using: &rng) ? 0 : Double.random(in: 0...c.heightOfPartiallyExpandedDrawer * 0.9, using: &rng)
    c.supportsPartialExpansion = Int.random(in: 0..<4, using: &rng) != 0
    c.dismissesInStages = Bool.random(using: &rng)
    c.isDrawerDraggable = Int.random(in: 0..<5, using: &rng) != 0
    c.durationIsProportionalToDistanceTraveled = Bool.random(using: &rng)
    c.totalDurationInSeconds = [0, 0.05, 0.4, 1.5].randomElement(using: &rng)!
    c.timingCurve = [
      .drawerKitDefault, .linear, .easeInOut, .spring(dampingRatio: 0.3, response: 0.4),
      .spring(dampingRatio: 1, response: nil), .cubicBezier(x1: 0.9, y1: -0.8, x2: 0.1, y2: 1.9),
    ].randomElement(using: &rng)!
    c.fullExpansionBehaviour = [.coversFullScreen, .doesNotCoverStatusBar, .leavesCustomGap(120)].randomElement(using: &rng)!
    c.numberOfTapsForFullDrawerPresentation = Int.random(in: 0...2, using: &rng)
    c.numberOfTapsForOutsideDrawerDismissal = Int.random(in: 0...2, using: &rng)
    c.flickSpeedThreshold = [0, 1, 3].randomElement(using: &rng)!
    c.listScrollsInAllStates = Int.random(in: 0..<4, using: &rng) == 0
    c.rowCount = [0, 3, 200, 1_000_000].randomElement(using: &rng)!
    c.cornerAnimationOption = [.maximumAtPartialY, .alwaysShowBelowStatusBar, .none].randomElement(using: &rng)!
    c.debugMode = Bool.random(using: &rng)
    if c.heightOfCollapsedDrawer >= c.heightOfPartiallyExpandedDrawer { c.heightOfCollapsedDrawer = 0 }
    c.releasePolicy = [
      .drawerKit, .projection(allowsSkipping: false, removalRate: 5.5), .projection(allowsSkipping: true, removalRate: 2),
      .nearest,
    ].randomElement(using: &rng)!
    c.overdrag = [.clamp, .follow, .rubberBand(.floatingPanel), .rubberBand(.overlayContainer(factor: 0.5))]
      .randomElement(using: &rng)!
    c.allowsRemoval = Int.random(in: 0..<3, using: &rng) != 0
    c.edge = Edge.allCases.randomElement(using: &rng)!
    c.reportsMoves = Bool.random(using: &rng)
    c.passthrough = Int.random(in: 0..<4, using: &rng) == 0
    if Bool.random(using: &rng) {
      // A random detent set: one to five detents of every anchor kind,
      // random backdrops, scrolling and enabled flags.
      var detents: [Detent] = []
      for i in 0..<Int.random(in: 1...5, using: &rng) {
        let anchor: Anchor = [
          .fromHome(Double.random(in: 0...900, using: &rng)), .fraction(Double.random(in: 0...1, using: &rng)),
          .fromFar(Double.random(in: 0...900, using: &rng)), .content,
        ].randomElement(using: &rng)!
        detents.append(
          Detent(
            "d\(i)", anchor, backdropAlpha: Bool.random(using: &rng) ? Double.random(in: 0...1, using: &rng) : nil,
            scrollsList: Bool.random(using: &rng), isEnabled: Int.random(in: 0..<4, using: &rng) != 0))
      }
      c.detents = detents
    }
    return c
  }

  func randomInput(_ rng: inout SplitMix64, time: Double, size: Size, names: [DetentName]) -> DrawerInput {
    let p = Point(x: Double.random(in: -20...(size.width + 20), using: &rng), y: Double.random(in: -50...(size.height + 50), using: &rng))
    switch Int.random(in: 0..<100, using: &rng) {
    case 0..<12: return .pointerDown(p, button: Int.random(in: 0..<8, using: &rng) == 0 ? .other : .primary, time: time)
    case 12..<55: return .pointerMove(p, time: time)
    case 55..<67: return .pointerUp(p, button: .primary, time: time)
    case 67..<74:
      // Whole notches and smooth scrolling's quarters, on both axes.
      let steps = Double(Int.random(in: -16...16, using: &rng)) / 4
      return Bool.random(using: &rng)
        ? .wheel(steps: steps, at: p, time: time) : .horizontalWheel(steps: steps, at: p, time: time)
    case 74..<86:
      let keys: [DrawerKey] = [.escape, .up, .pageUp, .down, .pageDown, .home, .end, .space, .enter]
      return .key(keys.randomElement(using: &rng)!, time: time)
    case 86..<90:
      return .resize(Size(width: Double.random(in: 0...1400, using: &rng), height: Double.random(in: 0...1000, using: &rng)), time: time)
    default:
      let requests: [DrawerRequest] = [
        .present(animated: Bool.random(using: &rng)), .dismiss(animated: Bool.random(using: &rng)),
        .move(to: names.randomElement(using: &rng)!, animated: Bool.random(using: &rng)),
        .setEnabled(Bool.random(using: &rng), for: names.randomElement(using: &rng)!),
        .selectRow(Int.random(in: -5...300, using: &rng)),
      ]
      return .request(requests.randomElement(using: &rng)!, time: time)
    }
  }

  func checkModel(_ e: Drawer, _ context: @autoclosure () -> String) {
    let m = e.renderModel
    let l = e.layout
    // Past the most expanded detent only by an overdrag, and never past
    // the container; never below hidden.
    XCTAssertGreaterThanOrEqual(m.extent, -1e-9, context())
    XCTAssertLessThanOrEqual(m.extent, (e.configuration.overdrag == .clamp ? l.fullExtent : l.length) + 1e-9, context())
    let numbers = [
      m.extent, m.drawerTop, m.backdropAlpha, m.cornerRadius, m.drawerFrame.height, m.drawerFrame.width,
      m.headerFrame.height, m.list.contentOffset, m.list.viewport.y, m.list.viewport.height, m.handle?.alpha ?? 0,
    ]
    XCTAssertFalse(numbers.contains { !$0.isFinite }, "\(numbers) \(context())")
    XCTAssertTrue((0...1).contains(m.backdropAlpha), context())
    XCTAssertTrue((0...1).contains(m.handle?.alpha ?? 0), context())
    XCTAssertTrue((0...e.configuration.maximumCornerRadius).contains(m.cornerRadius), context())
    XCTAssertGreaterThanOrEqual(m.list.contentOffset, 0, context())
    XCTAssertLessThanOrEqual(m.list.contentOffset, l.maximumContentOffset(at: m.extent) + 1e-9, context())
    XCTAssertGreaterThanOrEqual(m.list.visibleRowCount, 0, context())
    XCTAssertLessThanOrEqual(m.list.firstVisibleRow + m.list.visibleRowCount, e.layout.rowCount, context())
    // At rest the panel is exactly at its detent's extent, and that detent exists.
    if let s = m.stateIndex {
      XCTAssertEqual(l.detents.all[s].extent, m.extent, accuracy: 1e-9, context())
      XCTAssertEqual(e.name(ofDetent: s), e.state, context())
    }
    // The list's viewport never leaves the container.
    let v = m.list.viewport
    if v.width > 0 && v.height > 0 {
      XCTAssertTrue(v.minX >= -1e-9 && v.minY >= -1e-9, context())
      XCTAssertTrue(v.maxX <= l.containerSize.width + 1e-9 && v.maxY <= l.containerSize.height + 1e-9, context())
    }
  }

  func testRandomSequencesKeepTheInvariants() {
    for seed in Self.seeds {
      var rng = SplitMix64(seed: seed)
      let c = randomConfiguration(&rng)
      var size = Size(width: 800, height: Double.random(in: 200...900, using: &rng))
      let e = try! Drawer(configuration: c, containerSize: size, textMetrics: FixedTextMetrics(), time: 0)
      e.handle(.request(.present(animated: Bool.random(using: &rng)), time: 0))
      let names = DetentName.drawerKitNames + (c.detents ?? []).map { DetentName($0.name) } + ["nowhere"]
      var time = 0.0
      var open: (DetentName, DetentName)?
      var dragging = false
      func drain() {
        while let event = e.nextEvent() {
          switch event {
          case let .willTransition(from, to):
            XCTAssertNil(open, "seed \(seed): willTransition before the last one ended")
            open = (from, to)
          case let .didTransition(from, to, _), let .transitionCancelled(from, to):
            XCTAssertEqual(open?.0, from, "seed \(seed)")
            XCTAssertEqual(open?.1, to, "seed \(seed)")
            open = nil
          case .dragBegan:
            XCTAssertFalse(dragging, "seed \(seed): dragBegan twice")
            dragging = true
          case .dragEnded, .dragCancelled:
            XCTAssertTrue(dragging, "seed \(seed): a drag ended that never began")
            dragging = false
          default:
            break
          }
        }
      }
      drain()
      for i in 0..<Self.inputsPerRun {
        time += [0, 0.001, 0.008, 0.016, 0.05, 0.3].randomElement(using: &rng)!
        let input = randomInput(&rng, time: time, size: size, names: names)
        if case .resize(let s, _) = input { size = s }
        e.handle(input)
        drain()
        checkModel(e, "seed \(seed) input \(i) \(input)")
        if Bool.random(using: &rng) {
          e.advance(to: time)
          drain()
          checkModel(e, "seed \(seed) frame after input \(i)")
        }
      }
      if seed % 3 == 0 {
        // Shut down wherever it is: every drag and move gets its answer.
        e.finish(at: time)
        drain()
        XCTAssertNil(open, "seed \(seed): finish left a willTransition unanswered")
        XCTAssertFalse(dragging, "seed \(seed): finish left a drag open")
        XCTAssertFalse(e.isAnimating, "seed \(seed): still animating after finish")
        continue
      }
      // Let go of any press, then every animation must end.
      e.handle(.pointerUp(Point(x: 1, y: 1), button: .primary, time: time))
      drain()
      var frames = 0
      while e.isAnimating && frames < 60 * 12 {
        time += 1.0 / 60
        e.advance(to: time)
        drain()
        checkModel(e, "seed \(seed) settling")
        frames += 1
      }
      XCTAssertFalse(e.isAnimating, "seed \(seed): still animating after 12 s")
      XCTAssertNil(open, "seed \(seed): a willTransition never ended")
      XCTAssertFalse(dragging, "seed \(seed): a dragBegan never ended")
      XCTAssertNotNil(e.state, "seed \(seed): at rest but between states")
    }
  }
}
