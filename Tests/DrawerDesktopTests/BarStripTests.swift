import DrawerEngine
import XCTest

@testable import DrawerCommandLine
@testable import DrawerDesktop
@testable import DrawerProcess

/// --bar's strip without X (DrawerDesktop/BarStrip.swift): as wide as its
/// monitor, along its top or bottom, as deep as the header and the rows.
final class BarStripTests: XCTestCase {
  private struct Lines: TextMeasuring {
    var titleLineHeight = 21.0
    var rowLineHeight = 18.0
  }

  private let right = ScreenMonitor(x: 640, y: 0, width: 640, height: 1024)

  func testTheStripLiesAlongTheMonitorsTopOrBottomEdgeAcrossItsWidth() {
    XCTAssertEqual(
      BarStrip(rows: 1, atBottom: false).rect(on: right, depth: 65), PixelRect(x: 640, y: 0, width: 640, height: 65))
    XCTAssertEqual(
      BarStrip(rows: 1, atBottom: true).rect(on: right, depth: 65), PixelRect(x: 640, y: 959, width: 640, height: 65))
    XCTAssertEqual(
      BarStrip(rows: 900, atBottom: true).rect(on: right, depth: 5000), right, "never deeper than the monitor")
  }

  func testItIsAsDeepAsTheHeaderAndTheRowsTheBarsFlagsLayOut() throws {
    guard case .run(let one) = parseCommandLine(["--pick", "--bar", "top"]),
      case .run(let ten) = parseCommandLine(["--pick", "--bar", "top", "--lines", "10"])
    else { return XCTFail() }
    let metrics = PanelMetrics()
    let header = (metrics.titleTopGap + 21 + metrics.titleBottomGap).rounded()
    // Rows as deep as their text line and its padding.
    let row = 18 + metrics.rowTextPadding
    XCTAssertEqual(one.bar?.depth(one.configuration, Lines()), header + row)
    XCTAssertEqual(ten.bar?.depth(ten.configuration, Lines()), header + 10 * row)
    XCTAssertEqual(ten.bar, BarStrip(rows: 10, atBottom: false))
    XCTAssertEqual(BarStrip(rows: 0, atBottom: false).depth(one.configuration, Lines()), 18 + 2, "dmenu's line: the font and 2 px")
    XCTAssertNil(ten.configuration.handle, "nothing to drag")
    XCTAssertEqual(ten.configuration.maximumCornerRadius, 0)
    XCTAssertEqual(ten.configuration.edge, .bottom, "the header on top, as dmenu's input line")
    XCTAssertTrue(ten.desktop)
    XCTAssertFalse(ten.lifecycle.slidesIn, "dmenu's bar appears and leaves at once")
  }

  func testTheBarIsAPickersAndLinesNeedIt() {
    for (line, message) in [
      (["--bar", "top"], "--bar needs --pick: the bar is a picker's"),
      (["--pick", "--lines", "3"], "--lines needs --bar: it says how deep the bar is"),
      (["--pick", "--bar", "left"], "--bar must be top or bottom (got left)"),
      (["--pick", "--bar", "top", "--edge", "top"], "--bar cannot be combined with --edge: --bar lies along a monitor's edge"),
    ] {
      guard case .fail(let f) = parseCommandLine(line) else { XCTFail("\(line) taken"); continue }
      XCTAssertEqual(f.status, ExitStatus.usage)
      XCTAssertEqual(f.message, message)
    }
  }
}
