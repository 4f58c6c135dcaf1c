import DrawerProcess

/// Flags that cannot be combined, declared once: `launchSettings()`
/// refuses each pair with one line saying why, and where the command line
/// gives one of a pair, the X resource for the other steps aside, so that
/// the command line wins there too.
struct FlagConflict: Sendable {
  /// The flag that rules out the others.
  let flag: FlagSpec
  /// The flags it rules out, in the order a message names the first given.
  let others: [FlagSpec]
  /// Why, for the message, given the other flag.
  let why: @Sendable (FlagSpec) -> String

  static let all: [FlagConflict] = [
    FlagConflict(
      flag: .detents, others: [.partialHeight, .collapsedHeight, .noPartialExpansion, .fullExpansion, .initialState],
      why: { "\($0.long) shapes DrawerKit's detents, which --detents replaces" }),
    FlagConflict(flag: .initial, others: [.initialState], why: { _ in "both choose where the panel opens" }),
    FlagConflict(flag: .scrollIn, others: [.scrollInAllStates], why: { _ in "both choose where the list scrolls" }),
    FlagConflict(flag: .backdrop, others: [.dimOpacity], why: { _ in "--backdrop sets the alpha of each detent" }),
    FlagConflict(
      flag: .passthrough, others: [.tapsToDismiss], why: { _ in "with --passthrough clicks outside go to the map" }),
    FlagConflict(flag: .desktop, others: [.geometry], why: { _ in "--desktop covers a whole monitor" }),
    FlagConflict(flag: .bar, others: [.geometry, .desktop, .edge], why: { _ in "--bar lies along a monitor's edge" }),
    FlagConflict(flag: .parent, others: [.monitor], why: { _ in "the bar lies in the window --parent names" }),
    FlagConflict(flag: .embed, others: [.pick], why: { _ in "the embedded client takes the keys" }),
  ]

  /// Whether a resource for `flag` steps aside for the flags `given` on
  /// the command line (long names).
  static func overrules(_ flag: FlagSpec, given: Set<String>) -> Bool {
    all.contains { conflict in
      let others = conflict.others.map(\.long)
      return (flag.long == conflict.flag.long && !given.isDisjoint(with: others))
        || (others.contains(flag.long) && given.contains(conflict.flag.long))
    }
  }
}

extension LaunchFlags {
  /// The first conflict the flags hold, as the line that names both.
  func checkConflicts() throws(Failure) {
    for conflict in FlagConflict.all where has(conflict.flag) {
      guard let other = conflict.others.first(where: has) else { continue }
      throw Failure(
        status: ExitStatus.usage,
        message: "\(conflict.flag.long) cannot be combined with \(other.long): \(conflict.why(other))")
    }
  }
}
