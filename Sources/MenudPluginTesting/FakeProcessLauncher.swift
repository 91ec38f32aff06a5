import MenudPluginAPI
import Synchronization

/// A ``ProcessLauncher`` that runs nothing: it records each argv and answers with `answer`
/// (by default a clean exit with no output).
public final class FakeProcessLauncher: ProcessLauncher, Sendable {
    /// One call: the argv, the working directory and the time limit asked for.
    public struct Call: Sendable, Equatable {
        public let argv: [String]
        public let workingDirectory: String
        public let timeoutMs: Int64?

        public init(argv: [String], workingDirectory: String, timeoutMs: Int64?) {
            self.argv = argv
            self.workingDirectory = workingDirectory
            self.timeoutMs = timeoutMs
        }
    }

    private let answer: @Sendable ([String]) throws -> ProcessResult
    private let recorded = Mutex<[Call]>([])

    public init(answer: @escaping @Sendable ([String]) throws -> ProcessResult = { _ in
        ProcessResult(exitCode: 0, signal: nil, stdoutTail: "", stderrTail: "", timedOut: false)
    }) {
        self.answer = answer
    }

    /// Every call so far, in order.
    public var calls: [Call] { recorded.withLock { $0 } }

    public func run(_ argv: [String], workingDirectory: String, timeoutMs: Int64?) async throws -> ProcessResult {
        recorded.withLock { $0.append(Call(argv: argv, workingDirectory: workingDirectory, timeoutMs: timeoutMs)) }
        return try answer(argv)
    }
}
