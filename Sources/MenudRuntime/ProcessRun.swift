import MenudPluginAPI
import Synchronization

/// One `ProcessLauncher.run` call, shared between the awaiting task and the loop thread.
final class ProcessRun: Sendable {
    private struct State: ~Copyable {
        var continuation: CheckedContinuation<ProcessResult, any Error>?
        var cancelled = false
    }
    private let state = Mutex(State())
    let id: Int
    let argv: [String]
    let workingDirectory: String
    let timeoutMs: Int64?
    /// How much of each stream's end the result keeps.
    let outputLimitBytes: Int
    /// Where lines go as they come (to the action's task), nil when nobody follows them.
    let lines: AsyncStream<ProcessOutputLine>.Continuation?

    init(id: Int, argv: [String], workingDirectory: String, timeoutMs: Int64?,
         outputLimitBytes: Int = ProcessResult.tailLimitBytes, lines: AsyncStream<ProcessOutputLine>.Continuation? = nil) {
        self.id = id
        self.argv = argv
        self.workingDirectory = workingDirectory
        self.timeoutMs = timeoutMs
        self.outputLimitBytes = min(max(outputLimitBytes, 1), ProcessResult.maxOutputLimitBytes)
        self.lines = lines
    }

    func attach(_ continuation: CheckedContinuation<ProcessResult, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    func markCancelled() { state.withLock { $0.cancelled = true } }

    /// Resumes the waiting task once; later calls do nothing.
    func finish(_ result: Result<ProcessResult, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<ProcessResult, any Error>? in
            let continuation = state.continuation
            state.continuation = nil
            return continuation
        }
        lines?.finish()
        continuation?.resume(with: result)
    }
}
