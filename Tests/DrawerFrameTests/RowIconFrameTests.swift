import DrawerEngine
@testable import DrawerFrame
@testable import DrawerRows
import DrawerRaster
import XCTest

/// Icons that even rows have, decoded at once; odd rows have none.
private final class EvenIcons: RowIconSource {
  var asked: [Int] = []
  var scale = 1
  func icon(storeRow row: Int, size: Int) -> Int? {
    asked.append(row)
    return row % 2 == 0 ? 100 + row : nil
  }
  func image(_ id: Int) -> RowIconImage? { nil }
  var descriptor: Int32 { -1 }
  func takeArrivals() -> Bool { false }
}

final class RowIconFrameTests: XCTestCase {
  func frame(icons: RowIconSource?) throws -> (Frame, FrameBuilder) {
    let rows = RowTexts.generated(count: 6)
    rows.icons = icons
    let run = try FrameRun([], rows: rows)
    let b = run.builder()
    run.build(b)
    return (b.frame, b)
  }

  func iconOps(_ f: Frame) -> [(id: Int, rect: PixelRect)] {
    f.ops.compactMap { if case .icon(let id, let r, 0, 0, _) = $0 { (id, r) } else { nil } }
  }

  func textLefts(_ f: Frame) -> [Int] {
    f.ops.compactMap { if case .text(let run) = $0, run.role == .row { run.left } else { nil } }
  }

  func testEachRowsIconIsAtItsLeadingEdgeAndItsTextAfterIt() throws {
    let icons = EvenIcons()
    let (with, b) = try frame(icons: icons)
    let (without, _) = try frame(icons: nil)
    let ops = iconOps(with)
    XCTAssertEqual(Set(ops.map(\.id)), [100, 102, 104], "the rows that have an icon, each once")
    XCTAssertEqual(Set(icons.asked), Set(0..<6), "every shown row is asked")
    let left = try XCTUnwrap(ops.first).rect.x
    XCTAssertTrue(ops.allSatisfy { $0.rect.x == left && $0.rect.width == $0.rect.height && $0.rect.width > 8 })
    let side = ops[0].rect.width
    XCTAssertTrue(iconOps(without).isEmpty, "without icons, no icon is drawn")
    XCTAssertEqual(Set(textLefts(without)).count, 1)
    let plain = try XCTUnwrap(textLefts(without).first)
    XCTAssertEqual(left, plain, "the icon starts where the text did")
    // Every row's text moves past the icon's room, whether it has one or not.
    XCTAssertEqual(Set(textLefts(with)), [plain + b.iconRoom(side: side)])
  }
}
