import MenudProtocol

/// Knows every tracked file and whether it is pending, ready or expired.
///
/// The caller drives it from one thread: it reports what the file system says (`observe`,
/// `remove`, `removeSubtree`), arms one timer for `nextDeadlineMs`, and calls `advance()` when
/// that timer fires to apply the transitions that are due. Nothing here reads the file system
/// or the time except through the injected `Clock`. Not thread-safe.
///
/// Rules (the protocol's): a file is pending while it changed within `settleMs` or while its
/// name ends with a partial-download suffix (then with no deadline at all); ready from
/// `readyAt = lastChange + settle`; expired from `readyAt + expireAfter` when an expiry is set.
/// Queries show the states as of the last `observe`/`advance`, so the caller runs `advance()`
/// first when the timer might be late.
///
/// Costs (n files): `observe`, `remove` O(log n) amortised; `advance` O(k log n) for k due
/// transitions; `nextDeadlineMs` O(1) amortised; `counts` O(1); a listing costs what it visits
/// plus O(log n) (see `forEachFile` and `ReadinessPathTree`): a page by offset costs the page,
/// a `state` filter the files in that state, a `since` the leaves that changed since, a glob
/// the directories its literal parts allow.
///
/// Memory: about 72 bytes a file at a million files (a 48-byte packed record, the name's
/// bytes, each directory's path once, 5 to 7.5 bytes in the hash index, 4 in the path tree's
/// leaves and 4 for the slot's leaf), plus 24 bytes a file with a scheduled transition, and no
/// heap object per file (`FileRecordTable`). A removed file's slot, name and tree entry are
/// reused or given back at once: only the capped tombstones remember it. At most 134 million
/// files (the hash index's 27-bit ids).
///
/// Large answers are read in slices with `openListing`/`next`, each consistent as of its
/// clock however the files change in between (`ListingCursor`).
public final class ReadinessTracker {
    /// The settings a file changed now is reckoned with.
    public var settings: ReadinessSettings { settingsEpoch.current }
    /// The current settings and, while a reload is applied in slices, the previous ones.
    public internal(set) var settingsEpoch: ReadinessSettingsEpoch
    /// Where the reload under way has got to, in path order (nil: the start).
    var reckonedUpTo: [UInt8]?
    /// Settings that came while a reload was still being applied: they follow it.
    var queuedSettings: ReadinessSettings?
    public let clock: any Clock
    /// Names this daemon instance in every change clock.
    public let instanceId: String
    /// The number of changes so far; every change takes the next value.
    public private(set) var changeCounter: UInt64 = 0
    /// How many files are in each state.
    public private(set) var counts = ReadinessCounts()

    var table = FileRecordTable()
    /// Vacant slots, reused first.
    private(set) var freeSlots: [UInt32] = []
    var tree: ReadinessPathTree
    var tombstones: ReadinessTombstones
    /// Queue entries name a slot; an entry is stale unless the slot's record still has that
    /// deadline as its next transition (`scheduledDeadline`).
    var deadlines = DeadlineQueue<UInt32>()
    /// Files with a next transition (live queue entries).
    private var scheduledCount = 0
    /// Open `ListingCursor`s, by id.
    var listings: [Int: ListingRun] = [:]
    var nextListingId = 0

    /// - Parameters:
    ///   - tombstoneCapacity: how many removals are remembered for `since` queries.
    public convenience init(settings: ReadinessSettings = ReadinessSettings(), clock: any Clock, instanceId: String,
                            tombstoneCapacity: Int = 100_000) {
        self.init(settings: settings, clock: clock, instanceId: instanceId, tombstoneCapacity: tombstoneCapacity, pathTreeFanout: 128)
    }

    /// - Parameter pathTreeFanout: items per node of the path tree (tests make deep trees of
    ///   a few files with small nodes).
    init(settings: ReadinessSettings, clock: any Clock, instanceId: String, tombstoneCapacity: Int, pathTreeFanout: Int) {
        self.settingsEpoch = ReadinessSettingsEpoch(settings)
        self.clock = clock
        self.instanceId = instanceId
        self.tombstones = ReadinessTombstones(capacity: tombstoneCapacity)
        self.tree = ReadinessPathTree(fanout: pathTreeFanout)
    }

    /// The number of tracked files.
    public var count: Int { table.count }

    public func contains(_ path: RelativePath) -> Bool {
        table.slot(of: path) != nil
    }

    /// The facts last observed for `path`.
    public func facts(of path: RelativePath) -> FileFacts? {
        table.slot(of: path).map { table[$0].facts }
    }

    /// The state of `path` as of the last `observe`/`advance`.
    public func state(of path: RelativePath) -> FileState? {
        table.slot(of: path).map { table[$0].state }
    }

    /// The current change clock, `"<instanceId>:<changeCounter>"`.
    public var currentClock: String {
        ChangeClock(instanceId: instanceId, counter: changeCounter).description
    }

    // MARK: - Changes

    /// Records what the file system says about `path`. Returns true when this is a change: a
    /// new file, or facts that differ from the last ones. Unchanged facts (a rescan) change
    /// nothing, timing included.
    ///
    /// The change time is now, except during the first crawl (`initial`), where it is
    /// `min(now, mtime)`: a file that has sat unchanged for the settle time is ready at once.
    /// The root itself is never a file: observing it returns false.
    @discardableResult
    public func observe(_ path: RelativePath, facts: FileFacts, initial: Bool = false) -> Bool {
        guard !path.isRoot else { return false }
        let now = clock.nowMs()
        let changeMs = initial ? min(now, facts.mtimeMs) : now
        let lookup = table.lookUp(path)
        if let slot = lookup.slot {
            var record = table[slot]
            guard record.facts != facts else { return false }
            preserveForListings(slot)
            let previous = scheduledDeadline(slot)
            if record.settingsGeneration != settingsEpoch.generation {
                // Not reached by the reload under way: its name is matched again now.
                record.partialSuffixIndex = settings.partialSuffixIndex(ofName: table.name(of: slot))
                record.settingsGeneration = settingsEpoch.generation
            }
            let evaluation = settings.evaluate(lastChangeMs: changeMs, isPartial: record.partialSuffixIndex != nil, nowMs: now)
            record.facts = facts
            record.lastChangeMs = changeMs
            table[slot] = record
            setState(slot, evaluation.state)
            stamp(slot)
            reschedule(slot, from: previous)
            return true
        }
        let partialSuffixIndex = settings.partialSuffixIndex(ofName: path.lastComponentBytes)
        let evaluation = settings.evaluate(lastChangeMs: changeMs, isPartial: partialSuffixIndex != nil, nowMs: now)
        let record = FileRecord(facts: facts, lastChangeMs: changeMs, changeCounter: bumpCounter(), state: evaluation.state,
                                partialSuffixIndex: partialSuffixIndex, settingsGeneration: settingsEpoch.generation)
        let slot = table.insert(record, path: path, at: lookup, into: freeSlots.popLast().map { Int($0) })
        counts[evaluation.state] += 1
        // Crawls list a directory at a time: the tree takes the run in one go.
        let directory = table.directory(slot)
        if tree.mustFlush(beforeAdding: directory) { tree.flush(table: table) }
        tree.insertLater(slot, directory: directory)
        reschedule(slot, from: nil)
        return true
    }

    /// Forgets `path` (deleted, or moved out of the root). Returns false when it was not tracked.
    @discardableResult
    public func remove(_ path: RelativePath) -> Bool {
        guard let slot = table.slot(of: path) else { return false }
        remove(slot: slot, path: path)
        return true
    }

    private func remove(slot: Int, path: RelativePath) {
        preserveForListings(slot)
        if scheduledDeadline(slot) != nil { scheduledCount -= 1 }
        counts[table.state(slot)] -= 1
        if tree.isWaiting(slot) { tree.flush(table: table) }
        tree.remove(slot)
        table.remove(slot: slot)
        freeSlots.append(UInt32(slot))
        tombstones.record(path, counter: bumpCounter())
    }

    /// Forgets `directory` (if it was tracked as a file) and every file under it: a directory
    /// deleted or moved out of the root. Returns the paths forgotten, sorted bytewise.
    /// O(k log n) for k files.
    @discardableResult
    public func removeSubtree(_ directory: RelativePath) -> [RelativePath] {
        removeSubtree(directory, maxFiles: Int.max)
    }

    /// `removeSubtree(_:)` in slices: forgets `directory` and at most `maxFiles` files under
    /// it, the first in path order, and returns them; call again until it returns none.
    /// O(k log n) for k files.
    @discardableResult
    public func removeSubtree(_ directory: RelativePath, maxFiles: Int) -> [RelativePath] {
        var doomed: [(slot: Int, path: RelativePath)] = []
        if let slot = table.slot(of: directory) { doomed.append((slot, directory)) }
        // Everything under `directory` shares the prefix "directory/" (after `directory`
        // itself, though not always right after it: "a-b" sorts before "a/b").
        var left = maxFiles
        forEachSlot(under: directory, directlyIn: false) { slot in
            guard left > 0 else { return false }
            left -= 1
            doomed.append((slot, table.path(of: slot)))
            return true
        }
        for (slot, path) in doomed { remove(slot: slot, path: path) }
        return doomed.map(\.path)
    }

    // MARK: - Time

    /// Applies the transitions due at `clock.nowMs()` and returns the paths whose state changed,
    /// in deadline order. With `maxTransitions`, it looks at that many files at most (so a
    /// caller can spread a million transitions over several turns): `nextDeadlineMs` then
    /// says when to call again (already due, if some are left).
    @discardableResult
    public func advance(maxTransitions: Int = Int.max) -> [RelativePath] {
        let now = clock.nowMs()
        var changed: [RelativePath] = []
        var left = maxTransitions
        while left > 0, let entry = deadlines.popDue(atMs: now) {
            guard isCurrent(entry) else { continue }
            left -= 1
            let slot = Int(entry.payload)
            // The popped entry was the file's live one.
            scheduledCount -= 1
            let record = table[slot]
            if record.settingsGeneration != settingsEpoch.generation {
                // Due under the previous settings before the reload under way reached it.
                if reckon(slot, nowMs: now, scheduledBefore: nil, keepForEarlierListings: listingsOfEarlierReloadsAreOpen) {
                    changed.append(table.path(of: slot))
                }
                continue
            }
            let evaluation = settings.evaluate(lastChangeMs: record.lastChangeMs, isPartial: record.partialSuffixIndex != nil, nowMs: now)
            if evaluation.state != record.state {
                preserveForListings(slot)
                setState(slot, evaluation.state)
                stamp(slot)
                changed.append(table.path(of: slot))
            }
            reschedule(slot, from: nil)
        }
        return changed
    }

    /// The time of the earliest pending transition of any file (one timer covers them all), or
    /// nil when none is scheduled. It may lie in the past when `advance()` is overdue.
    public var nextDeadlineMs: Int64? {
        while let first = deadlines.first, !isCurrent(first) {
            deadlines.popFirst()
        }
        return deadlines.first?.deadlineMs
    }

    // MARK: - Internals

    func bumpCounter() -> UInt64 {
        changeCounter += 1
        return changeCounter
    }

    func setState(_ slot: Int, _ state: FileState) {
        let old = table.state(slot)
        guard old != state else { return }
        counts[old] -= 1
        counts[state] += 1
        table[slot].state = state
        tree.setState(of: slot, to: state)
    }

    /// Gives `slot` the next change counter: it changed now.
    func stamp(_ slot: Int) {
        let counter = bumpCounter()
        table[slot].changeCounter = counter
        tree.noteChange(of: slot, counter: counter)
    }

    /// The next transition of the file in `slot`, which its live queue entry carries.
    func scheduledDeadline(_ slot: Int) -> Int64? {
        let record = table[slot]
        return settingsEpoch.settings(for: record).nextTransitionMs(after: record.state, lastChangeMs: record.lastChangeMs,
                                         isPartial: record.partialSuffixIndex != nil)
    }

    /// Queues the slot's next transition after its record changed; `previous` is the deadline of
    /// its live queue entry before the change (nil: none).
    func reschedule(_ slot: Int, from previous: Int64?) {
        let next = scheduledDeadline(slot)
        if previous == next { return }
        if previous != nil { scheduledCount -= 1 }
        guard let next else { return }
        scheduledCount += 1
        deadlines.push(deadlineMs: next, payload: UInt32(slot))
        // Files rewritten again and again leave stale entries behind; sweep them when they
        // outnumber the live ones, so the queue stays O(files). A slot reused by a file due at
        // the same millisecond makes an old entry look live: keep one entry per slot.
        if deadlines.count > 2 * scheduledCount + 1024 {
            var kept = Set<UInt32>()
            deadlines.retainAll { isCurrent($0) && kept.insert($0.payload).inserted }
        }
    }

    /// An entry is live when its slot holds a file whose next transition is the entry's time. (A
    /// slot emptied and refilled by a file due at the very same millisecond keeps the entry
    /// live; that file is then evaluated once more at its own deadline, which changes nothing.)
    func isCurrent(_ entry: DeadlineQueue<UInt32>.Entry) -> Bool {
        let slot = Int(entry.payload)
        return table.isOccupied(slot) && scheduledDeadline(slot) == entry.deadlineMs
    }
}
