import MenudProtocol

/// The parameters of `files.list`.
public struct FileQuery: Equatable, Sendable {
    /// Only files in this state.
    public var state: FileState?
    /// Only files whose path matches.
    public var glob: GlobPattern?
    /// Rows to skip (after filtering).
    public var offset: Int
    /// At most this many rows; nil for all.
    public var limit: Int?
    /// A `clock` from an earlier answer: only what changed after it.
    public var since: String?

    public init(state: FileState? = nil, glob: GlobPattern? = nil, offset: Int = 0, limit: Int? = nil, since: String? = nil) {
        self.state = state
        self.glob = glob
        self.offset = offset
        self.limit = limit
        self.since = since
    }
}
