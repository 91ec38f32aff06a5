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
    let deadlineTimer: LoopTimer
    let flushTimer: LoopTimer
    let notifyTimer: LoopTimer
    let rescanTimer: LoopTimer
    private var signals: [SignalWatcher] = []

    // Connections
    var connections: [UInt64: ClientConnection] = [:]
    private var nextConnectionId: UInt64 = 1

    // Watching
    var watchToDirectory: [Int32: RelativePath] = [:]
    var directoryToWatch: [RelativePath: Int32] = [:]
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
        plugins = try PluginHost.build(config: settings.config, configPath: settings.configPath, factories: pluginFactories)
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
            _ = loop.closeEverything()
            return 1
        } catch {
            log.error("could not start: \(error)")
            _ = loop.closeEverything()
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

        server = try PipeServer(loop: loop)
        if let activatedSocket {
            try server.open(fileDescriptor: activatedSocket)
            if let bound = Systemd.boundPath(of: activatedSocket), bound != settings.socketPath {
                log.info("systemd's socket is \(bound) (the configured socket \(settings.socketPath) is not used)")
                settings.socketPath = bound
            }
        } else {
            try socketGuard.prepare(log: log)
            let previous = umask(0o177)
            defer { umask(previous) }
            do {
                try server.bind(path: settings.socketPath)
            } catch {
                throw StartupError("cannot listen on \(settings.socketPath): \(error.message). Choose another path with --socket.")
            }
            socketGuard.created = true
        }
        try server.listen { [unowned self] result in self.accept(result) }

        guard case .success(let status) = FileStatus.follow(settings.rootBytes), status.kind == .directory else {
            throw StartupError("the root \(settings.root) is not a directory; create it or pass --root DIR")
        }
        guard watchedRoot.adopt() else {
            throw StartupError("cannot open the root \(settings.root): \(SystemError.current("open").message)")
        }
        log.info("menud \(Daemon.version) watching \(settings.root), listening on \(settings.socketPath) (settle \(DurationText.format(settings.readiness.settleMs)), expiry \(settings.readiness.expireAfterMs.map(DurationText.format) ?? "off"))")
        startCrawl(.init(id: 0, directory: RelativePath.root, reason: .initial))
        initialCrawlStartedMs = clock.nowMs()
        Systemd.notify("READY=1\nSTATUS=crawling \(settings.root)\nMAINPID=\(getpid())")
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

    private func reloadConfiguration() {
        guard let path = settings.configPath else {
            log.info("SIGHUP: no config file in use, nothing to reload")
            return
        }
        Systemd.notify("RELOADING=1\nMONOTONIC_USEC=\(MonotonicTime.nowMs() * 1000)")
        defer { Systemd.notify("READY=1") }
        do {
            let fresh = try DaemonSettings.reload(from: settings)
            let freshPlugins = try PluginHost.build(config: fresh.config, configPath: fresh.configPath, factories: pluginFactories)
            plugins = freshPlugins
            menus.statusConstants = []
            let changes = settings.describeChanges(to: fresh)
            settings = fresh
            log.level = fresh.logLevel
            tracker.updateSettings(fresh.readiness)
            crawler.updateIgnoreRules(fresh.ignore)
            for connection in connections.values { connection.framer = LineFramer(maxFrameBytes: fresh.maxFrameBytes) }
            let transitions = tracker.advance()
            noteChanged(transitions)
            armDeadlineTimer()
            log.info("reloaded \(path)\(changes.isEmpty ? " (no changes)" : ": " + changes.joined(separator: ", "))")
        } catch {
            log.error("SIGHUP: kept the running config; the new one is refused: \(error)")
        }
    }

    // MARK: Connections

    private func accept(_ result: Result<PipeConnection, LoopError>) {
        let pipe: PipeConnection
        switch result {
        case .failure(let error):
            log.warning("accept failed: \(error)")
            return
        case .success(let accepted):
            pipe = accepted
        }
        if isStopping { pipe.close(); return }
        let peer = pipe.peerCredentials()
        let connection = ClientConnection(id: nextConnectionId, pipe: pipe, peer: peer, maxFrameBytes: settings.maxFrameBytes)
        nextConnectionId += 1
        if let uid = peer?.uid, uid != getuid(), !settings.allowUids.contains(uid) {
            log.warning("refused a connection from uid \(uid) (pid \(peer?.pid ?? 0)): not this user and not in allowUids")
            var line: [UInt8] = []
            ResponseEncoder.error(id: .null, .permissionDenied("uid \(uid) may not use this daemon; the daemon's owner can add it to allowUids in the config"), into: &line)
            line.append(0x0A)
            pipe.write(line)
            pipe.closeAfterFlushing()
            return
        }
        if connections.count >= settings.maxConnections {
            log.warning("refused a connection: \(settings.maxConnections) clients are connected (maxConnections)")
            var line: [UInt8] = []
            ResponseEncoder.error(id: .null, .busy(limit: "maxConnections", "\(settings.maxConnections) clients are already connected; close some or raise maxConnections in the config"), into: &line)
            line.append(0x0A)
            pipe.write(line)
            pipe.closeAfterFlushing()
            return
        }
        connections[connection.id] = connection
        log.debug("client \(connection.id) connected (pid \(peer?.pid ?? 0))")
        do {
            try pipe.startReading { [unowned self, unowned connection] event in
                self.read(event, on: connection)
            }
        } catch {
            closeConnection(connection, reason: "could not read: \(error)")
        }
    }

    private func read(_ event: PipeConnection.ReadEvent, on connection: ClientConnection) {
        switch event {
        case .data(let bytes):
            let events = connection.framer.append(bytes[...])
            for framed in events {
                if connection.isClosed { return }
                switch framed {
                case .line(let line):
                    process(line: line, on: connection)
                case .oversized(let limit):
                    var reply: [UInt8] = []
                    ResponseEncoder.error(id: .null, .invalidRequest("a message is longer than maxFrameBytes (\(limit) bytes); split it or raise maxFrameBytes in the config. The connection is closed."), into: &reply)
                    reply.append(0x0A)
                    connection.pipe.write(reply)
                    closeConnection(connection, reason: "frame over \(limit) bytes", flush: true)
                    return
                }
            }
        case .end:
            closeConnection(connection, reason: nil)
        case .failure(let error):
            closeConnection(connection, reason: "read failed: \(error)")
        }
    }

    /// Forgets a client; its menus close and its pending actions never run.
    func closeConnection(_ connection: ClientConnection, reason: String?, flush: Bool = false) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        connections[connection.id] = nil
        connectionClosed(connection)
        if flush { connection.pipe.closeAfterFlushing() } else { connection.pipe.close() }
        if let reason { log.info("client \(connection.id) disconnected: \(reason)") } else { log.debug("client \(connection.id) disconnected") }
    }

    // MARK: Requests

    private func process(line: ArraySlice<UInt8>, on connection: ClientConnection) {
        switch RPCDecoder.decode(line: line) {
        case .parseError(let error), .emptyBatch(let error):
            send(error: error, id: .null, to: connection)
        case .single(let item):
            dispatch(item, target: ReplyTarget(connection: connection, id: item.requestId, batch: nil, slot: 0))
        case .batch(let items):
            let batch = BatchReply(count: items.count)
            for (index, item) in items.enumerated() {
                dispatch(item, target: ReplyTarget(connection: connection, id: item.requestId, batch: batch, slot: index))
            }
        }
    }

    private func dispatch(_ item: RPCIncomingItem, target: ReplyTarget) {
        switch item {
        case .invalid(_, let error):
            finish(target, with: .failure(error))
        case .request(let request):
            guard let handler = methods[request.method] else {
                finish(target, with: .failure(.methodNotFound(request.method)))
                return
            }
            do {
                let result = try handler(self, target.connection, request, target)
                switch result {
                case .value(let value): finish(target, with: .success(.value(value)))
                case .encoded(let bytes): finish(target, with: .success(.encoded(bytes)))
                case .deferred: break  // answered later through finish(_:with:)
                }
            } catch let error as RPCError {
                finish(target, with: .failure(error))
            } catch {
                log.error("\(request.method) failed unexpectedly: \(error)")
                finish(target, with: .failure(.internalError("\(request.method) failed unexpectedly: \(error). Please report this with the daemon's log.")))
            }
        }
    }

    /// Answers a request (now, or later for deferred ones).
    func finish(_ target: ReplyTarget, with result: Result<HandlerResult, RPCError>) {
        let sent = reply(target, with: result)
        // A large answer (files.list of a big tree) leaves its copies as free heap; give it back.
        if sent >= Daemon.largeReplyBytes { scheduleTrim() }
    }

    /// Trims once the large answers stop (1 s after the last), so back-to-back listings reuse
    /// their pages instead of faulting fresh ones in each time.
    private func scheduleTrim() {
        if trimTimer == nil { trimTimer = try? LoopTimer(loop: loop) }
        trimTimer?.start(afterMs: 1000) { MemoryUse.returnFreeMemory() }
    }

    /// Answers of this size or more are followed by handing free heap back to the system.
    static let largeReplyBytes = 1 << 20

    /// Sends the answer; returns how many bytes were written.
    private func reply(_ target: ReplyTarget, with result: Result<HandlerResult, RPCError>) -> Int {
        let connection = target.connection
        guard !connection.isClosed else { return 0 }
        var response: [UInt8]?
        if let id = target.id {
            var bytes: [UInt8] = []
            switch result {
            case .success(.value(let value)): ResponseEncoder.result(id: id, value: value, into: &bytes)
            case .success(.encoded(let encoded)):
                bytes.reserveCapacity(encoded.count + 64)
                ResponseEncoder.result(id: id, encodedResult: encoded, into: &bytes)
            case .success(.deferred): return 0
            case .failure(let error): ResponseEncoder.error(id: id, error, into: &bytes)
            }
            response = bytes
        }
        if let batch = target.batch {
            guard let line = batch.fill(target.slot, with: response), !line.isEmpty else { return 0 }
            write(line, to: connection)
            return line.count
        }
        guard var line = response else { return 0 }
        response = nil  // `line` is now the only reference, so appending the newline does not copy it
        line.append(0x0A)
        write(line, to: connection)
        return line.count
    }

    func send(error: RPCError, id: RPCId, to connection: ClientConnection) {
        var line: [UInt8] = []
        ResponseEncoder.error(id: id, error, into: &line)
        line.append(0x0A)
        write(line, to: connection)
    }

    /// Writes to a client. A client whose earlier output is still queued past the cap has
    /// stopped reading: it is dropped instead (one large answer to a reading client is fine,
    /// so the queue is bounded by the cap plus one message).
    func write(_ line: [UInt8], to connection: ClientConnection) {
        guard !connection.isClosed else { return }
        if connection.pipe.pendingWriteBytes > settings.maxOutputBytesPerClient {
            log.warning("client \(connection.id) stopped reading: \(connection.pipe.pendingWriteBytes) bytes queued, over maxOutputBytesPerClient (\(settings.maxOutputBytesPerClient)); disconnecting it")
            closeConnection(connection, reason: nil)
            return
        }
        if !connection.pipe.write(line) {
            closeConnection(connection, reason: "write failed")
        }
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
