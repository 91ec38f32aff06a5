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
    /// The last answer but its uptime: the figures it was written from and its bytes after
    /// `{"uptimeMs":0`. Between two polls nothing else changes, as a rule, so an answer is then
    /// the uptime and these bytes (no result built, copied and written for it).
    private var lastFigures = InlineArray<11, Int64>(repeating: 0)
    private var lastTail: [UInt8] = []
    /// The clock's text for the change counter it was made at.
    private var clockText: (counter: UInt64, text: String)?

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
        lastTail = []
    }

    func shutdown(graceMs: UInt64, done: @escaping () -> Void) { done() }

    /// The result: as a rule the uptime between the bytes before and after it, which the reply
    /// writes straight into the client's output.
    func statusResult() -> HandlerResult {
        if constants.isEmpty {
            facts = daemonFacts()
            constants = facts.encodedMembers
        }
        let counts = files.counts
        let counter = files.changeCounter
        let uptimeMs = clock.nowMs() - startedAtMs
        var figures = InlineArray<11, Int64>(repeating: 0)
        figures[0] = Int64(counts.total)
        figures[1] = Int64(counts.pending)
        figures[2] = Int64(counts.ready)
        figures[3] = Int64(counts.expired)
        figures[4] = !tree.initialCrawlFinished || tree.isCrawling ? 1 : 0
        figures[5] = Int64(tree.watchedDirectoryCount)
        figures[6] = Int64(tree.unwatchedDirectoryCount)
        figures[7] = tree.watchLimit.map { Int64($0) } ?? -1
        figures[8] = settings.rescanIntervalMs
        figures[9] = Int64(connectionCount())
        figures[10] = Int64(bitPattern: counter)
        if lastTail.isEmpty || !Self.same(figures, lastFigures) {
            guard let tail = tail(counts: counts, counter: counter) else {
                lastTail = []
                return .encoded(whole(uptimeMs: uptimeMs, counts: counts, counter: counter))
            }
            lastTail = tail
            lastFigures = figures
        }
        return .encodedAroundNumber(head: StatusReporter.uptimeKey, number: uptimeMs, tail: lastTail)
    }

    /// The answer's bytes after `{"uptimeMs":0`; nil if it does not start so.
    private func tail(counts: ReadinessCounts, counter: UInt64) -> [UInt8]? {
        let bytes = whole(uptimeMs: 0, counts: counts, counter: counter)
        guard bytes.starts(with: StatusReporter.zeroUptime) else { return nil }
        return Array(bytes.dropFirst(StatusReporter.zeroUptime.count))
    }

    private static func same(_ one: InlineArray<11, Int64>, _ other: InlineArray<11, Int64>) -> Bool {
        for index in one.indices where one[index] != other[index] { return false }
        return true
    }

    /// The whole answer, written from a ``StatusResult``.
    private func whole(uptimeMs: Int64, counts: ReadinessCounts, counter: UInt64) -> [UInt8] {
        let clockNow: String
        if let known = clockText, known.counter == counter {
            clockNow = known.text
        } else {
            clockNow = files.currentClock
            clockText = (counter, clockNow)
        }
        let result = StatusResult(
            uptimeMs: uptimeMs,
            files: StatusFileCounts(total: Int64(counts.total), pending: Int64(counts.pending),
                                    ready: Int64(counts.ready), expired: Int64(counts.expired)),
            crawling: !tree.initialCrawlFinished || tree.isCrawling,
            watchedDirectories: Int64(tree.watchedDirectoryCount),
            unwatchedDirectories: Int64(tree.unwatchedDirectoryCount),
            watchLimit: tree.watchLimit.map { Int64($0) }, rescanIntervalMs: settings.rescanIntervalMs,
            connections: Int64(connectionCount()),
            clock: clockNow,
            daemon: facts)
        var writer = JSONWriter(reservingCapacity: 1024)
        // The members that change only with a reload, encoded once.
        result.write(to: &writer, daemonMembers: constants)
        return writer.bytes
    }

    /// How every answer starts when written with an uptime of 0, and its uptime member's name.
    private static let zeroUptime: [UInt8] = Array(#"{"uptimeMs":0"#.utf8)
    private static let uptimeKey: [UInt8] = Array(#"{"uptimeMs":"#.utf8)

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
