import Glibc

/// Exit statuses from sysexits(3), so scripts can tell failures apart.
enum ExitStatus {
  static let ok: Int32 = 0
  /// EX_USAGE: a bad flag or value; no window was opened.
  static let usage: Int32 = 64
  /// EX_NOINPUT: the `--items` file could not be read.
  static let noInput: Int32 = 66
  /// EX_UNAVAILABLE: no display, or a display without RENDER or fonts.
  static let unavailable: Int32 = 69
  /// EX_SOFTWARE: an internal error.
  static let software: Int32 = 70
  /// EX_IOERR: the X server went away while running.
  static let ioError: Int32 = 74
  /// 128 + the signal number, the shell's convention, after SIGINT or SIGTERM.
  static func signalled(_ signal: Int32) -> Int32 { 128 + signal }
}

/// Writes all of `bytes` to `fd`, retrying short writes; gives up silently
/// when the reader is gone (SIGPIPE is ignored at startup).
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
  guard var p = bytes.baseAddress else { return }
  var left = bytes.count
  while left > 0 {
    let n = write(fd, p, left)
    if n < 0 {
      if errno == EINTR { continue }
      return
    }
    p += n
    left -= n
  }
}

/// Writes `text` and a newline to `fd`, in one write(2) call unless the
/// kernel takes it in parts, so concurrent readers never see half a line.
func writeLine(_ fd: Int32, _ text: String) {
  var line = text
  line.append("\n")
  line.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
}

/// Prints `drawer-x11: message` to stderr as exactly one line.
func printError(_ message: String) {
  var flat = ""
  for ch in message {
    flat.append(ch == "\n" || ch == "\r" ? " " : ch)
  }
  writeLine(2, "drawer-x11: " + flat)
}

/// A failure that ends the program with `status` after printing `message`.
struct Failure: Error {
  var status: Int32
  var message: String
}

/// Ends the program: one line on stderr, the `exit` event when events are
/// on, and `status`.
func exitWithFailure(_ failure: Failure) -> Never {
  printError(failure.message)
  EventLog.exit(status: failure.status)
  FontConfigPreload.wait()
  exit(failure.status)
}

// MARK: - JSON lines

/// The `--events` stream: one JSON object per line on stdout, written at once.
///
/// The state is global because the X I/O error handler, a C callback that
/// cannot capture, must be able to report the exit too.
enum EventLog {
  nonisolated(unsafe) static var enabled = false

  static func emit(_ line: JSONLine) {
    guard enabled else { return }
    writeLine(1, line.json)
  }

  static func exit(status: Int32) {
    var line = JSONLine(event: "exit")
    line.add("status", Int(status))
    emit(line)
  }
}

/// One JSON object under construction.
struct JSONLine {
  private var text: String

  /// The finished object.
  var json: String { text + "}" }

  init(event: String) {
    text = "{\"event\":\"" + event + "\""
  }

  mutating func add(_ key: String, _ value: Int) {
    text += ",\"" + key + "\":" + String(value)
  }

  mutating func add(_ key: String, _ value: Bool) {
    text += ",\"" + key + "\":" + (value ? "true" : "false")
  }

  /// Adds a number with at most `decimals` digits after the point; JSON has
  /// no NaN or infinity, so those print as 0.
  mutating func add(_ key: String, _ value: Double, decimals: Int) {
    text += ",\"" + key + "\":" + formatFixed(value, decimals: decimals)
  }

  mutating func add(_ key: String, _ value: String) {
    text += ",\"" + key + "\":\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7f:
        text += "\\u00" + hexByte(UInt8(scalar.value))
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }

  private func hexByte(_ b: UInt8) -> String {
    let digits = String(b, radix: 16)
    return b < 16 ? "0" + digits : digits
  }
}

/// Formats `value` with exactly `decimals` digits after the point (none when
/// 0), without Foundation.
func formatFixed(_ value: Double, decimals: Int) -> String {
  guard value.isFinite else { return "0" }
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let scaled = (abs(value) * scale).rounded()
  guard scaled < 9e15 else { return String(Int64(value)) }
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

/// Formats a flag's default for --help: "300" rather than "300.0".
func formatNumber(_ value: Double) -> String {
  if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
  return String(value)
}
