import MenudProtocol

/// The answer to `files.list`.
public struct FileListPage: Equatable, Sendable {
    /// The requested page, sorted by path bytewise.
    public var files: [FileSnapshot]
    /// How many files matched before paging.
    public var total: Int
    /// The change clock now; pass it as `since` next time.
    public var clock: String
    /// With a usable `since` only: the paths that left the result since then, sorted bytewise.
    public var removed: [RelativePath]?
    /// True when `since` could not be honoured (another daemon instance, or a clock older than
    /// the removals still remembered): `files` is then the complete list.
    public var fresh: Bool

    public init(files: [FileSnapshot], total: Int, clock: String, removed: [RelativePath]?, fresh: Bool) {
        self.files = files
        self.total = total
        self.clock = clock
        self.removed = removed
        self.fresh = fresh
    }
}
