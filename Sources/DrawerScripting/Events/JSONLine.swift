/// One JSON object under construction, written as one line.
public struct JSONLine: Sendable {
  private var text: String

  /// The finished object.
  public var json: String { text + "}" }

  /// An object whose first member is `"event"`, set to `event`.
  public init(event: String) {
    text = "{\"event\":\""
    appendEscaped(event)
    text += "\""
  }

  /// Adds an integer member.
  public mutating func add(_ key: String, _ value: Int) {
    text += ",\"" + key + "\":" + String(value)
  }

  /// Adds a member `true` or `false`.
  public mutating func add(_ key: String, _ value: Bool) {
    text += ",\"" + key + "\":" + (value ? "true" : "false")
  }

  /// Adds a number with at most `decimals` digits after the point; JSON has
  /// no NaN or infinity, so those print as 0.
  public mutating func add(_ key: String, _ value: Double, decimals: Int) {
    text += ",\"" + key + "\":" + formatFixed(value, decimals: decimals)
  }

  /// Adds a string member, escaped so that the line stays one line of valid JSON.
  public mutating func add(_ key: String, _ value: String) {
    text += ",\"" + key + "\":\""
    appendEscaped(value)
    text += "\""
  }

  /// Appends `value` as JSON string content: quotes, backslashes and every
  /// control character (C0, DEL and C1, which a terminal would act on)
  /// escaped. The escaped bytes are built in one array and added to the
  /// line once, so the cost is one pass however many escapes there are:
  /// appending to the line's scalars at each escape copied the line so far
  /// every time, and 10⁶ quotes took minutes.
  private mutating func appendEscaped(_ value: String) {
    var value = value
    let escaped: [UInt8]? = value.withUTF8 { bytes in
      guard bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 }) else {
        return nil
      }
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count + bytes.count / 8 + 16)
      var i = 0
      while i < bytes.count {
        let b = bytes[i]
        switch b {
        case 0x22, 0x5C: appendPair(b, to: &out)
        case 0x0A: appendPair(UInt8(ascii: "n"), to: &out)
        case 0x0D: appendPair(UInt8(ascii: "r"), to: &out)
        case 0x09: appendPair(UInt8(ascii: "t"), to: &out)
        case 0x00...0x1F, 0x7F: appendUnicodeEscape(b, to: &out)
        case 0xC2 where i + 1 < bytes.count && bytes[i + 1] <= 0x9F:
          // A C1 control, U+0080 to U+009F, is 0xC2 then its own value in
          // UTF-8; the text is valid, so 0xC2 always leads a scalar here
          // and the byte after it is at least 0x80.
          i += 1
          appendUnicodeEscape(bytes[i], to: &out)
        default: out.append(b)
        }
        i += 1
      }
      return out
    }
    if let escaped {
      text += String(decoding: escaped, as: UTF8.self)
    } else {
      text += value
    }
  }
}

/// A backslash then `b`.
private func appendPair(_ b: UInt8, to out: inout [UInt8]) {
  out.append(0x5C)
  out.append(b)
}

/// `\u00XX` for the code point `value` (below 0x100), in lower-case hex.
private func appendUnicodeEscape(_ value: UInt8, to out: inout [UInt8]) {
  func hexDigit(_ d: UInt8) -> UInt8 { d < 10 ? UInt8(ascii: "0") + d : UInt8(ascii: "a") + d - 10 }
  appendPair(UInt8(ascii: "u"), to: &out)
  out.append(UInt8(ascii: "0"))
  out.append(UInt8(ascii: "0"))
  out.append(hexDigit(value >> 4))
  out.append(hexDigit(value & 15))
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
