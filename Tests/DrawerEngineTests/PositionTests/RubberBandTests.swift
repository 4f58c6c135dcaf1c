import XCTest

@testable import DrawerEngine

final class RubberBandTests: XCTestCase {
  // The published numbers.

  func testFloatingPanelsCurve() {
    // 100 px of overdrag on an 844 px view shows about 52.
    XCTAssertEqual(RubberBand.floatingPanel(overshoot: 100, dimension: 844), 51.64, accuracy: 0.01)
    XCTAssertEqual(RubberBand.floatingPanel(overshoot: 0, dimension: 844), 0)
    XCTAssertEqual(RubberBand.floatingPanel(overshoot: 1e12, dimension: 844), 844, accuracy: 1e-3, "never past D")
    XCTAssertEqual(RubberBand.floatingPanel(overshoot: 100, dimension: 0), 0)
  }

  func testOverlayContainersCurve() {
    XCTAssertEqual(RubberBand.overlayContainer(target: 700, limit: 600, factor: 0.5), 620.08, accuracy: 0.005)
    XCTAssertEqual(RubberBand.overlayContainer(target: 600, limit: 600, factor: 0.5), 600)
  }

  func testOverlayContainerMirrorsBelowTheLowestNotch() {
    // t = 50 below a 100 px minimum reflects to 150: 200 − 100·(1 + 0.5·log10 1.5).
    let band = Overdrag.rubberBand(.overlayContainer(factor: 0.5))
    XCTAssertEqual(band.extent(for: 50, lower: 100, upper: 500, length: 800), 91.195, accuracy: 0.001)
    XCTAssertEqual(band.extent(for: -50, lower: 0, upper: 500, length: 800), 0, "a minimum of 0 gives 0")
  }

  // Each mode within the container.

  func testClampFollowAndBand() {
    XCTAssertEqual(Overdrag.clamp.extent(for: 700, lower: 100, upper: 500, length: 800), 500)
    XCTAssertEqual(Overdrag.clamp.extent(for: 50, lower: 100, upper: 500, length: 800), 100)
    XCTAssertEqual(Overdrag.follow.extent(for: 700, lower: 100, upper: 500, length: 800), 700)
    XCTAssertEqual(Overdrag.follow.extent(for: 900, lower: 100, upper: 500, length: 800), 800)
    XCTAssertEqual(Overdrag.follow.extent(for: -5, lower: 100, upper: 500, length: 800), 0)
    let fp = Overdrag.rubberBand(.floatingPanel)
    XCTAssertEqual(fp.extent(for: 300, lower: 100, upper: 500, length: 800), 300, "between the ends it follows")
    XCTAssertEqual(fp.extent(for: 600, lower: 100, upper: 500, length: 800), 500 + RubberBand.floatingPanel(overshoot: 100, dimension: 800))
  }

  // Sweep: every mode is continuous and never moves against the pointer.

  func testEveryModeIsMonotonicAndContinuous() {
    let modes: [Overdrag] = [.clamp, .follow, .rubberBand(.floatingPanel), .rubberBand(.overlayContainer(factor: 0.5))]
    for mode in modes {
      var previous = mode.extent(for: -400, lower: 120, upper: 560, length: 800)
      var requested = -400.0
      while requested < 1400 {
        requested += 0.5
        let shown = mode.extent(for: requested, lower: 120, upper: 560, length: 800)
        XCTAssertGreaterThanOrEqual(shown, previous - 1e-9, "\(mode) at \(requested)")
        XCTAssertLessThanOrEqual(shown - previous, 0.5 + 1e-9, "\(mode) jumps at \(requested)")
        XCTAssertTrue((0...800).contains(shown), "\(mode) at \(requested)")
        previous = shown
      }
    }
  }
}
