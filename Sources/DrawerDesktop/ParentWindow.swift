import DrawerProcess

/// Why --parent's window cannot hold the program's window.
///
/// dmenu's `-w` exits 1 when it cannot read the window's attributes;
/// here any window the program's could not show in ends the same way,
/// before anything is grabbed or mapped.
public enum ParentWindowProblem: Error, Equatable, Sendable {
  /// No window of that id on the display: never one, or destroyed.
  case missing
  /// An InputOnly window: it has no pixels, so a child drawn in it never
  /// shows (and the X server refuses an InputOutput child of one).
  case inputOnly
  /// A window of no area.
  case empty

  /// The problem with a window the server describes this way; nil when
  /// it can hold the program's window.
  public static func check(exists: Bool, inputOnly: Bool, width: Int, height: Int) -> ParentWindowProblem? {
    guard exists else { return .missing }
    if inputOnly { return .inputOnly }
    return width > 0 && height > 0 ? nil : .empty
  }

  /// The failure the program ends with: dmenu's status 1 and one line
  /// naming the window, as `0x` and hexadecimal like xwininfo's ids.
  public func failure(window id: UInt) -> Failure {
    let why =
      switch self {
      case .missing: "there is no such window on this display"
      case .inputOnly: "it is an InputOnly window, which shows nothing"
      case .empty: "it has no area"
      }
    return Failure(
      status: ExitStatus.parentUnusable, message: "--parent 0x\(String(id, radix: 16)) cannot hold the window: \(why)")
  }
}
