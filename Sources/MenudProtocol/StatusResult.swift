import MenudJSON

/// The `daemon.status` result: what changes from one call to the next, then the daemon's facts.
public struct StatusResult: Sendable, Equatable {
    public var uptimeMs: Int64
    public var files: StatusFileCounts
    /// True until the first crawl of the tree ended, and while a rescan crawls.
    public var crawling: Bool
    public var watchedDirectories: Int64
    /// Directories inotify could not watch (out of watches); they are rescanned instead.
    public var unwatchedDirectories: Int64
    /// The most inotify watches the daemon takes (`maxWatches`, or what the kernel allowed when
    /// it last refused one); nil when neither limits it.
    public var watchLimit: Int64?
    /// How often directories without a watch are listed again.
    public var rescanIntervalMs: Int64
    public var connections: Int64
    /// The change clock now.
    public var clock: String
    public var daemon: StatusDaemonFacts
    /// The members a tolerant reading did not find (or could not read), by name: empty for a
    /// whole answer, and always for a result the daemon builds.
    public var missingMembers: Set<String> = []

    public init(uptimeMs: Int64, files: StatusFileCounts, crawling: Bool, watchedDirectories: Int64,
                unwatchedDirectories: Int64, watchLimit: Int64?, rescanIntervalMs: Int64, connections: Int64,
                clock: String, daemon: StatusDaemonFacts) {
        self.uptimeMs = uptimeMs
        self.files = files
        self.crawling = crawling
        self.watchedDirectories = watchedDirectories
        self.unwatchedDirectories = unwatchedDirectories
        self.watchLimit = watchLimit
        self.rescanIntervalMs = rescanIntervalMs
        self.connections = connections
        self.clock = clock
        self.daemon = daemon
    }

    /// Reads the result; a missing or mistyped member throws a -32602 that names it. Tolerantly
    /// (``DecodingMode``) nothing throws: what is missing or unreadable takes a neutral value
    /// and its name goes into ``missingMembers``, so that a client shows only what the daemon
    /// said (an older daemon has fewer members).
    public init(from object: JSONObject, mode: DecodingMode = .strict) throws(RPCError) {
        var missing: Set<String> = []
        uptimeMs = try mode.value(object.requiredInt("uptimeMs"), orElse: 0, noting: "uptimeMs", in: &missing)
        files = try mode.value(StatusFileCounts(from: object.requiredObject("files"), mode: mode),
                               orElse: StatusFileCounts(total: 0, pending: 0, ready: 0, expired: 0), noting: "files", in: &missing)
        crawling = try mode.value(object.requiredBool("crawling"), orElse: false, noting: "crawling", in: &missing)
        watchedDirectories = try mode.value(object.requiredInt("watchedDirectories"), orElse: 0, noting: "watchedDirectories", in: &missing)
        unwatchedDirectories = try mode.value(object.requiredInt("unwatchedDirectories"), orElse: 0, noting: "unwatchedDirectories", in: &missing)
        watchLimit = try mode.value(object.optionalInt("watchLimit"), orElse: nil)
        rescanIntervalMs = try mode.value(object.requiredInt("rescanIntervalMs"), orElse: 0, noting: "rescanIntervalMs", in: &missing)
        connections = try mode.value(object.requiredInt("connections"), orElse: 0, noting: "connections", in: &missing)
        clock = try mode.value(object.requiredString("clock"), orElse: "", noting: "clock", in: &missing)
        daemon = try StatusDaemonFacts(from: object, mode: mode, missing: &missing)
        missingMembers = missing
    }

    /// Writes the result object. `daemonMembers` is ``StatusDaemonFacts/encodedMembers`` of
    /// ``daemon`` when the caller keeps it encoded (it changes only with a reload).
    public func write(to writer: inout JSONWriter, daemonMembers: [UInt8]? = nil) {
        writer.beginObject()
        writer.key(encoded: Self.key_uptimeMs); writer.writeInt(uptimeMs)
        writer.key(encoded: Self.key_files); files.write(to: &writer)
        writer.key(encoded: Self.key_crawling); writer.writeBool(crawling)
        writer.key(encoded: Self.key_watchedDirectories); writer.writeInt(watchedDirectories)
        writer.key(encoded: Self.key_unwatchedDirectories); writer.writeInt(unwatchedDirectories)
        writer.key(encoded: Self.key_watchLimit)
        if let watchLimit { writer.writeInt(watchLimit) } else { writer.writeNull() }
        writer.key(encoded: Self.key_rescanIntervalMs); writer.writeInt(rescanIntervalMs)
        writer.key(encoded: Self.key_connections); writer.writeInt(connections)
        writer.key(encoded: Self.key_clock); writer.writeString(clock)
        writer.writeRawMembers(daemonMembers ?? daemon.encodedMembers)
        writer.endObject()
    }

    // Member names, encoded once: `daemon.status` is asked for often (a poll every few ms).
    static let key_uptimeMs: [UInt8] = Array(#""uptimeMs":"#.utf8)
    static let key_files: [UInt8] = Array(#""files":"#.utf8)
    static let key_crawling: [UInt8] = Array(#""crawling":"#.utf8)
    static let key_watchedDirectories: [UInt8] = Array(#""watchedDirectories":"#.utf8)
    static let key_unwatchedDirectories: [UInt8] = Array(#""unwatchedDirectories":"#.utf8)
    static let key_watchLimit: [UInt8] = Array(#""watchLimit":"#.utf8)
    static let key_rescanIntervalMs: [UInt8] = Array(#""rescanIntervalMs":"#.utf8)
    static let key_connections: [UInt8] = Array(#""connections":"#.utf8)
    static let key_clock: [UInt8] = Array(#""clock":"#.utf8)
}
