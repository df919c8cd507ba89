import Glibc

/// Another program run to its end: found on PATH, its arguments a list (no
/// shell reads them), standard input closed, its output (stdout and stderr
/// together) kept, and killed with its children when it outlives
/// `deadline`. How yaru runs `git` (which takes its folder as `-C`).
public enum ChildProcess {
  public struct Outcome: Equatable, Sendable {
    /// The exit status; nil when it did not start, was killed, or ran out of time.
    public var status: Int32?
    public var output: String
    public var timedOut = false
    public var succeeded: Bool { status == 0 }
  }

  public static func run(
    _ program: String, _ arguments: [String], environment extra: [String: String] = [:],
    deadline: ContinuousClock.Instant
  ) -> Outcome {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return Outcome(status: nil, output: "cannot make a pipe") }
    // Only the copies on 1 and 2 reach the child: the ends themselves close on exec.
    for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    defer { close(pipeEnds[0]) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A group of its own: a deadline ends its children (ssh) too.
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)

    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    let envp = environmentLines(adding: extra).map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
    close(pipeEnds[1])
    guard spawned == 0 else {
      return Outcome(status: nil, output: "cannot run \(program): \(String(cString: strerror(spawned)))")
    }
    var output: [UInt8] = []
    var timedOut = false
    var buffer = [UInt8](repeating: 0, count: 4096)
    let clock = ContinuousClock()
    while true {
      let left = clock.now.duration(to: deadline)
      guard left > .zero else {
        timedOut = true
        kill(-pid, SIGKILL)
        break
      }
      var poller = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(min(left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, 1_000))
      let ready = poll(&poller, 1, milliseconds)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { continue }
      let count = read(pipeEnds[0], &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      output += buffer[..<count]
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let exited = status & 0x7f == 0
    return Outcome(
      status: exited && !timedOut ? (status >> 8) & 0xff : nil, output: String(decoding: output, as: UTF8.self), timedOut: timedOut
    )
  }

  /// This process's environment with `extra` set over it.
  private static func environmentLines(adding extra: [String: String]) -> [String] {
    var lines: [String] = []
    var index = 0
    while let entry = environ[index] {
      let line = String(cString: entry)
      let name = line.prefix { $0 != "=" }
      if extra[String(name)] == nil { lines.append(line) }
      index += 1
    }
    return lines + extra.map { "\($0.key)=\($0.value)" }
  }
}
