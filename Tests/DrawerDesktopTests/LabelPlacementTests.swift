import DrawerEngine
import XCTest

@testable import DrawerDesktop

final class LabelPlacementTests: XCTestCase {
  typealias P = LabelPlacement

  private let park = P.Place(left: 100, right: 300, baseline: 200)
  private let below = P.Place(left: 80, right: 400, baseline: 260)

  func testAFittingLabelIsCentredInItsFirstPlace() {
    let spot = P.place(width: 100, ascent: 10, descent: 3, in: [park, below], avoiding: [], shortest: 30)
    XCTAssertEqual(spot?.left, 150)
    XCTAssertEqual(spot?.width, 100)
    XCTAssertEqual(spot?.baseline, 200)
    XCTAssertEqual(spot?.box, Rect(x: 150, y: 190, width: 100, height: 13))
  }

  func testALabelTooWideForTheParkGoesToTheNextPlace() {
    let spot = P.place(width: 250, ascent: 10, descent: 3, in: [park, below], avoiding: [], shortest: 30)
    XCTAssertEqual(spot?.baseline, 260)
    XCTAssertEqual(spot?.width, 250)
  }

  func testAPinCutsTheSpanAndTheLabelKeepsClearOfIt() {
    // A pin across the middle of the park's line: 100…180 and 220…300 stay.
    let pin = Rect(x: 183, y: 170, width: 34, height: 35)
    let spot = P.place(width: 60, ascent: 10, descent: 3, in: [park], avoiding: [pin], shortest: 30)!
    XCTAssertTrue(spot.box.maxX + P.gap <= pin.minX || spot.box.minX >= pin.maxX + P.gap, "\(spot)")
    // A pin above the line's glyphs leaves the whole span.
    let high = Rect(x: 183, y: 100, width: 34, height: 80)
    XCTAssertEqual(P.place(width: 190, ascent: 10, descent: 3, in: [park], avoiding: [high], shortest: 30)?.width, 190)
  }

  func testWhereItFitsNowhereItIsElidedIntoTheWidestSpanOrLeftOut() {
    let spot = P.place(width: 500, ascent: 10, descent: 3, in: [park, below], avoiding: [], shortest: 30)
    XCTAssertEqual(spot?.left, 80)
    XCTAssertEqual(spot?.width, 320, "the widest span, elided")
    let narrow = P.Place(left: 0, right: 20, baseline: 50)
    XCTAssertNil(P.place(width: 500, ascent: 10, descent: 3, in: [narrow], avoiding: [], shortest: 30))
  }
}
