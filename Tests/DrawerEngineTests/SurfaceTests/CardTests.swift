import XCTest

@testable import DrawerEngine

/// A panel with margins: a card that floats in its area, rounded all round,
/// whose clicks follow what is drawn.
final class CardTests: XCTestCase {
  func card(_ edge: Edge = .bottom, padding: Insets = .zero) -> Driver {
    Driver { c in
      c.edge = edge
      c.margins = Insets(top: 24, right: 16, bottom: 16, left: 16)
      c.padding = padding
      c.maximumCornerRadius = 12
    }
  }

  func testTheCardIsRoundedAllRoundAtEveryDetent() {
    let d = card()
    for detent in [DetentName.partiallyExpanded, .fullyExpanded] {
      d.engine.move(to: detent, animated: false)
      let s = d.model.surface
      XCTAssertTrue(d.model.isCard)
      XCTAssertEqual(s.radii, CornerRadii(all: 12), "\(detent)")
      XCTAssertEqual(s.frame.maxY, 600 - 16, "it stops at the bottom margin")
      XCTAssertEqual(s.frame.minX, 16)
      XCTAssertEqual(s.frame.maxX, 800 - 16)
    }
    XCTAssertEqual(d.model.surface.frame.minY, 24, "full reaches the top margin")
  }

  func testAttachedSheetsRoundOnlyTheirMovingEdge() {
    let d = Driver()
    XCTAssertFalse(d.model.isCard)
    XCTAssertEqual(d.model.surface.radii.bottomLeft, 0)
    XCTAssertEqual(d.model.surface.radii.bottomRight, 0)
    XCTAssertGreaterThan(d.model.surface.radii.topLeft, 0)
  }

  func testDetentsAreMeasuredFromTheAreasHomeEdge() {
    let d = card()
    XCTAssertEqual(d.model.extent, 300)
    XCTAssertEqual(d.top, 600 - 16 - 300)
    XCTAssertEqual(d.model.drawerTop, d.top)
  }

  func testAClickInTheMarginIsOutsideAndDismisses() {
    let d = card()
    d.click(8, 500)
    XCTAssertTrue(d.log.contains(.exteriorTap))
    d.settle()
    XCTAssertEqual(d.state, .dismissed)
  }

  func testAClickInTheBottomMarginBelowTheCardIsOutside() {
    let d = card()
    d.click(400, 592)
    XCTAssertTrue(d.log.contains(.exteriorTap))
  }

  func testAClickInARoundedCornersCutOutIsOutsideAndJustInsideIsIn() {
    let d = card()
    let f = d.model.surface.frame
    d.click(f.minX + 1, f.minY + 1)
    XCTAssertTrue(d.log.contains(.exteriorTap), "the corner's cut-out")
    let inside = card()
    inside.click(f.minX + 12, f.minY + 1)
    XCTAssertFalse(inside.log.contains(.exteriorTap))
    XCTAssertTrue(inside.log.contains(.interiorTap))
  }

  func testPaddingInsetsTheHeaderAndTheListButNotTheHandle() {
    let plain = card()
    let padded = card(padding: Insets(top: 10, right: 20, bottom: 20, left: 30))
    let a = plain.model, b = padded.model
    XCTAssertEqual(b.headerFrame.minY, a.headerFrame.minY + 10)
    XCTAssertEqual(b.list.viewport.minX, a.list.viewport.minX + 30)
    XCTAssertEqual(b.list.viewport.maxX, a.list.viewport.maxX - 20)
    XCTAssertEqual(b.list.viewport.maxY, a.list.viewport.maxY - 8, "20 px of padding, against the corner's 12")
    XCTAssertEqual(b.handle?.frame, a.handle?.frame)
  }

  func testACardsListKeepsOutOfItsRoundedCorners() {
    for edge in Edge.allCases {
      let d = card(edge)
      d.engine.move(to: .fullyExpanded, animated: false)
      let list = d.model.list.viewport, s = d.model.surface.frame
      if edge == .top {
        XCTAssertGreaterThanOrEqual(list.minY, s.minY + 12, "\(edge)")
      } else {
        XCTAssertLessThanOrEqual(list.maxY, s.maxY - 12, "\(edge)")
      }
    }
  }

  func testAPressOnTheListMapsToTheRowUnderThePointer() {
    let d = card()
    d.engine.move(to: .fullyExpanded, animated: false)
    let list = d.model.list
    let y = list.rowTop(3) + list.rowHeight / 2
    d.click(list.viewport.midX, y)
    XCTAssertTrue(d.log.contains(.rowSelected(3)), "\(d.log)")
  }

  func testEveryEdgeKeepsItsCardInsideTheMargins() {
    for edge in Edge.allCases {
      let d = card(edge)
      d.engine.move(to: .fullyExpanded, animated: false)
      let f = d.model.surface.frame
      XCTAssertGreaterThanOrEqual(f.minX, 16, "\(edge)")
      XCTAssertGreaterThanOrEqual(f.minY, 24, "\(edge)")
      XCTAssertLessThanOrEqual(f.maxX, 800 - 16, "\(edge)")
      XCTAssertLessThanOrEqual(f.maxY, 600 - 16, "\(edge)")
      XCTAssertEqual(d.model.surface.radii, CornerRadii(all: 12), "\(edge)")
    }
  }
}

extension Rect {
  var midX: Double { x + width / 2 }
}
