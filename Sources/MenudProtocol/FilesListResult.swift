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

    /// Reads the result; tolerantly (``DecodingMode``) unreadable files are skipped and a missing
    /// `total` is the number of files given.
    public init(from object: JSONObject, mode: DecodingMode = .strict) throws(RPCError) {
        files = try FileSnapshot.list(in: object, mode: mode)
        total = try mode.value(object.requiredInt("total"), orElse: Int64(files.count))
        clock = try mode.value(object.requiredString("clock"), orElse: "")
        removed = try mode.value(object.optionalStringArray("removed"), orElse: nil)
        fresh = try mode.value(object.optionalBool("fresh") ?? false, orElse: false)
    }
}
