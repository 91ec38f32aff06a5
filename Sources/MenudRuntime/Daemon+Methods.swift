import Foundation
import MenudCore
import MenudNative

extension Daemon {
    func registerMethods() {
        methods["daemon.status"] = { daemon, _, request, _ throws(RPCError) in
            try request.params.rejectUnknownKeys(allowed: [])
            return .encoded(daemon.statusResult())
        }
        methods["files.list"] = { daemon, _, request, _ in try daemon.listFiles(request.params) }
        methods["files.get"] = { daemon, _, request, _ in try daemon.getFile(request.params) }
        methods["subscribe"] = { daemon, connection, request, _ throws(RPCError) in
            try daemon.subscribe(connection, request.params, adding: true)
        }
        methods["unsubscribe"] = { daemon, connection, request, _ throws(RPCError) in
            try daemon.subscribe(connection, request.params, adding: false)
        }
        registerMenuMethods()
    }

    private func statusResult() -> [UInt8] {
        if menus.statusConstants.isEmpty { menus.statusConstants = statusConstants() }
        let counts = tracker.counts
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
        writer.key("crawling"); writer.writeBool(!initialCrawlFinished || isCrawling)
        writer.key("watchedDirectories"); writer.writeInt(Int64(watches.count))
        writer.key("unwatchedDirectories"); writer.writeInt(Int64(unwatchedDirectories.count))
        writer.key("connections"); writer.writeInt(Int64(connections.count))
        writer.key("clock"); writer.writeString(tracker.currentClock)
        // The members that change only with a reload, encoded once.
        writer.writeRawMembers(menus.statusConstants)
        writer.endObject()
        return writer.bytes
    }

    /// `daemon.status` members that only a reload changes: `"version":…,"pid":…` (no braces).
    private func statusConstants() -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 384)
        writer.beginObject()
        writer.key("version"); writer.writeString(Daemon.version)
        writer.key("root"); writer.writeString(settings.root)
        writer.key("settleMs"); writer.writeInt(settings.readiness.settleMs)
        writer.key("expireAfterMs")
        if let expire = settings.readiness.expireAfterMs { writer.writeInt(expire) } else { writer.writeNull() }
        writer.key("plugins")
        writer.beginArray()
        for plugin in pluginSummaries() {
            writer.beginObject()
            writer.key("name"); writer.writeString(plugin.name)
            writer.key("version"); writer.writeString(plugin.version)
            writer.key("actions"); writer.writeInt(Int64(plugin.actions))
            writer.endObject()
        }
        writer.endArray()
        writer.key("socket"); writer.writeString(settings.socketPath)
        writer.key("pid"); writer.writeInt(Int64(getpid()))
        writer.endObject()
        return Array(writer.bytes.dropFirst().dropLast())
    }

    private func listFiles(_ params: JSONObject) throws(RPCError) -> HandlerResult {
        try params.rejectUnknownKeys(allowed: ["state", "glob", "offset", "limit", "since", "fields"])
        var query = FileQuery()
        if let state = try params.optionalString("state") {
            guard let parsed = FileState(rawValue: state) else {
                throw .invalidParams(param: "state", "state must be one of pending, ready, expired (got \"\(state)\")")
            }
            query.state = parsed
        }
        if let glob = try params.optionalString("glob") {
            do { query.glob = try GlobPattern(glob) } catch {
                throw .invalidParams(param: "glob", "glob \"\(glob)\" is not a valid pattern: \(error)")
            }
        }
        query.offset = Int(try params.optionalInt("offset", min: 0, max: Int64(Int32.max)) ?? 0)
        if let limit = try params.optionalInt("limit", min: 1, max: 1_000_000) { query.limit = Int(limit) }
        query.since = try params.optionalString("since")
        let fields = try listFields(params)
        // Each File object is written straight from the tracker's records: no FileSnapshot and
        // no string per file.
        var fileWriter = FileObjectWriter(settings: tracker.settings, instanceId: tracker.instanceId, fields: fields)
        let perFile = fields == .all ? 230 : 16 + 40 * fields.rawValue.nonzeroBitCount
        var writer = JSONWriter(reservingCapacity: 64 + min(query.limit ?? tracker.count, tracker.count) * perFile)
        writer.beginObject()
        writer.key("files")
        writer.beginArray()
        let summary: FileListSummary
        do {
            summary = try tracker.forEachFile(query) { file in fileWriter.write(file, to: &writer) }
        } catch {
            throw .invalidParams(param: "since", "since must be a clock string from an earlier answer of this daemon (\(error))")
        }
        writer.endArray()
        writer.key("total"); writer.writeInt(Int64(summary.total))
        writer.key("clock"); writer.writeString(summary.clock)
        if let removed = summary.removed {
            writer.key("removed")
            writer.beginArray()
            for path in removed { writer.writeString(path.displayString) }
            writer.endArray()
        }
        if summary.fresh {
            writer.key("fresh"); writer.write(.bool(true))
        }
        writer.endObject()
        return .encoded(writer.bytes)
    }

    /// `files.list`'s `fields`: the File members to write (all when absent).
    private func listFields(_ params: JSONObject) throws(RPCError) -> FileFields {
        guard let names = try params.optionalStringArray("fields") else { return .all }
        let allowed = FileFields.names.map(\.name).joined(separator: ", ")
        guard !names.isEmpty else {
            throw .invalidParams(param: "fields", "fields must name at least one File member: \(allowed)")
        }
        var fields: FileFields = []
        for name in names {
            guard let field = FileFields.named(name) else {
                throw .invalidParams(param: "fields", "fields has the unknown member \"\(name)\"; allowed: \(allowed)")
            }
            fields.insert(field)
        }
        return fields
    }

    private func getFile(_ params: JSONObject) throws(RPCError) -> HandlerResult {
        try params.rejectUnknownKeys(allowed: ["path", "pathBase64"])
        let path = try resolvePath(params, key: "path")
        guard let snapshot = tracker.snapshot(of: path) else {
            throw .notFound(path: path.displayString)
        }
        var writer = JSONWriter(reservingCapacity: 300)
        snapshot.write(to: &writer)
        return .encoded(writer.bytes)
    }

    private func subscribe(_ connection: ClientConnection, _ params: JSONObject, adding: Bool) throws(RPCError) -> HandlerResult {
        try params.rejectUnknownKeys(allowed: ["events"])
        guard let events = try params.optionalStringArray("events") else {
            throw .invalidParams(param: "events", "events is required: a list with \"files\" and/or \"menus\"")
        }
        for event in events where event != "files" && event != "menus" {
            throw .invalidParams(param: "events", "unknown event kind \"\(event)\"; use \"files\" and/or \"menus\"")
        }
        if adding { connection.subscriptions.formUnion(events) } else { connection.subscriptions.subtract(events) }
        return .value(.object(["subscribed": .array(connection.subscriptions.sorted().map { .string($0) })]))
    }

    /// Reads a path parameter (`key`, or `key` + "Base64") and checks that it stays inside the
    /// root: `..` that climbs out, an absolute path elsewhere, or a symlink leading out are
    /// refused with OutsideRoot.
    func resolvePath(_ params: JSONObject, key: String) throws(RPCError) -> RelativePath {
        let raw: [UInt8]
        if let text = try params.optionalString(key) {
            raw = Array(text.utf8)
        } else if let encoded = try params.optionalString(key + "Base64") {
            guard let data = Data(base64Encoded: encoded) else {
                throw .invalidParams(param: key + "Base64", "\(key)Base64 must be standard base64 of the path's bytes")
            }
            raw = Array(data)
        } else {
            throw .invalidParams(param: key, "\(key) is required: a path relative to the root (or \(key)Base64)")
        }
        return try resolvePath(bytes: raw, param: key)
    }

    func resolvePath(bytes raw: [UInt8], param: String) throws(RPCError) -> RelativePath {
        let display = String(decoding: raw, as: UTF8.self)
        if raw.contains(0) { throw .invalidParams(param: param, "\(param) must not contain a NUL byte") }
        if raw.count > 1, raw.last == 0x2F || raw.suffix(2).elementsEqual([0x2F, 0x2E]) || raw.suffix(3).elementsEqual([0x2F, 0x2E, 0x2E]) {
            // POSIX takes "a.txt/" to mean a folder; a file's path has no trailing slash.
            throw .invalidParams(param: param, "\(param) \"\(display)\" ends in \"/\", \"/.\" or \"/..\", which names a folder; give the file's path without it")
        }
        var bytes = raw
        if bytes.first == 0x2F {
            // The root as configured, or as spelled through a link to it (both name it).
            guard let root = settings.rootSpellings.first(where: { bytes.starts(with: $0) && (bytes.count == $0.count || bytes[$0.count] == 0x2F) }) else {
                throw .outsideRoot(path: display)
            }
            bytes = Array(bytes.dropFirst(root.count))
        }
        var components: [[UInt8]] = []
        for component in bytes.split(separator: 0x2F, omittingEmptySubsequences: true) {
            if component.elementsEqual([0x2E]) { continue }
            if component.elementsEqual([0x2E, 0x2E]) {
                if components.isEmpty { throw .outsideRoot(path: display) }
                components.removeLast()
                continue
            }
            components.append(Array(component))
        }
        let joined = Array(components.joined(separator: [0x2F]))
        let path = RelativePath(bytes: joined)
        if tracker.snapshot(of: path) == nil, !joined.isEmpty {
            // Not tracked: tell a symlink that leads out apart from a plain miss.
            if case .success(let resolved) = NativePath.resolve(absolutePath(path)) {
                let root = settings.rootBytes
                if !(resolved.starts(with: root) && (resolved.count == root.count || resolved[root.count] == 0x2F)) {
                    throw .outsideRoot(path: display)
                }
            }
        }
        return path
    }
}
