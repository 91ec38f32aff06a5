/// Pages of files read in one call each, for whoever walks a large set a page at a time with
/// other work in between (a directory-wide action, a plugin looking through the folder): each
/// page is the files as they are when it is read, and costs what it visits plus O(log n).
extension ReadinessTracker {
    /// Calls `body` for the next files `query` selects (its `state` and `glob`; it takes no
    /// `since` and no `offset`), in path order, starting at `position` (the start when nil):
    /// at most `query.limit` files shown and at most `maxVisits` looked at, so one call stays
    /// short however sparse the matches are. Returns where the next page starts, or nil when
    /// no file is left. A page may hold fewer than `limit` files (none, even) and still not
    /// be the last; only nil ends the walk.
    ///
    /// The `FileView`'s `pathBytes` is one buffer refilled for every file: `body` copies what
    /// it keeps. `body` must not change the tracker.
    public func page(_ query: FileQuery, from position: FilePagePosition?, maxVisits: Int,
                     _ body: (FileView) -> Void) throws(ReadinessQueryError) -> FilePagePosition? {
        precondition(query.offset == 0 && query.since == nil, "a page starts at a position, not an offset, and takes no since")
        guard let limit = query.limit else { preconditionFailure("a page has a limit") }
        if limit < 0 { throw .negativeLimit(limit) }
        precondition(limit > 0, "a page holds at least one file")
        tree.flush(table: table)
        let plan = plan(for: query.glob)
        // Read in one call, so nothing changes under it: no versions to keep, no cursor to register.
        let run = ListingRun(query: query, sinceCounter: nil, counter: changeCounter, settings: settingsEpoch,
                             nowMs: clock.nowMs(), knownTotal: nil, plan: plan, isPage: true)
        let budget = max(1, maxVisits)
        let finished: Bool
        switch plan {
        case .nothing:
            return nil
        case .scan(let prefix, let directOnly):
            if let position, !position.key.lexicographicallyPrecedes(prefix) {
                run.resumeKey = position.key
                run.resumeInclusive = position.inclusive
            }
            finished = scanStep(run, prefix: prefix, directOnly: directOnly, budget: budget, body).finished
        case .candidates:
            run.candidates = candidatePaths(for: query.glob!)
            if let position {
                run.candidateIndex = Self.firstIndex(in: run.candidates, admittedBy: position)
            }
            finished = candidateStep(run, budget: budget, body)
        }
        if finished && !run.pageIsComplete { return nil }
        guard let key = run.resumeKey else { return nil }
        return FilePagePosition(key: key, inclusive: run.resumeInclusive)
    }

    /// The index of the first of the sorted `paths` at or after `position`.
    private static func firstIndex(in paths: [[UInt8]], admittedBy position: FilePagePosition) -> Int {
        var low = 0
        var high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if position.admits(paths[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
