import DrawerEngine
import XCTest

@testable import DrawerHost

/// The client lies inside the panel's interior: within its border, and
/// clear of its rounded corners, at every detent and mid-drag.
final class EmbedAreaTests: XCTestCase {
  private func drawer(edge: Edge, border: Double, radius: Double, handle: Bool = true) throws -> Drawer {
    var c = DrawerConfiguration()
    c.edge = edge
    c.border = BorderConfiguration(thickness: border)
    c.maximumCornerRadius = radius
    c.maximumWidth = .fixed(720)
    if !handle { c.handle = nil }
    let d = try Drawer(configuration: c, containerSize: Size(width: 1280, height: 800), textMetrics: FixedTextMetrics(), time: 0)
    d.handle(.request(.present(animated: false), time: 0))
    return d
  }

  /// Every corner of the client's rectangle is on the surface, and at
  /// least `border` px from its edge, wherever the panel is.
  private func assertInside(_ d: Drawer, border: Double, file: StaticString = #filePath, line: UInt = #line) {
    let client = EmbedArea.frame(for: d)
    let s = d.renderModel.drawerFrame
    XCTAssertGreaterThan(client.width, 0, file: file, line: line)
    XCTAssertGreaterThanOrEqual(client.minX, s.minX + border, file: file, line: line)
    XCTAssertLessThanOrEqual(client.maxX, s.maxX - border, file: file, line: line)
    let shape = SurfaceShape(frame: s, radii: d.renderModel.surface.radii)
    for p in [
      Point(x: client.minX + 0.5, y: client.minY + 0.5), Point(x: client.maxX - 0.5, y: client.minY + 0.5),
      Point(x: client.minX + 0.5, y: client.maxY - 0.5), Point(x: client.maxX - 0.5, y: client.maxY - 0.5),
    ] where p.y >= 0 && p.y < 800 {
      XCTAssertTrue(shape.contains(p), "\(p) off the rounded surface \(s)", file: file, line: line)
    }
  }

  func testATopPanelsClientStaysInsideItsBorderAtEveryDetentAndMidDrag() throws {
    let d = try drawer(edge: .top, border: 3, radius: 12)
    assertInside(d, border: 3)
    let sheet = d.renderModel.drawerFrame
    XCTAssertEqual(EmbedArea.frame(for: d).minX, sheet.minX + 3, "283 where the sheet starts at 280")
    XCTAssertEqual(EmbedArea.frame(for: d).maxX, sheet.maxX - 3)
    d.handle(.request(.move(to: .fullyExpanded, animated: false), time: 0))
    assertInside(d, border: 3)
    d.handle(.pointerDown(Point(x: 640, y: d.renderModel.extent - 10), button: .primary, time: 1))
    d.handle(.pointerMove(Point(x: 640, y: d.renderModel.extent - 80), time: 1.05))
    assertInside(d, border: 3)
  }

  func testWithoutAHeaderTheClientStopsShortOfTheRoundedCorners() throws {
    for edge in Edge.allCases {
      let d = try drawer(edge: edge, border: 1, radius: 20, handle: false)
      d.handle(.request(.move(to: .fullyExpanded, animated: false), time: 0))
      assertInside(d, border: 1)
    }
  }
}

/// --embed-resize sizes the client at each detent the panel rests at,
/// and keeps the size while it moves; by default it is sized once.
final class EmbedSizingTests: XCTestCase {
  func testTheClientTakesEachRestingDetentsBodyAndKeepsItWhileMoving() throws {
    var c = DrawerConfiguration()
    c.edge = .top
    c.detents = [Detent("half", .fraction(0.5)), Detent("full", .fromFar(40))]
    let d = try Drawer(configuration: c, containerSize: Size(width: 800, height: 600), textMetrics: FixedTextMetrics(), time: 0)
    d.handle(.request(.present(animated: false), time: 0))
    var sizing = EmbedSizing(resizes: true)
    var fixed = EmbedSizing(resizes: false)
    let half = d.layout.geometry(at: 300, handle: c.handle).list
    XCTAssertEqual(sizing.frame(for: d).height, half.height, "sized to half's body")
    XCTAssertEqual(sizing.frame(for: d).minY, d.renderModel.list.viewport.minY, "its prompt row in view")
    XCTAssertEqual(fixed.frame(for: d), EmbedArea.frame(for: d), "by default sized at the most expanded detent")
    d.handle(.request(.move(to: "full", animated: true), time: 0))
    d.advance(to: 0.05)
    XCTAssertEqual(sizing.frame(for: d).height, half.height, "kept while the panel moves")
    d.advance(to: 5)
    XCTAssertEqual(sizing.frame(for: d).height, d.layout.geometry(at: 560, handle: c.handle).list.height, "full's at rest")
    d.handle(.request(.dismiss(animated: false), time: 5))
    XCTAssertEqual(sizing.frame(for: d).height, d.layout.geometry(at: 560, handle: c.handle).list.height, "kept when dismissed")
  }
}
