import MenudCore
import MenudJSON
import MenudProtocol

/// `files.list` and `files.get`, answered from the tracker.
struct FileRoutes {
    let files: any TrackedFiles
    let paths: RequestPaths

    func register(on router: RPCRouter) {
        router.on("files.list") { request, _ in try listFiles(request.params) }
        router.on("files.get") { request, _ in try getFile(request.params) }
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
        var fileWriter = FileObjectWriter(settings: files.settings, instanceId: files.instanceId, fields: fields)
        let perFile = fields == .all ? 230 : 16 + 40 * fields.rawValue.nonzeroBitCount
        let count = files.count
        var writer = JSONWriter(reservingCapacity: 64 + min(query.limit ?? count, count) * perFile)
        writer.beginObject()
        writer.key("files")
        writer.beginArray()
        let summary: FileListSummary
        do {
            summary = try files.forEachFile(query) { file in fileWriter.write(file, to: &writer) }
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
        let path = try paths.resolve(params, key: "path")
        guard let snapshot = files.snapshot(of: path) else {
            throw .notFound(path: path.displayString)
        }
        var writer = JSONWriter(reservingCapacity: 300)
        snapshot.write(to: &writer)
        return .encoded(writer.bytes)
    }
}
