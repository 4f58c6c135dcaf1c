import Glibc

/// Makes text safe to echo on a terminal, on one line.
///
/// Whatever the user typed can come back in a message, and a value holding
/// ESC or OSC sequences would otherwise drive the terminal: every control
/// character (C0, DEL, C1), the line and paragraph separators and the bidi
/// controls that reorder what follows are shown as escapes instead.
public func terminalSafe(_ text: String) -> String {
  var out = ""
  out.reserveCapacity(text.utf8.count)
  for scalar in text.unicodeScalars {
    switch scalar.value {
    case 0x0A: out += "\\n"
    case 0x0D: out += "\\r"
    case 0x09: out += "\\t"
    case 0x1B: out += "\\e"
    case 0x00...0x1F, 0x7F...0x9F:
      out += "\\x" + hex(scalar.value, digits: 2)
    case 0x061C, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
      out += "\\u{" + hex(scalar.value, digits: 4) + "}"
    default:
      out.unicodeScalars.append(scalar)
    }
  }
  return out
}

private func hex(_ value: UInt32, digits: Int) -> String {
  let text = String(value, radix: 16)
  return String(repeating: "0", count: max(0, digits - text.count)) + text
}

/// The line printed on standard error for `message`: the program's name,
/// then the message made terminal-safe.
public func diagnosticLine(_ message: String) -> String {
  Diagnostics.programName + ": " + terminalSafe(message)
}

/// Standard error, written by a thread of its own so that a stalled reader
/// never stalls the program.
public enum Diagnostics {
  /// The program's name at the start of every line on standard error.
  ///
  /// Both executables share this library, and a user must be able to tell
  /// which one complained. drawer-replay sets it first thing in its main,
  /// before anything can print; drawer-x11 keeps the default.
  nonisolated(unsafe) public static var programName = "drawer-x11"

  /// Lines of diagnostics held at most before further ones are dropped and
  /// counted, bytes.
  public static let bufferLimit = 64 * 1024

  /// The writer behind standard error, holding at most `bufferLimit` bytes; it counts what it drops.
  public static let stream = LineWriter(fd: 2, limit: bufferLimit) { dropped in
    Array(diagnosticLine("\(dropped) more diagnostic lines were dropped: standard error was not read").utf8)
  }

  /// Prints `PROGRAM: message` on standard error as exactly one line.
  public static func print(_ message: String) {
    stream.enqueue(diagnosticLine(message))
  }
}
