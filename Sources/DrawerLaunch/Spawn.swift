import DrawerProcess
import Glibc

/// Starting other programs: detached applications, and the children the
/// launcher reads (its own pick, a mode's script).
enum Spawn {
  /// Starts `argv` detached, in a session of its own (it outlives the
  /// launcher and its terminal), in `directory` when given, with standard
  /// input from /dev/null and `extra` added to the environment. Returns
  /// nil, or why it could not start.
  static func detached(_ argv: [String], directory: String? = nil, extra: [String: String] = [:]) -> String? {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // glibc's POSIX_SPAWN_SETSID (0x80, since 2.26), which Swift does not
    // import: the program leads a session of its own.
    posix_spawnattr_setflags(&attributes, Int16(0x80 | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    // In its directory through the shell: glibc's addchdir is not imported.
    let argv = directory.map { ["/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", $0] + argv } ?? argv
    var pid: pid_t = 0
    let status = withCStrings(argv) { args in
      withCStrings(environment(extra)) { env in posix_spawnp(&pid, argv[0], &actions, &attributes, args, env) }
    }
    return status == 0 ? nil : "cannot start \(argv[0]): \(String(cString: strerror(status)))"
  }

  /// This environment with `extra` set in it, as `KEY=VALUE` strings.
  static func environment(_ extra: [String: String]) -> [String] {
    var env = Environment.current().values
    for (k, v) in extra { env[k] = v }
    return env.map { "\($0.key)=\($0.value)" }
  }

  /// A child whose standard input the caller writes and whose standard
  /// output it reads.
  struct Child {
    let pid: pid_t
    let input: Int32
    let output: Int32
  }

  /// Starts `argv` with pipes to its standard input and output, `extra`
  /// added to its environment.
  static func piped(_ argv: [String], extra: [String: String] = [:]) -> Child? {
    var toChild: [Int32] = [0, 0]
    var fromChild: [Int32] = [0, 0]
    guard pipe(&toChild) == 0 else { return nil }
    guard pipe(&fromChild) == 0 else {
      close(toChild[0])
      close(toChild[1])
      return nil
    }
    _ = fcntl(toChild[1], F_SETFD, FD_CLOEXEC)
    _ = fcntl(fromChild[0], F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    posix_spawn_file_actions_addclose(&actions, toChild[0])
    posix_spawn_file_actions_addclose(&actions, fromChild[1])
    var pid: pid_t = 0
    let status = withCStrings(argv) { args in
      withCStrings(environment(extra)) { env in posix_spawnp(&pid, argv[0], &actions, nil, args, env) }
    }
    close(toChild[0])
    close(fromChild[1])
    guard status == 0 else {
      close(toChild[1])
      close(fromChild[0])
      return nil
    }
    return Child(pid: pid, input: toChild[1], output: fromChild[0])
  }

  /// Writes `bytes` to `fd` whole (a reader gone ends it) and closes it.
  static func writeAndClose(_ fd: Int32, _ bytes: [UInt8]) {
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      done += n
    }
    close(fd)
  }

  /// Reads `fd` to its end, or until `seconds` have passed (nil: no
  /// bound); closes it. The second value says whether the end came.
  static func readAll(_ fd: Int32, seconds: Double?) -> ([UInt8], Bool) {
    defer { close(fd) }
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    let deadline = seconds.map { monotonicSeconds() + $0 }
    while true {
      if let deadline {
        let left = deadline - monotonicSeconds()
        if left <= 0 { return (out, false) }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let r = poll(&p, 1, Int32(min(left, 1) * 1000) + 1)
        if r < 0 && errno == EINTR { continue }
        if r == 0 { continue }
      }
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return (out, true) }
      out += buffer[0..<n]
    }
  }

  /// Waits for `pid` and returns its exit status (128 + N for a signal).
  static func wait(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return 127 }
    }
    if status & 0x7F == 0 { return (status >> 8) & 0xFF }
    return 128 + (status & 0x7F)
  }

  /// `body` with `strings` as a NULL-ended C array.
  static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for p in pointers { free(p) } }
    return body(pointers)
  }
}
