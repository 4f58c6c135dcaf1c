import XCTest

@testable import DrawerRaster

final class ShadowTests: XCTestCase {
  func testTheKernelIsANormalisedSymmetricGaussian() {
    let k = ShadowKernel(blurRadius: 12)
    XCTAssertEqual(k.extent, 18, "⌈3σ⌉ with σ = 6")
    XCTAssertEqual((-k.extent...k.extent).reduce(0) { $0 + k.weight($1) }, 1, accuracy: 1e-12)
    for d in 1...k.extent {
      XCTAssertEqual(k.weight(d), k.weight(-d), accuracy: 1e-15)
      XCTAssertLessThan(k.weight(d), k.weight(d - 1))
    }
    XCTAssertEqual(k.weight(k.extent + 1), 0)
    XCTAssertEqual(k.cdf(-k.extent - 1), 0)
    XCTAssertEqual(k.cdf(k.extent), 1)
  }

  func testNoBlurIsAStep() {
    let k = ShadowKernel(blurRadius: 0)
    XCTAssertEqual(k.extent, 0)
    XCTAssertEqual(k.cdf(-1), 0)
    XCTAssertEqual(k.cdf(0), 1)
    XCTAssertEqual(k.edge(row: 0), 255)
  }

  func testTheEdgeRowsRiseFromNothingToFull() {
    let k = ShadowKernel(blurRadius: 10)
    XCTAssertEqual(k.edge(row: 0), 0)
    XCTAssertEqual(k.edge(row: 2 * k.extent), 255)
    for j in 1...(2 * k.extent) { XCTAssertGreaterThanOrEqual(k.edge(row: j), k.edge(row: j - 1)) }
    XCTAssertEqual(Int(k.edge(row: k.extent)), 128, accuracy: 10, "half at the edge itself")
  }

  func testTilesMatchTheDirectBlurOfTheWholeSheet() {
    // The tile path must give what blurring the whole sheet gives.
    let kernel = ShadowKernel(blurRadius: 8)
    let tile = ShadowTile(kernel: kernel, cornerRadius: 12, extraRows: 0)
    let w = 200
    let columns = w + 2 * kernel.extent
    let direct = blurredColumns(kernel, shapeWidth: w, cornerRadius: 12, columns: columns, rows: tile.height).map(Coverage.byte)
    for j in 0..<tile.height {
      for i in 0..<tile.width {
        XCTAssertEqual(direct[j * columns + i], tile.left[j * tile.width + i], "(\(i), \(j))")
        XCTAssertEqual(direct[j * columns + columns - tile.width + i], tile.right[j * tile.width + i], "(\(i), \(j))")
      }
    }
  }

  func testHiddenColumnsAreLeftEmptyAndTheRestUnchanged() {
    let kernel = ShadowKernel(blurRadius: 12)
    let all = ShadowTile(kernel: kernel, cornerRadius: 15, extraRows: 0)
    let cut = ShadowTile(kernel: kernel, cornerRadius: 15, extraRows: 0, hiddenColumns: 5)
    for j in 0..<all.height {
      for i in 0..<all.width {
        XCTAssertEqual(cut.left[j * all.width + i], i < 5 ? 0 : all.left[j * all.width + i], "(\(i), \(j))")
      }
    }
  }
}
