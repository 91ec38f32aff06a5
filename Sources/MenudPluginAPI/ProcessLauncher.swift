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
///   the last `outputLimitBytes` of each are kept (``ProcessResult/tailLimitBytes`` by default,
///   at most ``ProcessResult/maxOutputLimitBytes``), and with `onOutput` each line is handed
///   over as it comes (a program that prints progress can be followed). `onOutput` runs in the
///   calling action's task, never on the daemon's event loop; lines come in order, and when it
///   falls far behind, the oldest waiting lines are dropped rather than held.
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
    /// The same, keeping the last `outputLimitBytes` of each stream and handing every line to
    /// `onOutput` while the program runs.
    func run(_ argv: [String], workingDirectory: String, timeoutMs: Int64?, outputLimitBytes: Int,
             onOutput: (@Sendable (ProcessOutputLine) -> Void)?) async throws -> ProcessResult
}

extension ProcessLauncher {
    /// For a launcher that cannot stream (a test's): the lines of the tails, after the end.
    public func run(_ argv: [String], workingDirectory: String, timeoutMs: Int64?, outputLimitBytes: Int,
                    onOutput: (@Sendable (ProcessOutputLine) -> Void)?) async throws -> ProcessResult {
        let result = try await run(argv, workingDirectory: workingDirectory, timeoutMs: timeoutMs)
        if let onOutput {
            for line in result.stdoutTail.split(separator: "\n") { onOutput(ProcessOutputLine(isError: false, text: String(line))) }
            for line in result.stderrTail.split(separator: "\n") { onOutput(ProcessOutputLine(isError: true, text: String(line))) }
        }
        return result
    }
}
