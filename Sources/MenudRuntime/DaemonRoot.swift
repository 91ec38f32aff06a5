import MenudCore
import MenudLoop
import MenudPluginAPI

/// The running daemon: builds the services on one libuv loop and wires them, starts them in
/// order and stops them in reverse (``ServiceGroup``), and reloads the config on SIGHUP. Every
/// service runs on the loop thread; other threads reach one only through its inbox.
final class DaemonRoot {
    static let version = "0.1.0"
    /// How long running actions get to finish after SIGTERM before they are stopped.
    static let shutdownGraceMs: UInt64 = 5000

    private let log: Logger
    private let loop: EventLoop
    private let factories: [PluginFactory]
    /// The plugin modules loaded from files, kept for the life of the process.
    private let modules: PluginModuleCatalog
    private var configuration: DaemonConfiguration
    private let transport: PipeTransport
    /// The web page's WebSocket, when `--web` or `web.listen` turns it on.
    private let web: WebSocketTransport?
    private let systemd: SystemdService
    /// Knows how many actions run at once, fitted to the descriptors (for the start line).
    private let server: RPCServer
    private let group: ServiceGroup

    init(settings: DaemonSettings, log: Logger, clock: any Clock = SystemClock(), pluginFactories: [PluginFactory] = PluginRegistry.factories) throws {
        let modules = PluginModuleCatalog(log: log)
        let scan = modules.scan(PluginFolders.resolve(settings: settings), taken: pluginFactories.map(\.name))
        let configuration = try DaemonConfiguration.checked(settings, factories: pluginFactories, modules: scan, log: log)
        self.modules = modules
        self.configuration = configuration
        self.log = log
        factories = pluginFactories
        let loop = try EventLoop()
        self.loop = loop

        let signals = SignalService(loop: loop, log: log)
        let server = RPCServer(settings: configuration.settings, actionSlots: configuration.settings.maxRunningActions, log: log, scheduler: loop)
        let tree = try TreeWatchService(settings: configuration.settings, log: log, clock: clock, loop: loop, scheduler: loop,
                                        instanceId: DaemonRoot.makeInstanceId())
        let files = tree.tracker
        // Asked on the loop, by services the root owns as it owns the tree.
        let openRoot = { [unowned tree] in tree.openedRoot() }
        let pager = DirectoryPager(files: files, loop: loop)
        let actions = try ActionRunner(configuration: configuration, log: log, loop: loop, scheduler: loop, files: files,
                                       openRoot: openRoot, pager: pager, server: server)
        let host = PluginHost(configuration: configuration, log: log, loop: loop, scheduler: loop, clock: clock)
        let menus = try MenuService(configuration: configuration, log: log, clock: clock, scheduler: loop, files: files,
                                    openRoot: openRoot, host: host, pager: pager, actions: actions, server: server)
        let notifier = try NotifierService(files: files, server: server, scheduler: loop)
        let transport = PipeTransport(loop: loop, socketPath: settings.socketPath, maxMessageBytes: settings.maxFrameBytes, log: log)
        self.transport = transport
        let web = settings.web.map {
            WebSocketTransport(loop: loop, settings: $0, maxMessageBytes: settings.maxFrameBytes, maxConnections: settings.maxConnections, log: log)
        }
        self.web = web
        let status = StatusReporter(files: files, tree: tree, clock: clock, configuration: configuration,
                                    // Asked only by a status request, which the server is dispatching: it is
                                    // alive then, and a checked unowned read costs a runtime call per status.
                                    connectionCount: { [unowned(unsafe) server] in server.connectionCount },
                                    address: { [unowned transport] in transport.address },
                                    webAddress: { [weak web] in web.map { ($0.address, $0.tokenPath) } })
        let trimmer = HeapTrimmer(scheduler: loop)
        let systemd = SystemdService(files: files, tree: tree, root: settings.root)
        self.systemd = systemd
        self.server = server

        // Who hears what: clients coming and going, file changes, and the status systemd shows.
        server.addListener(menus)
        server.addListener(host)
        tree.addListener(notifier)
        tree.addListener(menus)
        tree.onInitialCrawlDone = { [unowned systemd] in systemd.reportStatus() }
        notifier.onWindowClosed = { [unowned tree, unowned systemd] in
            if tree.initialCrawlFinished { systemd.reportStatus() }
        }
        server.onLargeReply = { [unowned trimmer] in trimmer.largeAnswerSent() }
        server.onActionSlotsFitted = { [unowned actions] in actions.fitRunningActions($0) }

        let paths = RequestPaths(rootBytes: settings.rootBytes, rootSpellings: settings.rootSpellings, files: files)
        DaemonRoutes.register(on: server.router, status: status)
        FileRoutes(files: files, paths: paths).register(on: server.router)
        MenuRoutes(menus: menus, files: files, paths: paths).register(on: server.router)
        SubscriptionRoutes.register(on: server.router)

        // One transport service each: the socket and the web page open last and close first.
        let transports = [transport as any RPCTransport] + (web.map { [$0 as any RPCTransport] } ?? [])
        group = ServiceGroup([signals, server, pager, actions, tree, host, menus, notifier, status, trimmer]
                             + transports.map { TransportService(transport: $0, server: server) as any DaemonService } + [systemd], log: log)
        signals.onStop = { [unowned self] in shutdown() }
        signals.onReload = { [unowned self] in reload() }
    }

    private static func makeInstanceId() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<8).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] })
    }

    /// Starts every service and runs the loop until shutdown. Returns the process exit code.
    func run(activatedSocket: Int32? = nil) -> Int32 {
        transport.activatedSocket = activatedSocket
        do {
            try group.start()
        } catch {
            log.error((error as? StartupError)?.message ?? "could not start: \(error)")
            // No socket file and no crawler thread stay behind.
            group.abandonStart()
            _ = loop.closeEverything()
            return 1
        }
        let settings = configuration.settings
        log.info("menud \(DaemonRoot.version) watching \(settings.root), listening on \(transport.address)\(web.map { " and \($0.pageURL)" } ?? "") (settle \(DurationText.format(settings.readiness.settleMs)), expiry \(settings.readiness.expireAfterMs.map(DurationText.format) ?? "off"), maxRunningActions \(server.actionSlots))")
        group.announceStarted()
        loop.run()
        let closed = loop.closeEverything()
        if closed != 0 {
            log.error("the event loop did not close clean (\(closed)); some handle was left open")
            return 1
        }
        log.info("stopped")
        return 0
    }

    /// SIGTERM, SIGINT: every service stops, the last ones once running actions have ended or
    /// their grace is over; then the loop ends.
    func shutdown() {
        group.shutdown(graceMs: DaemonRoot.shutdownGraceMs) { [unowned self] in loop.stop() }
    }

    /// SIGHUP: reads the config file again and the plugin folders, and applies them, or keeps
    /// the running configuration (and says why) when the new one is refused.
    func reload() {
        guard !group.isStopping else { return }
        let path = configuration.settings.configPath ?? "the plugin folders (no config file in use)"
        systemd.reloadBegins()
        defer { systemd.reloadEnded() }
        do {
            let settings = try DaemonSettings.reload(from: configuration.settings)
            let scan = modules.scan(PluginFolders.resolve(settings: settings), taken: factories.map(\.name))
            let fresh = try DaemonConfiguration.checked(settings, factories: factories, modules: scan, log: log)
            var changes = configuration.settings.describeChanges(to: fresh.settings) + Self.describePluginChanges(from: configuration, to: fresh)
            configuration = fresh
            log.level = fresh.settings.logLevel
            group.reload(fresh)
            let asked = fresh.settings.maxRunningActions
            if server.actionSlots < asked, let index = changes.firstIndex(of: "maxRunningActions \(asked)") {
                changes[index] += " (\(server.actionSlots) at once: the open-file limit holds no more)"
            }
            log.info("reloaded \(path)\(changes.isEmpty ? " (no changes)" : ": " + changes.joined(separator: ", "))")
        } catch {
            log.error("SIGHUP: kept the running config; the new one is refused: \(error)")
        }
    }

    /// The plugins a reload added or dropped, for its log line.
    private static func describePluginChanges(from old: DaemonConfiguration, to fresh: DaemonConfiguration) -> [String] {
        let before = Set(old.plugins.entries.map(\.name))
        let after = Set(fresh.plugins.entries.map(\.name))
        return after.subtracting(before).sorted().map { "plugin \($0) added" } + before.subtracting(after).sorted().map { "plugin \($0) removed" }
    }
}
