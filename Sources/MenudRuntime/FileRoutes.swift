import MenudCore
import MenudJSON
import MenudProtocol

/// `files.list` and `files.get`, answered from the tracker.
struct FileRoutes {
    let files: any TrackedFiles
    let paths: RequestPaths

    func register(on router: RPCRouter) {
        router.on(FilesList.self) { params, _ in try listFiles(params) }
        router.on(FilesGet.self) { params, _ in try getFile(params) }
    }

    private func listFiles(_ params: FilesListParams) throws(RPCError) -> HandlerResult {
        var query = FileQuery()
        query.state = params.state
        if let glob = params.glob {
            do { query.glob = try GlobPattern(glob) } catch {
                throw .invalidParams(param: "glob", "glob \"\(glob)\" is not a valid pattern: \(error)")
            }
        }
        query.offset = params.offset
        query.limit = params.limit
        query.since = params.since
        let fields = params.fields
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

    private func getFile(_ params: FilesGetParams) throws(RPCError) -> HandlerResult {
        let path = try paths.resolve(params.path)
        guard let view = files.view(of: path) else {
            throw .notFound(path: path.displayString)
        }
        var fileWriter = FileObjectWriter(settings: files.settings, instanceId: files.instanceId)
        var writer = JSONWriter(reservingCapacity: 300)
        fileWriter.write(view, to: &writer)
        return .encoded(writer.bytes)
    }
}
