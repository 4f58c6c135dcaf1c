/// Exit statuses from sysexits(3), so scripts can tell failures apart.
public enum ExitStatus {
  /// The status of a run that ended as asked (a pick printed, or no pick asked for): 0.
  public static let ok: Int32 = 0
  /// A pick ended without a choice (Esc, a dismissal, the window closed),
  /// as dmenu and rofi exit.
  public static let cancelled: Int32 = 1
  /// --parent names a window the program's cannot show in (none, an
  /// InputOnly one, one of no area): dmenu's status for such a `-w`.
  public static let parentUnusable: Int32 = 1
  /// EX_USAGE: a bad flag or value; no window was opened.
  public static let usage: Int32 = 64
  /// EX_DATAERR: a line of drawer-replay's trace is not a step, or too long.
  public static let dataError: Int32 = 65
  /// EX_NOINPUT: the `--items` file or drawer-replay's trace cannot be read.
  ///
  /// Also an `--items` file that breaks a limit.
  public static let noInput: Int32 = 66
  /// EX_UNAVAILABLE: no display, or a display without RENDER or fonts.
  public static let unavailable: Int32 = 69
  /// EX_SOFTWARE: an internal error.
  public static let software: Int32 = 70
  /// EX_CANTCREAT: the `--record` file could not be created.
  public static let cantCreate: Int32 = 73
  /// EX_IOERR: the X server went away while running, or a pick could not
  /// be written whole to standard output (full, closed, its reader gone).
  public static let ioError: Int32 = 74
  /// EX_TEMPFAIL: --desktop could not grab the keyboard or the pointer,
  /// which another program kept; trying again later may work.
  public static let tempFail: Int32 = 75
  /// 128 + the signal number, the shell's convention, after a signal that
  /// ends the program (see `TerminationSignals`).
  public static func signalled(_ signal: Int32) -> Int32 { 128 + signal }
}

/// A failure that ends the program with `status`, after printing `message`
/// as one line on standard error (nothing when it is nil: a signal).
public struct Failure: Error, Equatable {
  /// The exit status the failure ends the program with (an `ExitStatus` value).
  public var status: Int32
  /// The one line printed on standard error before exiting; nil prints nothing (a signal).
  public var message: String?

  /// A failure that exits with `status` after printing `message`, if any.
  public init(status: Int32, message: String?) {
    self.status = status
    self.message = message
  }

  /// A bad flag value: `flag must be allowed (got value)`, status 64.
  public static func usage(_ flag: String, _ allowed: String, _ got: String) -> Failure {
    Failure(status: ExitStatus.usage, message: "\(flag) must be \(allowed) (got \(got))")
  }
}
