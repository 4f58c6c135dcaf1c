import DrawerRaster
import TestSupport
import XCTest

final class GeometryCacheTests: XCTestCase {
  func testAKeptValueIsFoundByItsKey() {
    var cache = GeometryCache<Int, String>(capacity: 4)
    cache.insert("a", for: 1) { _ in XCTFail("nothing to release") }
    XCTAssertEqual(cache[1], "a")
    XCTAssertNil(cache[2])
  }

  func testAFullCacheReleasesEverythingBeforeTakingANewKey() {
    var cache = GeometryCache<Int, Int>(capacity: 3)
    var released: [Int] = []
    for k in 0..<3 { cache.insert(k * 10, for: k) { released.append($0) } }
    XCTAssertEqual(released, [])
    cache.insert(30, for: 3) { released.append($0) }
    XCTAssertEqual(released.sorted(), [0, 10, 20])
    XCTAssertEqual(cache.count, 1)
    XCTAssertEqual(cache[3], 30)
  }

  func testReplacingAKeptKeyEvictsNothing() {
    var cache = GeometryCache<Int, Int>(capacity: 2)
    cache.insert(1, for: 1) { _ in }
    cache.insert(2, for: 2) { _ in }
    cache.insert(3, for: 2) { _ in XCTFail("a full cache keeps its keys when one of them is replaced") }
    XCTAssertEqual(cache[2], 3)
  }

  func testRemoveAllReleasesEveryEntryOnce() {
    var cache = GeometryCache<String, Int>()
    for (i, k) in ["a", "b", "c"].enumerated() { cache.insert(i, for: k) { _ in } }
    var released: [Int] = []
    cache.removeAll { released.append($0) }
    XCTAssertEqual(released.sorted(), [0, 1, 2])
    XCTAssertEqual(cache.count, 0)
    cache.removeAll { _ in XCTFail("already empty") }
  }

  /// `value(for:)` answers as the dictionary does, whatever mix of finds,
  /// replacements, misses and evictions came before: the recent entries it
  /// looks at first never hold a value the cache no longer keeps.
  func testValueForAnswersAsTheCacheKeeps() {
    var random = SplitMix64(seed: 5)
    var cache = GeometryCache<Int, Int>(capacity: 12)
    var kept: [Int: Int] = [:]
    for step in 0..<5000 {
      let key = Int.random(in: 0..<20, using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        if kept[key] == nil && kept.count >= 12 { kept.removeAll() }
        kept[key] = step
        cache.insert(step, for: key) { _ in }
      case 1 where Int.random(in: 0..<40, using: &random) == 0:
        cache.removeAll { _ in }
        kept.removeAll()
      default:
        XCTAssertEqual(cache.value(for: key), kept[key], "step \(step), key \(key)")
      }
    }
  }
}
