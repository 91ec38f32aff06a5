import Foundation
import MenudCore
import MenudLoop
import MenudNative
import MenudPluginAPI

/// The running daemon: one libuv loop, the socket server, the directory watch, the readiness
/// tracker and the clients. Everything here runs on the loop thread; other threads reach it
/// only through `inbox`.
final class Daemon {
    static let version = "0.1.0"

    var settings: DaemonSettings
    let log: Logger
    let clock: any Clock
    let loop: EventLoop
    let startedAtMs: Int64
    let instanceId: String
    let tracker: ReadinessTracker
    /// The root: file operations on tracked files resolve beneath it, never through a link.
    let watchedRoot: WatchedRoot
    /// The root, opened for one operation (see `WatchedRoot` for why it is not kept open).
    var rootDirectory: DirectoryDescriptor? { watchedRoot.open() }

    private(set) var server: PipeServer!
    private(set) var watcher: FileSystemWatcher!
    private(set) var inbox: AsyncInbox<RuntimeMessage>!
    private(set) var crawler: TreeCrawler!
    /// The open-file limit and what the daemon holds for itself (measured once at start).
    var descriptorBudget = DescriptorBudget(limit: 1024, openAtStart: 0)
    /// `maxConnections` as it applies: the config's, or less when descriptors would not suffice.
    var connectionLimit = 0
    let deadlineTimer: LoopTimer
    let flushTimer: LoopTimer
    let notifyTimer: LoopTimer
    let rescanTimer: LoopTimer
    private var signals: [SignalWatcher] = []

    // Connections
    var connections: [UInt64: ClientConnection] = [:]
    var nextConnectionId: UInt64 = 1

    // Watching
    var watches = WatchTable()
    /// Directories dropped from the tree while a crawl ran, per crawl.
    var droppedDuringCrawl: [Int: [RelativePath]] = [:]
    var orphanEvents: [Int32: [FileSystemEvent]] = [:]
    var dirty: Set<RelativePath> = []
    var unwatchedDirectories: Set<RelativePath> = []
    var armedDeadlineMs: Int64?
    var nextCrawlId = 1
    var crawlsRunning: [Int: CrawlJob] = [:]
    var rescanSeen: [Int: Set<RelativePath>] = [:]
    var initialCrawlFinished = false
    var initialCrawlStartedMs: Int64 = 0
    var rootMissing = false

    // Notifications
    var changedSinceNotify: Set<RelativePath> = []
    var removedSinceNotify: Set<RelativePath> = []

    var methods: [String: MethodHandler] = [:]
    var isStopping = false
    let socketGuard: SocketGuard
    let processes: ProcessTable
    var plugins: PluginHost
    let pluginFactories: [PluginFactory]
    let menus: MenuService
    private(set) var launcher: LoopProcessLauncher!
    let graceTimer: LoopTimer
    var trimTimer: LoopTimer?
    private var finalized = false
    /// How long running actions get to finish after SIGTERM before they are stopped.
    static let shutdownGraceMs: UInt64 = 5000

    typealias MethodHandler = (Daemon, ClientConnection, RPCRequest, ReplyTarget) throws -> HandlerResult

    init(settings: DaemonSettings, log: Logger, clock: any Clock = SystemClock(), pluginFactories: [PluginFactory] = PluginRegistry.factories) throws {
        let host = try PluginHost.build(config: settings.config, configPath: settings.configPath, factories: pluginFactories)
        var settings = settings
        settings.defaultFileAction = try Daemon.checkedDefaultFileAction(settings, host, log: log)
        self.settings = settings
        self.log = log
        self.clock = clock
        loop = try EventLoop()
        startedAtMs = clock.nowMs()
        instanceId = Daemon.makeInstanceId()
        tracker = ReadinessTracker(settings: settings.readiness, clock: clock, instanceId: instanceId)
        watchedRoot = WatchedRoot(path: settings.rootBytes)
        deadlineTimer = try LoopTimer(loop: loop)
        flushTimer = try LoopTimer(loop: loop)
        notifyTimer = try LoopTimer(loop: loop)
        rescanTimer = try LoopTimer(loop: loop)
        socketGuard = SocketGuard(path: settings.socketPath)
        processes = ProcessTable(loop: loop)
        plugins = host
        self.pluginFactories = pluginFactories
        menus = try MenuService(settings: settings, clock: clock, loop: loop)
        graceTimer = try LoopTimer(loop: loop)
        registerMethods()
    }

    private static func makeInstanceId() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<8).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] })
    }

    /// Prepares the socket, starts watching, and runs the loop until shutdown. Returns the
    /// process exit code.
    func run(activatedSocket: Int32? = nil) -> Int32 {
        do {
            try start(activatedSocket: activatedSocket)
        } catch let error as StartupError {
            log.error(error.message)
            abandonStart()
            return 1
        } catch {
            log.error("could not start: \(error)")
            abandonStart()
            return 1
        }
        loop.run()
        let closed = loop.closeEverything()
        if closed != 0 {
            log.error("the event loop did not close clean (\(closed)); some handle was left open")
            return 1
        }
        log.info("stopped")
        return 0
    }

    private func start(activatedSocket: Int32?) throws {
        signal(SIGPIPE, SIG_IGN)
        raiseOpenFileLimit()
        inbox = try AsyncInbox<RuntimeMessage>(loop: loop) { [unowned self] messages in
            for message in messages { self.handle(message) }
        }
        launcher = LoopProcessLauncher(inbox: inbox)
        watcher = try FileSystemWatcher(loop: loop)
        try watcher.start { [unowned self] events in self.handle(events) }
        let inbox = self.inbox!
        crawler = TreeCrawler(root: settings.rootBytes, ignore: settings.ignore, registrar: watcher.registrar) { message in
            inbox.post(message)
        }
        for signalNumber in [SIGTERM, SIGINT, SIGHUP] {
            let watcher = try SignalWatcher(loop: loop)
            try watcher.start(signal: signalNumber) { [unowned self] number in self.handleSignal(number) }
            signals.append(watcher)
        }
        startConcurrencyRuntime()

        guard case .success(let status) = FileStatus.follow(settings.rootBytes), status.kind == .directory else {
            throw StartupError("the root \(settings.root) is not a directory; create it or pass --root DIR")
        }
        guard watchedRoot.adopt() else {
            throw StartupError("cannot open the root \(settings.root): \(SystemError.current("open").message)")
        }

        if let activatedSocket {
            server = try PipeServer(loop: loop, adopting: activatedSocket)
            if let bound = Systemd.boundPath(of: activatedSocket), bound != settings.socketPath {
                log.info("systemd's socket is \(bound) (the configured socket \(settings.socketPath) is not used)")
                settings.socketPath = bound
            }
        } else {
            try socketGuard.prepare(log: log)
            let previous = umask(0o177)
            defer { umask(previous) }
            do {
                server = try PipeServer(loop: loop, bindingTo: settings.socketPath)
            } catch {
                throw StartupError("cannot listen on \(settings.socketPath): \(error.message). Choose another path with --socket.")
            }
            socketGuard.created = true
        }
        server.overflowReply = refusalLine(.busy(limit: "openFiles", "the daemon has no file descriptor free for another client; close some connections, or raise its open-file limit (LimitNOFILE= under systemd)"))
        // Every descriptor the daemon needs for itself is open now: what is left of the limit,
        // less a reserve for actions and crawling, is what clients may have.
        measureDescriptorBudget()
        applyConnectionLimit()
        try server.listen { [unowned self] result in self.accept(result) }

        log.info("menud \(Daemon.version) watching \(settings.root), listening on \(settings.socketPath) (settle \(DurationText.format(settings.readiness.settleMs)), expiry \(settings.readiness.expireAfterMs.map(DurationText.format) ?? "off"))")
        startCrawl(.init(id: 0, directory: RelativePath.root, reason: .initial))
        initialCrawlStartedMs = clock.nowMs()
        Systemd.notify("READY=1\nSTATUS=crawling \(settings.root)\nMAINPID=\(getpid())")
    }

    /// Undoes a start that failed half-way: no socket file and no crawler thread stay behind.
    private func abandonStart() {
        crawler?.stop()
        socketGuard.remove()
        _ = loop.closeEverything()
    }

    /// Tells systemd (when it started us) what is being watched.
    func reportStatus() {
        let counts = tracker.counts
        Systemd.notify("STATUS=watching \(settings.root): \(counts.total) files (\(counts.pending) pending, \(counts.ready) ready, \(counts.expired) expired)\(isCrawling ? ", crawling" : "")")
    }

    // MARK: Signals and shutdown

    private func handleSignal(_ number: Int32) {
        switch number {
        case SIGHUP:
            reloadConfiguration()
        default:
            log.info("received \(number == SIGTERM ? "SIGTERM" : "SIGINT"), shutting down")
            shutdown()
        }
    }

    /// Stops accepting and removes the socket; queued actions get an error, running ones a
    /// grace period; then every client is closed and the loop ends.
    func shutdown() {
        guard !isStopping else { return }
        isStopping = true
        Systemd.notify("STOPPING=1")
        crawler?.stop()
        server?.close()
        socketGuard.remove()
        for build in menus.builds.values {
            build.timer?.close()
            for task in build.tasks { task.cancel() }
        }
        menus.builds.removeAll()
        stopActions()
        if runningActionCount > 0 {
            log.info("waiting up to \(Daemon.shutdownGraceMs / 1000) s for \(runningActionCount) running action(s)")
            graceTimer.start(afterMs: Daemon.shutdownGraceMs) { [unowned self] in
                log.warning("\(runningActionCount) action(s) still running after the grace period; stopping them")
                for action in menus.actions.values { action.task?.cancel() }
                processes.killAll()
                for action in menus.actions.values where !action.answered {
                    action.answered = true
                    finish(action.reply, with: .failure(RPCError.actionFailed(message: "the daemon stopped while the action ran; it may have done part of its work")))
                }
                // Keep the loop turning until the killed processes' exits have resumed their
                // tasks and each task has reported back (actionFinished removes it; the last one
                // finalizes): a task left suspended at exit is memory LeakSanitizer reports.
                // A task that ignores cancellation gets one more second.
                graceTimer.start(afterMs: 1000) { [unowned self] in finalizeShutdown() }
                finishShutdownIfIdle()
            }
        } else {
            finalizeShutdown()
        }
    }

    func finishShutdownIfIdle() {
        if isStopping && menus.actions.isEmpty { finalizeShutdown() }
    }

    private func finalizeShutdown() {
        guard !finalized else { return }
        finalized = true
        graceTimer.stop()
        for connection in Array(connections.values) { closeConnection(connection, reason: nil, flush: true) }
        loop.stop()
    }
}

extension RPCIncomingItem {
    var requestId: RPCId? {
        switch self {
        case .request(let request): request.id
        case .invalid(let id, _): id
        }
    }
}
