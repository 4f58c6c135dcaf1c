import DrawerEngine

/// Parses a plain decimal number: an optional sign, digits with an optional
/// point, and an optional exponent ("12", "-0.5", ".25", "1e3").
///
/// Swift's own parser is lenient in ways a flag must not be: it takes hex
/// ("0x10"), "nan" and "inf", and turns 1e-400 into 0 and 1e400 into
/// infinity. Here those are nil: hex and words are not decimal, and a value
/// that underflows or overflows a Double is not the value the user typed.
public func parseDecimal<S: StringProtocol>(_ text: S) -> Double? {
  var sawDigit = false
  var nonZeroDigit = false
  var index = text.utf8.startIndex
  let utf8 = text.utf8
  func peek() -> UInt8? { index < utf8.endIndex ? utf8[index] : nil }
  func advance() { index = utf8.index(after: index) }
  func digits(significant: Bool) -> Bool {
    var any = false
    while let c = peek(), c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
      if significant && c != UInt8(ascii: "0") { nonZeroDigit = true }
      any = true
      advance()
    }
    return any
  }
  if let c = peek(), c == UInt8(ascii: "+") || c == UInt8(ascii: "-") { advance() }
  sawDigit = digits(significant: true)
  if peek() == UInt8(ascii: ".") {
    advance()
    sawDigit = digits(significant: true) || sawDigit
  }
  guard sawDigit else { return nil }
  if let c = peek(), c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
    advance()
    if let s = peek(), s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { advance() }
    guard digits(significant: false) else { return nil }
  }
  guard index == utf8.endIndex, let value = Double(String(text)) else { return nil }
  guard value.isFinite else { return nil }
  // Underflow: digits that mean something became 0, or lost precision
  // below the normal range.
  if nonZeroDigit && (value == 0 || value.magnitude < Double.leastNormalMagnitude) { return nil }
  return value
}

/// Parses a plain decimal whole number (optional sign, digits only).
public func parseWholeNumber<S: StringProtocol>(_ text: S) -> Int? {
  let utf8 = text.utf8
  guard let first = utf8.first else { return nil }
  let digits = first == UInt8(ascii: "+") || first == UInt8(ascii: "-") ? utf8.dropFirst() : utf8[...]
  guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
  return Int(String(text))
}

// MARK: - Flag values

/// A finite decimal number in `range`, or nil when the flag was not given.
package func number(
  _ text: String?, _ flag: String, _ range: ClosedRange<Double>, allowed: String? = nil
) throws(Failure) -> Double? {
  guard let text else { return nil }
  let words = allowed ?? "a number of px between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound))"
  guard let v = parseDecimal(text), range.contains(v) else { throw .usage(flag, words, text) }
  return v
}

/// A whole number in `range`, or nil when the flag was not given.
package func integer(_ text: String?, _ flag: String, _ range: ClosedRange<Int>) throws(Failure) -> Int? {
  guard let text else { return nil }
  guard let v = parseWholeNumber(text), range.contains(v) else {
    throw .usage(flag, "a whole number between \(range.lowerBound) and \(range.upperBound)", text)
  }
  return v
}

/// `WxH`, both in `range`; whole numbers only when `whole`.
package func sizeValues(
  _ text: String, _ flag: String, whole: Bool, range: ClosedRange<Double>
) throws(Failure) -> (Double, Double) {
  let kind = whole ? "whole px" : "px"
  let allowed = "WIDTHxHEIGHT in \(kind), each between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound))"
  let parts = text.split(separator: "x", omittingEmptySubsequences: false)
  guard parts.count == 2 else { throw .usage(flag, allowed, text) }
  var values: [Double] = []
  for p in parts {
    let v: Double?
    if whole { v = parseWholeNumber(p).map(Double.init) } else { v = parseDecimal(p) }
    guard let v, range.contains(v) else { throw .usage(flag, allowed, text) }
    values.append(v)
  }
  return (values[0], values[1])
}

/// Comma-separated decimal numbers; nil when any part is not one.
package func decimalList(_ text: Substring) -> [Double]? {
  var out: [Double] = []
  for p in text.split(separator: ",", omittingEmptySubsequences: false) {
    guard let v = parseDecimal(p) else { return nil }
    out.append(v)
  }
  return out
}

package func color(_ text: String?, _ flag: String) throws(Failure) -> DrawerColor? {
  guard let text else { return nil }
  guard let c = DrawerColor(parsing: text) else {
    throw .usage(flag, "a colour: #rgb, #rrggbb, #rrggbbaa or a name such as black, white or gray", text)
  }
  return c
}

package func timingCurve(_ text: String) throws(Failure) -> TimingCurve {
  let allowed = "spring, spring:DAMPING[,RESPONSE_S], linear, ease-in, ease-out, ease-in-out or cubic:X1,Y1,X2,Y2"
  switch text {
  case "spring": return .drawerKitDefault
  case "linear": return .linear
  case "ease-in": return .easeIn
  case "ease-out": return .easeOut
  case "ease-in-out": return .easeInOut
  default: break
  }
  if text.hasPrefix("spring:"), let v = decimalList(text.dropFirst(7)), v.count == 1 || v.count == 2 {
    return .spring(dampingRatio: v[0], response: v.count == 2 ? v[1] : nil)
  }
  if text.hasPrefix("cubic:"), let v = decimalList(text.dropFirst(6)), v.count == 4 {
    return .cubicBezier(x1: v[0], y1: v[1], x2: v[2], y2: v[3])
  }
  throw .usage("--timing", allowed, text)
}

// MARK: - Numbers in messages

/// Formats a flag's default for --help: "300" rather than "300.0".
public func formatNumber(_ value: Double) -> String {
  if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
  return String(value)
}

/// "64 MiB", "1 GiB", "512 bytes".
package func describeBytes(_ n: Int) -> String {
  if n >= 1 << 30 && n % (1 << 30) == 0 { return "\(n >> 30) GiB" }
  if n >= 1 << 20 && n % (1 << 20) == 0 { return "\(n >> 20) MiB" }
  if n >= 1 << 10 && n % (1 << 10) == 0 { return "\(n >> 10) KiB" }
  return "\(n) bytes"
}
