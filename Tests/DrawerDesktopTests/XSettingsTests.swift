import DrawerDesktop
import TestSupport
import XCTest

final class XSettingsTests: XCTestCase {
  /// A property as a settings manager writes it.
  enum Value {
    case integer(Int32)
    case string(String)
    case color
  }

  func property(_ settings: [(String, Value)], bigEndian: Bool = false, orderByte: UInt8? = nil) -> [UInt8] {
    var out: [UInt8] = []
    func card(_ v: UInt32, _ size: Int) {
      for i in 0..<size {
        let shift = bigEndian ? 8 * (size - 1 - i) : 8 * i
        out.append(UInt8(truncatingIfNeeded: v >> UInt32(shift)))
      }
    }
    func padded(_ bytes: [UInt8]) {
      out += bytes
      out += [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
    }
    out.append(orderByte ?? (bigEndian ? 1 : 0))
    out += [0, 0, 0]
    card(7, 4)
    card(UInt32(settings.count), 4)
    for (name, value) in settings {
      switch value {
      case .integer: out.append(0)
      case .string: out.append(1)
      case .color: out.append(2)
      }
      out.append(0)
      card(UInt32(name.utf8.count), 2)
      padded(Array(name.utf8))
      card(3, 4)
      switch value {
      case .integer(let v): card(UInt32(bitPattern: v), 4)
      case .string(let s):
        card(UInt32(s.utf8.count), 4)
        padded(Array(s.utf8))
      case .color: out += [UInt8](repeating: 0xFF, count: 8)
      }
    }
    return out
  }

  let typical: [(String, Value)] = [
    ("Net/DoubleClickTime", .integer(400)), ("Gtk/ColorPalette", .color), ("Net/ThemeName", .string("Adwaita-dark")),
    ("Xft/DPI", .integer(144 * 1024)), ("Gtk/ApplicationPreferDarkTheme", .integer(1)),
  ]

  // Edge cases.

  func testReduceAnimationIsRead() {
    XCTAssertEqual(XSettings(property: property([("Gtk/EnableAnimations", .integer(0))]))?.enableAnimations, false)
    XCTAssertEqual(XSettings(property: property([("Gtk/EnableAnimations", .integer(1))]))?.enableAnimations, true)
    XCTAssertNil(XSettings(property: property(typical))?.enableAnimations)
  }

  func testAnEmptyPropertyIsRefused() {
    XCTAssertNil(XSettings(property: []))
  }

  func testNoSettingsIsAValidProperty() {
    XCTAssertEqual(XSettings(property: property([])), XSettings())
  }

  func testAnUnknownByteOrderIsRefused() {
    XCTAssertNil(XSettings(property: property(typical, orderByte: 7)))
  }

  // The values read.

  func testTheSettingsReadInEitherByteOrder() {
    for big in [false, true] {
      let s = XSettings(property: property(typical, bigEndian: big))
      XCTAssertEqual(s?.themeName, "Adwaita-dark", "big endian: \(big)")
      XCTAssertEqual(s?.dpi, 144, "big endian: \(big)")
      XCTAssertEqual(s?.prefersDarkSetting, true, "big endian: \(big)")
      XCTAssertEqual(s?.prefersDark, true)
    }
  }

  func testTheLettersLAndBMarkTheByteOrderToo() {
    XCTAssertEqual(XSettings(property: property(typical, orderByte: UInt8(ascii: "l")))?.themeName, "Adwaita-dark")
    XCTAssertEqual(
      XSettings(property: property(typical, bigEndian: true, orderByte: UInt8(ascii: "B")))?.themeName, "Adwaita-dark")
  }

  func testNamePaddingIsSkipped() {
    // Names of every length modulo 4 before the one read.
    let s = XSettings(property: property([
      ("A", .integer(1)), ("AB/C", .string("x")), ("ABC/DE", .color), ("ABCDEFG", .string("yz")),
      ("Net/ThemeName", .string("Plain")),
    ]))
    XCTAssertEqual(s?.themeName, "Plain")
    XCTAssertEqual(s?.prefersDark, false)
  }

  // Broken properties: refused as a whole, never a trap.

  func testATruncatedPropertyIsRefusedAtEveryLength() {
    let whole = property(typical)
    for n in 0..<whole.count {
      XCTAssertNil(XSettings(property: Array(whole.prefix(n))), "cut at \(n)")
    }
  }

  func testACountBeyondTheBytesIsRefused() {
    var p = property(typical)
    p[8] = 0xFF
    p[9] = 0xFF
    p[10] = 0xFF
    p[11] = 0x7F
    XCTAssertNil(XSettings(property: p))
  }

  func testAnUnknownTypeIsRefused() {
    var p = property([("Net/ThemeName", .string("x"))])
    p[12] = 9
    XCTAssertNil(XSettings(property: p))
  }

  func testRandomBytesNeverTrap() {
    var rng = SplitMix64(seed: 5)
    let base = property(typical)
    for _ in 0..<3_000 {
      var p = base
      for _ in 0..<Int.random(in: 1...6, using: &rng) {
        p[Int.random(in: 0..<p.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
      }
      _ = XSettings(property: p)
      _ = XSettings(property: (0..<Int.random(in: 0...64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) })
    }
  }
}
