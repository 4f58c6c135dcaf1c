/// rofi's `combi`: the rows of several modes (`-combi-modi`) in one list,
/// each row's text after its mode's name (rofi's `{mode} {text}`), and a
/// choice handed to the mode the row came from.
public final class CombiMode: LaunchMode {
  /// The mode's name, `combi`, as `-show` and the prompt say it.
  public let name = "combi"
  let modes: [LaunchMode]
  /// Each shown row's mode and its place in that mode's page.
  var origins: [(mode: Int, row: Int)] = []

  /// The combination of `modes`, in the order `-combi-modi` gives them.
  public init(modes: [LaunchMode]) { self.modes = modes }

  /// Every mode's rows, in order, each after its mode's name.
  public func page() -> ModePage {
    var page = ModePage(prompt: name)
    origins = []
    for (m, mode) in modes.enumerated() {
      for (r, row) in mode.page().rows.enumerated() {
        var shown = row
        shown.text = "\(mode.name) \(row.text)"
        page.rows.append(shown)
        origins.append((m, r))
      }
    }
    return page
  }

  /// Hands a row to the mode it came from, and typed text to `run`; anything else exits 0.
  public func choose(_ choice: ModeChoice) -> ModeOutcome {
    switch choice {
    case .row(let i, let alternate) where i >= 0 && i < origins.count:
      let o = origins[i]
      return modes[o.mode].choose(.row(o.row, alternate: alternate))
    case .customKey(let n, let row?) where row >= 0 && row < origins.count:
      let o = origins[row]
      return modes[o.mode].choose(.customKey(n, row: o.row))
    case .custom(let text, let alternate):
      // Typed text goes to the first mode that runs text (run), as rofi's.
      guard let run = modes.first(where: { $0 is RunMode }) else { return .exit(0) }
      return run.choose(.custom(text, alternate: alternate))
    default:
      return .exit(0)
    }
  }
}
