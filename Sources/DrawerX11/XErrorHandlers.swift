import CX11
import DrawerHost
import DrawerProcess
import DrawerScripting
import Glibc

// Xlib's error handlers: a protocol error is one line on standard error
// and the run goes on; a lost connection ends the program with 74.

/// Protocol errors printed before going quiet, so a storm cannot flood stderr.
private let maximumReportedXErrors = 5

/// Protocol errors seen so far. The handlers are C callbacks, which cannot
/// capture, so their state is global.
nonisolated(unsafe) private var xErrorCount = 0

/// Reports a non-fatal protocol error in one line and carries on; Xlib's
/// default handler would exit.
func onXError(_ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
  xErrorCount += 1
  guard xErrorCount <= maximumReportedXErrors, let display, let event else { return 0 }
  var text = [CChar](repeating: 0, count: 160)
  XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
  let description = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  Diagnostics.print("X error: \(description) (request \(event.pointee.request_code).\(event.pointee.minor_code))")
  return 0
}

/// Runs when the server goes away, before the exit is reported: the app
/// answers what is in flight. Nothing in it may call Xlib.
nonisolated(unsafe) var onConnectionLost: (() -> Void)?

/// The server went away: say so in one line and leave at once. Xlib cannot
/// continue after this handler returns, so it must not return.
func onXIOError(_ display: OpaquePointer?) -> Int32 {
  // The lines reported from here on wait for no frame: a wait would call
  // Xlib on the lost connection, and come back into this handler. (A line
  // whose wait found the connection lost is not written; the lines after
  // it, dragCancelled and exit, are.)
  EventLog.beforeLine = nil
  Diagnostics.print("lost the connection to the X server")
  onConnectionLost?()
  ClientGroup.endAll()
  EventLog.exit(status: ExitStatus.ioError)
  EventLog.flush(timeout: 1)
  _exit(ExitStatus.ioError)
}
