/// Runs a program for an action. The runtime provides one (built on libuv's `uv_spawn`); tests
/// may provide their own.
///
/// Contract every implementation keeps:
/// - `argv[0]` is the program: a path, or a name looked up in `PATH`. `argv` goes to the program
///   exactly as given, element by element. **No shell is ever involved**, so file names are never
///   interpreted.
/// - The program runs in `workingDirectory`, with standard input from `/dev/null` and the
///   daemon's environment.
/// - Standard output and error are read while the program runs (it never blocks on a full pipe);
///   the last ``ProcessResult/tailLimitBytes`` of each are kept.
/// - **The run ends when the program exits**, not when its output ends: a background child it
///   leaves behind (`(sleep 30 &)`, what `xdg-open` starts) may hold the pipes open for as long
///   as it lives. After the exit, output gets a short grace (the runtime's: 200 ms, less when both
///   pipes end first); everything written before the exit is kept, then the pipes are closed and
///   the result is returned. Whatever the program left running is left running.
/// - With `timeoutMs`, a program still running after that many milliseconds has its process
///   group sent `SIGTERM`, then `SIGKILL` after a short grace period, and the result has
///   `timedOut == true`. A child that left the group (`setsid`) is out of reach; the result does
///   not wait for it.
/// - When the calling task is cancelled (the daemon's own action timeout, or shutdown), the
///   program's group is stopped the same way and the call throws `CancellationError`.
/// - When the program cannot be started (not found, not executable), the call throws
///   ``ActionFailure`` with a message naming the program and the reason.
public protocol ProcessLauncher: Sendable {
    /// Runs `argv` in `workingDirectory` and returns how it ended.
    func run(_ argv: [String], workingDirectory: String, timeoutMs: Int64?) async throws -> ProcessResult
}
