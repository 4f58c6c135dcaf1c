import DrawerEngine
import DrawerProcess

/// The values of --detents, --backdrop and --scroll-in, parsed.
package enum DetentArguments {
  /// A detent name on the command line: letters, digits, '-' and '_'.
  static func name(_ text: Substring, flag: String, whole: String) throws(Failure) -> String {
    let allowed = text.utf8.allSatisfy {
      (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F
    }
    guard !text.isEmpty, allowed else {
      throw .usage(flag, "names of letters, digits, - and _", whole)
    }
    return String(text)
  }

  /// `NAME=ANCHOR,...`, most collapsed first; ANCHOR is PX, PCT%, -PX (from
  /// the far edge) or content.
  /// `flag` names the value's source in a failure's message.
  static func detents(_ text: String, flag: String = "--detents") throws(Failure) -> [Detent] {
    let allowed = "NAME=ANCHOR,... with ANCHOR a number of px, PCT%, -PX (from the far edge) or content"
    var out: [Detent] = []
    // Cut at the ASCII separators in the UTF-8 bytes: one pass, with no
    // grapheme breaking, for lists of any length.
    for bytes in text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
      let item = Substring(bytes)
      guard let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) else { throw .usage(flag, allowed, text) }
      let name = try name(item[..<equals], flag: flag, whole: text)
      let a = item[item.utf8.index(after: equals)...]
      let anchor: Anchor
      if a == "content" {
        anchor = .content
      } else if a.hasSuffix("%"), let pct = parseDecimal(a.dropLast()), pct >= 0, pct <= 100 {
        anchor = .fraction(pct / 100)
      } else if a.hasPrefix("-"), let v = parseDecimal(a.dropFirst()), v >= 0, v <= 100_000 {
        anchor = .fromFar(v)
      } else if let v = parseDecimal(a), v >= 0, v <= 100_000 {
        anchor = .fromHome(v)
      } else {
        throw .usage(flag, allowed + " (px up to 100000, percentages 0 to 100)", text)
      }
      out.append(Detent(name, anchor))
    }
    return out
  }

  /// The detents `text` names, as a panel takes them: as in DrawerKit's
  /// preset, the backdrop reaches `maximumBackdrop` (--dim-opacity) at the
  /// most expanded detent, and the list scrolls there.
  package static func panelDetents(_ text: String, maximumBackdrop: Double, flag: String = "--detents") throws(Failure)
    -> [Detent]
  {
    var detents = try detents(text, flag: flag)
    detents[detents.count - 1].backdropAlpha = maximumBackdrop
    detents[detents.count - 1].scrollsList = true
    return detents
  }

  /// Every value --initial takes for a panel configured as `c`: dismissed
  /// (the run starts hidden), then the panel's detents, most collapsed
  /// first: those of --detents, or DrawerKit's that the heights give.
  /// Both the check and its message read this one list.
  package static func initialChoices(for c: DrawerConfiguration) -> [String] {
    initialChoices(detents: (c.detents ?? c.drawerKitDetents).map(\.name))
  }

  /// Every value --initial takes for a panel whose detents are `names`;
  /// its shell completion offers the same.
  package static func initialChoices(detents names: [String]) -> [String] { [DetentName.dismissed.rawValue] + names }

  /// The most names a message lists; a longer list ends with how many
  /// there are, so that the message stays one readable line.
  static let listedLimit = 24

  /// `names` as a message lists them: "a, b or c"; past `listedLimit`,
  /// the first ones and the count.
  package static func listed(_ names: [String]) -> String {
    guard names.count <= listedLimit else {
      return "one of " + names.prefix(listedLimit).joined(separator: ", ") + " … (\(names.count) names)"
    }
    guard let last = names.last, names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " or " + last
  }

  /// `NAME=ALPHA,...`.
  package static func backdrops(_ text: String) throws(Failure) -> [DetentName: Double] {
    var out: [DetentName: Double] = [:]
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, let alpha = parseDecimal(parts[1]), alpha >= 0, alpha <= 1 else {
        throw .usage("--backdrop", "NAME=ALPHA,... with each ALPHA between 0 and 1", text)
      }
      out[DetentName(try name(parts[0], flag: "--backdrop", whole: text))] = alpha
    }
    return out
  }

  /// `NAME,...`.
  package static func names(_ text: String, flag: String) throws(Failure) -> Set<DetentName> {
    var out = Set<DetentName>()
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      out.insert(DetentName(try name(item, flag: flag, whole: text)))
    }
    return out
  }
}
