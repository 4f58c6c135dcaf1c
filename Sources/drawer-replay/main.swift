import DrawerCommandLine
import DrawerProcess
import DrawerScripting
import Glibc

// drawer-replay FILE [FLAGS]: replays a trace written by `drawer-x11
// --record FILE` without X, and prints the panel's events as drawer-x11
// printed them with --events. The work is `Replay.run`, in DrawerCommandLine, where
// the suite runs it too; this file is the process around it. `--help` (see
// `Replay.help`) lists the exit statuses.

func replay() -> Never {
  Diagnostics.programName = "drawer-replay"
  reopenClosedStandardDescriptors()
  // The events are this program's whole output, not a side stream beside a
  // window, so a slow reader is let to fall much further behind than
  // drawer-x11's default allows before lines are dropped.
  // Without a path nothing can fail.
  try? EventLog.enable(bufferLimit: 1 << 30)
  let status: Int32
  do throws(Failure) {
    switch try Replay.run(Array(CommandLine.arguments.dropFirst()), emit: EventLog.emit) {
    case .replayed: break
    case .print(let text): EventLog.write(text)
    }
    status = ExitStatus.ok
  } catch {
    if let message = error.message { Diagnostics.print(message) }
    status = error.status
  }
  EventLog.flush()
  exit(status)
}

replay()
