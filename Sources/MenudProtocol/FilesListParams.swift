import MenudJSON

/// `files.list`'s params. `glob` is kept as text: the daemon compiles it (its errors name `glob`).
public struct FilesListParams: RPCParams, Equatable {
    public var state: FileState?
    public var glob: String?
    public var offset: Int
    public var limit: Int?
    /// A clock string from an earlier answer: only what changed since.
    public var since: String?
    /// The File members to write; all when absent.
    public var fields: FileFields

    public init(state: FileState? = nil, glob: String? = nil, offset: Int = 0, limit: Int? = nil,
                since: String? = nil, fields: FileFields = .all) {
        self.state = state
        self.glob = glob
        self.offset = offset
        self.limit = limit
        self.since = since
        self.fields = fields
    }

    public init(from params: JSONObject) throws(RPCError) {
        try params.rejectUnknownKeys(allowed: ["state", "glob", "offset", "limit", "since", "fields"])
        if let state = try params.optionalString("state") {
            guard let parsed = FileState(rawValue: state) else {
                throw .invalidParams(param: "state", "state must be one of pending, ready, expired (got \"\(state)\")")
            }
            self.state = parsed
        }
        glob = try params.optionalString("glob")
        offset = Int(try params.optionalInt("offset", min: 0, max: Int64(Int32.max)) ?? 0)
        limit = try params.optionalInt("limit", min: 1, max: 1_000_000).map { Int($0) }
        since = try params.optionalString("since")
        fields = try Self.fields(params)
    }

    public var json: JSONObject {
        var object = JSONObject()
        if let state { object["state"] = .string(state.rawValue) }
        if let glob { object["glob"] = .string(glob) }
        if offset != 0 { object["offset"] = .int(Int64(offset)) }
        if let limit { object["limit"] = .int(Int64(limit)) }
        if let since { object["since"] = .string(since) }
        if fields != .all {
            object["fields"] = .array(FileFields.names.filter { fields.contains($0.field) }.map { .string($0.name) })
        }
        return object
    }

    private static func fields(_ params: JSONObject) throws(RPCError) -> FileFields {
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
}
