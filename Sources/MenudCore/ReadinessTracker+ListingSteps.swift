/// The slices of an open listing: a scan of the path tree merged with the versions kept for
/// the listing, or a walk through candidate paths.
extension ReadinessTracker {
    func plan(for glob: GlobPattern?) -> ListingRun.Plan {
        guard let glob else { return .scan(prefix: [], directOnly: false) }
        if glob.matchesDirectoriesOnly { return .nothing }
        let shape = glob.listingShape
        if shape.literalName != nil { return .candidates }
        return .scan(prefix: shape.directory, directOnly: shape.directlyInDirectory)
    }

    /// For a pattern whose last part is literal: that name in each directory it can lie in,
    /// sorted bytewise.
    func candidatePaths(for glob: GlobPattern) -> [[UInt8]] {
        let shape = glob.listingShape
        guard let name = shape.literalName else { return [] }
        if shape.directlyInDirectory { return [shape.directory + name] }
        var paths: [[UInt8]] = []
        table.forEachDirectoryPrefix { prefix in
            guard prefix.starts(with: shape.directory) else { return }
            paths.append(Array(prefix) + name)
        }
        paths.sort { $0.lexicographicallyPrecedes($1) }
        return paths
    }

    /// The view of `record` at `path` as a listing opened at `nowMs` with `epoch` shows it.
    static func view(_ record: FileRecord, _ path: [UInt8], settings epoch: ReadinessSettingsEpoch, nowMs: Int64) -> FileView {
        let settings = epoch.settings(for: record)
        var readyAt: Int64?
        var expiresAt: Int64?
        if record.state != .pending {
            let ready = settings.readyAtMs(lastChangeMs: record.lastChangeMs)
            readyAt = ready
            expiresAt = settings.expiresAtMs(readyAtMs: ready)
        }
        let partialSuffixIndex = epoch.suffixIndex(for: record)
        return FileView(
            pathBytes: path, size: record.facts.size, state: record.state, mtimeMs: record.facts.mtimeMs,
            lastChangeMs: record.lastChangeMs, readyAtMs: readyAt, expiresAtMs: expiresAt,
            changeCounter: record.changeCounter, partialSuffixIndex: partialSuffixIndex,
            reason: FileReason(state: record.state, lastChangeMs: record.lastChangeMs,
                               partialSuffixIndex: partialSuffixIndex, settings: settings, nowMs: nowMs))
    }

    /// Up to `budget` candidates; true at the end.
    func candidateStep(_ run: ListingRun, budget: Int, _ body: (FileView) -> Void) -> Bool {
        let table = self.table
        var left = budget
        while left > 0 && run.candidateIndex < run.candidates.count {
            let path = run.candidates[run.candidateIndex]
            run.candidateIndex += 1
            run.resumeKey = path
            run.resumeInclusive = false
            left -= 1
            var version = run.takePreserved(path)
            if version == nil, let slot = table.slot(ofBytes: path), table.changeCounter(slot) <= run.counter {
                version = table[slot]
            }
            guard let version, run.query.glob?.matches(pathBytes: path[...], isDirectory: false) ?? true else { continue }
            if run.count(version, path) {
                body(ReadinessTracker.view(version, path, settings: run.settings, nowMs: run.nowMs))
                if run.pageIsComplete { return true }
            }
        }
        return run.candidateIndex >= run.candidates.count
    }
}
