import DrawerEngine
import XCTest

@testable import DrawerDesktop

final class MapHintTests: XCTestCase {
  func testTheLineNamesOnlyWhatTheRunDoes() {
    var c = DrawerConfiguration()
    XCTAssertEqual(MapHint.text(for: c, filters: false), "Drag the drawer · click outside to dismiss · Esc ↑ ↓ · q quits")
    XCTAssertEqual(MapHint.text(for: c, filters: true), "Drag the drawer · click outside to dismiss · Esc ↑ ↓ · type to filter")
    c.numberOfTapsForOutsideDrawerDismissal = 0
    XCTAssertEqual(MapHint.text(for: c, filters: false), "Drag the drawer · Esc ↑ ↓ · q quits")
    c.numberOfTapsForOutsideDrawerDismissal = 2
    c.isDrawerDraggable = false
    XCTAssertEqual(MapHint.text(for: c, filters: false), "Double-click outside to dismiss · Esc ↑ ↓ · q quits")
    c.passthrough = true
    XCTAssertEqual(MapHint.text(for: c, filters: false), "Drag the map · Esc ↑ ↓ · q quits")
  }

  /// Passing clicks through at some detents only, the line says where a
  /// click outside reaches the map and that elsewhere it dismisses.
  func testTheLineSaysWhatAClickOutsideDoesAtEachDetent() {
    var c = DrawerConfiguration()
    c.detents = [Detent("tip", .fromHome(64)), Detent("mid", .fraction(0.5)), Detent("full", .fromFar(24))]
    c.initialState = "tip"
    c.passthroughTouchesInStates = ["tip"]
    XCTAssertEqual(
      MapHint.text(for: c, filters: false),
      "Drag the drawer · drag the map at tip, else click outside to dismiss · Esc ↑ ↓ · q quits")
    c.passthroughTouchesInStates = ["full", "tip"]
    c.numberOfTapsForOutsideDrawerDismissal = 2
    c.isDrawerDraggable = false
    XCTAssertEqual(
      MapHint.text(for: c, filters: false),
      "Drag the map at tip or full, else double-click outside to dismiss · Esc ↑ ↓ · q quits")
    c.numberOfTapsForOutsideDrawerDismissal = 0
    XCTAssertEqual(MapHint.text(for: c, filters: false), "Drag the map at tip or full · Esc ↑ ↓ · q quits")
    // At every detent it is the plain non-modal panel's line.
    c.passthroughTouchesInStates = ["tip", "mid", "full"]
    c.numberOfTapsForOutsideDrawerDismissal = 1
    XCTAssertEqual(MapHint.text(for: c, filters: false), "Drag the map · Esc ↑ ↓ · q quits")
  }

  private func layout(_ edge: Edge, _ detents: [Detent], window: Size = Size(width: 800, height: 600)) -> PanelLayout {
    var c = DrawerConfiguration()
    c.edge = edge
    c.detents = detents
    return PanelLayout(configuration: c, detentSet: c.detentSet, containerSize: window, textMetrics: FixedTextMetrics())
  }

  private let card = Size(width: 395, height: 72)
  private let window = Size(width: 800, height: 600)

  func testTheCardSitsAcrossFromThePanel() {
    let bottom = MapHint.cardFrame(natural: card, window: window, layout: layout(.bottom, [Detent("half", .fraction(0.5))]))
    XCTAssertEqual(bottom, Rect(x: 16, y: 16, width: 395, height: 72))
    let top = MapHint.cardFrame(natural: card, window: window, layout: layout(.top, [Detent("half", .fraction(0.5))]))
    XCTAssertEqual(top, Rect(x: 16, y: 512, width: 395, height: 72))
    let left = MapHint.cardFrame(natural: card, window: window, layout: layout(.left, [Detent("open", .fromHome(340))]))
    XCTAssertEqual(left, Rect(x: 389, y: 16, width: 395, height: 72))
  }

  func testAPanelThatWouldCutTheCardNarrowsItOrLeavesItOut() {
    // Open at 380: 388 px of room beside it (16 on each side).
    let narrowed = MapHint.cardFrame(natural: card, window: window, layout: layout(.left, [Detent("open", .fromHome(380))]))
    XCTAssertEqual(narrowed, Rect(x: 396, y: 16, width: 388, height: 72))
    XCTAssertNil(MapHint.cardFrame(natural: card, window: window, layout: layout(.left, [Detent("open", .fromHome(700))])))
    // A bottom panel resting across the card's rows: nothing beside it.
    XCTAssertNil(MapHint.cardFrame(natural: card, window: window, layout: layout(.bottom, [Detent("tall", .fromHome(550))])))
    // One that covers it whole at full is fine: the card shows whole below full.
    let full = layout(.bottom, [Detent("half", .fraction(0.5)), Detent("full", .fraction(1))])
    XCTAssertNotNil(MapHint.cardFrame(natural: card, window: window, layout: full))
  }
}
