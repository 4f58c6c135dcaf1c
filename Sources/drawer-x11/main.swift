import ArgumentParser
import Glibc

// drawer-x11: parse the flags, load the rows, open the display, run.
// Every failure before the window maps is one line on stderr and a
// sysexits(3) status (see ExitStatus).

/// Parses the command line; --help and --version print and exit 0, any
/// other parser error becomes one line and status 64.
func parseCommandLine() -> DrawerCommand {
  do {
    var parsed = try DrawerCommand.parseAsRoot(Array(CommandLine.arguments.dropFirst()))
    if let command = parsed as? DrawerCommand { return command }
    // --help comes back as a help command whose run() throws the request.
    try parsed.run()
    exitWithFailure(Failure(status: ExitStatus.software, message: "unexpected subcommand"))
  } catch {
    if DrawerCommand.exitCode(for: error).rawValue == 0 {
      var text = DrawerCommand.fullMessage(for: error)
      while text.last == "\n" { text.removeLast() }
      writeLine(1, text)
      FontConfigPreload.wait()
      exit(ExitStatus.ok)
    }
    exitWithFailure(Failure(status: ExitStatus.usage, message: DrawerCommand.message(for: error)))
  }
}

func runProgram() -> Never {
  FontConfigPreload.start()
  // A closed stdout must not kill the program mid-event; writes just fail.
  signal(SIGPIPE, SIG_IGN)
  TerminationSignals.install()
  let settings: LaunchSettings
  let rows: RowTexts
  do throws(Failure) {
    settings = try parseCommandLine().launchSettings()
    EventLog.enabled = settings.events
    if let path = settings.itemsPath {
      rows = try RowTexts.load(path: path)
    } else {
      rows = RowTexts.generated(count: settings.configuration.rowCount)
    }
  } catch {
    exitWithFailure(error)
  }
  var configuration = settings.configuration
  configuration.rowCount = rows.count

  let status: Int32
  let statsLine: JSONLine?
  do throws(Failure) {
    let session = try XSession(width: settings.windowWidth, height: settings.windowHeight)
    let app = try App(session: session, configuration: configuration, rows: rows, frameStats: settings.frameStats)
    status = app.run()
    statsLine = app.frameStatsReport
    // `app` and `session` end here: the session's deinit frees every server
    // resource and closes the display before the exit is reported.
  } catch {
    exitWithFailure(error)
  }
  if let statsLine { writeLine(1, statsLine.json) }
  EventLog.exit(status: status)
  exit(status)
}

runProgram()
