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
/// Costs: `observe`, `remove` O(log n) amortised; `advance` O(k log n) for k due transitions;
/// `nextDeadlineMs` O(1) amortised; `counts` O(1); `list` O(n) with filters or `since`,
/// O(page) without (after an O(n + k log k) index refresh when k paths were added).
public final class ReadinessTracker {
    public internal(set) var settings: ReadinessSettings
    public let clock: any Clock
    /// Names this daemon instance in every change clock.
    public let instanceId: String
    /// The number of changes so far; every change takes the next value.
    public private(set) var changeCounter: UInt64 = 0
    /// How many files are in each state.
    public private(set) var counts = ReadinessCounts()

    var records: [FileRecord?] = []
    var slotByPath: [RelativePath: Int] = [:]
    private var freeSlots: [Int] = []
    /// Slots emptied since the sorted index was last rebuilt; reused only after that.
    private var slotsAwaitingRebuild: [Int] = []
    var sortedIndex = ReadinessSortedIndex()
    var tombstones: ReadinessTombstones
    var deadlines = DeadlineQueue<DeadlineTicket>()
    private var nextGeneration: UInt64 = 1
    private var scheduledCount = 0

    /// A queue entry names a slot and the generation it was scheduled with; it is stale when
    /// the slot's record has moved on to another generation (or is gone).
    struct DeadlineTicket: Sendable {
        let slot: Int
        let generation: UInt64
    }

    /// - Parameters:
    ///   - tombstoneCapacity: how many removals are remembered for `since` queries.
    public init(settings: ReadinessSettings = ReadinessSettings(), clock: any Clock, instanceId: String, tombstoneCapacity: Int = 100_000) {
        self.settings = settings
        self.clock = clock
        self.instanceId = instanceId
        self.tombstones = ReadinessTombstones(capacity: tombstoneCapacity)
    }

    /// The number of tracked files.
    public var count: Int { slotByPath.count }

    public func contains(_ path: RelativePath) -> Bool {
        slotByPath[path] != nil
    }

    /// The facts last observed for `path`.
    public func facts(of path: RelativePath) -> FileFacts? {
        slotByPath[path].map { records[$0]!.facts }
    }

    /// The state of `path` as of the last `observe`/`advance`.
    public func state(of path: RelativePath) -> FileState? {
        slotByPath[path].map { records[$0]!.state }
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
        if let slot = slotByPath[path] {
            guard records[slot]!.facts != facts else { return false }
            records[slot]!.facts = facts
            records[slot]!.lastChangeMs = changeMs
            let evaluation = settings.evaluate(lastChangeMs: changeMs, partialSuffix: records[slot]!.partialSuffix, nowMs: now)
            setState(slot, evaluation.state)
            records[slot]!.changeCounter = bumpCounter()
            schedule(slot, at: evaluation.nextTransitionMs)
            return true
        }
        let partialSuffix = settings.partialSuffix(ofName: path.lastComponentBytes)
        let evaluation = settings.evaluate(lastChangeMs: changeMs, partialSuffix: partialSuffix, nowMs: now)
        let record = FileRecord(path: path, facts: facts, lastChangeMs: changeMs, partialSuffix: partialSuffix,
                                state: evaluation.state, changeCounter: bumpCounter(),
                                deadlineMs: nil, deadlineGeneration: 0)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            records[slot] = record
        } else {
            slot = records.count
            records.append(record)
        }
        slotByPath[path] = slot
        counts[evaluation.state] += 1
        sortedIndex.noteAddition(slot: slot)
        schedule(slot, at: evaluation.nextTransitionMs)
        return true
    }

    /// Forgets `path` (deleted, or moved out of the root). Returns false when it was not tracked.
    @discardableResult
    public func remove(_ path: RelativePath) -> Bool {
        guard let slot = slotByPath.removeValue(forKey: path) else { return false }
        let record = records[slot]!
        if record.deadlineMs != nil { scheduledCount -= 1 }
        counts[record.state] -= 1
        records[slot] = nil
        slotsAwaitingRebuild.append(slot)
        sortedIndex.noteRemoval()
        tombstones.record(path, counter: bumpCounter())
        return true
    }

    /// Forgets `directory` (if it was tracked as a file) and every file under it: a directory
    /// deleted or moved out of the root. Returns the paths forgotten, sorted bytewise.
    @discardableResult
    public func removeSubtree(_ directory: RelativePath) -> [RelativePath] {
        refreshSortedIndex()
        var doomed: [RelativePath] = []
        if slotByPath[directory] != nil { doomed.append(directory) }
        // Everything under `directory` shares the prefix "directory/", so it forms one run in
        // bytewise order (not necessarily right after `directory`: "a-b" sorts before "a/b").
        let prefix = directory.isRoot ? [] : directory.bytes + [RelativePath.separator]
        let slots = sortedIndex.sortedSlots
        var low = 0
        var high = slots.count
        while low < high {
            let middle = (low + high) / 2
            if records[slots[middle]]!.path.bytes.lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
        }
        for slot in slots[low...] {
            let path = records[slot]!.path
            guard path.bytes.starts(with: prefix) else { break }
            doomed.append(path)
        }
        for path in doomed { remove(path) }
        return doomed
    }

    // MARK: - Time

    /// Applies every transition due at `clock.nowMs()` and returns the paths whose state changed,
    /// in deadline order.
    @discardableResult
    public func advance() -> [RelativePath] {
        let now = clock.nowMs()
        var changed: [RelativePath] = []
        while let entry = deadlines.popDue(atMs: now) {
            let slot = entry.payload.slot
            guard isCurrent(entry.payload) else { continue }
            records[slot]!.deadlineMs = nil
            records[slot]!.deadlineGeneration = 0
            scheduledCount -= 1
            let record = records[slot]!
            let evaluation = settings.evaluate(lastChangeMs: record.lastChangeMs, partialSuffix: record.partialSuffix, nowMs: now)
            if evaluation.state != record.state {
                setState(slot, evaluation.state)
                records[slot]!.changeCounter = bumpCounter()
                changed.append(record.path)
            }
            schedule(slot, at: evaluation.nextTransitionMs)
        }
        return changed
    }

    /// The time of the earliest pending transition of any file (one timer covers them all), or
    /// nil when none is scheduled. It may lie in the past when `advance()` is overdue.
    public var nextDeadlineMs: Int64? {
        while let first = deadlines.first, !isCurrent(first.payload) {
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
        let old = records[slot]!.state
        guard old != state else { return }
        counts[old] -= 1
        counts[state] += 1
        records[slot]!.state = state
    }

    /// Makes `deadlineMs` the slot's only live deadline (nil: none).
    func schedule(_ slot: Int, at deadlineMs: Int64?) {
        let previous = records[slot]!.deadlineMs
        if previous == deadlineMs { return }
        if previous != nil { scheduledCount -= 1 }
        guard let deadlineMs else {
            records[slot]!.deadlineMs = nil
            records[slot]!.deadlineGeneration = 0
            return
        }
        let generation = nextGeneration
        nextGeneration += 1
        records[slot]!.deadlineMs = deadlineMs
        records[slot]!.deadlineGeneration = generation
        scheduledCount += 1
        deadlines.push(deadlineMs: deadlineMs, payload: DeadlineTicket(slot: slot, generation: generation))
        // Files rewritten again and again leave stale entries behind; sweep them when they
        // outnumber the live ones, so the queue stays O(files).
        if deadlines.count > 2 * scheduledCount + 1024 {
            deadlines.retainAll { isCurrent($0.payload) }
        }
    }

    /// Replaces the queue with exactly one entry per scheduled slot.
    func rebuildDeadlines() {
        deadlines.removeAll()
        scheduledCount = 0
        for slot in records.indices {
            guard let deadlineMs = records[slot]?.deadlineMs else { continue }
            let generation = nextGeneration
            nextGeneration += 1
            records[slot]!.deadlineGeneration = generation
            scheduledCount += 1
            deadlines.push(deadlineMs: deadlineMs, payload: DeadlineTicket(slot: slot, generation: generation))
        }
    }

    func isCurrent(_ ticket: DeadlineTicket) -> Bool {
        ticket.slot < records.count && records[ticket.slot]?.deadlineGeneration == ticket.generation
    }

    /// Brings the sorted index up to date and frees the slots it no longer refers to.
    func refreshSortedIndex() {
        guard sortedIndex.isStale else { return }
        sortedIndex.rebuild(records: records)
        freeSlots.append(contentsOf: slotsAwaitingRebuild)
        slotsAwaitingRebuild.removeAll(keepingCapacity: true)
    }
}
