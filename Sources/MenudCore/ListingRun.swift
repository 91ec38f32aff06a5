import MenudProtocol

/// The tracker's side of an open `ListingCursor`: what it looks for, how far it got, what it
/// counted, and the old versions of the files that changed since it opened.
///
/// Consistency as of the clock (counter `counter`): every change bumps a file's change
/// counter, so a file whose counter is at or below `counter` is as it was at the clock, and a
/// file above it changed (or appeared) later. Before the tracker changes or removes a file
/// still ahead of the cursor, it hands the cursor the file's current version (`keep`), which
/// the cursor shows instead when it gets there; files that appeared later are skipped. So the
/// cursor shows each file as of the clock, and only what it has yet to reach is copied: a
/// cursor costs memory for the files that change under it, not for the answer.
final class ListingRun {
    enum Plan {
        /// Nothing can match (a pattern for directories only).
        case nothing
        /// The paths starting with `prefix`, in order; only those directly in it when
        /// `directOnly` (subdirectories' runs are skipped with one descent each).
        case scan(prefix: [UInt8], directOnly: Bool)
        /// `candidates`, already in order, each looked up by its path.
        case candidates
    }

    let query: FileQuery
    let stateCode: Int?
    let sinceCounter: UInt64?
    /// The clock's counter.
    let counter: UInt64
    /// The settings of the moment the listing opened.
    let settings: ReadinessSettingsEpoch
    let nowMs: Int64
    let knownTotal: Int?
    /// A page read in one go (`ReadinessTracker.page`): it stops once `limit` files are shown,
    /// with no `total` to count.
    let isPage: Bool
    let plan: Plan
    var candidates: [[UInt8]] = []
    var candidateIndex = 0
    /// Everything up to this path has been visited; with `resumeInclusive`, not the path
    /// itself. nil: nothing yet.
    var resumeKey: [UInt8]?
    var resumeInclusive = false
    var isDone = false
    var matched = 0
    var yielded = 0
    /// Removals since `since` (as of the clock), taken when the cursor opened: the
    /// tombstones may forget them while it runs.
    var removedAtOpen: [RelativePath] = []
    /// Files changed since `since` that are no longer in the `state` asked for.
    var leftTheFilter: [RelativePath] = []
    /// The versions as of the clock of files changed since, by path, not reached yet.
    private(set) var preserved: [[UInt8]: FileRecord] = [:]
    /// The same paths in order, for a scan to merge in.
    private(set) var preservedOrder = ListingPathHeap()

    init(query: FileQuery, sinceCounter: UInt64?, counter: UInt64, settings: ReadinessSettingsEpoch, nowMs: Int64,
         knownTotal: Int?, plan: Plan, isPage: Bool = false) {
        self.query = query
        self.stateCode = query.state.map { ReadinessPathTree.stateCode($0) }
        self.sinceCounter = sinceCounter
        self.counter = counter
        self.settings = settings
        self.nowMs = nowMs
        self.knownTotal = knownTotal
        self.isPage = isPage
        self.plan = plan
    }

    var offset: Int { query.offset }
    var limit: Int { query.limit ?? Int.max }
    var preservedCount: Int { preserved.count }

    /// True when the cursor has not visited `path` yet.
    func isAhead(_ path: [UInt8]) -> Bool {
        guard !isDone else { return false }
        guard let resumeKey else { return true }
        if resumeInclusive && path == resumeKey { return true }
        return resumeKey.lexicographicallyPrecedes(path)
    }

    /// True when the version `record` of `path` can be part of the answer (or of `removed`).
    func wants(_ path: [UInt8], _ record: FileRecord) -> Bool {
        if let sinceCounter {
            if record.changeCounter <= sinceCounter { return false }
        } else if let stateCode, ReadinessPathTree.stateCode(record.state) != stateCode {
            return false
        }
        switch plan {
        case .nothing:
            return false
        case .scan(let prefix, let directOnly):
            guard path.starts(with: prefix) else { return false }
            if directOnly && path[prefix.count...].contains(RelativePath.separator) { return false }
        case .candidates:
            break
        }
        return query.glob?.matches(pathBytes: path[...], isDirectory: false) ?? true
    }

    /// Called before the file at `path` changes or goes away, with its version as of now.
    func keepIfNeeded(_ path: [UInt8], _ record: FileRecord) {
        guard record.changeCounter <= counter, preserved[path] == nil, isAhead(path), wants(path, record) else { return }
        preserved[path] = record
        if case .scan = plan { preservedOrder.push(path) }
    }

    /// The kept version of `path`, which the cursor now reaches.
    func takePreserved(_ path: [UInt8]) -> FileRecord? {
        preserved.removeValue(forKey: path)
    }

    /// The first kept path of a scan, taken out with its version.
    func popFirstPreserved() -> (path: [UInt8], record: FileRecord)? {
        guard let path = preservedOrder.popFirst() else { return nil }
        return (path, preserved.removeValue(forKey: path)!)
    }

    var firstPreservedPath: [UInt8]? { preservedOrder.first }

    /// Counts the version `record` of `path`, which the plan reached and which matches the
    /// glob; returns true when `body` should see it.
    func count(_ record: FileRecord, _ path: [UInt8]) -> Bool {
        if let sinceCounter, record.changeCounter <= sinceCounter { return false }
        if let stateCode, ReadinessPathTree.stateCode(record.state) != stateCode {
            if sinceCounter != nil { leftTheFilter.append(RelativePath(bytes: path)) }
            return false
        }
        defer { matched += 1 }
        guard matched >= offset && yielded < limit else { return false }
        yielded += 1
        return true
    }

    /// Whether the listing stops at a full page: when its total is known, or it has none.
    var stopsAtLimit: Bool { knownTotal != nil || isPage }

    /// True when nothing more can change the answer: the page is full and the total known.
    var pageIsComplete: Bool { stopsAtLimit && yielded >= limit }

    /// The rest of the answer, at the end.
    func summary(clock: String, fresh: Bool) -> FileListSummary {
        var removed: [RelativePath]?
        if sinceCounter != nil {
            removed = Array(Set(removedAtOpen).union(leftTheFilter)).sorted()
        }
        return FileListSummary(total: knownTotal ?? matched, clock: clock, removed: removed, fresh: fresh)
    }
}
