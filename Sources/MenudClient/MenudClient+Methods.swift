import MenudJSON
import MenudProtocol

extension MenudClient {
    /// `daemon.status`.
    public func status() async throws -> StatusResult {
        try Self.read(DaemonStatus.name, try await call(DaemonStatus.self, NoParams())) { (object) throws(RPCError) in
            try StatusResult(from: object)
        }
    }

    /// `files.get`: the File object of `path` (relative to the root, or absolute under it).
    public func file(_ path: String) async throws -> FileSnapshot {
        let params = FilesGetParams(path: try PathParameter(raw: Array(path.utf8), param: "path"))
        return try Self.read(FilesGet.name, try await call(FilesGet.self, params)) { (object) throws(RPCError) in
            try FileSnapshot(from: object)
        }
    }

    /// `files.list` with every File member (`params.fields` is ignored: ask for fewer members
    /// with ``call(_:_:)`` and read the JSON).
    public func files(_ params: FilesListParams = FilesListParams()) async throws -> FilesListResult {
        var params = params
        params.fields = .all
        return try Self.read(FilesList.name, try await call(FilesList.self, params)) { (object) throws(RPCError) in
            try FilesListResult(from: object)
        }
    }

    /// `subscribe`: adds `events` (`files`, `menus`) to what ``notifications`` gets; returns
    /// every kind subscribed now.
    @discardableResult
    public func subscribe(_ events: [String]) async throws -> [String] {
        let result = try await call(Subscribe.self, SubscriptionParams(events: events))
        guard let kinds = result["subscribed"]?.arrayValue?.compactMap(\.stringValue) else {
            throw MenudClientError.unreadableAnswer(method: Subscribe.name, reason: "no subscribed list")
        }
        return kinds
    }

    /// Reads `result` (an object) with `body`, turning a shape error into ``MenudClientError``.
    private static func read<T>(_ method: String, _ result: JSONValue, _ body: (JSONObject) throws(RPCError) -> T) throws -> T {
        guard let object = result.objectValue else {
            throw MenudClientError.unreadableAnswer(method: method, reason: "the result is \(result.kindDescription), not an object")
        }
        do {
            return try body(object)
        } catch {
            throw MenudClientError.unreadableAnswer(method: method, reason: error.message)
        }
    }
}
