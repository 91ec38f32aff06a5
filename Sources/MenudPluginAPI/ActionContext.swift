import MenudNative

/// Everything an action gets when it runs, after the menu was dismissed.
public struct ActionContext: Sendable {
    /// The files the menu was opened on, as they are when the action starts (checked to be the
    /// files the menu showed, with their current state); for a directory-wide item, every
    /// tracked file at that moment.
    public let files: [TargetFile]
    /// The watched root directory (absolute).
    public let root: String
    /// The root, opened: every file operation of ``ActionContext`` resolves beneath it
    /// (see ``openForReading(_:)`` and ``openParent(of:)``).
    let rootDirectory: Result<DirectoryDescriptor, SystemError>
    /// The line the person typed, for items with an ``InputPrompt``; `nil` otherwise.
    public let input: String?
    /// Where to report progress.
    public let progress: ProgressReporter
    /// The daemon's log.
    public let log: PluginLogger
    /// Runs programs (never through a shell).
    public let processes: any ProcessLauncher

    /// A context; the runtime makes one per action, tests make their own.
    /// `rootDirectory` is the root opened once by the runtime; without it, `root` is opened here.
    public init(
        files: [TargetFile], root: String, rootDirectory: DirectoryDescriptor? = nil, input: String? = nil,
        progress: ProgressReporter = .ignoring, log: PluginLogger = .ignoring, processes: any ProcessLauncher
    ) {
        self.files = files
        self.root = root
        self.rootDirectory = rootDirectory.map { .success($0) } ?? DirectoryDescriptor.open(path: Array(root.utf8))
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
