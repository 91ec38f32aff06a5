/// Which of a folder's files to list, one page at a time (``TargetDirectory/page(_:)``).
public struct TargetFileQuery: Sendable, Hashable {
    /// The most files one page holds.
    public static let maxLimit = 1000

    /// Only files in this state; nil for every state.
    public var state: FileState?
    /// Only files whose path matches this pattern, in the syntax of `files.list`'s `glob`
    /// (`"*.mp4"`, `"videos/**"`, `"**/*.part"`); nil for every file.
    public var glob: String?
    /// At most this many files in a page: 1 to ``maxLimit`` (other values are brought into that range).
    public var limit: Int {
        didSet { limit = Self.clamped(limit) }
    }
    /// Where the page starts; nil for the first. Set by ``TargetFilePage/next``.
    public internal(set) var position: TargetFilePosition?

    /// The first page of the files in `state` (any when nil) matching `glob` (any when nil).
    public init(state: FileState? = nil, glob: String? = nil, limit: Int = TargetFileQuery.maxLimit) {
        self.state = state
        self.glob = glob
        self.limit = Self.clamped(limit)
        self.position = nil
    }

    /// The same query, starting at `position`.
    package func starting(at position: TargetFilePosition?) -> TargetFileQuery {
        var query = self
        query.position = position
        return query
    }

    private static func clamped(_ limit: Int) -> Int { min(maxLimit, max(1, limit)) }
}
