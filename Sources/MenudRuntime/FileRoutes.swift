import MenudCore
import MenudJSON
import MenudProtocol

/// `files.list` and `files.get`, answered from the tracker.
struct FileRoutes {
    let files: any TrackedFiles
    let paths: RequestPaths
    let getWriter = FileGetWriter()

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
        // Each File object is written straight from the tracker's records (no FileSnapshot and
        // no string per file), a piece at a time as the client reads the answer.
        do {
            return .streamed(try FileListingStream(files: files, query: query, fields: params.fields))
        } catch {
            throw .invalidParams(param: "since", "since must be a clock string from an earlier answer of this daemon (\(error))")
        }
    }

    private func getFile(_ params: FilesGetParams) throws(RPCError) -> HandlerResult {
        // One look-up for a tracked file (resolve would ask the tracker first as well).
        let path = try paths.lexical(params.path)
        if let view = files.view(of: path) {
            return .encoded(getWriter.answer(view, files: files))
        }
        // A miss: a symlink that leads out is told apart from a file that is not there.
        _ = try paths.resolve(params.path)
        throw .notFound(path: path.displayString)
    }
}
