import CX11
import DrawerEngine
import DrawerHost
import DrawerProcess

extension DrawerPanel {
  /// Makes the socket in the panel's body and starts --embed's command.
  func startEmbedding(_ command: EmbedCommand) throws(Failure) {
    embedded = try EmbeddedClient(
      command: command, display: x.display, parent: x.window, frame: EmbedArea.frame(for: engine),
      background: engine.configuration.backgroundColor, now: monotonicSeconds())
  }

  /// What the client's process and its window say at `now`: its exit ends
  /// the run with its status once the panel has slid out; an exit before
  /// its window came, or no window within the deadline, is a failure
  /// (status 69) that ends the run at once.
  func checkEmbedded(now: Double) -> Failure? {
    guard let embedded else { return nil }
    let running = embedded.status == nil
    // Every pass: the group's orphans are reaped as they end.
    if embedded.reap() && running {
      let status = embedded.status ?? 0
      guard embedded.everEmbedded else {
        return Failure(
          status: ExitStatus.unavailable,
          message: "--embed: the command ended with status \(status) before it put a window in its place")
      }
      session.end(afterDismissalWith: status, time: max(engineTime, now))
      return nil
    }
    if !embedded.everEmbedded && now >= embedded.deadline {
      embedded.terminate()
      return Failure(
        status: ExitStatus.unavailable,
        message: "--embed: the command put no window in its place within \(formatNumber(embedDeadline)) s")
    }
    return nil
  }

  /// When the loop must wake for the client: its deadline while it has not
  /// embedded; every 100 ms while it runs where the kernel cannot say when
  /// it ends (no pidfd).
  func embedWakeTime(now: Double) -> Double {
    guard let embedded, embedded.status == nil else { return .infinity }
    var wake = embedded.everEmbedded ? Double.infinity : embedded.deadline
    if embedded.exitDescriptor < 0 { wake = min(wake, now + 0.1) }
    return wake
  }
}
