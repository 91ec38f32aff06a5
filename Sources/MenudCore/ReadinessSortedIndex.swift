/// The tracker's slots in path order, rebuilt lazily.
///
/// Additions are appended unsorted; removals only mark the index stale. The next reader sorts the
/// k additions and merges them with the n sorted slots, dropping removed ones: O(n + k log k).
/// So inserting n files one by one costs O(n log n) overall, and reading twice with nothing
/// changed in between sorts nothing.
struct ReadinessSortedIndex {
    private(set) var sortedSlots: [Int] = []
    private var additions: [Int] = []
    private(set) var isStale = false

    mutating func noteAddition(slot: Int) {
        additions.append(slot)
        isStale = true
    }

    mutating func noteRemoval() {
        isStale = true
    }

    /// Brings `sortedSlots` up to date. Slots whose record is gone are dropped, so a removed slot
    /// must not be reused for another path before this runs.
    mutating func rebuild(records: [FileRecord?]) {
        guard isStale else { return }
        var added = additions.filter { records[$0] != nil }
        added.sort { records[$0]!.path < records[$1]!.path }
        var merged: [Int] = []
        merged.reserveCapacity(sortedSlots.count + added.count)
        var addedIndex = 0
        for slot in sortedSlots {
            guard let record = records[slot] else { continue }
            while addedIndex < added.count, records[added[addedIndex]]!.path < record.path {
                merged.append(added[addedIndex])
                addedIndex += 1
            }
            merged.append(slot)
        }
        merged.append(contentsOf: added[addedIndex...])
        sortedSlots = merged
        additions.removeAll(keepingCapacity: true)
        isStale = false
    }
}
