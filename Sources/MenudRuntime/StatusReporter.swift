import Foundation
import MenudCore
import MenudJSON

/// The `daemon.status` result: counts from the tracker and the tree watch, clients from the
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
    /// `"version":…,"pid":…` (no braces); empty until first asked for after a (re)load.
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
    }

    func start() throws {}

    func reload(_ configuration: DaemonConfiguration) {
        settings = configuration.settings
        plugins = configuration.plugins
        constants = []
    }

    func shutdown(graceMs: UInt64, done: @escaping () -> Void) { done() }

    func statusResult() -> [UInt8] {
        if constants.isEmpty { constants = statusConstants() }
        let counts = files.counts
        var writer = JSONWriter(reservingCapacity: 384)
        writer.beginObject()
        writer.key("uptimeMs"); writer.writeInt(clock.nowMs() - startedAtMs)
        writer.key("files")
        writer.beginObject()
        writer.key("total"); writer.writeInt(Int64(counts.total))
        writer.key("pending"); writer.writeInt(Int64(counts.pending))
        writer.key("ready"); writer.writeInt(Int64(counts.ready))
        writer.key("expired"); writer.writeInt(Int64(counts.expired))
        writer.endObject()
        writer.key("crawling"); writer.writeBool(!tree.initialCrawlFinished || tree.isCrawling)
        writer.key("watchedDirectories"); writer.writeInt(Int64(tree.watchedDirectoryCount))
        writer.key("unwatchedDirectories"); writer.writeInt(Int64(tree.unwatchedDirectoryCount))
        writer.key("watchLimit")
        if let limit = tree.watchLimit { writer.writeInt(Int64(limit)) } else { writer.writeNull() }
        writer.key("rescanIntervalMs"); writer.writeInt(settings.rescanIntervalMs)
        writer.key("connections"); writer.writeInt(Int64(connectionCount()))
        writer.key("clock"); writer.writeString(files.currentClock)
        // The members that change only with a reload, encoded once.
        writer.writeRawMembers(constants)
        writer.endObject()
        return writer.bytes
    }

    private func statusConstants() -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 384)
        writer.beginObject()
        writer.key("version"); writer.writeString(DaemonRoot.version)
        writer.key("root"); writer.writeString(settings.root)
        writer.key("settleMs"); writer.writeInt(settings.readiness.settleMs)
        writer.key("expireAfterMs")
        if let expire = settings.readiness.expireAfterMs { writer.writeInt(expire) } else { writer.writeNull() }
        writer.key("plugins")
        writer.beginArray()
        for entry in plugins.entries {
            writer.beginObject()
            writer.key("name"); writer.writeString(entry.name)
            writer.key("version"); writer.writeString(entry.plugin.version)
            writer.key("actions"); writer.writeInt(Int64(entry.plugin.actionTitles.count))
            writer.endObject()
        }
        writer.endArray()
        writer.key("socket"); writer.writeString(address())
        writer.key("pid"); writer.writeInt(Int64(getpid()))
        // `{listen, url, tokenFile}` of the web page (the URL without its secret; the file that
        // holds it, for `menuctl web`), null when it is off.
        writer.key("web")
        if let web = webAddress() {
            writer.beginObject()
            writer.key("listen"); writer.writeString(web.listen)
            writer.key("url"); writer.writeString("http://\(web.listen)/")
            writer.key("tokenFile"); writer.writeString(web.tokenFile)
            writer.endObject()
        } else {
            writer.writeNull()
        }
        writer.endObject()
        return Array(writer.bytes.dropFirst().dropLast())
    }
}
