/// Reading the tracker: one file, a filtered page, changes since a clock.
extension ReadinessTracker {
    /// The File object for `path`, or nil when it is not tracked.
    public func snapshot(of path: RelativePath) -> FileSnapshot? {
        guard let slot = slotByPath[path] else { return nil }
        return snapshot(slot: slot, nowMs: clock.nowMs())
    }

    /// Why `path` is in its state, for a person; nil when it is not tracked.
    public func reason(for path: RelativePath) -> String? {
        guard let slot = slotByPath[path] else { return nil }
        return reason(for: records[slot]!, nowMs: clock.nowMs())
    }

    /// Every tracked path, sorted bytewise.
    public func allPaths() -> [RelativePath] {
        refreshSortedIndex()
        return sortedIndex.sortedSlots.map { records[$0]!.path }
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
        let now = clock.nowMs()
        let slots = sortedIndex.sortedSlots
        let limit = query.limit ?? Int.max
        var files: [FileSnapshot] = []
        var total = 0

        if sinceCounter == nil && query.state == nil && query.glob == nil {
            total = slots.count
            let start = min(query.offset, slots.count)
            let end = start + min(limit, slots.count - start)
            files = slots[start..<end].map { snapshot(slot: $0, nowMs: now) }
            return FileListPage(files: files, total: total, clock: currentClock, removed: nil, fresh: fresh)
        }

        var leftTheFilter: [RelativePath] = []
        for slot in slots {
            let record = records[slot]!
            if let sinceCounter, record.changeCounter <= sinceCounter { continue }
            if let glob = query.glob, !glob.matches(record.path) { continue }
            if let state = query.state, record.state != state {
                if sinceCounter != nil { leftTheFilter.append(record.path) }
                continue
            }
            if total >= query.offset && files.count < limit {
                files.append(snapshot(slot: slot, nowMs: now))
            }
            total += 1
        }

        var removed: [RelativePath]?
        if let sinceCounter {
            var gone = Set(leftTheFilter)
            for path in tombstones.removals(after: sinceCounter) ?? [] where slotByPath[path] == nil {
                if let glob = query.glob, !glob.matches(path) { continue }
                gone.insert(path)
            }
            removed = gone.sorted()
        }
        return FileListPage(files: files, total: total, clock: currentClock, removed: removed, fresh: fresh)
    }

    func snapshot(slot: Int, nowMs: Int64) -> FileSnapshot {
        let record = records[slot]!
        var readyAt: Int64?
        var expiresAt: Int64?
        if record.state != .pending {
            let ready = settings.readyAtMs(lastChangeMs: record.lastChangeMs)
            readyAt = ready
            expiresAt = settings.expiresAtMs(readyAtMs: ready)
        }
        return FileSnapshot(
            path: record.path,
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
            if let suffix = record.partialSuffix {
                return "partial-download name (\(suffix))"
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
