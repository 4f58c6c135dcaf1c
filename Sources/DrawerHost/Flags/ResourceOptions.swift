import ArgumentParser

/// A flag that an X resource can set too, as xterm's and st's resources do.
///
/// The resource is the flag's name in camelCase (`--handle-color` is
/// `handleColor`) under the program's instance name and class, so
/// `drawer-x11.handleColor: #c7c7cc` and `drawer-x11*edge: left` both work.
/// A flag on the command line wins over its resource; a resource wins over
/// the default. Its value is the flag's value, checked the same way, and a
/// bad one is reported naming the resource.
struct ResourceOption {
  /// The long flag, with its dashes.
  let flag: String
  /// Whether the command line gave the flag.
  let isGiven: (LaunchFlags) -> Bool
  /// Sets the flag's value from the resource's text; false when the text
  /// is not a value the flag can hold at all (a switch's yes or no).
  let apply: (inout LaunchFlags, String) -> Bool
  /// What a switch's resource accepts, for the message.
  let kind: Kind

  enum Kind { case value, toggle, list }

  /// The resource's name: the flag in camelCase.
  var resource: String { ResourceOption.camelCase(flag) }

  static func camelCase(_ flag: String) -> String {
    var out = ""
    var upper = false
    for c in flag.drop(while: { $0 == "-" }) {
      if c == "-" {
        upper = true
      } else {
        out += upper ? c.uppercased() : String(c)
        upper = false
      }
    }
    return out
  }

  /// A flag that takes a value.
  static func value<T: ExpressibleByArgument>(_ flag: String, _ path: WritableKeyPath<LaunchFlags, T?>) -> ResourceOption {
    ResourceOption(
      flag: flag, isGiven: { $0[keyPath: path] != nil },
      apply: { command, text in
        guard let v = T(argument: text) else { return false }
        command[keyPath: path] = v
        return true
      }, kind: .value)
  }

  /// A switch: the resource says true or false, as Xt's Boolean converter
  /// reads them (true, yes, on, 1; false, no, off, 0; any case).
  static func toggle(_ flag: String, _ path: WritableKeyPath<LaunchFlags, Bool>) -> ResourceOption {
    ResourceOption(
      flag: flag, isGiven: { $0[keyPath: path] },
      apply: { command, text in
        guard let on = boolean(text) else { return false }
        command[keyPath: path] = on
        return true
      }, kind: .toggle)
  }

  /// A switch's text as Xt's Boolean converter reads it; nil when it is
  /// neither.
  static func boolean(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "true", "yes", "on", "1": true
    case "false", "no", "off", "0": false
    default: nil
    }
  }

  /// A flag given any number of times: the resource holds its values
  /// separated by `;`.
  static func list(_ flag: String, _ path: WritableKeyPath<LaunchFlags, [String]>) -> ResourceOption {
    ResourceOption(
      flag: flag, isGiven: { !$0[keyPath: path].isEmpty },
      apply: { command, text in
        command[keyPath: path] = text.split(separator: ";").map { String($0.trimmingBlanks) }
        return true
      }, kind: .list)
  }

  /// Every flag a resource can set: how the panel looks and behaves, and
  /// the window's geometry and scale. What one run reads or writes (rows,
  /// events, traces, the control channel, picking, the prompt) and the
  /// window's names (which choose the resources) are flags only.
  static var all: [ResourceOption] {
    [
      .value("--edge", \.position.edge), .value("--detents", \.position.detents),
      .value("--initial", \.position.initial), .value("--partial-height", \.position.partialHeight),
      .value("--collapsed-height", \.position.collapsedHeight), .value("--initial-state", \.position.initialState),
      .value("--full-expansion", \.position.fullExpansion), .value("--status-bar-height", \.position.statusBarHeight),
      .toggle("--no-partial-expansion", \.position.noPartialExpansion),
      .toggle("--no-dismiss-in-stages", \.position.noDismissInStages),

      .value("--release", \.behaviour.release), .toggle("--skip-states", \.behaviour.skipStates),
      .value("--rubber-band", \.behaviour.rubberBand), .value("--removal", \.behaviour.removal),
      .toggle("--passthrough", \.behaviour.passthrough), .toggle("--no-drag", \.behaviour.noDrag),
      .value("--taps-to-expand", \.behaviour.tapsToExpand), .value("--taps-to-dismiss", \.behaviour.tapsToDismiss),
      .value("--flick-threshold", \.behaviour.flickThreshold), .value("--upper-mark-gap", \.behaviour.upperMarkGap),
      .value("--lower-mark-gap", \.behaviour.lowerMarkGap), .value("--double-click-time", \.behaviour.doubleClickTime),
      .value("--click-slop", \.behaviour.clickSlop), .value("--duration", \.behaviour.duration),
      .toggle("--proportional-duration", \.behaviour.proportionalDuration), .value("--timing", \.behaviour.timing),

      .value("--theme", \.look.theme), .value("--font", \.look.font), .value("--backdrop", \.look.backdrop),
      .value("--dim-opacity", \.look.dimOpacity), .value("--corner-radius", \.look.cornerRadius),
      .value("--corner-mode", \.look.cornerMode), .value("--background-color", \.look.backgroundColor),
      .toggle("--no-handle", \.look.noHandle), .value("--handle-color", \.look.handleColor),
      .value("--handle-size", \.look.handleSize), .value("--handle-top", \.look.handleTop),
      .value("--handle-corner-radius", \.look.handleCornerRadius),
      .toggle("--no-handle-dimming", \.look.noHandleDimming), .value("--handle-min-alpha", \.look.handleMinAlpha),
      .value("--border-thickness", \.look.borderThickness), .value("--border-color", \.look.borderColor),
      .value("--shadow-opacity", \.look.shadowOpacity), .value("--shadow-radius", \.look.shadowRadius),
      .value("--shadow-offset", \.look.shadowOffset), .value("--shadow-color", \.look.shadowColor),
      .list("--shadow", \.look.shadow), .value("--margins", \.look.margins), .value("--padding", \.look.padding),
      .value("--max-width", \.look.maxWidth),

      .value("--row-height", \.list.rowHeight), .toggle("--scroll-in-all-states", \.list.scrollInAllStates),
      .value("--scroll-in", \.list.scrollIn), .value("--match", \.pick.match),

      .value("--geometry", \.window.geometry), .value("--scale", \.program.scale),
    ]
  }

  /// Flags that cannot be combined (`launchSettings` refuses them
  /// together): when the command line gives one, the resources for the
  /// others step aside, so that the command line wins there too.
  static let alternatives: [(String, [String])] = [
    ("--detents", ["--partial-height", "--collapsed-height", "--no-partial-expansion", "--full-expansion", "--initial-state"]),
    ("--initial", ["--initial-state"]),
    ("--scroll-in", ["--scroll-in-all-states"]),
    ("--backdrop", ["--dim-opacity"]),
    ("--passthrough", ["--taps-to-dismiss"]),
  ]

  /// Whether `flag`'s resource steps aside for what the command line gave.
  static func isOverruled(_ flag: String, given: Set<String>, picking: Bool) -> Bool {
    // How typing matches matters only where typing filters.
    if flag == "--match" && !picking { return true }
    return alternatives.contains { one, others in
      (flag == one && !given.isDisjoint(with: others)) || (others.contains(flag) && given.contains(one))
    }
  }

  /// The flags no resource sets, each for a reason given at `all`.
  static let flagsOnly: Set<String> = [
    "--rows", "--items", "--events", "--report-moves", "--record", "--pick", "--multi", "--print-index",
    "--prompt", "--filter", "--control", "--title", "--class", "--name", "--debug", "--version", "--help",
  ]
}

/// The flags the X resources set on a run.
public struct AppliedResources: Equatable, Sendable {
  /// Each flag with its value as it would be typed, and the resource it
  /// came from (`drawer-x11.edge`).
  public var settings: [(flag: String, value: String?, resource: String)] = []

  /// The same as command-line arguments, for a trace to replay: a switch
  /// alone, a flag that takes a value followed by it.
  public var arguments: [String] {
    settings.flatMap { s in s.value.map { [s.flag, $0] } ?? [s.flag] }
  }

  public static func == (a: AppliedResources, b: AppliedResources) -> Bool {
    a.settings.elementsEqual(b.settings) { $0.flag == $1.flag && $0.value == $1.value && $0.resource == $1.resource }
  }
}

extension LaunchFlags {
  /// Sets every flag the command line left out that `database` has a
  /// resource for, looked up under --name and --class, except where a flag
  /// given excludes it; a switch's resource that is neither true nor false
  /// fails naming the resource.
  mutating func applyResources(_ database: ResourceDatabase) throws(Failure) -> AppliedResources {
    let instance = window.name ?? WindowIdentity.defaultInstanceName
    let className = window.windowClass ?? WindowIdentity.defaultClassName
    var applied = AppliedResources()
    let options = ResourceOption.all
    let given = Set(options.filter { $0.isGiven(self) }.map(\.flag))
    let picking = pick.pick || pick.filter
    for option in options where !given.contains(option.flag) {
      guard !ResourceOption.isOverruled(option.flag, given: given, picking: picking) else { continue }
      let resource = option.resource
      let resourceClass = resource.prefix(1).uppercased() + resource.dropFirst()
      guard let text = database.value(names: [instance, resource], classes: [className, resourceClass]) else { continue }
      let value = String(text.trimmingBlanks)
      let name = "\(instance).\(resource)"
      guard option.apply(&self, value) else {
        throw Failure(status: ExitStatus.usage, message: "X resource \(name) must be true or false (got \(value))")
      }
      switch option.kind {
      case .toggle:
        if ResourceOption.boolean(value) == true { applied.settings.append((option.flag, nil, name)) }
      case .value:
        applied.settings.append((option.flag, value, name))
      case .list:
        for part in value.split(separator: ";") { applied.settings.append((option.flag, String(part.trimmingBlanks), name)) }
      }
    }
    return applied
  }
}

/// `message` with each flag that a resource set named as that resource,
/// so that a bad value points at the line of the resource file to fix.
func namingResources(_ message: String, _ applied: AppliedResources) -> String {
  var out = message
  for s in applied.settings {
    out = replacingFlag(s.flag, with: "X resource \(s.resource)", in: out)
  }
  return out
}

/// `text` with the whole word `flag` replaced: `--shadow` is not the start
/// of `--shadow-color`.
private func replacingFlag(_ flag: String, with label: String, in text: String) -> String {
  var out = ""
  var rest = text[...]
  while let range = rest.firstRange(of: flag) {
    let next = rest[range.upperBound...].first
    let partOfLonger = next.map { $0.isLetter || $0.isNumber || $0 == "-" } ?? false
    out += rest[..<range.lowerBound]
    out += partOfLonger ? String(rest[range]) : label
    rest = rest[range.upperBound...]
  }
  return out + rest
}
