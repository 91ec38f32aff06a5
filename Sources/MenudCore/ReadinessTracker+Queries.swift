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
        var files: [FileSnapshot] = []
        let summary = try forEachFile(query) { files.append(snapshot(of: $0)) }
        return FileListPage(files: files, total: summary.total, clock: summary.clock, removed: summary.removed, fresh: summary.fresh)
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
        FileReason(state: record.state, lastChangeMs: record.lastChangeMs, partialSuffixIndex: record.partialSuffixIndex,
                   settings: settings, nowMs: nowMs).text(partialSuffixes: settings.partialSuffixes)
    }
}
