/// One JSON object under construction, written as one line.
public struct JSONLine: Sendable {
  private var text: String

  /// The finished object.
  public var json: String { text + "}" }

  public init(event: String) {
    text = "{\"event\":\""
    appendEscaped(event)
    text += "\""
  }

  public mutating func add(_ key: String, _ value: Int) {
    text += ",\"" + key + "\":" + String(value)
  }

  public mutating func add(_ key: String, _ value: Bool) {
    text += ",\"" + key + "\":" + (value ? "true" : "false")
  }

  /// Adds a number with at most `decimals` digits after the point; JSON has
  /// no NaN or infinity, so those print as 0.
  public mutating func add(_ key: String, _ value: Double, decimals: Int) {
    text += ",\"" + key + "\":" + formatFixed(value, decimals: decimals)
  }

  public mutating func add(_ key: String, _ value: String) {
    text += ",\"" + key + "\":\""
    appendEscaped(value)
    text += "\""
  }

  /// Appends `value` as JSON string content: quotes, backslashes and every
  /// control character (C0, DEL and C1, which a terminal would act on)
  /// escaped. Runs that need no escape are copied whole, so a 10 MB row
  /// costs one pass.
  private mutating func appendEscaped(_ value: String) {
    var runStart = value.unicodeScalars.startIndex
    var i = runStart
    let scalars = value.unicodeScalars
    while i < scalars.endIndex {
      let v = scalars[i].value
      let escape: String?
      switch v {
      case 0x22: escape = "\\\""
      case 0x5C: escape = "\\\\"
      case 0x0A: escape = "\\n"
      case 0x0D: escape = "\\r"
      case 0x09: escape = "\\t"
      case 0x00...0x1F, 0x7F...0x9F: escape = "\\u00" + hexByte(UInt8(v))
      default: escape = nil
      }
      if let escape {
        text.unicodeScalars.append(contentsOf: scalars[runStart..<i])
        text += escape
        runStart = scalars.index(after: i)
      }
      i = scalars.index(after: i)
    }
    text.unicodeScalars.append(contentsOf: scalars[runStart..<scalars.endIndex])
  }

  private func hexByte(_ b: UInt8) -> String {
    let digits = String(b, radix: 16)
    return b < 16 ? "0" + digits : digits
  }
}

/// Formats `value` with exactly `decimals` digits after the point (none when
/// 0), without Foundation.
public func formatFixed(_ value: Double, decimals: Int) -> String {
  guard value.isFinite else { return "0" }
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let scaled = (abs(value) * scale).rounded()
  guard scaled < 9e15 else {
    // Past 2^53 a Double holds only whole numbers; past Int64 it is printed
    // in exponent form, which JSON allows.
    return abs(value) < 9e18 ? String(Int64(value.rounded())) : String(value)
  }
  let n = Int64(scaled)
  let whole = n / Int64(scale)
  var text = (value < 0 && n != 0 ? "-" : "") + String(whole)
  if decimals > 0 {
    var fraction = String(n % Int64(scale))
    while fraction.count < decimals { fraction = "0" + fraction }
    text += "." + fraction
  }
  return text
}

/// Formats a flag's default for --help: "300" rather than "300.0".
public func formatNumber(_ value: Double) -> String {
  if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
  return String(value)
}
