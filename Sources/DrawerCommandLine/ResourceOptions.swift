import DrawerDesktop
import DrawerProcess

/// The X resources that set flags, as xterm's and st's resources do.
///
/// A flag marked `resource` in the table (`FlagSpec.isResource`) is also
/// the resource named by the flag in camelCase (`--handle-color` is
/// `handleColor`) under the program's instance name and class, so
/// `drawer-x11.handleColor: #c7c7cc` and `drawer-x11*edge: left` both work:
/// how the panel looks and behaves, and the window's geometry and scale.
/// What one run reads or writes (rows, events, traces, the control
/// channel, picking, the prompt) and the window's names (which choose the
/// resources) are flags only. A flag on the command line wins over its
/// resource; a resource wins over the default. Its value is the flag's
/// value, checked the same way, and a bad one is reported naming the
/// resource.
enum ResourceOption {
  /// A switch's text as Xt's Boolean converter reads it (true, yes, on, 1;
  /// false, no, off, 0; any case); nil when it is neither.
  static func boolean(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "true", "yes", "on", "1": true
    case "false", "no", "off", "0": false
    default: nil
    }
  }

  /// Whether `flag`'s resource steps aside for what the command line gave.
  static func isOverruled(_ flag: FlagSpec, given: Set<String>, picking: Bool) -> Bool {
    // How typing matches, and the order of what it matches, matter only
    // where typing filters.
    if (flag.long == FlagSpec.match.long || flag.long == FlagSpec.noSort.long) && !picking { return true }
    return FlagConflict.overrules(flag, given: given)
  }
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

  /// Equal when both hold the same settings in the same order.
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
    let instance = self[.name] ?? WindowIdentity.defaultInstanceName
    let className = self[.windowClass] ?? WindowIdentity.defaultClassName
    var applied = AppliedResources()
    let given = Set(givenFlags.map(\.long))
    let picking = has(.pick) || has(.filter)
    for flag in FlagSpec.all where flag.isResource && !given.contains(flag.long) {
      guard !ResourceOption.isOverruled(flag, given: given, picking: picking) else { continue }
      let resource = flag.resourceName
      let resourceClass = resource.prefix(1).uppercased() + resource.dropFirst()
      guard let text = database.value(names: [instance, resource], classes: [className, resourceClass]) else { continue }
      let value = String(text.trimmingBlanks)
      let name = "\(instance).\(resource)"
      switch flag.value {
      case .toggle, .toggleWithValue:
        guard let on = ResourceOption.boolean(value) else {
          throw Failure(status: ExitStatus.usage, message: "X resource \(name) must be true or false (got \(value))")
        }
        if on {
          set(flag)
          applied.settings.append((flag.long, nil, name))
        }
      case .single, .keyword:
        set(flag, value)
        applied.settings.append((flag.long, value, name))
      case .repeated:
        // The values of a flag given any number of times, separated by `;`.
        for part in value.split(separator: ";") {
          set(flag, String(part.trimmingBlanks))
          applied.settings.append((flag.long, String(part.trimmingBlanks), name))
        }
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
