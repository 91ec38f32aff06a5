import MenudNative

/// Everything an action gets when it runs, after the menu was dismissed.
public struct ActionContext: Sendable {
    /// The files the menu was opened on, as they are when the action starts (checked to be the
    /// files the menu showed, with their current state); none for a directory-wide item, which
    /// asks ``directory`` for its files.
    public let files: [TargetFile]
    /// For a directory-wide item: the folder's files, counted when the action started and
    /// listed a page at a time as the action asks, each page looked up beneath the root as it
    /// is read (see ``TargetDirectory``); nil otherwise.
    public let directory: TargetDirectory?
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
        files: [TargetFile], directory: TargetDirectory? = nil, root: String, rootDirectory: DirectoryDescriptor? = nil,
        input: String? = nil,
        progress: ProgressReporter = .ignoring, log: PluginLogger = .ignoring, processes: any ProcessLauncher
    ) {
        self.files = files
        self.directory = directory
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
