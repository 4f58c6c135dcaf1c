import DrawerRowIcons
import XCTest

final class IconThemeIndexTests: XCTestCase {
  func testReadsParentsDirectoriesAndTheirDefaults() {
    let index = IconThemeIndex(
      text: """
        [Icon Theme]
        Name=Mine
        Name[de]=Meins
        Inherits=Parent, Other
        Directories=16x16/apps,scalable/apps,nosize
        ScaledDirectories=16x16@2/apps

        [16x16/apps]
        Size=16

        [scalable/apps]
        Size=48
        Type=Scalable
        MinSize=8
        MaxSize=512

        [16x16@2/apps]
        Size=16
        Scale=2
        Type=Fixed
        """)
    XCTAssertEqual(index.parents, ["Parent", "Other"])
    XCTAssertEqual(
      index.directories,
      [
        .init(path: "16x16/apps", size: 16),
        .init(path: "scalable/apps", size: 48, kind: .scalable, minSize: 8, maxSize: 512),
        .init(path: "16x16@2/apps", size: 16, scale: 2, kind: .fixed),
      ])
  }

  func testMatchesSizeByKind() {
    let threshold = IconThemeIndex.Directory(path: "a", size: 24, threshold: 3)
    XCTAssertTrue(threshold.matches(size: 21, scale: 1))
    XCTAssertTrue(threshold.matches(size: 27, scale: 1))
    XCTAssertFalse(threshold.matches(size: 28, scale: 1))
    XCTAssertFalse(threshold.matches(size: 24, scale: 2))
    let fixed = IconThemeIndex.Directory(path: "b", size: 24, kind: .fixed)
    XCTAssertFalse(fixed.matches(size: 23, scale: 1))
    let scalable = IconThemeIndex.Directory(path: "c", size: 48, kind: .scalable, minSize: 16, maxSize: 256)
    XCTAssertTrue(scalable.matches(size: 100, scale: 1))
    XCTAssertFalse(scalable.matches(size: 12, scale: 1))
  }

  func testDistanceCountsDevicePixelsFromTheBounds() {
    XCTAssertEqual(IconThemeIndex.Directory(path: "a", size: 32, kind: .fixed).distance(size: 24, scale: 1), 8)
    XCTAssertEqual(IconThemeIndex.Directory(path: "a", size: 16, scale: 2, kind: .fixed).distance(size: 24, scale: 2), 16)
    XCTAssertEqual(IconThemeIndex.Directory(path: "a", size: 32).distance(size: 24, scale: 1), 6)
    XCTAssertEqual(
      IconThemeIndex.Directory(path: "a", size: 48, kind: .scalable, minSize: 32, maxSize: 64).distance(size: 16, scale: 1), 16)
  }
}
