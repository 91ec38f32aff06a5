import MenudLoop
import MenudPluginAPI
import Synchronization

/// Runs command actions' processes on the daemon's loop with `uv_spawn` (argv, never a shell).
/// A run ends at the process's exit plus a short grace for its output (``ChildProcess``), not at
/// the end of its output. Cancelling the awaiting task (an action's time limit, shutdown) stops
/// the process group as a command's own `timeout` does (``ProcessTable``).
final class LoopProcessLauncher: ProcessLauncher {
    private let inbox: LoopInbox<ActionRunner>
    private let nextId = Atomic<Int>(1)

    init(inbox: LoopInbox<ActionRunner>) {
        self.inbox = inbox
    }

    func run(_ argv: [String], workingDirectory: String, timeoutMs: Int64?) async throws -> ProcessResult {
        // exec takes C strings: an argument would silently end at its first NUL, and the
        // program would get another argument than the one meant.
        if let position = argv.firstIndex(where: { $0.utf8.contains(0) }) {
            throw ActionFailure(
                "cannot start \(argv[0].utf8.contains(0) ? "the program" : argv[0]): argument \(position) contains a NUL character, "
                    + "which no program argument can hold; nothing was run")
        }
        if workingDirectory.utf8.contains(0) {
            throw ActionFailure("cannot start \(argv.first ?? "the program"): its working directory contains a NUL character; nothing was run")
        }
        let run = ProcessRun(id: nextId.add(1, ordering: .relaxed).oldValue, argv: argv,
                             workingDirectory: workingDirectory, timeoutMs: timeoutMs)
        let inbox = self.inbox
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                run.attach(continuation)
                let posted = inbox.post { runner in runner.processes.start(run, refuse: runner.isStopping) }
                if !posted { run.finish(.failure(ActionFailure("the daemon is shutting down; the command was not started"))) }
            }
        } onCancel: {
            run.markCancelled()
            inbox.post { runner in runner.processes.cancel(run) }
        }
    }
}
