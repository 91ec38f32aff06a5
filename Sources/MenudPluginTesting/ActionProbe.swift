import Foundation
import MenudPluginAPI
import Synchronization

/// Runs a plugin's action the way the daemon does, without a daemon, and records what it did:
/// its progress reports, its log lines, and its outcome or failure.
///
/// ```swift
/// let probe = ActionProbe(root: "/tmp")
/// let run = await probe.run(items[0], on: [file])
/// XCTAssertEqual(run.outcome?.message, "Hello, a.txt!")
/// ```
public final class ActionProbe: Sendable {
    /// One progress report: `fraction` in 0...1 and its message.
    public struct Report: Sendable, Equatable {
        public let fraction: Double
        public let message: String?

        public init(fraction: Double, message: String?) {
            self.fraction = fraction
            self.message = message
        }
    }

    /// What one action did.
    public struct Run: Sendable {
        public let outcome: ActionOutcome?
        /// The error it threw: an ``ActionFailure`` reaches the person as written.
        public let error: (any Error)?
        public let reports: [Report]
        public let logLines: [(level: PluginLogLevel, message: String)]
    }

    public let root: String
    /// The programs the action runs, through ``ActionContext/processes``.
    public let processes: any ProcessLauncher
    private let reports = Mutex<[Report]>([])
    private let lines = Mutex<[(level: PluginLogLevel, message: String)]>([])

    public init(root: String, processes: any ProcessLauncher = FakeProcessLauncher()) {
        self.root = root
        self.processes = processes
    }

    /// A context for `files` (and `input`) that records into this probe.
    public func context(files: [TargetFile], directory: TargetDirectory? = nil, input: String? = nil) -> ActionContext {
        ActionContext(files: files, directory: directory, root: root, input: input,
                      progress: ProgressReporter { fraction, message in self.reports.withLock { $0.append(Report(fraction: fraction, message: message)) } },
                      log: PluginLogger { level, message in self.lines.withLock { $0.append((level, message)) } },
                      processes: processes)
    }

    /// Runs `item`'s action on `files`; what it did since the last run.
    public func run(_ item: MenuItem, on files: [TargetFile], directory: TargetDirectory? = nil, input: String? = nil) async -> Run {
        reports.withLock { $0 = [] }
        lines.withLock { $0 = [] }
        guard let action = item.action else {
            return Run(outcome: nil, error: ActionFailure("The item \"\(item.id)\" has no action."), reports: [], logLines: [])
        }
        var outcome: ActionOutcome?
        var error: (any Error)?
        do { outcome = try await action(context(files: files, directory: directory, input: input)) } catch let thrown { error = thrown }
        return Run(outcome: outcome, error: error, reports: reports.withLock { $0 }, logLines: lines.withLock { $0 })
    }
}
