import MenudProtocol
import MenudText

/// Visiting the files a `FileQuery` selects without building a `FileSnapshot` (and its strings)
/// for each: the fast path of `files.list`, whole or in slices.
///
/// What a query visits (`ListingRun.Plan`): with no glob, the files in path order from the
/// offset (found by rank, O(log n)) when there is no `since`, skipping subtrees with none in
/// the `state` asked for, or with no change after `since`; with a glob, the directory its
/// literal leading part names (only its own files when the rest has no `/` or `**`), and when
/// its last part is literal, one lookup per directory instead of a visit per file.
extension ReadinessTracker {
    /// Calls `body` for each file `query` selects, in `files.list` order (by path, bytewise),
    /// after filtering and paging, and returns the rest of the answer. The selection rules are
    /// those of `list(_:)`, which is built on this.
    ///
    /// The `FileView`'s `pathBytes` is one buffer refilled for every file: `body` copies what it
    /// keeps. `body` must not change the tracker.
    public func forEachFile(_ query: FileQuery, _ body: (FileView) -> Void) throws(ReadinessQueryError) -> FileListSummary {
        var cursor = try openListing(query)
        while !cursor.isFinished { next(&cursor, maxFiles: Int.max, body) }
        return cursor.summary!
    }

    /// Opens a listing of `query` as of now, to be read with `next` in slices while the files
    /// go on changing. Costs O(log n), plus, with `since`, the removals since (the tombstones
    /// it must copy before they are forgotten), plus, for a pattern whose last part is literal
    /// and spans directories, O(d log d) for the d directories it looks in.
    public func openListing(_ query: FileQuery) throws(ReadinessQueryError) -> ListingCursor {
        if query.offset < 0 { throw .negativeOffset(query.offset) }
        if let limit = query.limit, limit < 0 { throw .negativeLimit(limit) }
        var sinceCounter: UInt64?
        var fresh = false
        if let since = query.since {
            let sinceClock: ChangeClock
            do {
                sinceClock = try ChangeClock(parsing: since)
            } catch {
                throw .invalidSince(error)
            }
            if sinceClock.instanceId == instanceId && sinceClock.counter <= changeCounter
                && sinceClock.counter >= tombstones.floor {
                sinceCounter = sinceClock.counter
            } else {
                fresh = true
            }
        }
        tree.flush(table: table)
        let knownTotal = query.glob == nil && sinceCounter == nil ? query.state.map { counts[$0] } ?? count : nil
        let run = ListingRun(query: query, sinceCounter: sinceCounter, counter: changeCounter, settings: settingsEpoch,
                             nowMs: clock.nowMs(), knownTotal: knownTotal, plan: plan(for: query.glob))
        if case .candidates = run.plan, let glob = query.glob {
            run.candidates = candidatePaths(for: glob)
        }
        if let sinceCounter {
            for path in tombstones.removals(after: sinceCounter) ?? [] where table.slot(of: path) == nil {
                if let glob = query.glob, !glob.matches(path) { continue }
                run.removedAtOpen.append(path)
            }
        }
        if knownTotal != nil && query.offset > 0 {
            // Start at the offset: the file of that rank (in the state asked for).
            if let start = tree.position(ofRank: query.offset, stateCode: run.stateCode) {
                var key: [UInt8] = []
                table.appendPath(of: ReadinessPathTree.slot(ofEntry: tree.item(start.leaf, start.index)), to: &key)
                run.resumeKey = key
                run.resumeInclusive = true
                run.matched = query.offset
            } else {
                run.isDone = true
            }
        }
        let id = nextListingId
        nextListingId += 1
        listings[id] = run
        return ListingCursor(id: id, clock: currentClock, fresh: fresh, settings: run.settings, nowMs: run.nowMs,
                             knownTotal: knownTotal, summary: nil)
    }

    /// Visits the next files of `cursor`: at most `maxFiles` files looked at (each one shown,
    /// or skipped by a filter, or counted for `total` past the page), so a slice costs what it
    /// visits plus O(log n) to find its place again. Sets `cursor.summary` when the listing is
    /// complete; the tracker then forgets the cursor. `body` must not change the tracker.
    public func next(_ cursor: inout ListingCursor, maxFiles: Int, _ body: (FileView) -> Void) {
        guard !cursor.isFinished else { return }
        guard let run = listings[cursor.id] else {
            preconditionFailure("listing \(cursor.id) was closed; open another")
        }
        tree.flush(table: table)
        let budget = max(1, maxFiles)
        var finished = run.isDone || run.pageIsComplete
        if !finished {
            switch run.plan {
            case .nothing:
                finished = true
            case .scan(let prefix, let directOnly):
                let step = scanStep(run, prefix: prefix, directOnly: directOnly, budget: budget, body)
                for (leaf, counter) in step.tightened { tree.tightenMaxCounter(ofLeaf: leaf, to: counter) }
                finished = step.finished
            case .candidates:
                finished = candidateStep(run, budget: budget, body)
            }
        }
        if finished || run.pageIsComplete {
            run.isDone = true
            cursor.summary = run.summary(clock: cursor.clock, fresh: cursor.fresh)
            listings[cursor.id] = nil
        }
    }

    /// Gives up `cursor` before its end, dropping the versions kept for it.
    public func close(_ cursor: ListingCursor) {
        listings[cursor.id] = nil
    }

    /// Open listings, and the file versions they keep (what a listing left unread costs).
    public var openListings: (count: Int, keptVersions: Int) {
        (listings.count, listings.values.reduce(0) { $0 + $1.preservedCount })
    }

    /// Hands the version of `slot` as of now to every open listing still to reach it: called
    /// before the file changes or is removed.
    func preserveForListings(_ slot: Int) {
        guard !listings.isEmpty else { return }
        let record = table[slot]
        var path: [UInt8] = []
        table.appendPath(of: slot, to: &path)
        for run in listings.values { run.keepIfNeeded(path, record) }
    }

    /// The File object for a visited file.
    public func snapshot(of file: FileView) -> FileSnapshot {
        FileSnapshot(
            path: RelativePath(bytes: file.pathBytes),
            size: file.size,
            sizeText: FileSizeText.format(file.size),
            state: file.state,
            mtimeMs: file.mtimeMs,
            readyAtMs: file.readyAtMs,
            expiresAtMs: file.expiresAtMs,
            reason: file.reason.text(partialSuffixes: settingsEpoch.partialSuffixes),
            clock: ChangeClock(instanceId: instanceId, counter: file.changeCounter).description)
    }
}
