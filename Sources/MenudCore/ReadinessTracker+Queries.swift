/// Reading the tracker: one file, a filtered page, changes since a clock.
extension ReadinessTracker {
    /// The File object for `path`, or nil when it is not tracked.
    public func snapshot(of path: RelativePath) -> FileSnapshot? {
        let table = self.table
        guard let slot = table.slot(of: path) else { return nil }
        return snapshot(table[slot], path: path, nowMs: clock.nowMs())
    }

    /// Why `path` is in its state, for a person; nil when it is not tracked.
    public func reason(for path: RelativePath) -> String? {
        guard let slot = table.slot(of: path) else { return nil }
        return reason(for: table[slot], nowMs: clock.nowMs())
    }

    /// Every tracked path, sorted bytewise.
    public func allPaths() -> [RelativePath] {
        refreshSortedIndex()
        let table = self.table
        return sortedIndex.sortedSlots.map { table.path(of: Int($0)) }
    }

    /// Answers `files.list`. Files are sorted by path bytewise; `total` counts the matches before
    /// `offset` and `limit` apply.
    ///
    /// With `since` (a clock from an earlier answer of this instance) only files changed after it
    /// are listed, and `removed` names the paths removed since (those matching `glob`), plus, when
    /// `state` is given, files that changed since and are no longer in that state, so a client
    /// mirroring a filtered view stays exact. A clock from another instance, from the future, or
    /// older than the removals still remembered gives `fresh: true` and the full list instead.
    public func list(_ query: FileQuery) throws(ReadinessQueryError) -> FileListPage {
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
        let now = clock.nowMs()
        let slots = sortedIndex.sortedSlots
        let limit = query.limit ?? Int.max
        var files: [FileSnapshot] = []
        var total = 0

        if sinceCounter == nil && query.state == nil && query.glob == nil {
            total = slots.count
            let start = min(query.offset, slots.count)
            let end = start + min(limit, slots.count - start)
            files = slots[start..<end].map { snapshot(table[Int($0)], path: table.path(of: Int($0)), nowMs: now) }
            return FileListPage(files: files, total: total, clock: currentClock, removed: nil, fresh: fresh)
        }

        var leftTheFilter: [RelativePath] = []
        var pathBytes: [UInt8] = []
        for sorted in slots {
            let slot = Int(sorted)
            let record = table[slot]
            if let sinceCounter, record.changeCounter <= sinceCounter { continue }
            if let glob = query.glob {
                // An unanchored pattern looks at the last name only.
                if glob.isAnchored {
                    pathBytes.removeAll(keepingCapacity: true)
                    table.appendPath(of: slot, to: &pathBytes)
                    if !glob.matches(pathBytes: pathBytes[...], isDirectory: false) { continue }
                } else if !glob.matches(pathBytes: table.name(of: slot), isDirectory: false) {
                    continue
                }
            }
            if let state = query.state, record.state != state {
                if sinceCounter != nil { leftTheFilter.append(table.path(of: slot)) }
                continue
            }
            if total >= query.offset && files.count < limit {
                files.append(snapshot(record, path: table.path(of: slot), nowMs: now))
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
        return FileListPage(files: files, total: total, clock: currentClock, removed: removed, fresh: fresh)
    }

    func snapshot(_ record: FileRecord, path: RelativePath, nowMs: Int64) -> FileSnapshot {
        var readyAt: Int64?
        var expiresAt: Int64?
        if record.state != .pending {
            let ready = settings.readyAtMs(lastChangeMs: record.lastChangeMs)
            readyAt = ready
            expiresAt = settings.expiresAtMs(readyAtMs: ready)
        }
        return FileSnapshot(
            path: path,
            size: record.facts.size,
            sizeText: FileSizeText.format(record.facts.size),
            state: record.state,
            mtimeMs: record.facts.mtimeMs,
            readyAtMs: readyAt,
            expiresAtMs: expiresAt,
            reason: reason(for: record, nowMs: nowMs),
            clock: ChangeClock(instanceId: instanceId, counter: record.changeCounter).description)
    }

    func reason(for record: FileRecord, nowMs: Int64) -> String {
        let sinceChange = DurationText.format(max(0, nowMs - record.lastChangeMs))
        switch record.state {
        case .pending:
            if let index = record.partialSuffixIndex {
                return "partial-download name (\(settings.partialSuffixes[index]))"
            }
            return "changed \(sinceChange) ago"
        case .ready:
            return "unchanged for \(sinceChange)"
        case .expired:
            guard let expireAfter = settings.expireAfterMs else { return "unchanged for \(sinceChange)" }
            return "ready for more than \(DurationText.format(expireAfter))"
        }
    }
}
