import MenudProtocol

/// A slice of a scan plan: the path tree in order from where the listing left off, within
/// its prefix, merged with the versions kept for the listing.
extension ReadinessTracker {
    /// Visits up to `budget` entries; returns whether the scan ended, and the leaves whose
    /// counter bound it found too high (a `since` scan reads every counter of a leaf it
    /// crosses), for the caller to tighten once the slice is over.
    func scanStep(_ run: ListingRun, prefix: [UInt8], directOnly: Bool, budget: Int,
                  _ body: (FileView) -> Void) -> (finished: Bool, tightened: [(Int, UInt64)]) {
        let table = self.table
        let tree = self.tree
        let sinceCounter = run.sinceCounter
        let stateCode = run.stateCode
        let glob = run.query.glob
        let clockCounter = run.counter
        let passes: (Int) -> Bool
        if let sinceCounter {
            passes = { tree.maxCounters[$0] > sinceCounter }
        } else if let stateCode {
            passes = { tree.stateTotals[$0 * 3 + stateCode] > 0 }
        } else {
            passes = { tree.totals[$0] > 0 }
        }
        func seek(_ key: [UInt8], inclusive: Bool) -> ReadinessPathTree.Position? {
            var found = tree.normalized(tree.lowerBound { table.comparePath($0, key) < 0 })
            if let at = found, !inclusive, table.comparePath(ReadinessPathTree.slot(ofEntry: tree.item(at.leaf, at.index)), key) == 0 {
                found = tree.position(after: at)
            }
            if let at = found, !passes(at.leaf) {
                found = tree.nextLeaf(after: at.leaf, where: passes).map { .init(leaf: $0, index: 0) }
            }
            return found
        }
        var position = run.resumeKey.map { seek($0, inclusive: run.resumeInclusive) } ?? seek(prefix, inclusive: true)
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
        // The counts live in locals during the slice (a class's properties cost an access
        // check each).
        var matched = run.matched
        var yielded = run.yielded
        let offset = run.offset
        let limit = run.limit
        let stopsAtLimit = run.knownTotal != nil
        var keptLeft = run.preservedCount
        /// Counts a version that matches the glob; true when `body` should see it.
        func counts(_ record: FileRecord, _ path: [UInt8]) -> Bool {
            if let sinceCounter, record.changeCounter <= sinceCounter { return false }
            if let stateCode, ReadinessPathTree.stateCode(record.state) != stateCode {
                if sinceCounter != nil { run.leftTheFilter.append(RelativePath(bytes: path)) }
                return false
            }
            defer { matched += 1 }
            guard matched >= offset && yielded < limit else { return false }
            yielded += 1
            return true
        }
        // `path` holds the prefix of `pathDirectory` between files of one directory.
        var path: [UInt8] = []
        path.reserveCapacity(256)
        var pathDirectory = -1
        var directoryInPrefix = false
        var lastSlot: Int?
        defer {
            run.matched = matched
            run.yielded = yielded
            if let lastSlot {
                var last: [UInt8] = []
                table.appendPath(of: lastSlot, to: &last)
                run.resumeKey = last
                run.resumeInclusive = false
            }
        }
        var left = budget
        while left > 0 {
            left -= 1
            var slot: Int?
            if let current = position {
                let candidate = ReadinessPathTree.slot(ofEntry: tree.item(current.leaf, current.index))
                let directory = table.directory(candidate)
                if directory != pathDirectory {
                    pathDirectory = directory
                    directoryInPrefix = prefix.isEmpty || table.prefix(directory, startsWith: prefix)
                    table.setPrefix(directory, in: &path)
                }
                if directoryInPrefix { slot = candidate } else { position = nil }
            }
            // A kept version comes first when it sorts first (or replaces the entry itself).
            if keptLeft > 0, let kept = run.firstPreservedPath, slot.map({ table.comparePath($0, kept) >= 0 }) ?? true {
                let (keptPath, record) = run.popFirstPreserved()!
                keptLeft -= 1
                if let slot, table.comparePath(slot, keptPath) == 0, let current = position {
                    largestInLeaf = max(largestInLeaf, table.changeCounter(slot))
                    position = advance(current)
                }
                lastSlot = nil
                run.resumeKey = keptPath
                run.resumeInclusive = false
                if counts(record, keptPath) {
                    body(ReadinessTracker.view(record, keptPath, settings: run.settings, nowMs: run.nowMs))
                    if stopsAtLimit && yielded >= limit { return (true, tightened) }
                }
                continue
            }
            guard let slot, let current = position else { return (true, tightened) }
            if directOnly && table.prefixLength(pathDirectory) != prefix.count {
                // A subdirectory's run: go past it, to the first path after "<prefix><name>/".
                var skip = path
                let slash = skip[prefix.count...].firstIndex(of: RelativePath.separator)!
                skip.removeSubrange(slash...)
                skip.append(RelativePath.separator + 1)
                position = seek(skip, inclusive: true)
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
            let entryState = ReadinessPathTree.stateCode(ofEntry: tree.item(current.leaf, current.index))
            let counter = table.changeCounter(slot)
            // Counted before `advance`, which may close the leaf's books.
            largestInLeaf = max(largestInLeaf, counter)
            position = advance(current)
            // Changed or new since the listing opened: its old version, if it had one, is kept.
            if counter > clockCounter { continue }
            if let sinceCounter, counter <= sinceCounter { continue }
            if let glob, !glob.isAnchored, !glob.matches(pathBytes: table.name(of: slot), isDirectory: false) { continue }
            var pathIsBuilt = false
            func buildPath() {
                guard !pathIsBuilt else { return }
                path.removeSubrange(table.prefixLength(pathDirectory)...)
                table.appendName(of: slot, to: &path)
                pathIsBuilt = true
            }
            if let glob, glob.isAnchored {
                buildPath()
                if !glob.matches(pathBytes: path[...], isDirectory: false) { continue }
            }
            // Unchanged since the clock: the entry's state is the state then. Only a page's
            // files cost a path and a view; the others are counted.
            if let stateCode, entryState != stateCode {
                if sinceCounter != nil {
                    buildPath()
                    run.leftTheFilter.append(RelativePath(bytes: path))
                }
                continue
            }
            defer { matched += 1 }
            guard matched >= offset && yielded < limit else { continue }
            yielded += 1
            buildPath()
            body(ReadinessTracker.view(table[slot], path, settings: run.settings, nowMs: run.nowMs))
            if stopsAtLimit && yielded >= limit { return (true, tightened) }
        }
        return (false, tightened)
    }
}
