/// The watched folder as a directory menu and its directory-wide actions see it: how many files
/// are in each state, and the files themselves a page at a time, on request. Never every file
/// up front: a folder may hold a million.
///
/// In ``MenuTarget/directory`` (building items) the counts are taken when the menu opens and the
/// pages list the files as the daemon knows them when each page is read (`identity` nil: not
/// looked up). In ``ActionContext/directory`` (running a directory-wide action) the counts are
/// taken when the action starts, and each page's files are looked up beneath the root as the
/// page is read: only names that are still regular files, each with the `identity` it has then
/// and its state then (a file changed since the daemon last looked counts as pending), ready for
/// ``ActionContext/openParent(of:)`` and the other file calls, which check that identity again.
///
/// Reading a page hops to the daemon's event loop and back and is never done on it: call
/// ``page(_:)`` from `items(for:)` or an action, not from `immediateItems(for:)` (which has the
/// counts). Each page is cut short to keep the loop responsive, so it can hold fewer files than
/// asked for; keep going while ``TargetFilePage/next`` is not nil. Files changed between pages
/// appear as they are when their page is read; none is listed twice.
public struct TargetDirectory: Sendable {
    /// How the runtime reads a page.
    public typealias Pages = @Sendable (TargetFileQuery) async throws -> TargetFilePage

    /// How many files are in each state (see the type's documentation for when they were taken).
    public let counts: TargetFileCounts
    private let pages: Pages

    /// A folder with `counts` whose pages `pages` reads (the runtime's, or a test's own).
    public init(counts: TargetFileCounts, pages: @escaping Pages) {
        self.counts = counts
        self.pages = pages
    }

    /// A folder holding exactly `files`, for tests and tools: pages in the bytewise order of
    /// their `pathBytes`, filtered by state. A query with a `glob` throws (matching patterns is
    /// the daemon's).
    public init(files: [TargetFile]) {
        let sorted = files.sorted { $0.pathBytes.lexicographicallyPrecedes($1.pathBytes) }
        self.init(counts: TargetFileCounts(of: files)) { query in
            if let glob = query.glob {
                throw ActionFailure("A fixed list of files cannot be filtered by the pattern \(glob); only the daemon matches patterns.")
            }
            var start = 0
            if let position = query.position {
                // The first file at or after the position (the files are in order).
                var end = sorted.count
                while start < end {
                    let middle = (start + end) / 2
                    if position.admits(sorted[middle].pathBytes) { end = middle } else { start = middle + 1 }
                }
            }
            var page: [TargetFile] = []
            var index = start
            while index < sorted.count && page.count < query.limit {
                if query.state.map({ sorted[index].state == $0 }) ?? true { page.append(sorted[index]) }
                index += 1
            }
            guard index < sorted.count else { return TargetFilePage(files: page, next: nil) }
            let last = sorted[index - 1].pathBytes
            return TargetFilePage(files: page, next: query.starting(at: TargetFilePosition(key: last, inclusive: false)))
        }
    }

    /// The page `query` asks for: its first page, or the one after a page whose ``TargetFilePage/next`` it is.
    /// Throws `CancellationError` when the task is cancelled (an action past its time limit),
    /// and an ``ActionFailure`` for a `glob` that is not a valid pattern.
    public func page(_ query: TargetFileQuery = TargetFileQuery()) async throws -> TargetFilePage {
        try Task.checkCancellation()
        return try await pages(query)
    }

    /// Calls `body` with the files of each page of `query` in turn, to the last page, checking
    /// for cancellation before each: the way to walk every matching file in bounded memory.
    public func forEachPage(_ query: TargetFileQuery = TargetFileQuery(),
                            _ body: ([TargetFile]) async throws -> Void) async throws {
        var next: TargetFileQuery? = query
        while let query = next {
            let page = try await page(query)
            if !page.files.isEmpty { try await body(page.files) }
            next = page.next
        }
    }
}
