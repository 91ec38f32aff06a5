/// Visiting the files a `FileQuery` selects without building a `FileSnapshot` (and its strings)
/// for each: the fast path of `files.list`.
extension ReadinessTracker {
    /// Calls `body` for each file `query` selects, in `files.list` order (by path, bytewise),
    /// after filtering and paging, and returns the rest of the answer. The selection rules are
    /// those of `list(_:)`, which is built on this.
    ///
    /// The `FileView`'s `pathBytes` is one buffer refilled for every file: `body` copies what it
    /// keeps. `body` must not change the tracker.
    public func forEachFile(_ query: FileQuery, _ body: (FileView) -> Void) throws(ReadinessQueryError) -> FileListSummary {
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

        refreshSortedIndex()
        // Read through a local copy (which shares the arrays): each call on the class property
        // would retain and release every array of the table. Nothing below changes the table.
        let table = self.table
        let settings = self.settings
        let now = clock.nowMs()
        let slots = sortedIndex.sortedSlots
        let limit = query.limit ?? Int.max
        var pathBytes: [UInt8] = []
        pathBytes.reserveCapacity(256)

        func visit(_ slot: Int, _ record: FileRecord, pathReady: Bool) {
            if !pathReady {
                pathBytes.removeAll(keepingCapacity: true)
                table.appendPath(of: slot, to: &pathBytes)
            }
            var readyAt: Int64?
            var expiresAt: Int64?
            if record.state != .pending {
                let ready = settings.readyAtMs(lastChangeMs: record.lastChangeMs)
                readyAt = ready
                expiresAt = settings.expiresAtMs(readyAtMs: ready)
            }
            let partialSuffixIndex = record.partialSuffixIndex
            body(FileView(
                pathBytes: pathBytes, size: record.facts.size, state: record.state, mtimeMs: record.facts.mtimeMs,
                lastChangeMs: record.lastChangeMs, readyAtMs: readyAt, expiresAtMs: expiresAt,
                changeCounter: record.changeCounter, partialSuffixIndex: partialSuffixIndex,
                reason: FileReason(state: record.state, lastChangeMs: record.lastChangeMs,
                                   partialSuffixIndex: partialSuffixIndex, settings: settings, nowMs: now)))
        }

        if sinceCounter == nil && query.state == nil && query.glob == nil {
            let start = min(query.offset, slots.count)
            let end = start + min(limit, slots.count - start)
            for sorted in slots[start..<end] {
                let slot = Int(sorted)
                visit(slot, table[slot], pathReady: false)
            }
            return FileListSummary(total: slots.count, clock: currentClock, removed: nil, fresh: fresh)
        }

        var total = 0
        var visited = 0
        var leftTheFilter: [RelativePath] = []
        for sorted in slots {
            let slot = Int(sorted)
            let record = table[slot]
            if let sinceCounter, record.changeCounter <= sinceCounter { continue }
            var pathReady = false
            if let glob = query.glob {
                // An unanchored pattern looks at the last name only.
                if glob.isAnchored {
                    pathBytes.removeAll(keepingCapacity: true)
                    table.appendPath(of: slot, to: &pathBytes)
                    pathReady = true
                    if !glob.matches(pathBytes: pathBytes[...], isDirectory: false) { continue }
                } else if !glob.matches(pathBytes: table.name(of: slot), isDirectory: false) {
                    continue
                }
            }
            if let state = query.state, record.state != state {
                if sinceCounter != nil { leftTheFilter.append(table.path(of: slot)) }
                continue
            }
            if total >= query.offset && visited < limit {
                visit(slot, record, pathReady: pathReady)
                visited += 1
            }
            total += 1
        }

        var removed: [RelativePath]?
        if let sinceCounter {
            var gone = Set(leftTheFilter)
            for path in tombstones.removals(after: sinceCounter) ?? [] where table.slot(of: path) == nil {
                if let glob = query.glob, !glob.matches(path) { continue }
                gone.insert(path)
            }
            removed = gone.sorted()
        }
        return FileListSummary(total: total, clock: currentClock, removed: removed, fresh: fresh)
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
            reason: file.reason.text(partialSuffixes: settings.partialSuffixes),
            clock: ChangeClock(instanceId: instanceId, counter: file.changeCounter).description)
    }
}
