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

    init(id: Int, argv: [String], workingDirectory: String, timeoutMs: Int64?) {
        self.id = id
        self.argv = argv
        self.workingDirectory = workingDirectory
        self.timeoutMs = timeoutMs
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
        continuation?.resume(with: result)
    }
}
