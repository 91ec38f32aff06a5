import MenudProtocol
import MenudText

/// Reading the tracker: one file, a filtered page, changes since a clock.
extension ReadinessTracker {
    /// The File object for `path`, or nil when it is not tracked.
    public func snapshot(of path: RelativePath) -> FileSnapshot? {
        let table = self.table
        guard let slot = table.slot(of: path) else { return nil }
        return snapshot(table[slot], path: path, nowMs: clock.nowMs())
    }

    /// The view of `path` as a listing opened now shows it (what ``FileObjectWriter`` writes the
    /// File object from); nil when it is not tracked.
    public func view(of path: RelativePath) -> FileView? {
        let table = self.table
        guard let slot = table.slot(of: path) else { return nil }
        return Self.view(table[slot], path.bytes, settings: settingsEpoch, nowMs: clock.nowMs())
    }

    /// Why `path` is in its state, for a person; nil when it is not tracked.
    public func reason(for path: RelativePath) -> String? {
        guard let slot = table.slot(of: path) else { return nil }
        return reason(for: table[slot], nowMs: clock.nowMs())
    }

    /// Every tracked path, sorted bytewise. O(n): to compare a rescanned directory with what is
    /// known of it, use `paths(under:)` or `paths(directlyIn:)`, which cost what they return.
    public func allPaths() -> [RelativePath] {
        paths(under: .root)
    }

    /// The tracked paths strictly inside `directory` (every tracked path for the root), sorted
    /// bytewise. O(log n + k) for k paths.
    public func paths(under directory: RelativePath) -> [RelativePath] {
        var paths: [RelativePath] = []
        forEachSlot(under: directory, directlyIn: false) {
            paths.append(table.path(of: $0))
            return true
        }
        return paths
    }

    /// The tracked files whose parent is `directory` (the top-level ones for the root), sorted
    /// bytewise. O((k + s) log n) for k paths and s subdirectories with files.
    public func paths(directlyIn directory: RelativePath) -> [RelativePath] {
        var paths: [RelativePath] = []
        forEachSlot(under: directory, directlyIn: true) {
            paths.append(table.path(of: $0))
            return true
        }
        return paths
    }

    /// How many files strictly inside `directory` (at any depth) are in each state: what a
    /// directory's view shows without visiting its files. O(log n).
    public func counts(under directory: RelativePath) -> ReadinessCounts {
        if directory.isRoot { return counts }
        tree.flush(table: table)
        let table = self.table
        let tree = self.tree
        // The paths starting with "directory/" lie between it and "directory0" ('/' + 1).
        let first = directory.bytes + [RelativePath.separator]
        let after = directory.bytes + [RelativePath.separator + 1]
        let before = tree.countsBefore(tree.lowerBound { table.comparePath($0, first) < 0 })
        let upTo = tree.countsBefore(tree.lowerBound { table.comparePath($0, after) < 0 })
        return ReadinessCounts(pending: upTo[0] - before[0], ready: upTo[1] - before[1], expired: upTo[2] - before[2])
    }

    /// Calls `body` with the slot of each file strictly inside `directory` (only those directly
    /// in it with `directlyIn`), in path order, while it returns true. `body` must not change
    /// the tracker.
    func forEachSlot(under directory: RelativePath, directlyIn: Bool, _ body: (Int) -> Bool) {
        tree.flush(table: table)
        let table = self.table
        let tree = self.tree
        let prefix = directory.isRoot ? [] : directory.bytes + [RelativePath.separator]
        var start = tree.lowerBound { table.comparePath($0, prefix) < 0 }
        while true {
            var skipTo: [UInt8]?
            var stopped = false
            tree.forEachSlot(from: start) { slot in
                guard table.path(of: slot, startsWith: prefix) else { return false }
                if directlyIn && table.directoryLength(of: slot) != prefix.count {
                    // A subdirectory's run: continue after "<prefix><name>/".
                    var path: [UInt8] = []
                    table.appendPath(of: slot, to: &path)
                    let slash = path[prefix.count...].firstIndex(of: RelativePath.separator)!
                    skipTo = Array(path[..<slash]) + [RelativePath.separator + 1]
                    return false
                }
                if body(slot) { return true }
                stopped = true
                return false
            }
            guard !stopped, let key = skipTo else { return }
            start = tree.lowerBound { table.comparePath($0, key) < 0 }
        }
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
        let settings = settingsEpoch.settings(for: record)
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
        let epoch = settingsEpoch
        return FileReason(state: record.state, lastChangeMs: record.lastChangeMs, partialSuffixIndex: epoch.suffixIndex(for: record),
                          settings: epoch.settings(for: record), nowMs: nowMs).text(partialSuffixes: epoch.partialSuffixes)
    }
}
