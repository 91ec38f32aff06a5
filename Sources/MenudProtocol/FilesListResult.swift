import MenudJSON

/// The `files.list` result with every File member (no `fields`), as a client reads it. The daemon
/// streams it from the tracker's records.
public struct FilesListResult: Sendable, Equatable {
    public var files: [FileSnapshot]
    /// How many files match, before `offset` and `limit`.
    public var total: Int64
    /// The change clock to pass as `since` next time.
    public var clock: String
    /// With `since`: the paths removed since then.
    public var removed: [String]?
    /// With `since`: true when the clock was too old and this is the whole list.
    public var fresh: Bool

    public init(from object: JSONObject) throws(RPCError) {
        guard let entries = object["files"]?.arrayValue else {
            throw .invalidParams(param: "files", "files is required: a list of File objects")
        }
        var files: [FileSnapshot] = []
        files.reserveCapacity(entries.count)
        for entry in entries {
            guard let file = entry.objectValue else {
                throw .invalidParams(param: "files", "every entry of files must be a File object")
            }
            files.append(try FileSnapshot(from: file))
        }
        self.files = files
        total = try object.requiredInt("total")
        clock = try object.requiredString("clock")
        removed = try object.optionalStringArray("removed")
        fresh = try object.optionalBool("fresh") ?? false
    }
}
