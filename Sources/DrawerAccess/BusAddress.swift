/// Why a D-Bus address handed to the program from outside is refused; nil
/// when every entry of it is a `unix:` socket the program may connect to.
///
/// The root window's AT_SPI_BUS property can be set by any X client, and
/// a bus launcher's GetAddress answer is no more trusted than the session
/// bus it came through. sd-bus would run the command of a `unixexec:`
/// address, resolve a `tcp:` host name synchronously, and connect to
/// anything else an address names; so an address from either place is
/// held to the one form an accessibility bus has: one or more
/// `;`-separated entries, each `unix:` with exactly one `path=` or
/// `abstract=` and at most one `guid=` (32 hex digits), every value in
/// the D-Bus escaping (`[-0-9A-Za-z_/.\*]` and `%XX`).
public func busAddressProblem(_ address: String) -> String? {
  guard !address.isEmpty else { return "the address is empty" }
  // The property is read with a limit of its own; this bounds any caller.
  guard address.utf8.count <= 4096 else { return "the address is longer than 4096 bytes" }
  for (number, entry) in address.split(separator: ";", omittingEmptySubsequences: false).enumerated() {
    if let problem = entryProblem(entry) {
      return number == 0 && !address.contains(";") ? problem : "entry \(number + 1): \(problem)"
    }
  }
  return nil
}

private func entryProblem(_ entry: Substring) -> String? {
  guard !entry.isEmpty else { return "an empty entry" }
  guard let colon = entry.firstIndex(of: ":") else { return "no transport (expected unix:)" }
  let transport = entry[..<colon]
  guard transport == "unix" else {
    return "transport \(printable(transport)): is not allowed, only unix:"
  }
  var seen: Set<Substring> = []
  for pair in entry[entry.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false) {
    guard let equals = pair.firstIndex(of: "=") else { return "\(printable(pair)) is not key=value" }
    let key = pair[..<equals]
    let value = pair[pair.index(after: equals)...]
    guard ["path", "abstract", "guid"].contains(key) else {
      return "key \(printable(key)) is not allowed in a unix: address (only path, abstract, guid)"
    }
    guard seen.insert(key).inserted else { return "key \(key) is given twice" }
    guard !value.isEmpty else { return "\(key) is empty" }
    if key == "guid" {
      guard value.utf8.count == 32, value.utf8.allSatisfy(isHexDigit) else { return "guid is not 32 hex digits" }
    } else if !isEscapedValue(value) {
      return "\(key) holds a byte D-Bus addresses escape"
    }
  }
  guard seen.contains("path") != seen.contains("abstract") else {
    return "a unix: address needs exactly one of path= and abstract="
  }
  return nil
}

/// Whether `value` is in D-Bus's escaping: optionally-escaped bytes as
/// they are, every other byte as `%` and two hex digits.
private func isEscapedValue(_ value: Substring) -> Bool {
  let bytes = Array(value.utf8)
  var i = 0
  while i < bytes.count {
    let b = bytes[i]
    if b == UInt8(ascii: "%") {
      guard i + 2 < bytes.count, isHexDigit(bytes[i + 1]), isHexDigit(bytes[i + 2]) else { return false }
      i += 3
      continue
    }
    guard isOptionallyEscaped(b) else { return false }
    i += 1
  }
  return true
}

private func isOptionallyEscaped(_ b: UInt8) -> Bool {
  switch b {
  case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
    UInt8(ascii: "a")...UInt8(ascii: "z"):
    return true
  default: return "-_/.\\*".utf8.contains(b)
  }
}

private func isHexDigit(_ b: UInt8) -> Bool {
  switch b {
  case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
    UInt8(ascii: "A")...UInt8(ascii: "F"):
    return true
  default: return false
  }
}

/// A piece of a refused address for the message: short, and only the
/// characters an address may hold (the message is made terminal-safe
/// later too, but a 4 KB property is no message).
private func printable(_ s: Substring) -> String {
  let kept = String(s.unicodeScalars.prefix(32).map { $0.value >= 0x20 && $0.value < 0x7f ? Character($0) : "?" })
  return s.unicodeScalars.count > 32 ? kept + "…" : kept
}
