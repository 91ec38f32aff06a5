import Glibc
import MenudCore
import MenudJSON
import MenudProtocol

/// Builds the `daemon.status` result (a ``StatusResult``): counts from the tracker and the tree watch, clients from the
/// server, and the members only a reload changes, encoded once per configuration.
final class StatusReporter: DaemonService {
    let name = "status"
    private let files: any TrackedFiles
    private let tree: any TreeStatus
    private let clock: any Clock
    private let startedAtMs: Int64
    private let connectionCount: () -> Int
    private let address: () -> String
    /// The web server's bound address and its token file, nil when it is off.
    private let webAddress: () -> (listen: String, tokenFile: String)?
    private var settings: DaemonSettings
    private var plugins: PluginSet
    private var modules: PluginModuleScan
    /// The facts of the configuration loaded, and their members encoded (`"version":…,"pid":…`,
    /// no braces); empty until first asked for after a (re)load.
    private var facts = StatusDaemonFacts(version: "", root: "", settleMs: 0, expireAfterMs: nil, plugins: [], socket: "", pid: 0)
    private var constants: [UInt8] = []

    init(files: any TrackedFiles, tree: any TreeStatus, clock: any Clock, configuration: DaemonConfiguration,
         connectionCount: @escaping () -> Int, address: @escaping () -> String, webAddress: @escaping () -> (listen: String, tokenFile: String)? = { nil }) {
        self.files = files
        self.tree = tree
        self.clock = clock
        startedAtMs = clock.nowMs()
        self.connectionCount = connectionCount
        self.address = address
        self.webAddress = webAddress
        settings = configuration.settings
        plugins = configuration.plugins
        modules = configuration.modules
    }

    func start() throws {}

    func reload(_ configuration: DaemonConfiguration) {
        settings = configuration.settings
        plugins = configuration.plugins
        modules = configuration.modules
        constants = []
    }

    func shutdown(graceMs: UInt64, done: @escaping () -> Void) { done() }

    func statusResult() -> [UInt8] {
        if constants.isEmpty {
            facts = daemonFacts()
            constants = facts.encodedMembers
        }
        let counts = files.counts
        let result = StatusResult(
            uptimeMs: clock.nowMs() - startedAtMs,
            files: StatusFileCounts(total: Int64(counts.total), pending: Int64(counts.pending),
                                    ready: Int64(counts.ready), expired: Int64(counts.expired)),
            crawling: !tree.initialCrawlFinished || tree.isCrawling,
            watchedDirectories: Int64(tree.watchedDirectoryCount),
            unwatchedDirectories: Int64(tree.unwatchedDirectoryCount),
            watchLimit: tree.watchLimit.map { Int64($0) }, rescanIntervalMs: settings.rescanIntervalMs,
            connections: Int64(connectionCount()),
            clock: files.currentClock,
            daemon: facts)
        var writer = JSONWriter(reservingCapacity: 1024)
        // The members that change only with a reload, encoded once.
        result.write(to: &writer, daemonMembers: constants)
        return writer.bytes
    }

    private func daemonFacts() -> StatusDaemonFacts {
        var facts = StatusDaemonFacts(
            version: DaemonRoot.version, root: settings.root, settleMs: settings.readiness.settleMs,
            expireAfterMs: settings.readiness.expireAfterMs,
            plugins: plugins.entries.map {
                StatusPlugin(name: $0.name, version: $0.plugin.version, actions: Int64($0.plugin.actionTitles.count),
                             file: modules.origins[$0.name], notice: modules.notices[$0.name])
            },
            socket: address(), pid: Int64(getpid()),
            // The URL without its secret; the file that holds it, for `menuctl web`.
            web: webAddress().map { StatusWeb(listen: $0.listen, url: "http://\($0.listen)/", tokenFile: $0.tokenFile) })
        facts.refusedPlugins = modules.refused.map { StatusRefusedPlugin(file: $0.file, reason: $0.reason) }
        return facts
    }
}
