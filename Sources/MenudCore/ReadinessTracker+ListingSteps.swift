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

    /// The view of `record` at `path` as a listing opened at `nowMs` with `settings` shows it.
    static func view(_ record: FileRecord, _ path: [UInt8], settings: ReadinessSettings, nowMs: Int64) -> FileView {
        var readyAt: Int64?
        var expiresAt: Int64?
        if record.state != .pending {
            let ready = settings.readyAtMs(lastChangeMs: record.lastChangeMs)
            readyAt = ready
            expiresAt = settings.expiresAtMs(readyAtMs: ready)
        }
        let partialSuffixIndex = record.partialSuffixIndex
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

    /// Up to `budget` entries of the tree (or kept versions) from where `run` left off, within
    /// `prefix`; returns whether the scan ended, and the leaves whose counter bound it found too
    /// high (a `since` scan reads every counter of a leaf it crosses).
    func scanStep(_ run: ListingRun, prefix: [UInt8], directOnly: Bool, budget: Int,
                  _ body: (FileView) -> Void) -> (finished: Bool, tightened: [(Int, UInt64)]) {
        let table = self.table
        let tree = self.tree
        let sinceCounter = run.sinceCounter
        let stateCode = run.stateCode
        let glob = run.query.glob
        let passes: (Int) -> Bool
        if let sinceCounter {
            passes = { tree.maxCounters[$0] > sinceCounter }
        } else if let stateCode {
            passes = { tree.stateTotals[$0 * 3 + stateCode] > 0 }
        } else {
            passes = { tree.totals[$0] > 0 }
        }
        // Where to go on: the first entry at or after the resume key (or the prefix).
        let key = run.resumeKey ?? prefix
        var position = tree.normalized(tree.lowerBound { table.comparePath($0, key) < 0 })
        if let found = position, run.resumeKey != nil, !run.resumeInclusive,
           table.comparePath(ReadinessPathTree.slot(ofEntry: tree.item(found.leaf, found.index)), key) == 0 {
            position = tree.position(after: found)
        }
        if let found = position, !passes(found.leaf) {
            position = tree.nextLeaf(after: found.leaf, where: passes).map { .init(leaf: $0, index: 0) }
        }
        var tightened: [(Int, UInt64)] = []
        // A `since` scan that crosses a whole leaf learns its true largest counter.
        var wholeLeaf = position?.index == 0
        var largestInLeaf: UInt64 = 0
        func advance(_ current: ReadinessPathTree.Position) -> ReadinessPathTree.Position? {
            if current.index + 1 < tree.itemCount(current.leaf) { return .init(leaf: current.leaf, index: current.index + 1) }
            if sinceCounter != nil && wholeLeaf && largestInLeaf < tree.maxCounters[current.leaf] {
                tightened.append((current.leaf, largestInLeaf))
            }
            wholeLeaf = true
            largestInLeaf = 0
            return tree.nextLeaf(after: current.leaf, where: passes).map { .init(leaf: $0, index: 0) }
        }
        var lastSlot: Int?
        var path: [UInt8] = []
        path.reserveCapacity(256)
        var left = budget
        defer {
            if let lastSlot {
                var last: [UInt8] = []
                table.appendPath(of: lastSlot, to: &last)
                run.resumeKey = last
                run.resumeInclusive = false
            }
        }
        while left > 0 {
            left -= 1
            var slot: Int?
            if let current = position {
                let candidate = ReadinessPathTree.slot(ofEntry: tree.item(current.leaf, current.index))
                if table.path(of: candidate, startsWith: prefix) { slot = candidate } else { position = nil }
            }
            // A kept version comes first when it sorts first (or replaces the entry itself).
            if let kept = run.firstPreservedPath, slot.map({ table.comparePath($0, kept) >= 0 }) ?? true {
                let (keptPath, record) = run.popFirstPreserved()!
                if let slot, table.comparePath(slot, keptPath) == 0, let current = position {
                    largestInLeaf = max(largestInLeaf, table.changeCounter(slot))
                    position = advance(current)
                }
                lastSlot = nil
                run.resumeKey = keptPath
                run.resumeInclusive = false
                if glob?.matches(pathBytes: keptPath[...], isDirectory: false) ?? true, run.count(record, keptPath) {
                    body(ReadinessTracker.view(record, keptPath, settings: run.settings, nowMs: run.nowMs))
                    if run.pageIsComplete { return (true, tightened) }
                }
                continue
            }
            guard let slot, let current = position else { return (true, tightened) }
            if directOnly && table.directoryLength(of: slot) != prefix.count {
                // A subdirectory's run: go past it, to the first path after "<prefix><name>/".
                path.removeAll(keepingCapacity: true)
                table.appendPath(of: slot, to: &path)
                let slash = path[prefix.count...].firstIndex(of: RelativePath.separator)!
                var skip = Array(path[..<slash])
                skip.append(RelativePath.separator + 1)
                position = tree.normalized(tree.lowerBound { table.comparePath($0, skip) < 0 })
                if let found = position, !passes(found.leaf) {
                    position = tree.nextLeaf(after: found.leaf, where: passes).map { .init(leaf: $0, index: 0) }
                }
                wholeLeaf = false
                lastSlot = nil
                run.resumeKey = skip
                run.resumeInclusive = true
                continue
            }
            lastSlot = slot
            if sinceCounter == nil, let stateCode,
               ReadinessPathTree.stateCode(ofEntry: tree.item(current.leaf, current.index)) != stateCode {
                position = advance(current)
                continue
            }
            let counter = table.changeCounter(slot)
            // Counted before `advance`, which may close the leaf's books.
            largestInLeaf = max(largestInLeaf, counter)
            position = advance(current)
            // Changed or new since the listing opened: its old version, if it had one, is kept.
            if counter > run.counter { continue }
            if let sinceCounter, counter <= sinceCounter { continue }
            if let glob, !glob.isAnchored, !glob.matches(pathBytes: table.name(of: slot), isDirectory: false) { continue }
            path.removeAll(keepingCapacity: true)
            table.appendPath(of: slot, to: &path)
            if let glob, glob.isAnchored, !glob.matches(pathBytes: path[...], isDirectory: false) { continue }
            let record = table[slot]
            if run.count(record, path) {
                body(ReadinessTracker.view(record, path, settings: run.settings, nowMs: run.nowMs))
                if run.pageIsComplete { return (true, tightened) }
            }
        }
        return (false, tightened)
    }
}
