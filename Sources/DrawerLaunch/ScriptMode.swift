import DrawerProcess
import DrawerRows
import DrawerScripting
import Glibc

/// A script mode (`-modi 'name:script'`), with rofi's script protocol.
///
/// The rule is rofi 1.7's: the script is run through `sh -c` with no
/// argument to list its rows (ROFI_RETV=0), then with the chosen row's
/// text as its argument (ROFI_RETV=1; 2 for typed text; 10 to 28 for a
/// custom key), with ROFI_INFO set to the row's `info` and ROFI_DATA to
/// the last `data` it gave. Each line it prints is a row in the row
/// protocol, except lines that start with a NUL, which set the mode:
/// `\0prompt\x1fTEXT`, `\0message\x1fTEXT`, `\0no-custom\x1ftrue`,
/// `\0active\x1fLIST`, `\0urgent\x1fLIST`, `\0data\x1fTEXT`. When the
/// script prints no row after a choice, the launcher exits 0. A script
/// that runs longer than `timeout` is ended, with a line on stderr.
public final class ScriptMode: LaunchMode {
  /// The mode's name as `-modi NAME:SCRIPT` gives it.
  public let name: String
  let script: String
  let timeout: Double
  var current = ModePage(prompt: "")
  var data: String?

  /// Runs the script once to list its first rows.
  public init(name: String, script: String, timeout: Double = 30) {
    self.name = name
    self.script = script
    self.timeout = timeout
    current = run(argument: nil, retv: 0, info: nil) ?? ModePage(prompt: name)
  }

  /// The page the script's last run printed.
  public func page() -> ModePage { current }

  /// Runs the script with the choice (`ROFI_RETV`, `ROFI_INFO`): its new rows, else exit 0 (70 if it failed).
  public func choose(_ choice: ModeChoice) -> ModeOutcome {
    let (argument, retv, info): (String, Int, String?)
    switch choice {
    case .row(let i, _) where i >= 0 && i < current.rows.count:
      (argument, retv, info) = (current.rows[i].text, 1, current.rows[i].options.info)
    case .custom(let text, _): (argument, retv, info) = (text, 2, nil)
    case .customKey(let n, let row?) where row >= 0 && row < current.rows.count:
      (argument, retv, info) = (current.rows[row].text, 10 + n, current.rows[row].options.info)
    case .customKey(let n, _): (argument, retv, info) = ("", 10 + n, nil)
    default: return .exit(ExitStatus.ok)
    }
    guard let next = run(argument: argument, retv: retv, info: info) else { return .exit(ExitStatus.software) }
    guard !next.rows.isEmpty else { return .exit(ExitStatus.ok) }
    current = next
    return .again
  }

  /// The page the script prints when run with `argument`; nil when it
  /// cannot run or does not finish in time.
  func run(argument: String?, retv: Int, info: String?) -> ModePage? {
    var extra = ["ROFI_RETV": String(retv)]
    if let info { extra["ROFI_INFO"] = info }
    if let data { extra["ROFI_DATA"] = data }
    let argv = ["/bin/sh", "-c", script + " \"$@\"", "sh"] + (argument.map { [$0] } ?? [])
    guard let child = Spawn.piped(argv, extra: extra) else {
      Diagnostics.print("\(name): cannot run \(script)")
      return nil
    }
    Spawn.writeAndClose(child.input, [])
    let (bytes, ended) = Spawn.readAll(child.output, seconds: timeout)
    if !ended {
      kill(child.pid, SIGTERM)
      _ = Spawn.wait(child.pid)
      Diagnostics.print("\(name): \(script) printed no end in \(Int(timeout)) s; ended")
      return nil
    }
    _ = Spawn.wait(child.pid)
    return parse(bytes)
  }

  /// The page in a script's output.
  func parse(_ bytes: [UInt8]) -> ModePage {
    var page = ModePage(prompt: current.prompt.isEmpty ? name : current.prompt)
    page.message = nil
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      if line.first == 0 {
        let fields = line.dropFirst().split(separator: 0x1F, maxSplits: 1, omittingEmptySubsequences: false)
        let key = String(decoding: fields[0], as: UTF8.self)
        let value = fields.count > 1 ? String(decoding: fields[1], as: UTF8.self) : ""
        switch key {
        case "prompt": page.prompt = value
        case "message": page.message = value
        case "no-custom": page.noCustom = value == "true"
        case "active": page.active = value
        case "urgent": page.urgent = value
        case "data": data = value
        default: break
        }
        continue
      }
      if line.isEmpty { continue }
      let (text, options) = RowProtocol.parse(line)
      let shown = String(decoding: text, as: UTF8.self)
      page.rows.append(ModeRow(text: shown, options: options, key: shown))
    }
    return page
  }
}
