/// Everything an action gets when it runs, after the menu was dismissed.
public struct ActionContext: Sendable {
    /// The files the menu was opened on (for a directory menu: every tracked file), as they were
    /// when the menu opened.
    public let files: [TargetFile]
    /// The watched root directory (absolute).
    public let root: String
    /// The line the person typed, for items with an ``InputPrompt``; `nil` otherwise.
    public let input: String?
    /// Where to report progress.
    public let progress: ProgressReporter
    /// The daemon's log.
    public let log: PluginLogger
    /// Runs programs (never through a shell).
    public let processes: any ProcessLauncher

    /// A context; the runtime makes one per action, tests make their own.
    public init(
        files: [TargetFile], root: String, input: String? = nil, progress: ProgressReporter = .ignoring,
        log: PluginLogger = .ignoring, processes: any ProcessLauncher
    ) {
        self.files = files
        self.root = root
        self.input = input
        self.progress = progress
        self.log = log
        self.processes = processes
    }

    /// Whether the runtime wants the action to stop (its time limit passed, or the daemon is
    /// shutting down). Cancellation is cooperative: long actions check it between steps.
    public var isCancelled: Bool { Task.isCancelled }

    /// Throws `CancellationError` when ``isCancelled``; call it between steps of long work.
    public func checkCancellation() throws {
        try Task.checkCancellation()
    }
}
