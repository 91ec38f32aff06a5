import MenudProtocol

/// What `ReadinessTracker.forEachFile` tells besides the files it visited: the rest of the
/// `files.list` answer.
public struct FileListSummary: Equatable, Sendable {
    /// How many files matched before paging.
    public var total: Int
    /// The change clock now; pass it as `since` next time.
    public var clock: String
    /// With a usable `since` only: the paths that left the result since then, sorted bytewise.
    public var removed: [RelativePath]?
    /// True when `since` could not be honoured: the visit covered the complete list.
    public var fresh: Bool

    public init(total: Int, clock: String, removed: [RelativePath]?, fresh: Bool) {
        self.total = total
        self.clock = clock
        self.removed = removed
        self.fresh = fresh
    }
}
