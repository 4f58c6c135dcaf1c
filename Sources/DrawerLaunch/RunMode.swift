import DrawerProcess
import DrawerScripting
import Glibc

/// rofi's `run`: every executable on `$PATH`, each name once, sorted,
/// with the launches ranked by `LaunchHistory`. Return runs the command
/// (or the typed text) through `-run-command` (`{cmd}` by default) with
/// `sh -c`; Shift+Return through `-run-shell-command` (`{terminal} -e
/// {cmd}`), both detached.
public final class RunMode: LaunchMode {
  /// The mode's name, `run`, as `-show` and the prompt say it.
  public let name = "run"
  let env: Environment
  let terminal: String
  let runCommand: String
  let shellCommand: String
  var history: LaunchHistory
  var commands: [String] = []
  /// The shell line a choice ran, for tests.
  public private(set) var launched: String?
  /// Whether choosing runs the line (tests read `launched` instead).
  public var startsPrograms = true

  /// The mode over the executables in `$PATH`, most run first, run through these templates.
  public init(env: Environment, terminal: String, runCommand: String?, shellCommand: String?) {
    self.env = env
    self.terminal = terminal
    self.runCommand = runCommand ?? "{cmd}"
    self.shellCommand = shellCommand ?? "{terminal} -e {cmd}"
    history = LaunchHistory(mode: "run", cacheHome: env.cacheHome)
    var names = Set<String>()
    for dir in (env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
      for (n, isDirectory) in Files.entries(String(dir)) where !isDirectory && Files.isExecutable("\(dir)/\(n)") {
        names.insert(n)
      }
    }
    commands = history.ranked(names.sorted()) { $0 }
  }

  /// One row a program, by name.
  public func page() -> ModePage {
    var page = ModePage(prompt: name)
    page.rows = commands.map { ModeRow(text: $0, key: $0) }
    return page
  }

  /// Runs the chosen program or the typed text with `sh -c`, detached, and counts it.
  public func choose(_ choice: ModeChoice) -> ModeOutcome {
    let command: String
    let alternate: Bool
    switch choice {
    case .row(let i, let alt) where i >= 0 && i < commands.count: (command, alternate) = (commands[i], alt)
    case .custom(let text, let alt): (command, alternate) = (text, alt)
    default: return .exit(ExitStatus.ok)
    }
    let template = alternate ? shellCommand : runCommand
    let line = template.replacingAll("{terminal}", with: terminal).replacingAll("{cmd}", with: command)
    launched = line
    history.record(command, time: LaunchHistory.now())
    history.save()
    guard startsPrograms else { return .exit(ExitStatus.ok) }
    if let problem = Spawn.detached(["/bin/sh", "-c", line]) {
      Diagnostics.print(problem)
      return .exit(ExitStatus.unavailable)
    }
    return .exit(ExitStatus.ok)
  }
}

extension String {
  /// This string with every `target` replaced by `replacement`.
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var out = ""
    var rest = Substring(self)
    while let r = rest.range(of: target) {
      out += rest[..<r.lowerBound] + replacement
      rest = rest[r.upperBound...]
    }
    return out + rest
  }
}

extension Substring {
  /// The first range of `target`.
  func range(of target: String) -> Range<Index>? {
    let t = Array(target)
    var i = startIndex
    while i < endIndex {
      var j = i
      var k = 0
      while k < t.count && j < endIndex && self[j] == t[k] {
        j = index(after: j)
        k += 1
      }
      if k == t.count { return i..<j }
      i = index(after: i)
    }
    return nil
  }
}
