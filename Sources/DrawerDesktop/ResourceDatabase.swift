import DrawerProcess

/// The X resource database a desktop publishes on the root window's
/// RESOURCE_MANAGER property (what `xrdb` loads), read as Xlib's resource
/// manager reads it.
///
/// The text holds one resource a line, `Xft.dpi:\t192`: a name of
/// components joined by tight (`.`) or loose (`*`) bindings, a colon, and
/// the value after any blanks. Lines starting with `!` are comments, with
/// `#` directives; a line that is not a resource is skipped, so one bad
/// line costs nothing else. A lookup follows Xrm's precedence, so
/// `Xft.dpi` wins over `*dpi` wherever each stands, and a later line wins
/// over an earlier one with the same name.
public struct ResourceDatabase: Sendable {
  struct Entry: Sendable {
    /// Each component with whether the binding before it is loose.
    var components: [(name: Substring, loose: Bool)]
    var value: Substring
  }

  let entries: [Entry]

  /// Parses the property's text.
  public init(_ text: String) {
    var entries: [Entry] = []
    for line in text.split(whereSeparator: \.isNewline) {
      if let entry = ResourceDatabase.entry(line) { entries.append(entry) }
    }
    self.entries = entries
  }

  /// The value for the resource `names` of class `classes` (one of each a
  /// level), by Xrm's rules: level by level from the left, a matched level
  /// beats a skipped one, a name beats a class beats `?`, and a tight
  /// binding beats a loose one. nil when nothing matches.
  public func value(names: [String], classes: [String]) -> String? {
    precondition(names.count == classes.count, "a name and a class per level")
    var best: (rank: [Int], value: Substring)?
    for entry in entries {
      guard let rank = ResourceDatabase.rank(entry.components[...], names[...], classes[...]) else { continue }
      // Ties go to the later line, as a later xrdb line replaces an earlier one.
      if best == nil || !rank.lexicographicallyPrecedes(best!.rank) { best = (rank, entry.value) }
    }
    return best.map { String($0.value) }
  }

  /// Xft.dpi, in dots per inch, as libXft asks for it
  /// (`XGetDefault(display, "Xft", "dpi")`: class Program.Name); nil when
  /// unset or not a plain decimal above 0.
  public var xftDPI: Double? {
    guard let text = value(names: ["Xft", "dpi"], classes: ["Program", "Name"]),
      let dpi = parseDecimal(text.trimmingBlanks), dpi > 0
    else { return nil }
    return dpi
  }

  // MARK: Parsing

  private static func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" }

  private static func entry(_ line: Substring) -> Entry? {
    let text = line.drop(while: isBlank)
    guard let first = text.first, first != "!", first != "#", let colon = text.firstIndex(of: ":") else { return nil }
    var spec = text[..<colon]
    while let last = spec.last, isBlank(last) { spec.removeLast() }
    var components: [(name: Substring, loose: Bool)] = []
    var loose = false
    var start: Substring.Index?
    for i in spec.indices {
      let c = spec[i]
      if c == "." || c == "*" {
        if let s = start {
          components.append((spec[s..<i], loose))
          start = nil
          loose = false
        }
        if c == "*" { loose = true }
      } else if c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-" || c == "?") {
        if start == nil { start = i }
      } else {
        return nil
      }
    }
    guard let s = start else { return nil }
    components.append((spec[s...], loose))
    // A `?` stands for one level, never a whole name.
    guard components.allSatisfy({ $0.name == "?" || !$0.name.contains("?") }) else { return nil }
    return Entry(components: components, value: text[text.index(after: colon)...].drop(while: isBlank))
  }

  // MARK: Matching

  /// How well `entry` matches the levels: two numbers a level (what matched
  /// it, 3 name, 2 class, 1 `?`, 0 skipped; then 1 for a tight binding),
  /// the best over the ways its loose bindings can skip levels; nil when it
  /// does not match.
  private static func rank(
    _ entry: ArraySlice<(name: Substring, loose: Bool)>, _ names: ArraySlice<String>, _ classes: ArraySlice<String>
  ) -> [Int]? {
    guard let component = entry.first else { return names.isEmpty ? [] : nil }
    guard !names.isEmpty else { return nil }
    var best: [Int]?
    // A loose binding may skip any number of levels before its component.
    let skips = component.loose ? 0..<names.count : 0..<1
    for skip in skips {
      let level = names.startIndex + skip
      let score: Int
      if component.name == names[level] {
        score = 3
      } else if component.name == classes[level] {
        score = 2
      } else if component.name == "?" {
        score = 1
      } else {
        continue
      }
      guard let rest = rank(entry.dropFirst(), names[(level + 1)...], classes[(level + 1)...]) else { continue }
      let rank = Array(repeating: 0, count: 2 * skip) + [score, component.loose ? 0 : 1] + rest
      if best == nil || best!.lexicographicallyPrecedes(rank) { best = rank }
    }
    return best
  }
}

extension StringProtocol where SubSequence == Substring {
  /// Without the blanks (spaces, tabs, a carriage return) at either end.
  package var trimmingBlanks: Substring {
    func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\r" }
    var s = self[...]
    while let c = s.first, isBlank(c) { s.removeFirst() }
    while let c = s.last, isBlank(c) { s.removeLast() }
    return s
  }
}
